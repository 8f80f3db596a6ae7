"""The engine's fast paths do what the slow ones did: what the simulator adds up, read from the
pending events, is what the events say; the random player chooses the same without a view; the
legal actions kept on a state, the checks skipped for them and the decks kept per seed change
nothing."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from cribkit.ai.players import RandomPlayer, choose_for_seat
from cribkit.core.cards import DECK
from cribkit.games import start
from cribkit.games.classic.actions import Play
from cribkit.games.errors import CardNotHeldError, GameError, OutOfTurnError
from cribkit.games.protocol import Transition
from cribkit.games.setup import deal_deck


def _from_events(transition: Transition[Any]) -> list[tuple[object, ...]]:
    return [
        (e.seat, e.points, e.points_phase(), e.deal, e.type)
        for e in transition.events
        if e.seat is not None
    ]


@pytest.mark.parametrize(
    "spec", ["classic", "classic:players=3", "classic:muggins=true", "tabletop", "tiles"]
)
def test_tallies_are_the_events(spec: str) -> None:
    rng = random.Random(4)
    transition = start(spec, seed=11)
    state = transition.state
    for _ in range(400):
        pending = transition.tallies()
        assert pending == _from_events(transition)
        assert transition.tallies() == pending  # once the events are made, from them
        if state.is_terminal:
            break
        transition = state.apply(rng.choice(state.legal_actions()))
        state = transition.state


def test_random_player_chooses_the_same_without_a_view() -> None:
    state = start("classic", seed=8).state
    seen, blind = RandomPlayer(seed=3), RandomPlayer(seed=3)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = seen.choose(state.observation(seat), state.legal_actions())
        assert choose_for_seat(blind, state, seat) == action
        state = state.apply(action).state


def test_legal_actions_are_kept_and_each_call_gets_its_own_list() -> None:
    state = start("classic", seed=2).state
    first = state.legal_actions()
    first.clear()
    assert state.legal_actions() == start("classic", seed=2).state.legal_actions() != []
    assert copy.copy(state) == state  # the kept list is not a part of the position


def test_an_equal_action_made_anew_is_applied_like_the_legal_one() -> None:
    state = start("classic", seed=2).state
    rng = random.Random(1)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        again = copy.deepcopy(action)
        assert again is not action
        assert state.apply(again).events == state.apply(action).events
        state = state.apply(again).state


def test_a_wrong_play_is_still_refused() -> None:
    state = start("classic", seed=2).state
    while state.phase != "play":
        state = state.apply(state.legal_actions()[0]).state
    held = {a.card for a in state.legal_actions() if isinstance(a, Play)}
    other = next(c for c in DECK if c not in held and not state.hands[state.turn] >> c & 1)
    with pytest.raises(CardNotHeldError):
        state.apply(Play(state.turn, other))
    with pytest.raises(OutOfTurnError):
        state.apply(Play(1 - state.turn, next(iter(held))))
    with pytest.raises(GameError):
        state.apply(Play(bool(state.turn), next(iter(held))))  # a bool is not a seat


def test_the_decks_of_a_seed_are_kept_and_unchanged() -> None:
    assert deal_deck(5, 3) is deal_deck(5, 3)
    deck = list(range(52))
    random.Random("5:3").shuffle(deck)
    assert deal_deck(5, 3) == tuple(DECK[c] for c in deck)
    # True == 1, but the seed True shuffles by its own text.
    assert deal_deck(1, 0) != deal_deck(True, 0) == deal_deck("True", 0)


@pytest.mark.parametrize(
    "spec", ["classic", "classic:players=3", "classic:players=4", "classic:muggins=true"]
)
def test_a_playout_plays_as_the_states_do(spec: str) -> None:
    rng = random.Random(6)
    state = start(spec, seed=9).state
    game = state.playout()
    while not state.is_terminal:
        assert game.current_player == state.current_player
        assert game.legal_actions() == state.legal_actions()
        assert game.dealer == state.dealer
        assert game.scores == state.scores
        seats = state.rules.players
        assert all(game.observation(s) == state.observation(s) for s in (-1, *range(seats)))
        action = rng.choice(state.legal_actions())
        transition = state.apply(action)
        pending = game.apply(action)
        assert tuple(kind(**fields) for kind, fields in pending) == transition.events
        state = transition.state
        if rng.random() < 0.2:
            assert game.state() == state
            assert game.state().history == state.history
    assert game.is_terminal
    assert game.result == state.result
    assert game.state() == state
    assert game.state().record() == state.record()

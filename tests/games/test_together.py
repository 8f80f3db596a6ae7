"""Lay-aways together (``rules/classic.md``; ``docs/web.md``, "Lay-aways together"): every seat
that has still to lay away may, in any order; the record keeps the order they came in and
replays it; a seat sees only that the others have laid away; the games whose seats act one at
a time answer their current player alone."""

from __future__ import annotations

import random

import pytest

from cribkit.games import acting_seats, game_info, games, legal_actions_for, start
from cribkit.games.classic.actions import Play
from cribkit.games.classic.state import ClassicState
from cribkit.games.errors import OutOfTurnError
from cribkit.games.records import replay


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_lays_away_in_any_order_and_the_record_keeps_it(players: int) -> None:
    rng = random.Random(players)
    for seed in range(12):
        state = start(f"classic:players={players}", seed=seed).state
        assert isinstance(state, ClassicState)
        pone_first = tuple((state.dealer + i) % players for i in range(1, players + 1))
        assert acting_seats(state) == pone_first
        assert acting_seats(state)[0] == state.current_player
        order = list(pone_first)
        rng.shuffle(order)
        arrived = []
        for seat in order:
            legal = legal_actions_for(state, seat)
            assert legal
            assert {action.seat for action in legal} == {seat}
            action = rng.choice(legal)
            state = state.apply(action).state
            arrived.append(action.to_dict())
            if state.phase == "discard":  # (after the last, pone leads the play)
                assert seat not in acting_seats(state)
                assert legal_actions_for(state, seat) == []
        assert state.phase == "play"
        assert acting_seats(state) == (state.current_player,)
        record = state.record()
        assert record["actions"][: len(order)] == arrived  # in the order they came
        assert replay(record).state.record() == record


def test_a_seat_sees_only_that_the_others_have_laid_away() -> None:
    state = start("classic:players=3", seed=7).state
    dealer = state.dealer
    laid = state.apply(legal_actions_for(state, dealer)[-1]).state  # the dealer first
    for seat in acting_seats(laid):
        view = laid.observation(seat)
        assert view.laid_away_by == (dealer,)
        assert view.laid_away == ()
        assert view.to_lay_away == 1
    own = laid.observation(dealer)
    assert own.to_lay_away == 0
    assert len(own.laid_away) == 1


def test_out_of_the_lay_away_only_the_current_player_acts() -> None:
    state = start("classic", seed=3).state
    assert isinstance(state, ClassicState)
    for seat in acting_seats(state):
        state = state.apply(legal_actions_for(state, seat)[0]).state
    mover = state.current_player
    assert mover is not None
    other = 1 - mover
    assert acting_seats(state) == (mover,)
    assert legal_actions_for(state, other) == []
    assert legal_actions_for(state, mover) == state.legal_actions()
    with pytest.raises(OutOfTurnError):
        state.verify(Play(other, state.observation(other).hand[0]))
    # A seat that has laid away, or is no seat, is offered nothing to lay away.
    fresh = start("classic", seed=3).state
    first = acting_seats(fresh)[0]
    after = fresh.apply(legal_actions_for(fresh, first)[0]).state
    assert legal_actions_for(after, first) == []
    assert legal_actions_for(after, 5) == []


@pytest.mark.parametrize("name", [g for g in games() if not game_info(g).together])
def test_a_game_whose_seats_act_in_turn_answers_its_current_player(name: str) -> None:
    state = start(name, seed=1).state
    mover = state.current_player
    assert mover is not None
    assert acting_seats(state) == (mover,)
    assert legal_actions_for(state, mover) == state.legal_actions()
    others = [seat for seat in range(state.rules.seats) if seat != mover]
    assert all(legal_actions_for(state, seat) == [] for seat in others)

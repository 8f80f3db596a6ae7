"""What the simulator adds up, read from the pending events, is what the events say; the random
player chooses the same without a view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cribkit.ai.players import RandomPlayer, choose_for_seat
from cribkit.games import start
from cribkit.games.protocol import Transition


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

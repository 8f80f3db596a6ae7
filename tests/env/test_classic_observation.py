"""Classic's observation written straight from the core (what the AEC environment gives an
agent) is the codec's array of the seat's view, at every step of random games of every
variant, from the state and from the game played in place alike."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cribkit.env.classic_codec import ClassicCodec
from cribkit.games import start

VARIANTS = [
    "classic",
    "classic:target=61",
    "classic:players=3",
    "classic:players=4",
    "classic:manual_counting=true",
    "classic:players=3,muggins=true",
    "classic:players=4,muggins=true,target=61",
]


@pytest.mark.parametrize("spec", VARIANTS)
def test_the_observation_from_the_core_is_the_views(spec: str) -> None:
    codec = ClassicCodec()
    rng = random.Random(spec)
    steps = 0
    for seed in range(4):
        state = start(spec, seed=seed).state
        in_place = state.playout()
        seats = range(state.rules.players)
        while not state.is_terminal:
            for seat in seats:
                expected = codec.encode(state.observation(seat))
                np.testing.assert_array_equal(codec.observe(state, seat), expected)
                np.testing.assert_array_equal(codec.observe(in_place, seat), expected)
            action = rng.choice(state.legal_actions())
            state = state.apply(action).state
            in_place.apply(action)
            steps += 1
    assert steps > 200

"""Whole games for the analysis tests."""

from __future__ import annotations

import random
from typing import Any

from cribkit.games import start


def play_out(spec: str, seed: int) -> dict[str, Any]:
    """The record of a game of ``spec`` played to the end by random legal moves."""
    rng = random.Random(seed)
    state = start(spec, seed=seed).state
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    record: dict[str, Any] = state.record()
    return record

"""The vectorised Solitaire batch (issue 18, point 4) is the engine: seeded random games through
:class:`SolitaireBatch`, each replayed with its deck and moves through ``cribkit.games.start``,
the total after every move, the rewards, the observations and the masks compared."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cribkit.env.codec import mask_of
from cribkit.env.solitaire_codec import SolitaireCodec
from cribkit.env.vector import SolitaireBatch, random_moves
from cribkit.games import start
from cribkit.games.solitaire.rules import SolitaireRules
from cribkit.games.stacking import as_deck

Row = np.ndarray[Any, Any]


def test_random_games_through_the_batch_are_the_engines() -> None:
    batch = SolitaireBatch(8, seed=4, record=True)
    rng = np.random.default_rng(4)
    traces: list[list[tuple[Row, Row, float]]] = [[] for _ in range(batch.n)]
    games: list[list[tuple[Row, Row, float]]] = []
    while batch.games < 200:
        observations, masks = batch.observations(), batch.masks()
        moves = random_moves(masks, rng)
        rewards, done = batch.step(moves)
        for i in range(batch.n):
            traces[i].append((observations[i], masks[i], float(rewards[i])))
        for i in np.flatnonzero(done).tolist():
            games.append(traces[i])
            traces[i] = []
    assert len(games) == len(batch.records) == batch.games
    codec = SolitaireCodec()
    heels = 0
    for record, trace in zip(batch.records, games, strict=True):
        state = start(SolitaireRules(), deck=as_deck(record.deck)).state
        for move, total, (observation, mask, reward) in zip(
            record.moves, record.totals, trace, strict=True
        ):
            legal = codec.legal(state, 0)
            np.testing.assert_array_equal(mask, mask_of(legal, codec.actions))
            np.testing.assert_array_equal(observation, codec.encode(state.observation(0)))
            before = state.total
            state = state.apply(legal[move]).state
            assert state.total == total
            assert reward == total - before
        assert state.is_terminal
        assert state.result is not None
        assert state.result.total == record.totals[-1]
        heels += sum(r.heels > 0 for r in state.rounds)
    assert heels > 0


def test_bad_moves_are_refused() -> None:
    batch = SolitaireBatch(2, seed=0)
    with pytest.raises(ValueError, match="not legal in game 1"):
        batch.step(np.array([0, 15]))

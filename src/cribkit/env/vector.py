"""Vectorised play for throughput: N games held as numpy arrays and stepped together
(``docs/env.md``, "Vectorised play").

- :class:`ClassicBatch`: classic cribbage for 2, 3 or 4 players (:mod:`cribkit.env.vector_classic`);
- :class:`SolitaireBatch`: Cribbage Solitaire (:mod:`cribkit.env.vector_solitaire`).

Their moves, observations and masks are exactly the codecs' (:mod:`cribkit.env.classic_codec`,
:mod:`cribkit.env.solitaire_codec`), the seat to move's in each game; finished games are dealt
again at once and counted. ``record=True`` keeps each game's decks and moves, to play it again
through the engine (the tests do, move by move). ``bench/bench_env.py`` measures them.

>>> import numpy as np
>>> batch, rng = ClassicBatch(256, seed=0), np.random.default_rng(0)
>>> while batch.games < 100:
...     rewards, done = batch.step(random_moves(batch.masks(), rng))
>>> rewards.shape, batch.observations().shape
((256, 2), (256, 552))
"""

from __future__ import annotations

from cribkit.env.vector_classic import ClassicBatch, ClassicRecord, random_moves
from cribkit.env.vector_solitaire import SolitaireBatch, SolitaireRecord

__all__ = ["ClassicBatch", "ClassicRecord", "SolitaireBatch", "SolitaireRecord", "random_moves"]

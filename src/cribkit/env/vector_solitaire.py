"""Cribbage Solitaire, N games stepped together (:class:`SolitaireBatch`).

The player's choices never change where a card goes (:func:`~cribkit.games.solitaire.deal.
round_cards`), so each game is its deck laid out once as the stock's cards in the order they
come: the 52 cards, then the starters put back at the bottom (``_ORDER``). Round ``r`` deals
the places ``9r`` to ``9r + 7`` (3 to the hand, 2 to the crib face down, 3 to the hand) and
turns the place ``9r + 8``; the last hand is places 54-57. One :meth:`~SolitaireBatch.step`
lays away two cards in every game (moves 0-14, :mod:`cribkit.env.solitaire_codec`'s), counts
his heels, the hand and the crib (a four-card crib flush scores nothing) and, after the sixth
round, the last hand; the reward is the points counted. A finished game is dealt again at once.

>>> batch = SolitaireBatch(3, seed=1)
>>> batch.observations().shape, int(batch.masks().sum())
((3, 270), 45)
>>> for _ in range(6):
...     rewards, done = batch.step(np.zeros(3, dtype=np.int64))
>>> done.tolist(), batch.games
([True, True, True], 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.core.tables import CARD_WEIGHT_ARRAY, RANK_TABLES, batch_hand_totals
from cribkit.env.solitaire_codec import ACTIONS, SIZE
from cribkit.env.vector_classic import shuffled_decks
from cribkit.env.vector_tables import (
    BIT,
    KEEP,
    PAIR_FIRST,
    PAIR_SECOND,
    RANK,
    BoolArray,
    IntArray,
    unpack_cards,
)

__all__ = ["SolitaireBatch", "SolitaireRecord"]

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]

ROUNDS: Final = 6
#: The deck's place of each card of the stock in the order it comes (the starters put back).
_ORDER: Final = np.array([*range(52), 8, 17, 26, 35, 44, 17], dtype=np.int64)
_HAND: Final = np.array([0, 1, 2, 5, 6, 7], dtype=np.int64)
_CRIB: Final = np.array([3, 4], dtype=np.int64)
#: How many starters at the stock's bottom the player has seen go there, each round.
_KNOWN: Final = (0, 1, 2, 3, 4, 4)


@dataclass
class SolitaireRecord:
    """One finished game of a recording batch: ``start("solitaire", deck=deck)`` and the moves."""

    slot: int
    deck: list[int]
    moves: list[int] = field(default_factory=list)
    #: The total after each move.
    totals: list[int] = field(default_factory=list)


class SolitaireBatch:
    """``n`` Solitaire games stepped together (module docstring); ``record=True`` keeps every
    game's deck and moves (:attr:`records`, for tests)."""

    def __init__(self, n: int, seed: int | None = None, *, record: bool = False) -> None:
        if n < 1:
            raise ValueError(f"a batch holds one game or more, not {n}")
        self.n = n
        self.rng = np.random.default_rng(seed)
        self.record = record
        #: The finished games, in order (only with ``record=True``).
        self.records: list[SolitaireRecord] = []
        self._open: list[SolitaireRecord] = [SolitaireRecord(slot=i, deck=[]) for i in range(n)]
        #: How many games have finished.
        self.games = 0
        self._rows = np.arange(n, dtype=np.int64)
        i64 = np.int64
        self.round = np.zeros(n, i64)
        self.total = np.zeros(n, i64)
        self.hand6 = np.zeros((n, ROUNDS, 6), i64)
        self.crib2 = np.zeros((n, ROUNDS, 2), i64)
        self.starter = np.zeros((n, ROUNDS), i64)
        self.last_hand = np.zeros((n, 4), i64)
        # the masks of the observation, each round: the hand, the cards seen so far, those
        # seen going to the bottom, and those counted in the rounds before
        self.hand_mask = np.zeros((n, ROUNDS), i64)
        self.seen_mask = np.zeros((n, ROUNDS), i64)
        self.bottom_mask = np.zeros((n, ROUNDS), i64)
        self.counted_mask = np.zeros((n, ROUNDS), i64)
        self._new_games(self._rows)

    def masks(self) -> MaskArray:
        """``(n, 15)`` int8: every lay-away is legal in every game."""
        return np.ones((self.n, ACTIONS), dtype=np.int8)

    def observations(self) -> FloatArray:
        """``(n, 270)`` float32: :meth:`SolitaireCodec.encode` of each game's view."""
        n, rows, r = self.n, self._rows, self.round
        out = np.zeros((n, SIZE), dtype=np.float32)
        masks = np.stack(
            [
                self.hand_mask[rows, r],
                self.seen_mask[rows, r],
                self.bottom_mask[rows, r],
                np.zeros(n, np.int64),
                self.counted_mask[rows, r],
            ],
            axis=1,
        )
        out[:, :260] = unpack_cards(masks).reshape(n, 260)
        out[rows, 260 + r] = 1.0
        out[:, 267] = np.minimum(1.0, self.total / 150)
        out[:, 268] = (44 - 8 * r) / 52
        out[:, 269] = r == ROUNDS - 1
        return out

    def step(self, actions: npt.ArrayLike) -> tuple[FloatArray, BoolArray]:
        """Lay away ``actions`` (0-14) in every game and count the round; the points counted
        ``(n,)`` and which games ended (dealt again at once)."""
        moves = np.asarray(actions, dtype=np.int64).reshape(self.n)
        if ((moves < 0) | (moves >= ACTIONS)).any():
            bad = int(np.flatnonzero((moves < 0) | (moves >= ACTIONS))[0])
            raise ValueError(f"move {moves[bad]} is not legal in game {bad}: the legal are 0-14")
        rows, r = self._rows, self.round
        six = self.hand6[rows, r]
        first = six[rows, PAIR_FIRST[moves]]
        second = six[rows, PAIR_SECOND[moves]]
        starter = self.starter[rows, r]
        top = starter[:, None]
        kept = six[rows[:, None], KEEP[moves]]
        crib = np.column_stack([self.crib2[rows, r], first, second])
        points = (
            batch_hand_totals(np.hstack([kept, top])).astype(np.int64)
            + batch_hand_totals(np.hstack([crib, top]), crib=True)
            + np.where(RANK[starter] == 11, 2, 0)
        )
        over = r == ROUNDS - 1
        points += np.where(over, self._last_hand_points(), 0)
        self.total += points
        self.round += 1
        if self.record:
            for i in range(self.n):
                self._open[i].moves.append(int(moves[i]))
                self._open[i].totals.append(int(self.total[i]))
        ended = np.flatnonzero(over)
        if ended.size:
            if self.record:
                self.records.extend(self._open[i] for i in ended.tolist())
            self.games += int(ended.size)
            self._new_games(ended)
        return points.astype(np.float32), over

    def _last_hand_points(self) -> IntArray:
        """The last hand of every game: its four cards with no starter, a flush of four 4."""
        cards = self.last_hand
        ranks = RANK_TABLES[4][CARD_WEIGHT_ARRAY[cards].sum(axis=1)].astype(np.int64)
        suits = cards & 3
        flush = (suits == suits[:, :1]).all(axis=1)
        points: IntArray = ranks + np.where(flush, 4, 0)
        return points

    def _new_games(self, rows: IntArray) -> None:
        decks = shuffled_decks(self.rng, rows.size)
        if self.record:
            for i, deck in zip(rows.tolist(), decks, strict=True):
                self._open[i] = SolitaireRecord(slot=i, deck=deck.tolist())
        stock = decks[:, _ORDER]
        bits = BIT[stock]
        self.round[rows] = 0
        self.total[rows] = 0
        self.last_hand[rows] = stock[:, 54:58]
        counted = np.zeros(rows.size, np.int64)
        for r in range(ROUNDS):
            dealt = stock[:, 9 * r : 9 * r + 8]
            hand = np.sort(dealt[:, _HAND], axis=1)
            self.hand6[rows, r] = hand
            self.crib2[rows, r] = dealt[:, _CRIB]
            self.starter[rows, r] = stock[:, 9 * r + 8]
            hand_bits = BIT[hand].sum(axis=1)
            self.hand_mask[rows, r] = hand_bits
            self.seen_mask[rows, r] = hand_bits | counted
            self.counted_mask[rows, r] = counted
            self.bottom_mask[rows, r] = bits[:, 52 + r - _KNOWN[r] : 52 + r].sum(axis=1)
            counted = counted | bits[:, 9 * r : 9 * r + 9].sum(axis=1)

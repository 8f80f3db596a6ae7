"""Exact statistics over every (4-card hand + starter) combination.

There are C(52, 4) * 48 = 12,994,800 of them. :func:`score_distribution` scores every one with
the numpy kernels of :mod:`cribkit.core.tables` (a 270,725 x 52 grid of hand x starter, the 4
cells where the starter is in the hand left out) and counts the totals.

>>> counts = score_distribution()
>>> int(counts.sum()), int(counts[29]), len(counts)
(12994800, 4, 30)
"""

from __future__ import annotations

from functools import cache
from typing import Final

import numpy as np
import numpy.typing as npt

from cribkit.core.cards import DECK_SIZE
from cribkit.core.tables import (
    FLUSH_TABLES,
    JACK_SHIFT,
    KEY_MASK,
    PACKED_ARRAY,
    RANK_TABLES,
    SUIT_SHIFT,
)

#: Every (4-card hand, starter) pair: C(52, 4) * 48.
HAND_COUNT: Final = 12_994_800
#: Scores run from 0 to 29.
MAX_SCORE: Final = 29

CountArray = npt.NDArray[np.int64]


def index_combinations(n: int, k: int) -> npt.NDArray[np.intp]:
    """All k-subsets of ``range(n)`` as rows of ascending indices, in lexicographic order.

    Built a column at a time with numpy (the same rows as ``itertools.combinations``).

    >>> index_combinations(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    if not 0 <= k <= n:
        raise ValueError(f"cannot choose {k} of {n}")
    if k == 0:
        return np.zeros((1, 0), dtype=np.intp)
    # Rows are grown one column at a time, keeping only prefixes that can still be completed.
    rows = np.arange(n - k + 1, dtype=np.intp)[:, None]
    for column in range(1, k):
        last = rows[:, -1]
        room = (n - k + column) - last  # how many values can follow each row's last one
        extended = np.repeat(rows, room, axis=0)
        starts = np.cumsum(room) - room
        offsets = np.arange(len(extended)) - np.repeat(starts, room)
        nxt = np.repeat(last, room) + 1 + offsets
        rows = np.column_stack([extended, nxt])
    return rows


@cache
def four_card_hands() -> npt.NDArray[np.uint8]:
    """All C(52, 4) = 270,725 four-card hands, shape (270725, 4), in lexicographic order."""
    return index_combinations(DECK_SIZE, 4).astype(np.uint8)


def hand_score_grid(*, crib: bool = False) -> npt.NDArray[np.uint8]:
    """Every four-card hand's points with every card as the starter: ``grid[starter, row]``
    for the hand at ``row`` of :func:`four_card_hands` (shape 52 x 270,725, 14 MB). The cells
    whose starter is one of the hand's own cards are filled too and mean nothing (they may
    exceed 29): leave them out."""
    hands = four_card_hands()
    packed = PACKED_ARRAY[hands]
    four = packed[:, 0] + packed[:, 1] + packed[:, 2] + packed[:, 3]
    hand_keys = (four & KEY_MASK).astype(np.int32)
    starter_keys = (PACKED_ARRAY & KEY_MASK).astype(np.int32)
    # Nobs: for each starter suit, which hands hold the jack of that suit.
    jacks = (four >> JACK_SHIFT).astype(np.uint8)
    nobs_by_suit = [(jacks >> suit) & 1 for suit in range(4)]
    # Flush: only hands with 4 cards of one suit (2,860 of them) can score one.
    suits = (four >> SUIT_SHIFT) & 0xFFF
    flush_rows = np.flatnonzero(np.isin(suits, [4 << (3 * s) for s in range(4)]))
    flush_index = (suits[flush_rows] * 4).astype(np.intp)
    flush_table = FLUSH_TABLES[crib]

    # One row per starter keeps each pass over the 270,725 hands in cache.
    grid = np.empty((DECK_SIZE, len(hands)), dtype=np.uint8)
    rank_table = RANK_TABLES[5]
    for starter in range(DECK_SIZE):
        row = grid[starter]
        np.take(rank_table, hand_keys + starter_keys[starter], out=row)
        row += nobs_by_suit[starter & 3]
        row[flush_rows] += flush_table[flush_index + (starter & 3)]
    return grid


def four_card_rows(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.intp]:
    """The rows in :func:`four_card_hands` of four-card hands given as ascending card rows
    (shape (n, 4)): the lexicographic rank of each, computed, not searched.

    >>> four_card_rows(four_card_hands()[[0, 1, 270724]]).tolist()
    [0, 1, 270724]
    """
    cards = np.asarray(hands, dtype=np.intp)
    rank = np.zeros(len(cards), dtype=np.intp)
    # A k-subset's lexicographic rank: for each position, the subsets that begin the same way
    # but take a smaller card there, C(n - previous - 1, left + 1) - C(n - card, left) of them
    # (the hockey-stick identity summed over the smaller cards).
    previous = np.full(len(cards), -1, dtype=np.intp)
    for position in range(4):
        left = 4 - position
        rank += (
            _BINOMIAL[DECK_SIZE - previous - 1, left]
            - _BINOMIAL[DECK_SIZE - cards[:, position], left]
        )
        previous = cards[:, position]
    return rank


def _binomials(n: int) -> npt.NDArray[np.intp]:
    table = np.zeros((n + 1, n + 1), dtype=np.intp)
    for top in range(n + 1):
        table[top, 0] = 1
        for k in range(1, top + 1):
            table[top, k] = table[top - 1, k - 1] + table[top - 1, k]
    return table


_BINOMIAL: Final = _binomials(DECK_SIZE)


def score_distribution(*, crib: bool = False) -> CountArray:
    """How many of the 12,994,800 (hand, starter) combinations score 0, 1, ..., 29."""
    hands = four_card_hands()
    grid = hand_score_grid(crib=crib)
    # Counting row by row avoids one 100 MB intp copy of the whole grid. Cells whose starter is
    # one of the hand's own cards are counted and then taken away; they may score above 29.
    bins = 64
    counts = np.zeros(bins, dtype=np.int64)
    for row in grid:
        counts += np.bincount(row, minlength=bins)
    hand_rows = np.repeat(np.arange(len(hands)), 4)
    counts -= np.bincount(grid[hands.ravel(), hand_rows], minlength=bins)
    return counts[: MAX_SCORE + 1]


def mean_score(counts: CountArray) -> float:
    """The mean score of a distribution of counts by score."""
    return float(np.dot(np.arange(len(counts)), counts) / counts.sum())

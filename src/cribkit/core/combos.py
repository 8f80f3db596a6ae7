"""Fifteens, pairs and runs by brute force over every subset: the definition of the count.

The explained count (:mod:`cribkit.core.scoring`) finds combinations in tables of its own, and
the fast kernels (:mod:`cribkit.core.tables`) look totals up; both are held to what this module
finds by trying every subset, and :mod:`cribkit.core.tables` builds its totals with it.

>>> enumerate_parts(range(3), [5, 5, 10])  # the items here are positions
(((0, 2), (1, 2)), ((0, 1),), ())
>>> rank_points([4, 5, 5, 6, 6])
24
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TypeVar

T = TypeVar("T", bound=int)

#: The fifteens, pairs and longest runs of some items, each as a tuple of the items.
Parts = tuple[tuple[tuple[T, ...], ...], tuple[tuple[T, T], ...], tuple[tuple[T, ...], ...]]


def enumerate_parts(items: Sequence[T], ranks: Sequence[int]) -> Parts[T]:
    """Fifteens, pairs and longest runs among the items, which have the given ranks: each of
    them by size, then in :func:`itertools.combinations` order."""
    indices = range(len(items))
    pips = [min(rank, 10) for rank in ranks]
    fifteens = tuple(
        tuple(items[i] for i in combo)
        for size in range(2, len(items) + 1)
        for combo in combinations(indices, size)
        if sum(pips[i] for i in combo) == 15
    )
    pairs = tuple((items[i], items[j]) for i, j in combinations(indices, 2) if ranks[i] == ranks[j])
    runs: tuple[tuple[T, ...], ...] = ()
    for length in range(len(items), 2, -1):
        runs = tuple(
            tuple(items[i] for i in combo)
            for combo in combinations(indices, length)
            if _is_run([ranks[i] for i in combo])
        )
        if runs:
            break
    return fifteens, pairs, runs


def _is_run(ranks: Sequence[int]) -> bool:
    return len(set(ranks)) == len(ranks) and max(ranks) - min(ranks) == len(ranks) - 1


def rank_points(ranks: Sequence[int]) -> int:
    """Fifteens + pairs + runs of a multiset of ranks (1-13)."""
    fifteens, pairs, runs = enumerate_parts(list(ranks), list(ranks))
    return 2 * len(fifteens) + 2 * len(pairs) + sum(len(run) for run in runs)

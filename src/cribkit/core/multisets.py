"""Fifteens, pairs and runs by brute force, and the codes the explained count keeps of them.

:mod:`cribkit.core.scoring` finds a hand's combinations in small tables, one entry per multiset
of ranks and one per sort order of the cards; this module fills an entry the first time one is
missing (and builds the fast tables' totals in :mod:`cribkit.core.tables`). It is imported at
the first count, not with :mod:`cribkit.core.scoring`, so that a process that never counts a
hand never compiles it.

A combination is held as a *code*: its index among the subsets of two or more of the positions
``0 .. size-1``, listed by size and then in :func:`itertools.combinations` order, the order in
which :func:`enumerate_parts` lists them.

>>> subsets(3)
((0, 1), (0, 2), (1, 2), (0, 1, 2))
>>> pattern_of([5, 5, 10])  # fifteens (0, 2) and (1, 2), the pair (0, 1), no run
((1, 2), (0,), ())
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import combinations
from operator import itemgetter
from typing import Any, TypeVar

T = TypeVar("T", bound=int)

#: The fifteens, pairs and longest runs of some items, each as a tuple of the items.
Parts = tuple[tuple[tuple[T, ...], ...], tuple[tuple[T, T], ...], tuple[tuple[T, ...], ...]]
#: The codes of the fifteens, pairs and runs of some ranks.
Pattern = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def enumerate_parts(items: Sequence[T], ranks: Sequence[int]) -> Parts[T]:
    """Fifteens, pairs and longest runs among the items, which have the given ranks, by brute
    force over every subset: the definition that the explained count's tables reproduce.

    >>> enumerate_parts(range(3), [5, 5, 10])  # the items here are positions
    (((0, 2), (1, 2)), ((0, 1),), ())
    """
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
    """Fifteens + pairs + runs of a multiset of ranks (1-13), by brute force.

    >>> rank_points([4, 5, 5, 6, 6])
    24
    """
    fifteens, pairs, runs = enumerate_parts(list(ranks), list(ranks))
    return 2 * len(fifteens) + 2 * len(pairs) + sum(len(run) for run in runs)


@cache
def subsets(size: int) -> tuple[tuple[int, ...], ...]:
    """The subsets of two or more of ``size`` positions, each at its code."""
    return tuple(combo for k in range(2, size + 1) for combo in combinations(range(size), k))


@cache
def _codes(size: int) -> dict[tuple[int, ...], int]:
    return {subset: code for code, subset in enumerate(subsets(size))}


def getters(size: int) -> tuple[itemgetter[Any], ...]:
    """For each code, what takes its combination out of ``size`` items (as a tuple: every
    subset has two or more positions)."""
    return tuple(itemgetter(*subset) for subset in subsets(size))


def pattern_of(sorted_ranks: Sequence[int]) -> Pattern:
    """The codes of the fifteens, pairs and runs of some ranks, in brute-force order."""
    codes = _codes(len(sorted_ranks))
    found = enumerate_parts(range(len(sorted_ranks)), sorted_ranks)
    return (
        tuple(codes[combo] for combo in found[0]),
        tuple(codes[combo] for combo in found[1]),
        tuple(codes[combo] for combo in found[2]),
    )


def remap_of(order: Sequence[int]) -> tuple[int, ...]:
    """The map from the code of a subset of sorted positions to the code of the same items at
    their own positions, where ``order[p]`` is the own position of the item sorted at ``p``.

    >>> remap_of((2, 0, 1))  # the subset (0, 1) of the sorted items is (0, 2) of their own
    (1, 2, 0, 3)
    """
    codes = _codes(len(order))
    return tuple(codes[tuple(sorted(order[p] for p in subset))] for subset in subsets(len(order)))

"""Rebuild the table of deal values (``deal_values.json``) that the luck of the cards dealt
is measured against (:mod:`cribkit.analysis.deal_values`).

Every deal is valued, up to suit symmetry: a deal's value does not change when its suits are
renamed, so only the deals whose suits hold non-increasing numbers of cards (clubs the most,
then diamonds, hearts, spades) are valued, each counted once for every distinct order of those
numbers (the deals with 3, 2, 1, 0 cards in the four suits stand for the 24 orders of
3, 2, 1, 0; those with 2, 2, 1, 1 for 6). Six cards are valued for the dealer, for pone and
for Solitaire, five cards once. The counts are exact; the table adds up to C(52, 6) and C(52, 5).

    python -m cribkit.analysis.data.build_deal_values
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Iterator
from itertools import permutations
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cribkit.analysis.deal_values import DATA_FILE, SIZES, STEP, best_keep_values, bins_of
from cribkit.core.stats import index_combinations

OUT = Path(__file__).parent / DATA_FILE
#: Deals valued at once (memory: about 15 x 8 bytes a deal per array).
CHUNK = 200_000

IntArray = npt.NDArray[np.intp]


def suit_counts(size: int) -> list[tuple[int, ...]]:
    """The numbers of cards in the four suits, non-increasing, of a deal of ``size`` cards.

    >>> suit_counts(5)
    [(2, 1, 1, 1), (2, 2, 1, 0), (3, 1, 1, 0), (3, 2, 0, 0), (4, 1, 0, 0), (5, 0, 0, 0)]
    """
    out = []
    for a in range(size + 1):
        for b in range(a + 1):
            for c in range(b + 1):
                d = size - a - b - c
                if 0 <= d <= c and a <= 13:
                    out.append((a, b, c, d))
    return sorted(out)


def orders(counts: tuple[int, ...]) -> int:
    """How many deals each deal of these suit counts stands for: the distinct orders of the
    counts.

    >>> orders((3, 2, 1, 0)), orders((2, 2, 1, 1)), orders((6, 0, 0, 0))
    (24, 6, 4)
    """
    return len(set(permutations(counts)))


def deals_of(counts: tuple[int, ...]) -> Iterator[IntArray]:
    """Every deal with ``counts[s]`` cards of suit ``s``, as rows of cards, in chunks."""
    rank_sets = [index_combinations(13, n) for n in counts]
    sizes = [len(r) for r in rank_sets]
    total = math.prod(sizes)
    for start in range(0, total, CHUNK):
        index = np.arange(start, min(total, start + CHUNK))
        columns = []
        for suit in reversed(range(4)):  # the last suit varies fastest
            ranks = rank_sets[suit][index % sizes[suit]]
            index = index // sizes[suit]
            columns.append(ranks * 4 + suit)
        yield np.concatenate(columns[::-1], axis=1)


def count_values(size: int, role: str) -> tuple[dict[int, int], int]:
    """How many deals of ``size`` cards have each value (by bin), and how many deals in all."""
    tally: dict[int, int] = {}
    deals = 0
    for counts in suit_counts(size):
        weight = orders(counts)
        for chunk in deals_of(counts):
            found, times = np.unique(bins_of(best_keep_values(chunk, role)), return_counts=True)
            for value, many in zip(found.tolist(), times.tolist(), strict=True):
                tally[value] = tally.get(value, 0) + many * weight
            deals += len(chunk) * weight
    return tally, deals


def build() -> dict[str, Any]:
    roles: dict[str, Any] = {}
    for role, size in SIZES.items():
        began = time.perf_counter()
        tally, deals = count_values(size, role)
        if deals != math.comb(52, size):
            raise AssertionError(f"{deals} deals of {size} cards counted, not C(52, {size})")
        first, last = min(tally), max(tally)
        counts = [tally.get(b, 0) for b in range(first, last + 1)]
        mean = sum(b * n for b, n in tally.items()) * STEP / deals
        roles[role] = {"cards": size, "deals": deals, "mean": round(mean, 6), "first": first}
        roles[role]["counts"] = counts
        print(f"{role}: {deals:,} deals, mean {mean:.4f}, {time.perf_counter() - began:.1f} s")
    return {"format": 1, "step": STEP, "roles": roles}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    table = build()
    args.out.write_text(json.dumps(table, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

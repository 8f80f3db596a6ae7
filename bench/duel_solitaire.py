"""Benchmark: duplicate deals of Cribbage Solitaire, to compare AI levels with little noise.

Run from the repository root::

    .venv/bin/python bench/duel_solitaire.py --variants medium,expert --deals 2000
    .venv/bin/python bench/duel_solitaire.py --variants easy,medium,expert --json --workers 2

Solitaire has one player, so the duplicate is the deck: every variant plays the same deals
(deal ``i`` is the game seeded ``--seed + i``, :func:`cribkit.sim.solitaire.play_deal`), and
each variant after the first is compared with it deal by deal. A deal's total depends mostly
on the cards, so the paired difference has a far smaller standard error than the two means
taken apart. For each variant: the mean total with its standard error, the mean shortfall from
the best total possible with the deck's order known (the same for every variant), and for each
variant after the first its paired difference from the first (mean ± standard error) and on
how many deals the totals differ.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cribkit.ai.players import LEVELS
from cribkit.sim.solitaire import play_deal
from duel_common import estimate, plus_minus


def _play_chunk(job: tuple[list[str], list[int]]) -> list[tuple[int, list[tuple[int, int]]]]:
    variants, seeds = job
    return [(seed, [play_deal(seed, level) for level in variants]) for seed in seeds]


def play(variants: list[str], deals: int, seed: int, workers: int) -> list[list[tuple[int, int]]]:
    """Each deal's (total, best) for every variant, in deal order."""
    seeds = list(range(seed, seed + deals))
    chunks = min(deals, 4 * workers)
    jobs = [(variants, seeds[c::chunks]) for c in range(chunks)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(_play_chunk, jobs))
    else:
        results = [_play_chunk(job) for job in jobs]
    return [row for _, row in sorted(pair for chunk in results for pair in chunk)]


def report(variants: list[str], rows: list[list[tuple[int, int]]]) -> dict[str, Any]:
    """Per variant: the mean total and shortfall from the best, and the paired difference
    from the first variant."""
    out: dict[str, Any] = {"deals": len(rows), "variants": {}}
    for v, level in enumerate(variants):
        entry: dict[str, Any] = {
            "total": estimate([row[v][0] for row in rows]),
            "shortfall": statistics.fmean(row[v][1] - row[v][0] for row in rows),
        }
        if v:
            entry["vs_first"] = {
                "total": estimate([row[v][0] - row[0][0] for row in rows]),
                "deals_differing": sum(row[v][0] != row[0][0] for row in rows),
            }
        out["variants"][level] = entry
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", default="medium,expert", help="levels, comma-separated")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=1, help="processes (chunks of deals)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    variants = args.variants.split(",")
    for level in variants:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
    if args.deals < 2:
        parser.error("play at least two deals")
    started = time.perf_counter()
    out = report(variants, play(variants, args.deals, args.seed, args.workers))
    out.update(seed=args.seed, seconds=round(time.perf_counter() - started, 1))
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['deals']} deals from seed {args.seed}, {out['seconds']} s")
    for level, entry in out["variants"].items():
        total, se = entry["total"]
        line = f"{level}: total {total:.2f}±{se:.2f}, {entry['shortfall']:.2f} below the best"
        diff = entry.get("vs_first")
        if diff:
            line += (
                f"; vs {variants[0]} {plus_minus(diff['total'], 3)} a deal "
                f"(deals differing: {diff['deals_differing']}/{out['deals']})"
            )
        print(line)


if __name__ == "__main__":
    main()

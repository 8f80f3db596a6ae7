"""Benchmark: Cribbage Solitaire totals of an AI level over many seeded deals.

Run from the repository root::

    .venv/bin/python bench/bench_solitaire.py                      # expert, 10,000 deals
    .venv/bin/python bench/bench_solitaire.py --level all --json   # every level, as JSON

Deal ``i`` is the game seeded ``--seed + i`` (``start_solitaire(seed=...)``). For each level it
prints the mean total (with its standard error), how often the total reaches 91 (the skunk
line) and 121 (with 95% Wilson intervals), and the mean best possible total knowing each
deck's order, which is the same for every level. One process throughout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from cribkit.ai.players import LEVELS
from cribkit.sim.solitaire import simulate_solitaire


def run(levels: list[str], deals: int, seed: int, *, quiet: bool) -> list[dict[str, Any]]:
    """The figures of each level over the same deals."""
    results = []
    for level in levels:
        done = 0

        def tick(n: int, level: str = level) -> None:
            nonlocal done
            done += n
            if not quiet and done % 1000 == 0:
                print(f"  {level}: {done}/{deals}", file=sys.stderr, flush=True)

        results.append(simulate_solitaire(deals, level, seed=seed, progress=tick).to_dict())
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=10_000, help="deals per level")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed")
    parser.add_argument(
        "--level", default="expert", choices=[*LEVELS, "all"], help="AI level, or all"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    levels = list(LEVELS) if args.level == "all" else [args.level]
    results = run(levels, args.deals, args.seed, quiet=args.json)
    if args.json:
        print(json.dumps(results, indent=2))
        return
    print_report(results)


def print_report(results: list[dict[str, Any]]) -> None:
    """The figures as a table, one level a line."""
    first = results[0]
    print(
        f"Cribbage Solitaire, {first['deals']} deals (seeds {first['seeds'][0]}-"
        f"{first['seeds'][1]}); best possible total knowing the deck: mean "
        f"{first['mean_best']:.2f} ± {first['mean_best_stderr']:.2f}, "
        f"{100 * first['best_good_rate']:.1f}% reach 91, "
        f"{100 * first['best_great_rate']:.2f}% reach 121, max {first['max_best']}"
    )
    print(
        f"{'level':<8} {'mean total':<15} {'>= 91 (95% CI)':<23} {'>= 121 (95% CI)':<23} {'gap':>6} {'s':>6}"
    )
    for r in results:
        good_low, good_high = r["good_ci95"]
        great_low, great_high = r["great_ci95"]
        print(
            f"{r['level']:<8} {r['mean_total']:6.2f} ± {r['mean_total_stderr']:<5.2f} "
            f"{100 * r['good_rate']:6.2f}% ({100 * good_low:5.2f}-{100 * good_high:5.2f}) "
            f"{100 * r['great_rate']:6.2f}% ({100 * great_low:5.2f}-{100 * great_high:5.2f}) "
            f"{r['mean_gap']:6.2f} {r['seconds']:6.1f}"
        )


if __name__ == "__main__":
    main()

"""Benchmarks of the explained count: every score with its breakdown, against the peer and the
totals-only fast paths, in the same run on the same hands.

Run from the repository root, ideally in the benchmark venv (see docs/performance.md)::

    .venv-bench/bin/python bench/bench_count.py            # full run, readable table
    .venv-bench/bin/python bench/bench_count.py --quick    # smaller sizes, fewer repeats
    .venv-bench/bin/python bench/bench_count.py --check    # exit 1 if a target is missed

Benchmarks:

* ``hand``: ``score_hand(hand, starter)`` (the ``Score`` with its parts, what the CLI, the web
  and the hints use) against ``cribbage_scorer.show_calc_score`` and ``tables.hand_total``.
* ``crib``: the same with ``crib=True``.
* ``line``: ``score_line`` on full 5-card Table Top lines against ``tables.line_total``.
* ``tiles``: ``score_tile_line`` on 5 tiles (any ranks, repeats allowed) against
  ``tables.ranks_total``.
* ``first``: in a fresh process, the import, the first ``score_hand`` (its tables empty) and
  the first pass over fresh hands, while the tables are still filling.

Targets (``--check`` exits 1 when one is missed): the breakdown of a hand and of a crib at least
3x as fast as cribbage-scorer's count; lines and tiles, which no peer counts, costing no more
over their fast path than the hand's *allowance*, (cribbage-scorer's time / ``hand_total``'s)
/ 3: the most that the hand's breakdown may cost over ``hand_total`` and still be 3x the peer.

Each repeat times every contender on the same items, chunk by chunk in turn, so that noise on
the shared machine hits them alike; a ratio is taken per repeat, and the figures are the
medians of the repeats. Before the timing, every total is checked: the breakdown's against
the fast path's and the peer's. Without ``cribbage-scorer`` installed, the peer's figures are
skipped with a message, and the rest still runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np

from bench_core import EDGE_CASES, Result, peer_inputs, random_hands, report, run_child, summarize
from cribkit.core import tables
from cribkit.core.cards import Card, parse_cards
from cribkit.core.scoring import score_hand, score_line, score_tile_line

try:  # the peer is a benchmark-only package, not a project dependency
    from cribbage_scorer.cribbage_scorer import show_calc_score
except ImportError:  # pragma: no cover - depends on the environment
    show_calc_score = None

BENCHMARKS = ("hand", "crib", "line", "tiles", "first")
#: Target: the breakdown at least this many times as fast as cribbage-scorer's count.
PEER_TARGET = 3.0
CHUNK = 500
#: Names the figure that lines and tiles are held to: the most a breakdown may cost over its
#: fast path and still be PEER_TARGET times as fast as the peer, as the hand's must.
ALLOWANCE = (
    f"  allowance: (cribbage-scorer time / hand_total time) / {PEER_TARGET:g}, "
    "the line and tile target"
)

Job = Callable[[int, int], object]


@dataclass
class CountConfig:
    """Sizes and repeats of one run."""

    quick: bool
    seed: int
    repeat: int
    processes: int
    size: int


def interleaved(jobs: dict[str, Job], size: int, repeat: int) -> dict[str, list[float]]:
    """Seconds each job takes over all ``size`` items, once per repeat, the jobs taking turns
    chunk by chunk (a job is called with a slice's start and stop), each chunk begun by the next
    job in turn."""
    seconds: dict[str, list[float]] = {name: [] for name in jobs}
    names = list(jobs)
    for _ in range(repeat):
        spent = dict.fromkeys(jobs, 0.0)
        for turn, start in enumerate(range(0, size, CHUNK)):
            stop = min(start + CHUNK, size)
            # Each job goes first in turn: the one after the peer finds the caches colder.
            for name in names[turn % len(names) :] + names[: turn % len(names)]:
                began = time.perf_counter()
                jobs[name](start, stop)
                spent[name] += time.perf_counter() - began
        for name in jobs:
            seconds[name].append(spent[name])
    return seconds


def hand_results(cfg: CountConfig, rows: np.ndarray[Any, Any], *, crib: bool) -> list[Result]:
    """The breakdown of each hand against the fast path and, when installed, the peer."""
    edge = np.array([parse_cards(text) for text in EDGE_CASES], dtype=np.uint8)
    sample = np.concatenate([rows[: cfg.size], edge])
    shows = [(tuple(map(Card, row[:4])), Card(row[4])) for row in sample.tolist()]
    pairs = [(tuple(row[:4]), row[4]) for row in sample.tolist()]
    peer = peer_inputs(sample)
    kind = "crib" if crib else "hand"

    explained = [score_hand(hand, starter, crib=crib).total for hand, starter in shows]
    fast = [tables.hand_total(hand, starter, crib) for hand, starter in pairs]
    if explained != fast:
        raise AssertionError(f"score_hand(crib={crib}) disagrees with hand_total")
    jobs: dict[str, Job] = {
        "explained": lambda a, b: [score_hand(h, s, crib=crib) for h, s in shows[a:b]],
        "ints": lambda a, b: [score_hand(h, s, crib=crib) for h, s in pairs[a:b]],
        "fast": lambda a, b: [tables.hand_total(h, s, crib) for h, s in pairs[a:b]],
    }
    note = ""
    if show_calc_score is not None:
        show = show_calc_score
        theirs = [show(starter, hand, crib)[0] for starter, hand in peer]
        wrong = sum(t != e for t, e in zip(theirs, explained, strict=True))
        note = f"totals agree with cribbage-scorer on {len(sample):,} hands ({wrong} differ)"
        if wrong:
            note = f"DISAGREES with cribbage-scorer on {wrong} of {len(sample):,} hands"
        jobs["peer"] = lambda a, b: [show(s, h, crib) for s, h in peer[a:b]]
    seconds = interleaved(jobs, len(sample), cfg.repeat)
    n = len(sample)
    results = [
        summarize(
            f"score_hand(crib={crib}) with its breakdown, {n:,} hands as Cards",
            [n / s / 1e3 for s in seconds["explained"]],
            "k hands/s",
            note=note,
        ),
        summarize(
            f"  the same hands as plain ints, score_hand({kind})",
            [n / s / 1e3 for s in seconds["ints"]],
            "k hands/s",
        ),
        summarize(
            f"  explained / fast path: time of score_hand over hand_total ({kind})",
            ratios(seconds["explained"], seconds["fast"]),
            "x",
        ),
    ]
    if "peer" in seconds:
        results[1:1] = [
            summarize(
                f"  cribbage-scorer show_calc_score({kind}), same hands",
                [n / s / 1e3 for s in seconds["peer"]],
                "k hands/s",
            ),
            summarize(
                f"  speed ratio: score_hand ({kind}, breakdown) / cribbage-scorer",
                ratios(seconds["peer"], seconds["explained"]),
                "x",
                at_least=PEER_TARGET,
            ),
            summarize(
                f"  speed ratio: score_hand ({kind}, breakdown, ints) / cribbage-scorer",
                ratios(seconds["peer"], seconds["ints"]),
                "x",
                at_least=PEER_TARGET,
            ),
        ]
        if not crib:
            allowance = [r / PEER_TARGET for r in ratios(seconds["peer"], seconds["fast"])]
            results.append(summarize(ALLOWANCE, allowance, "x"))
    else:
        print(
            "  peer comparison skipped: cribbage-scorer is not installed "
            "(pip install -r bench/requirements.txt in the benchmark venv)",
            file=sys.stderr,
        )
    return results


def ratios(slower: Sequence[float], faster: Sequence[float]) -> list[float]:
    return [s / f for s, f in zip(slower, faster, strict=True)]


def line_results(
    cfg: CountConfig, rows: np.ndarray[Any, Any], allowance: float | None
) -> list[Result]:
    """Full Table Top lines: the breakdown against ``line_total``. No peer counts lines, so the
    breakdown is held to cost no more over its fast path than the hand's may over
    ``hand_total`` to be 3x the peer (``allowance``, from the hand's run)."""
    lines = [tuple(map(Card, row)) for row in rows[: cfg.size].tolist()]
    if [score_line(line).total for line in lines] != [tables.line_total(x) for x in lines]:
        raise AssertionError("score_line disagrees with line_total")
    seconds = interleaved(
        {
            "explained": lambda a, b: [score_line(line) for line in lines[a:b]],
            "fast": lambda a, b: [tables.line_total(line) for line in lines[a:b]],
        },
        len(lines),
        cfg.repeat,
    )
    n = len(lines)
    return [
        summarize(
            f"score_line with its breakdown, {n:,} full 5-card lines",
            [n / s / 1e3 for s in seconds["explained"]],
            "k lines/s",
        ),
        summarize(
            "  line_total (fast path, total only), same lines",
            [n / s / 1e3 for s in seconds["fast"]],
            "k lines/s",
        ),
        summarize(
            "  explained / fast path: time of score_line over line_total",
            ratios(seconds["explained"], seconds["fast"]),
            "x",
            at_most=allowance,
        ),
    ]


def tile_results(cfg: CountConfig, allowance: float | None) -> list[Result]:
    """Tile lines of 5 random ranks: the breakdown against ``ranks_total``, held to the same
    as lines."""
    rng = Random(cfg.seed)
    lines = [tuple(rng.randint(1, 13) for _ in range(5)) for _ in range(cfg.size)]
    if [score_tile_line(x).total for x in lines] != [tables.ranks_total(x) for x in lines]:
        raise AssertionError("score_tile_line disagrees with ranks_total")
    seconds = interleaved(
        {
            "explained": lambda a, b: [score_tile_line(line) for line in lines[a:b]],
            "fast": lambda a, b: [tables.ranks_total(line) for line in lines[a:b]],
        },
        len(lines),
        cfg.repeat,
    )
    n = len(lines)
    return [
        summarize(
            f"score_tile_line with its breakdown, {n:,} lines of 5 tiles",
            [n / s / 1e3 for s in seconds["explained"]],
            "k lines/s",
        ),
        summarize(
            "  ranks_total (fast path, total only), same lines",
            [n / s / 1e3 for s in seconds["fast"]],
            "k lines/s",
        ),
        summarize(
            "  explained / fast path: time of score_tile_line over ranks_total",
            ratios(seconds["explained"], seconds["fast"]),
            "x",
            at_most=allowance,
        ),
    ]


_CHILD_FIRST = """
import json, random, sys, time
t0 = time.perf_counter()
from cribkit.core.scoring import score_hand
t1 = time.perf_counter()
score_hand((1, 22, 30, 43), 50).words()
t2 = time.perf_counter()
rng = random.Random(int(sys.argv[1]))
hands = [rng.sample(range(52), 5) for _ in range(int(sys.argv[2]))]
t3 = time.perf_counter()
for h in hands:
    score_hand(h[:4], h[4])
t4 = time.perf_counter()
for h in hands:
    score_hand(h[:4], h[4])
t5 = time.perf_counter()
print(json.dumps({"import": t1 - t0, "first": t2 - t1, "cold": t4 - t3, "warm": t5 - t4}))
"""


def first_results(cfg: CountConfig) -> list[Result]:
    """Fresh processes: the import, the first count, and the first pass over fresh hands."""
    runs = [run_child(_CHILD_FIRST, str(cfg.seed + i), str(cfg.size)) for i in range(cfg.processes)]
    n = cfg.size
    return [
        summarize(
            "import cribkit.core.scoring, fresh process",
            [r["import"] * 1e3 for r in runs],
            "ms",
        ),
        summarize(
            "  first score_hand(...).words() in the process (the tables empty)",
            [r["first"] * 1e6 for r in runs],
            "us",
        ),
        summarize(
            f"  first pass over {n:,} fresh random hands (tables filling)",
            [n / r["cold"] / 1e3 for r in runs],
            "k hands/s",
        ),
        summarize(
            "  second pass over the same hands", [n / r["warm"] / 1e3 for r in runs], "k hands/s"
        ),
    ]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smaller sizes and fewer repeats")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="PATH",
        help="write the results as JSON to PATH, or to stdout (instead of the table) if no PATH",
    )
    parser.add_argument("--seed", type=int, default=20261201, help="seed of the random hands")
    parser.add_argument("--repeat", type=int, help="repeats of each measurement")
    parser.add_argument("--processes", type=int, help="fresh processes for the first count")
    parser.add_argument("--size", type=int, help="hands (and lines) per measurement")
    parser.add_argument(
        "--only", help=f"comma-separated benchmarks to run, of: {', '.join(BENCHMARKS)}"
    )
    parser.add_argument(
        "--check", action="store_true", help="exit with status 1 if a target is missed"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    quick = bool(args.quick)
    cfg = CountConfig(
        quick=quick,
        seed=args.seed,
        repeat=args.repeat or (3 if quick else 9),
        processes=args.processes or (3 if quick else 7),
        size=args.size or (2_000 if quick else 10_000),
    )
    chosen = BENCHMARKS if not args.only else tuple(args.only.split(","))
    unknown = set(chosen) - set(BENCHMARKS)
    if unknown:
        print(f"unknown benchmark(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    rows = random_hands(np.random.default_rng(cfg.seed), cfg.size)
    results: list[Result] = []

    def allowance() -> float | None:
        """The lines' and tiles' target, if the hand was measured against the peer."""
        return next((r.median for r in results if r.name == ALLOWANCE), None)

    steps: dict[str, Callable[[], list[Result]]] = {
        "hand": lambda: hand_results(cfg, rows, crib=False),
        "crib": lambda: hand_results(cfg, rows, crib=True),
        "line": lambda: line_results(cfg, rows, allowance()),
        "tiles": lambda: tile_results(cfg, allowance()),
        "first": lambda: first_results(cfg),
    }
    for name in BENCHMARKS:
        if name in chosen:
            print(f"running {name} ...", file=sys.stderr, flush=True)
            results.extend(steps[name]())
    return report(args, cfg, results)


if __name__ == "__main__":
    sys.exit(main())

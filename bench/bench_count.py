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
* ``peg``: ``score_peg(pile)`` (the play's count of the last card, with its breakdown) on
  counts of 1 to 8 cards, against ``cribbage_scorer.play_score_ongoing`` (no target).
* ``first``: in a fresh process, the import, the first ``score_hand`` (its tables empty) and
  the first pass over fresh hands, while the tables are still filling.

Targets (``--check`` exits 1 when one is missed): the breakdown of a hand and of a crib at least
3x as fast as cribbage-scorer's count; lines and tiles, which no peer counts, costing no more
over their fast path than the hand's *allowance*, (cribbage-scorer's time / ``hand_total``'s)
/ 3: the most that the hand's breakdown may cost over ``hand_total`` and still be 3x the peer.

Each repeat times every contender on the same items, chunk by chunk in turn, so that noise on
the shared machine hits them alike. A rate is taken per repeat and a ratio per chunk (the two
contenders' times on the same 500 or so items, one right after the other), and the figures
are the medians. As in :mod:`timeit`, the garbage collector is off while the clock runs
(``--gc`` leaves it on). Before the timing, every total is checked: the breakdown's against
the fast path's and the peer's. Without ``cribbage-scorer`` installed, the peer's figures are
skipped with a message, and the rest still runs.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

import numpy as np

from bench_core import (
    EDGE_CASES,
    PEER_SUITS,
    Result,
    add_common_options,
    peer_inputs,
    random_hands,
    report,
    run_child,
    summarize,
)
from cribkit.core import tables
from cribkit.core.cards import Card, parse_cards
from cribkit.core.pegging import score_peg
from cribkit.core.scoring import Score, score_hand, score_line, score_tile_line

try:  # the peer is a benchmark-only package, not a project dependency
    from cribbage_scorer.cribbage_scorer import play_score_ongoing, show_calc_score
except ImportError:  # pragma: no cover - depends on the environment
    play_score_ongoing = show_calc_score = None

BENCHMARKS = ("hand", "crib", "line", "tiles", "peg", "first")
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
    gc: bool


def interleaved(
    jobs: dict[str, Job], size: int, repeat: int, *, gc_off: bool = True
) -> dict[str, list[list[float]]]:
    """Seconds each job takes on each chunk of the ``size`` items, for each repeat (so
    ``seconds[job][repeat][chunk]``): the jobs take turns chunk by chunk (a job is called with
    a slice's start and stop), each chunk begun by the next job in turn."""
    seconds: dict[str, list[list[float]]] = {name: [] for name in jobs}
    names = list(jobs)
    chunks = max(1, round(size / CHUNK))  # of equal sizes, about CHUNK items each
    bounds = [size * k // chunks for k in range(chunks + 1)]
    collecting = gc.isenabled()
    if gc_off:
        gc.disable()  # its pauses would fall on whichever chunk was running, as timeit knows
    try:
        for _ in range(repeat):
            spent = _one_repeat(jobs, names, bounds)
            for name in jobs:
                seconds[name].append(spent[name])
    finally:
        if collecting:
            gc.enable()
    return seconds


def _one_repeat(
    jobs: dict[str, Job], names: list[str], bounds: list[int]
) -> dict[str, list[float]]:
    spent: dict[str, list[float]] = {name: [] for name in jobs}
    for turn, (start, stop) in enumerate(itertools.pairwise(bounds)):
        # Each job goes first in turn: the one after the peer finds the caches colder.
        for name in names[turn % len(names) :] + names[: turn % len(names)]:
            began = time.perf_counter()
            jobs[name](start, stop)
            spent[name].append(time.perf_counter() - began)
    return spent


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
    seconds = interleaved(jobs, len(sample), cfg.repeat, gc_off=not cfg.gc)
    n = len(sample)
    results = [
        rate(
            f"score_hand(crib={crib}) with its breakdown, {n:,} hands as Cards",
            n,
            seconds,
            "explained",
            note=note,
        ),
        rate(f"  the same hands as plain ints, score_hand({kind})", n, seconds, "ints"),
        ratio(
            f"  explained / fast path: time of score_hand over hand_total ({kind})",
            seconds,
            "explained",
            "fast",
        ),
    ]
    if "peer" in seconds:
        results[1:1] = [
            rate(f"  cribbage-scorer show_calc_score({kind}), same hands", n, seconds, "peer"),
            ratio(
                f"  speed ratio: score_hand ({kind}, breakdown) / cribbage-scorer",
                seconds,
                "peer",
                "explained",
                at_least=PEER_TARGET,
            ),
            ratio(
                f"  speed ratio: score_hand ({kind}, breakdown, ints) / cribbage-scorer",
                seconds,
                "peer",
                "ints",
                at_least=PEER_TARGET,
            ),
        ]
        if not crib:
            results.append(ratio(ALLOWANCE, seconds, "peer", "fast", per=PEER_TARGET))
    else:
        print(
            "  peer comparison skipped: cribbage-scorer is not installed "
            "(pip install -r bench/requirements.txt in the benchmark venv)",
            file=sys.stderr,
        )
    return results


def rate(
    name: str,
    n: int,
    seconds: dict[str, list[list[float]]],
    job: str,
    *,
    items: str = "hands",
    note: str = "",
) -> Result:
    """The rate of a job over all the items, repeat by repeat, in thousands of ``items`` a
    second."""
    rates = [n / sum(chunks) / 1e3 for chunks in seconds[job]]
    return summarize(name, rates, f"k {items}/s", note=note)


def ratio(
    name: str,
    seconds: dict[str, list[list[float]]],
    slower: str,
    faster: str,
    *,
    per: float = 1.0,
    at_least: float | None = None,
    at_most: float | None = None,
) -> Result:
    """How many times as long one job took as another (divided by ``per``), chunk by chunk:
    the two ran on the same items one after the other, so that a pause of the machine spoils
    one chunk's ratio, not a repeat's, and the median passes over it."""
    values = [
        s / f / per
        for slow, fast in zip(seconds[slower], seconds[faster], strict=True)
        for s, f in zip(slow, fast, strict=True)
    ]
    return summarize(name, values, "x", at_least=at_least, at_most=at_most)


def line_results(
    cfg: CountConfig, rows: np.ndarray[Any, Any], allowance: float | None
) -> list[Result]:
    """Full Table Top lines: the breakdown against ``line_total``. No peer counts lines, so the
    breakdown is held to cost no more over its fast path than the hand's may over
    ``hand_total`` to be 3x the peer (``allowance``, from the hand's run)."""
    lines = [tuple(map(Card, row)) for row in rows[: cfg.size].tolist()]
    return against_fast_path(
        cfg, lines, score_line, tables.line_total, "full 5-card lines", allowance
    )


def tile_results(cfg: CountConfig, allowance: float | None) -> list[Result]:
    """Tile lines of 5 random ranks: the breakdown against ``ranks_total``, held to the same
    as lines."""
    rng = Random(cfg.seed)
    lines = [tuple(rng.randint(1, 13) for _ in range(5)) for _ in range(cfg.size)]
    return against_fast_path(
        cfg, lines, score_tile_line, tables.ranks_total, "lines of 5 tiles", allowance
    )


def against_fast_path(
    cfg: CountConfig,
    lines: Sequence[Sequence[int]],
    explain: Callable[[Sequence[int]], Score[Any]],
    fast: Callable[[Sequence[int]], int],
    what: str,
    allowance: float | None,
) -> list[Result]:
    """A breakdown and its totals-only fast path on the same lines, checked to agree."""
    if [explain(line).total for line in lines] != [fast(line) for line in lines]:
        raise AssertionError(f"{explain.__name__} disagrees with {fast.__name__}")
    seconds = interleaved(
        {
            "explained": lambda a, b: [explain(line) for line in lines[a:b]],
            "fast": lambda a, b: [fast(line) for line in lines[a:b]],
        },
        len(lines),
        cfg.repeat,
        gc_off=not cfg.gc,
    )
    n = len(lines)
    named, fast_named = explain.__name__, fast.__name__
    return [
        rate(f"{named} with its breakdown, {n:,} {what}", n, seconds, "explained", items="lines"),
        rate(
            f"  {fast_named} (fast path, total only), same lines",
            n,
            seconds,
            "fast",
            items="lines",
        ),
        ratio(
            f"  explained / fast path: time of {named} over {fast_named}",
            seconds,
            "explained",
            "fast",
            at_most=allowance,
        ),
    ]


def random_piles(rng: Random, count: int) -> list[tuple[Card, ...]]:
    """Counts of the play as they come: 1 to 8 cards laid from a shuffled deck, under 31."""
    piles: list[tuple[Card, ...]] = []
    while len(piles) < count:
        deck = rng.sample(range(52), 52)
        wanted, total = rng.randint(1, 8), 0
        pile: list[Card] = []
        for card in deck:
            pip = min(card // 4 + 1, 10)
            if total + pip > 31 or len(pile) == wanted:
                break
            pile.append(Card(card))
            total += pip
        piles.append(tuple(pile))
    return piles


def peg_results(cfg: CountConfig) -> list[Result]:
    """The play's count of the last card (``score_peg``, with its breakdown) against the peer's
    ``play_score_ongoing`` on the same piles (no fast path: pegging has no tables)."""
    piles = random_piles(Random(cfg.seed), cfg.size)
    jobs: dict[str, Job] = {"explained": lambda a, b: [score_peg(p).total for p in piles[a:b]]}
    if play_score_ongoing is None:
        print("  peer comparison skipped: cribbage-scorer is not installed", file=sys.stderr)
        seconds = interleaved(jobs, len(piles), cfg.repeat, gc_off=not cfg.gc)
        return [rate("score_peg with its breakdown", len(piles), seconds, "explained")]
    peer = [[(c // 4 + 1, PEER_SUITS[c & 3]) for c in pile] for pile in piles]
    play = play_score_ongoing
    wrong = sum(play(t)[1] != score_peg(p).total for t, p in zip(peer, piles, strict=True))
    note = f"totals agree with cribbage-scorer on {len(piles):,} piles ({wrong} differ)"
    jobs["peer"] = lambda a, b: [play(t) for t in peer[a:b]]
    seconds = interleaved(jobs, len(piles), cfg.repeat, gc_off=not cfg.gc)
    n = len(piles)
    return [
        rate(
            f"score_peg with its breakdown, {n:,} piles",
            n,
            seconds,
            "explained",
            items="piles",
            note=note,
        ),
        rate("  cribbage-scorer play_score_ongoing, same piles", n, seconds, "peer", items="piles"),
        ratio(
            "  speed ratio: score_peg (breakdown) / cribbage-scorer", seconds, "peer", "explained"
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
    add_common_options(parser, BENCHMARKS, seed=20261201)
    parser.add_argument("--size", type=int, help="hands (and lines) per measurement")
    parser.add_argument(
        "--gc", action="store_true", help="leave the garbage collector on while timing"
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
        gc=bool(args.gc),
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
        "peg": lambda: peg_results(cfg),
        "first": lambda: first_results(cfg),
    }
    for name in BENCHMARKS:
        if name in chosen:
            print(f"running {name} ...", file=sys.stderr, flush=True)
            results.extend(steps[name]())
    return report(args, cfg, results)


if __name__ == "__main__":
    sys.exit(main())

"""Benchmarks of cribkit's core kernels, with the figures the project documents.

Run from the repository root, ideally in the benchmark venv (see docs/performance.md)::

    .venv-bench/bin/python bench/bench_core.py            # full run, readable table
    .venv-bench/bin/python bench/bench_core.py --quick    # smaller sizes, fewer repeats
    .venv-bench/bin/python bench/bench_core.py --json -   # JSON on stdout instead of the table

Every figure is repeated and reported as its median, with the min and max of the samples, since
the machine may be shared and noisy. Comparisons (cribkit against the PyPI package
``cribbage-scorer``) are ratios of figures measured in the same run, on the same hands.
The peer comparison is skipped, with a message, when ``cribbage-scorer`` is not installed.

Benchmarks:

* ``import``: building the tables (``import cribkit.core.tables``) in a fresh process, with
  numpy imported beforehand so that its import is not counted.
* ``dist-first``: ``stats.score_distribution()`` first call in a fresh process (it builds the
  270,725 four-card hands), hand and crib.
* ``dist-warm``: the same, warm, in this process.
* ``batch``: ``tables.batch_hand_totals`` on an (n, 5) array of random hands.
* ``python``: ``tables.hand_total`` in a plain loop over a list of (hand, starter) tuples.
* ``peer``: ``cribbage_scorer.show_calc_score`` on the same hands, checked against our totals.
* ``discard``: ``analysis.analyse_discards`` on seeded random deals, dealer and pone.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from importlib import metadata
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt

from cribkit.core import analysis, stats, tables
from cribkit.core.cards import parse_cards

try:  # the peer is a benchmark-only package, not a project dependency
    from cribbage_scorer import cribbage_scorer as peer_scorer
except ImportError:  # pragma: no cover - depends on the environment
    peer_scorer = None

BENCHMARKS = ("import", "dist-first", "dist-warm", "batch", "python", "peer", "discard")
TOTAL_COMBINATIONS = 12_994_800
FOUR_CARD_HANDS = 270_725
#: Hand scores in one discard analysis: 15 discards x (46 starters + 1,035 cribs x 44 starters).
DISCARD_HAND_SCORES = 15 * (46 + 1035 * 44)
PEER_SUITS = "CDHS"  # cribkit suit order: clubs, diamonds, hearts, spades

Hands = npt.NDArray[np.uint8]
HandList = list[tuple[tuple[int, ...], int]]


@dataclass
class Result:
    """One figure: its samples' median, min and max, and the target it is held to."""

    name: str
    unit: str
    median: float
    min: float
    max: float
    samples: int
    target: str = ""
    passed: bool | None = None
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass
class Config:
    """Sizes and repeats of one run."""

    quick: bool
    seed: int
    repeat: int
    processes: int
    batch_size: int
    python_size: int
    peer_size: int
    deals: int


def summarize(
    name: str,
    samples: Sequence[float],
    unit: str,
    *,
    at_most: float | None = None,
    at_least: float | None = None,
    note: str = "",
    extra: dict[str, Any] | None = None,
) -> Result:
    """A result from raw samples; the target, if any, is checked against the median."""
    median = statistics.median(samples)
    target, passed = "", None
    if at_most is not None:
        target, passed = f"< {at_most:g} {unit}", median < at_most
    elif at_least is not None:
        target, passed = f">= {at_least:g} {unit}", median >= at_least
    return Result(
        name=name,
        unit=unit,
        median=median,
        min=min(samples),
        max=max(samples),
        samples=len(samples),
        target=target,
        passed=passed,
        note=note,
        extra=extra or {},
    )


def timed(func: Callable[[], object]) -> float:
    """Seconds taken by one call."""
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


# --- fresh processes ------------------------------------------------------------------------

_CHILD_IMPORT = """
import json, time
t0 = time.perf_counter()
import numpy
t1 = time.perf_counter()
import cribkit.core.tables
t2 = time.perf_counter()
print(json.dumps({"numpy": t1 - t0, "tables": t2 - t1}))
"""

_CHILD_DISTRIBUTION = """
import json, sys, time
import numpy
from cribkit.core.stats import score_distribution
crib = sys.argv[1] == "crib"
t0 = time.perf_counter()
counts = score_distribution(crib=crib)
t1 = time.perf_counter()
print(json.dumps({"first": t1 - t0, "total": int(counts.sum()), "max": int(counts.nonzero()[0][-1])}))
"""


def run_child(code: str, *args: str) -> dict[str, Any]:
    """Run ``code`` in a fresh interpreter (this one, same environment); parse its JSON line."""
    proc = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, check=True
    )
    data: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return data


def bench_import(cfg: Config) -> list[Result]:
    runs = [run_child(_CHILD_IMPORT) for _ in range(cfg.processes)]
    return [
        summarize(
            "table build (import cribkit.core.tables, fresh process, numpy excluded)",
            [r["tables"] * 1e3 for r in runs],
            "ms",
            at_most=1000.0,
        ),
        summarize(
            "  for reference: import numpy (fresh process)", [r["numpy"] * 1e3 for r in runs], "ms"
        ),
    ]


def bench_distribution_first(cfg: Config) -> list[Result]:
    results = []
    for kind in ("hand", "crib"):
        runs = [run_child(_CHILD_DISTRIBUTION, kind) for _ in range(cfg.processes)]
        bad = [r for r in runs if r["total"] != TOTAL_COMBINATIONS or r["max"] != 29]
        if bad:
            raise AssertionError(f"score_distribution gave wrong counts in a child: {bad[0]}")
        results.append(
            summarize(
                f"score_distribution({kind}) first call, fresh process (builds 270,725 hands)",
                [r["first"] * 1e3 for r in runs],
                "ms",
                at_most=500.0,
            )
        )
    return results


# --- in-process -----------------------------------------------------------------------------


def bench_distribution_warm(cfg: Config) -> list[Result]:
    results = []
    for crib in (False, True):
        counts = stats.score_distribution(crib=crib)  # warm-up
        if int(counts.sum()) != TOTAL_COMBINATIONS:
            raise AssertionError("score_distribution does not count every combination")
        samples = [timed(partial(stats.score_distribution, crib=crib)) for _ in range(cfg.repeat)]
        kind = "crib" if crib else "hand"
        results.append(
            summarize(
                f"score_distribution({kind}) warm, 12,994,800 combinations",
                [s * 1e3 for s in samples],
                "ms",
                at_most=500.0,
                extra={"combinations_per_s": TOTAL_COMBINATIONS / statistics.median(samples)},
            )
        )
    return results


def random_hands(rng: np.random.Generator, n: int) -> Hands:
    """``n`` random (4 hand cards, starter) rows of 5 distinct cards, as uint8."""
    out = np.empty((0, 5), dtype=np.uint8)
    while len(out) < n:
        draw = rng.integers(0, 52, size=(int((n - len(out)) * 1.25) + 16, 5), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        distinct = (np.diff(ordered, axis=1) != 0).all(axis=1)
        out = np.concatenate([out, draw[distinct]])
    return out[:n]


def as_hand_list(hands: Hands) -> HandList:
    """Rows as the (hand tuple, starter) pairs the pure-Python path takes."""
    return [(tuple(row[:4]), row[4]) for row in hands.tolist()]


def python_loop(pairs: HandList) -> int:
    """``hand_total`` called in a plain loop; returns the sum so the work is used."""
    hand_total = tables.hand_total
    total = 0
    for hand, starter in pairs:
        total += hand_total(hand, starter)
    return total


def bench_batch(cfg: Config, hands: Hands) -> list[Result]:
    results = []
    check = tables.batch_hand_totals(hands[:2000])
    expected = [tables.hand_total(h, s) for h, s in as_hand_list(hands[:2000])]
    if check.tolist() != expected:
        raise AssertionError("batch_hand_totals disagrees with hand_total")
    for label, rows in (("uint8", hands), ("int64", hands.astype(np.int64))):
        tables.batch_hand_totals(rows)  # warm-up
        samples = [timed(partial(tables.batch_hand_totals, rows)) for _ in range(cfg.repeat)]
        rates = [len(rows) / s / 1e6 for s in samples]
        results.append(
            summarize(
                f"batch_hand_totals, ({len(rows):,}, 5) {label} array",
                rates,
                "M hands/s",
                at_least=20.0,
            )
        )
    return results


def bench_python(cfg: Config, hands: Hands) -> list[Result]:
    pairs = as_hand_list(hands[: cfg.python_size])
    python_loop(pairs[:10_000])  # warm-up
    samples = [timed(lambda: python_loop(pairs)) for _ in range(cfg.repeat)]
    rates = [len(pairs) / s / 1e6 for s in samples]
    return [
        summarize(
            f"hand_total, plain loop over {len(pairs):,} (hand, starter) tuples",
            rates,
            "M hands/s",
            at_least=2.0,
        )
    ]


def peer_inputs(hands: Hands) -> list[tuple[tuple[int, str], list[tuple[int, str]]]]:
    """The hands as cribbage_scorer takes them: (starter, [4 cards]), cards as (rank, "S")."""
    named = [[(c // 4 + 1, PEER_SUITS[c & 3]) for c in row] for row in hands.tolist()]
    return [(row[4], row[:4]) for row in named]


#: Hands that exercise each rule, added to the random ones for the agreement check.
EDGE_CASES = (
    "5h 5c 5d Js 5s",  # 29
    "3c 3d 4h 4s 5c",  # double double run
    "2h 4h 6h 8h Kc",  # 4-card flush: hand only
    "2h 4h 6h 8h Kh",  # 5-card flush
    "Jd 2c 7s 9h 4d",  # nobs
    "Jd Qd Kd Ad 3c",  # flush, run and nobs missed (starter is a club)
    "6c 7c 8d 8h 8s",  # triple run and fifteens
    "Ac 2c 3c 4c 5d",  # run of 5, fifteen, flush
)


def bench_peer(cfg: Config, hands: Hands, progress: TextIO) -> list[Result]:
    if peer_scorer is None:
        print(
            "  peer comparison skipped: cribbage-scorer is not installed "
            "(pip install -r bench/requirements.txt in the benchmark venv)",
            file=progress,
        )
        return []
    edge = np.array([parse_cards(text) for text in EDGE_CASES], dtype=np.uint8)
    sample = np.concatenate([hands[: cfg.peer_size], edge])
    inputs = peer_inputs(sample)
    pairs = as_hand_list(sample)
    show = peer_scorer.show_calc_score

    disagreements: list[dict[str, Any]] = []
    for crib in (False, True):
        ours = tables.batch_hand_totals(sample, crib=crib).tolist()
        for row, (starter, hand), mine in zip(sample.tolist(), inputs, ours, strict=True):
            theirs, text = show(starter, hand, crib)
            if theirs != mine:
                disagreements.append(
                    {"cards": row, "crib": crib, "cribkit": mine, "peer": theirs, "peer_says": text}
                )

    def run_peer() -> None:
        for starter, hand in inputs:
            show(starter, hand, False)

    peer_s, ours_s, batch_s = [], [], []
    for _ in range(cfg.repeat):  # interleaved, so that noise hits all three alike
        peer_s.append(timed(run_peer))
        ours_s.append(timed(lambda: python_loop(pairs)))
        batch_s.append(timed(lambda: tables.batch_hand_totals(sample)))
    n = len(sample)
    peer_rate = [n / s / 1e3 for s in peer_s]
    speedup_py = [p / o for p, o in zip(peer_s, ours_s, strict=True)]
    speedup_np = [p / b for p, b in zip(peer_s, batch_s, strict=True)]
    version = metadata.version("cribbage-scorer")
    checked = f"{n:,} hands ({len(EDGE_CASES)} edge cases) x hand and crib"
    agree_note = (
        f"agrees on all {checked}"
        if not disagreements
        else f"DISAGREES on {len(disagreements)} of {checked}"
    )
    return [
        summarize(
            f"cribbage-scorer {version} show_calc_score, same {n:,} hands",
            peer_rate,
            "k hands/s",
            note=agree_note,
            extra={"disagreements": disagreements[:50], "disagreement_count": len(disagreements)},
        ),
        summarize("  speed ratio: hand_total loop / cribbage-scorer", speedup_py, "x"),
        summarize("  speed ratio: batch_hand_totals / cribbage-scorer", speedup_np, "x"),
    ]


def random_deals(rng: np.random.Generator, n: int) -> list[list[int]]:
    return [sorted(rng.choice(52, size=6, replace=False).tolist()) for _ in range(n)]


def bench_discard(cfg: Config, rng: np.random.Generator) -> list[Result]:
    deals = random_deals(rng, cfg.deals)
    for deal in deals[:10]:  # warm-up: caches the opponent index table, first-call costs
        analysis.analyse_discards(deal, dealer=True)
        analysis.analyse_discards(deal, dealer=False)
    rounds = max(1, cfg.repeat // 2)
    results = []
    for dealer in (True, False):
        samples = [
            timed(partial(analysis.analyse_discards, deal, dealer=dealer))
            for _ in range(rounds)
            for deal in deals
        ]
        role = "dealer" if dealer else "pone"
        results.append(
            summarize(
                f"analyse_discards, {role}, {len(deals)} deals x {rounds} rounds",
                [s * 1e3 for s in samples],
                "ms",
                at_most=20.0,
                extra={
                    "hand_scores_per_call": DISCARD_HAND_SCORES,
                    "hand_scores_per_s": DISCARD_HAND_SCORES / statistics.median(samples),
                },
            )
        )
    return results


# --- report ---------------------------------------------------------------------------------


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine_info() -> dict[str, Any]:
    try:
        peer_version: str | None = metadata.version("cribbage-scorer")
    except metadata.PackageNotFoundError:
        peer_version = None
    return {
        "date": dt.date.today().isoformat(),
        "nproc": len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count(),
        "cpu": cpu_model(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "cribkit": metadata.version("cribkit"),
        "cribbage_scorer": peer_version,
        "platform": platform.platform(),
    }


def format_table(info: dict[str, Any], cfg: Config, results: Sequence[Result]) -> str:
    lines = [
        f"cribkit {info['cribkit']} benchmarks, {info['date']}: {info['cpu']}, "
        f"nproc {info['nproc']}, Python {info['python']}, numpy {info['numpy']}",
        f"seed {cfg.seed}, repeat {cfg.repeat}, fresh processes {cfg.processes}"
        + (", --quick" if cfg.quick else ""),
        "",
    ]
    header = ("benchmark", "median", "min", "max", "unit", "n", "target", "ok")
    rows = [header]
    for r in results:
        ok = "" if r.passed is None else ("yes" if r.passed else "NO")
        rows.append(
            (
                r.name,
                f"{r.median:,.3g}" if r.median < 100 else f"{r.median:,.0f}",
                f"{r.min:,.3g}" if r.min < 100 else f"{r.min:,.0f}",
                f"{r.max:,.3g}" if r.max < 100 else f"{r.max:,.0f}",
                r.unit,
                str(r.samples),
                r.target,
                ok,
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(header))]
    for i, row in enumerate(rows):
        cells = [
            row[0].ljust(widths[0]),
            *(cell.rjust(w) for cell, w in zip(row[1:4], widths[1:4], strict=True)),
            *(cell.ljust(w) for cell, w in zip(row[4:], widths[4:], strict=True)),
        ]
        lines.append("  ".join(cells).rstrip())
        if i == 0:
            lines.append("  ".join("-" * w for w in widths))
    notes = [f"{r.name.strip()}: {r.note}" for r in results if r.note]
    for r in results:
        for d in r.extra.get("disagreements", [])[:10]:
            notes.append(f"  disagreement: {d}")
    if notes:
        lines += ["", *notes]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    add_common_options(parser, BENCHMARKS, seed=20261129)
    return parser.parse_args(argv)


def add_common_options(
    parser: argparse.ArgumentParser, benchmarks: Sequence[str], *, seed: int
) -> None:
    """The options bench_core.py and bench_count.py share."""
    parser.add_argument("--quick", action="store_true", help="smaller sizes and fewer repeats")
    parser.add_argument(
        "--json",
        nargs="?",
        const="-",
        metavar="PATH",
        help="write the results as JSON to PATH, or to stdout (instead of the table) if no PATH",
    )
    parser.add_argument("--seed", type=int, default=seed, help="seed of the random hands")
    parser.add_argument("--repeat", type=int, help="repeats of each in-process measurement")
    parser.add_argument("--processes", type=int, help="fresh processes for first-call figures")
    parser.add_argument(
        "--only",
        help=f"comma-separated benchmarks to run, of: {', '.join(benchmarks)}",
    )
    parser.add_argument(
        "--check", action="store_true", help="exit with status 1 if a target is missed"
    )


def make_config(args: argparse.Namespace) -> Config:
    quick = bool(args.quick)
    return Config(
        quick=quick,
        seed=args.seed,
        repeat=args.repeat or (3 if quick else 7),
        processes=args.processes or (3 if quick else 7),
        batch_size=200_000 if quick else 1_000_000,
        python_size=50_000 if quick else 300_000,
        peer_size=2_000 if quick else 10_000,
        deals=40 if quick else 200,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cfg = make_config(args)
    chosen = BENCHMARKS if not args.only else tuple(args.only.split(","))
    unknown = set(chosen) - set(BENCHMARKS)
    if unknown:
        print(f"unknown benchmark(s): {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    rng = np.random.default_rng(cfg.seed)
    hands = random_hands(rng, cfg.batch_size)
    results: list[Result] = []
    progress = sys.stderr if args.json == "-" else sys.stdout
    steps: dict[str, Callable[[], list[Result]]] = {
        "import": lambda: bench_import(cfg),
        "dist-first": lambda: bench_distribution_first(cfg),
        "dist-warm": lambda: bench_distribution_warm(cfg),
        "batch": lambda: bench_batch(cfg, hands),
        "python": lambda: bench_python(cfg, hands),
        "peer": lambda: bench_peer(cfg, hands, progress),
        "discard": lambda: bench_discard(cfg, np.random.default_rng(cfg.seed + 1)),
    }
    for name in BENCHMARKS:
        if name in chosen:
            print(f"running {name} ...", file=progress, flush=True)
            results.extend(steps[name]())

    return report(args, cfg, results)


def report(args: argparse.Namespace, cfg: Any, results: Sequence[Result]) -> int:
    """Print the table (or the JSON of ``--json``); the exit status, 1 on a missed target with
    ``--check``. ``cfg`` is the run's settings, a dataclass (bench_count.py has its own)."""
    info = machine_info()
    document = {
        "machine": info,
        "config": asdict(cfg),
        "argv": sys.argv,
        "results": [asdict(r) for r in results],
    }
    if args.json == "-":
        print(json.dumps(document, indent=2))
    else:
        print()
        print(format_table(info, cfg, results))
        if args.json:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(document, f, indent=2)
                f.write("\n")
    missed = [r.name for r in results if r.passed is False]
    if missed and args.check:
        print(f"targets missed: {'; '.join(missed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

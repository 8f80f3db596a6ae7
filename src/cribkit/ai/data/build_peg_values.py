"""Rebuild the pegging values of kept hands (``peg_values.json``) from play-outs.

For each of the 1,820 patterns of four kept ranks and each role, ``--deals`` play-outs deal the
rest from a shuffled deck (the player's own two cards laid away, the opponent's six, the
starter). The opponent keeps the four of its six with the best hand (the mean fifteens, pairs
and runs over the starters, :func:`cribkit.ai.classic.keep_values`), as every cribkit player
but the random one nearly always does, and both players peg one reply ahead from what they can
see (:func:`cribkit.ai.pegging.play_out`). A pattern's value is its mean margin (own points
minus the opponent's), shrunk toward a linear model of the patterns' means
(:func:`cribkit.ai.pegging.peg_features`) in proportion to its standard error, so that the
sampling noise of one pattern does not decide a lay-away. Every pattern draws from its own
seeded generator: the file is the same whatever the number of workers.

    python -m cribkit.ai.data.build_peg_values [--deals 1000] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from cribkit.ai.classic import keep_values
from cribkit.ai.pegging import PEG_VALUES_FORMAT, peg_features, play_out, rank_patterns

OUT = Path(__file__).parent / "peg_values.json"
ROLES = ("pone", "dealer")

FloatArray = npt.NDArray[np.float64]


def best_keep(six: list[int]) -> tuple[int, ...]:
    """The four of six ranks with the best mean hand (the first such, in sorted order)."""
    values = keep_values()
    return max(combinations(sorted(six), 4), key=values.__getitem__)


def unseen_by(own: list[int], starter: int) -> dict[int, int]:
    """The ranks a player has not seen before the play: all but its six cards and the starter."""
    view = dict.fromkeys(range(1, 14), 4)
    for rank in [*own, starter]:
        view[rank] -= 1
    return view


def pattern_margins(pattern: tuple[int, ...], dealer: bool, deals: int, seed: int) -> FloatArray:
    """``deals`` pegging margins of the kept ``pattern`` in one role, against kept hands."""
    rng = random.Random(seed)
    deck = [rank for rank in range(1, 14) for _ in range(4)]
    for rank in pattern:
        deck.remove(rank)
    margins = np.empty(deals)
    for i in range(deals):
        cards = rng.sample(deck, 9)
        mine, theirs, starter = [*pattern, *cards[0:2]], cards[2:8], cards[8]
        kept = best_keep(theirs)
        views = (unseen_by(mine, starter), unseen_by(theirs, starter))
        if dealer:
            margins[i] = -play_out(kept, pattern, (views[1], views[0]))
        else:
            margins[i] = play_out(pattern, kept, views)
    return margins


def measure(task: tuple[int, int, int, int]) -> list[tuple[float, float, float, float]]:
    """(pone mean, pone standard error, dealer mean, dealer standard error) of the patterns
    ``start`` to ``stop``, each role of each pattern from its own generator."""
    start, stop, deals, seed = task
    out = []
    for index in range(start, stop):
        pattern = rank_patterns()[index]
        row: list[float] = []
        for role, dealer in enumerate((False, True)):
            margins = pattern_margins(pattern, dealer, deals, (seed * 10_000 + index) * 2 + role)
            row += [float(margins.mean()), float(margins.std(ddof=1) / np.sqrt(deals))]
        out.append((row[0], row[1], row[2], row[3]))
    return out


def shrink(means: FloatArray, errors: FloatArray) -> tuple[FloatArray, float]:
    """Each mean pulled toward a linear model of the ranks (fitted to all the means) by the
    share of its deviation that sampling noise explains; and the spread of the true
    deviations (their standard deviation, estimated)."""
    design = np.array([[1.0, *peg_features(p)] for p in rank_patterns()])
    prior = design @ np.linalg.lstsq(design, means, rcond=None)[0]
    deviation = means - prior
    spread = max(float(deviation.var() - (errors**2).mean()), 0.0)
    keep = spread / (spread + errors**2)
    return prior + keep * deviation, float(np.sqrt(spread))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=1000, help="play-outs a pattern and role")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    total = len(rank_patterns())
    chunk = 20
    tasks = [(s, min(s + chunk, total), args.deals, args.seed) for s in range(0, total, chunk)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = np.array([row for part in pool.map(measure, tasks) for row in part])
    print(f"{total * 2 * args.deals} play-outs in {time.perf_counter() - started:.0f} s")
    out: dict[str, object] = {
        "format_version": PEG_VALUES_FORMAT,
        "method": {"deals_per_pattern": args.deals, "seed": args.seed, "patterns": total},
    }
    for role_index, role in enumerate(ROLES):
        means, errors = rows[:, 2 * role_index], rows[:, 2 * role_index + 1]
        values, spread = shrink(means, errors)
        out[role] = [round(float(v), 4) for v in values]
        out[f"{role}_fit"] = {
            "mean_margin": round(float(means.mean()), 4),
            "mean_standard_error": round(float(errors.mean()), 4),
            "pattern_spread_beyond_linear": round(spread, 4),
            "values_sd": round(float(values.std()), 4),
        }
        print(f"{role}: mean margin {means.mean():+.3f}, values sd {values.std():.3f}")
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

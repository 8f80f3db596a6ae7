"""Rebuild the pegging values of kept hands (``peg_values.json``) from play-outs.

Each play-out deals two four-card hands, two cards laid away by each player and a starter
from a shuffled deck, and plays the play out with both players pegging one reply ahead from
what they can see (:func:`cribkit.ai.pegging.play_out`). Pone's margin is a sample of pone's
kept hand's value, and its negative one of the dealer's. A linear model of the kept ranks
(:func:`cribkit.ai.pegging.peg_features`: each rank's count and each pair of ranks held) is
fitted to each role by least squares; the file holds the weights and the fit's figures.

    python -m cribkit.ai.data.build_peg_values [--deals 200000] [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from cribkit.ai.pegging import PEG_FEATURES, PEG_VALUES_FORMAT, peg_features, play_out

OUT = Path(__file__).parent / "peg_values.json"


def sample_deals(seed: int, deals: int) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """``deals`` play-outs: (pone's ranks, the dealer's ranks, pone's margin)."""
    rng = random.Random(seed)
    deck = [rank for rank in range(1, 14) for _ in range(4)]
    out = []
    for _ in range(deals):
        cards = rng.sample(deck, 13)
        pone, dealer = tuple(cards[0:4]), tuple(cards[4:8])
        starter = cards[12]
        views = []
        for own in (cards[0:4] + cards[8:10], cards[4:8] + cards[10:12]):
            view = dict.fromkeys(range(1, 14), 4)
            for rank in [*own, starter]:
                view[rank] -= 1
            views.append(view)
        out.append((pone, dealer, play_out(pone, dealer, (views[0], views[1]))))
    return out


def fit(rows: np.ndarray, targets: np.ndarray) -> tuple[list[float], float, float]:
    """Least-squares weights (intercept first), the residual sd and R² of a held-out fifth."""
    design = np.column_stack([np.ones(len(rows)), rows])
    held = len(rows) // 5
    train, test = slice(held, None), slice(0, held)
    weights = np.linalg.lstsq(design[train], targets[train], rcond=None)[0]
    residual = targets[test] - design[test] @ weights
    r2 = 1 - residual.var() / targets[test].var()
    full = np.linalg.lstsq(design, targets, rcond=None)[0]
    return [round(float(w), 5) for w in full], float(residual.std()), float(r2)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deals", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    chunks = 20
    sizes = [args.deals // chunks + (i < args.deals % chunks) for i in range(chunks)]
    with ProcessPoolExecutor(args.workers) as pool:
        parts = pool.map(sample_deals, [args.seed * 1000 + i for i in range(chunks)], sizes)
        samples = [row for part in parts for row in part]
    print(f"{len(samples)} play-outs in {time.perf_counter() - started:.0f} s")
    margins = np.array([m for _, _, m in samples], dtype=np.float64)
    out: dict[str, object] = {
        "format_version": PEG_VALUES_FORMAT,
        "method": {"deals": args.deals, "seed": args.seed, "features": PEG_FEATURES},
    }
    for role, sign in (("pone", 1.0), ("dealer", -1.0)):
        hands = [pone if role == "pone" else dealer for pone, dealer, _ in samples]
        rows = np.array([peg_features(hand) for hand in hands], dtype=np.float64)
        weights, sd, r2 = fit(rows, sign * margins)
        out[role] = weights
        out[f"{role}_fit"] = {
            "mean_margin": round(float(sign * margins.mean()), 4),
            "held_out_residual_sd": round(sd, 4),
            "held_out_r2": round(r2, 4),
        }
        print(f"{role}: mean margin {sign * margins.mean():+.3f}, held-out R² {r2:.4f}")
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {args.out} in {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()

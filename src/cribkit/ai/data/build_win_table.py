"""Rebuild the win-probability tables from self-play deals.

Plays seeded two-player games between medium players (exact discard analysis, one-reply
pegging: fast, and close to the expert's points per deal), keeps every deal that was played to
its end as a sample of (dealer's pegging with his heels, pone's pegging, pone's hand, dealer's
hand, crib), and solves :func:`cribkit.ai.win_table.solve_win_table` for targets 121 and 61.

    python -m cribkit.ai.data.build_win_table [--games 1500] [--seed 1] [--out DIR]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from cribkit.ai.players import make_player
from cribkit.ai.win_table import DEAL_COLUMNS, encode, solve_win_table
from cribkit.games import start

_COLUMN = {name: i for i, name in enumerate(DEAL_COLUMNS)}


def deal_samples(games: int, seed: int, *, level: str = "medium") -> list[list[int]]:
    """Per-deal point samples from ``games`` self-play games (complete deals only)."""
    samples: list[list[int]] = []
    for game in range(games):
        players = [
            make_player("classic", level, seed=seed * 100_003 + game * 2 + i) for i in range(2)
        ]
        transition = start("classic", seed=seed * 1_000_003 + game)
        state = transition.state
        current: list[int] = [0] * len(DEAL_COLUMNS)
        dealer = state.dealer
        deal_no = state.deal_no
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(state.observation(seat), state.legal_actions())
            transition = state.apply(action)
            for event in transition.events:
                if event.type in ("peg", "go", "last_card", "heels") and event.points:
                    column = "dealer_peg" if event.seat == dealer else "pone_peg"
                    current[_COLUMN[column]] += event.points
                elif event.type == "show" and event.points:
                    column = "dealer_hand" if event.seat == dealer else "pone_hand"
                    current[_COLUMN[column]] += event.points
                elif event.type == "crib":
                    current[_COLUMN["crib"]] += event.points
                    samples.append(current)
                    current = [0] * len(DEAL_COLUMNS)
            state = transition.state
            if state.deal_no != deal_no:
                deal_no, dealer = state.deal_no, state.dealer
                current = [0] * len(DEAL_COLUMNS)
        if (game + 1) % 100 == 0:
            print(f"  {game + 1}/{games} games, {len(samples)} deals", file=sys.stderr)
    return samples


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    samples = np.array(deal_samples(args.games, args.seed), dtype=np.int64)
    means = dict(zip(DEAL_COLUMNS, samples.mean(axis=0).round(3).tolist(), strict=True))
    print(f"{len(samples)} deals in {time.perf_counter() - started:.0f} s; means {means}")
    for target in (121, 61):
        solving = time.perf_counter()
        table = solve_win_table(samples, target)
        path = args.out / f"win_table_{target}.npy"
        path.write_bytes(encode(table))
        print(
            f"target {target}: dealer at 0-0 wins {table[0, 0, 1]:.4f}, pone {table[0, 0, 0]:.4f}; "
            f"solved in {time.perf_counter() - solving:.1f} s -> {path}"
        )


if __name__ == "__main__":
    main()

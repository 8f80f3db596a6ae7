"""Rebuild the win-probability tables from self-play deals.

Plays seeded two-player games between medium players (exact discard analysis, one-reply
pegging: fast, and close to the expert's points per deal), keeps every deal that was played to
its end as a sample of (dealer's pegging with his heels, pone's pegging, pone's hand, dealer's
hand, crib), and solves :func:`cribkit.ai.win_table.solve_win_table` for targets 121 and 61.

    python -m cribkit.ai.data.build_win_table [--games 1500] [--seed 1] [--out DIR]
        [--level medium] [--workers 1]

``--level`` plays the self-play games at another level (the expert's own games: issue 19's
rebuild); ``--workers`` plays them in that many processes, each a range of the games, which
are joined in order: the same samples and tables whatever the number of workers.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

from cribkit.ai.players import make_player
from cribkit.ai.win_table import DEAL_COLUMNS, encode, solve_win_table
from cribkit.games import start

_COLUMN = {name: i for i, name in enumerate(DEAL_COLUMNS)}


def deal_samples(
    games: int, seed: int, *, level: str = "medium", first: int = 0
) -> list[list[int]]:
    """Per-deal point samples from self-play games ``first`` to ``first + games - 1``
    (complete deals only)."""
    samples: list[list[int]] = []
    for game in range(first, first + games):
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
        if (game + 1 - first) % 100 == 0:
            print(f"  {game + 1 - first}/{games} games, {len(samples)} deals", file=sys.stderr)
    return samples


def _chunk(job: tuple[int, int, str, int]) -> list[list[int]]:
    games, seed, level, first = job
    return deal_samples(games, seed, level=level, first=first)


def all_samples(games: int, seed: int, level: str, workers: int) -> list[list[int]]:
    """:func:`deal_samples` of every game, played in ``workers`` processes and joined in the
    order of the games."""
    if workers <= 1:
        return deal_samples(games, seed, level=level)
    bounds = [games * w // workers for w in range(workers + 1)]
    jobs = [(bounds[w + 1] - bounds[w], seed, level, bounds[w]) for w in range(workers)]
    with ProcessPoolExecutor(workers) as pool:
        return [sample for chunk in pool.map(_chunk, jobs) for sample in chunk]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path(__file__).parent)
    parser.add_argument("--level", default="medium", help="the self-play level")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    found = all_samples(args.games, args.seed, args.level, args.workers)
    samples = np.array(found, dtype=np.int64)
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

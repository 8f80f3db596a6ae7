"""Benchmark: analysing a whole classic game to 121, both seats (``cribkit analyse``'s work).

Run from the repository root::

    .venv/bin/python bench/bench_analysis.py               # 5 games, expert against medium
    .venv/bin/python bench/bench_analysis.py --games 9 --json
    .venv/bin/python bench/bench_analysis.py --games 1 --save game.json   # keep game 0's record

Each game is a real one played to 121 by the expert (seat 0) against the medium player (seat
1), seeded by its number, so every run analyses the same games. The figure is the median time
of :func:`cribkit.analysis.game.analyse` over the games, with the min and max, after one warm-up
analysis (which loads the crib and win tables once per process, as a long-running server
would); the cold first analysis, tables and all, is given too. The target is 5 s a game.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from typing import Any

from cribkit.ai.players import make_player
from cribkit.analysis.game import analyse
from cribkit.games import start
from cribkit.games.records import dumps
from timing import summary

TARGET_SECONDS = 5.0


def played_game(seed: int) -> dict[str, Any]:
    """The record of a classic game to 121, the expert (seat 0) against medium (seat 1)."""
    state = start("classic", seed=seed).state
    players = [
        make_player("classic", level, seed=seed * 2 + i)
        for i, level in enumerate(("expert", "medium"))
    ]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
    record: dict[str, Any] = state.record()
    return record


def run(games: int, first_seed: int, save: str | None = None) -> dict[str, Any]:
    records = [played_game(seed) for seed in range(first_seed, first_seed + games)]
    if save is not None:
        with open(save, "w", encoding="utf-8") as out:
            out.write(dumps(records[0]))
    start_time = time.perf_counter()
    analyse(records[0])
    cold = time.perf_counter() - start_time
    times, decisions = [], []
    for record in records:
        start_time = time.perf_counter()
        found = analyse(record)
        times.append(time.perf_counter() - start_time)
        decisions.append(len(found.decisions))
    return {
        "games": games,
        "first_seed": first_seed,
        "cold_first_seconds": cold,
        **summary(times, "median", "min", "max", scale=1, suffix="_seconds"),
        "decisions_per_game": statistics.median(decisions),
        "actions_per_game": statistics.median(len(r["actions"]) for r in records),
        "target_seconds": TARGET_SECONDS,
        "python": platform.python_version(),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games to analyse")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--save", metavar="FILE", help="write the first game's record there")
    args = parser.parse_args(argv)
    result = run(args.games, args.seed, args.save)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(
        f"classic game to 121, both seats: median {result['median_seconds']:.2f} s "
        f"(min {result['min_seconds']:.2f}, max {result['max_seconds']:.2f}) over "
        f"{result['games']} games of {result['actions_per_game']} actions, "
        f"{result['decisions_per_game']} decisions each; cold first "
        f"{result['cold_first_seconds']:.2f} s; target {TARGET_SECONDS:.0f} s"
    )


if __name__ == "__main__":
    main()

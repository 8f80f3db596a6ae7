"""Benchmark: full random-vs-random classic games per second on one core.

Run from the repository root::

    .venv/bin/python bench/bench_classic.py                 # 2 players, 300 games x 5 runs
    .venv/bin/python bench/bench_classic.py --players 3 --games 200 --runs 3
    .venv/bin/python bench/bench_classic.py --json           # one JSON object on stdout

Each game starts from its own seed, and both players choose uniformly among the legal actions
with a seeded ``random.Random``, so every run plays the same games. Two figures: games whose
events nobody reads (a simulation; the engine makes events lazily) and games whose every event
is made. Each is the median of the runs, with the min and max: the machine may be shared and
noisy, so the max (least disturbed run) is worth a look too, and so is the rate by the CPU time
the process used, which other processes disturb less than the wall clock. The project target is 300 games/s
for 2 players; ``bench/bench_openspiel.py`` sets these games beside OpenSpiel's C++ cribbage
(and ``cribkit simulate``), per CPU-second.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from typing import Any

from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import start_game

TARGET_GAMES_PER_SECOND = 300


def play_games(
    rules: ClassicRules, games: int, first_seed: int = 0, *, read_events: bool = False
) -> tuple[int, int]:
    """Play ``games`` seeded random games to the end; the actions taken and events read."""
    actions = events = 0
    for seed in range(first_seed, first_seed + games):
        rng = random.Random(seed)
        transition = start_game(rules, seed=seed)
        state = transition.state
        if read_events:
            events += len(transition.events)
        while not state.is_terminal:
            transition = state.apply(rng.choice(state.legal_actions()))
            state = transition.state
            if read_events:
                events += len(transition.events)
            actions += 1
    return actions, events


def rates(
    rules: ClassicRules, games: int, runs: int, *, read_events: bool
) -> tuple[list[float], list[float]]:
    """Games per second in each of ``runs`` timed runs, by the wall clock and by CPU time."""
    wall, cpu = [], []
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        play_games(rules, games, read_events=read_events)
        wall.append(games / (time.perf_counter() - start))
        cpu.append(games / (time.process_time() - start_cpu))
    return wall, cpu


def run(players: int, target: int, games: int, runs: int) -> dict[str, Any]:
    """Time ``runs`` runs of ``games`` games; games/s as median, min and max."""
    rules = ClassicRules(players=players, target=target)
    play_games(rules, max(games // 10, 5), first_seed=10**6)  # warm up (tables, caches)
    actions, events = play_games(rules, games, read_events=True)
    silent, silent_cpu = rates(rules, games, runs, read_events=False)
    read, read_cpu = rates(rules, games, runs, read_events=True)
    return {
        "benchmark": "classic random games",
        "players": players,
        "target": target,
        "games": games,
        "runs": runs,
        "games_per_second": round(statistics.median(silent), 1),
        "min": round(min(silent), 1),
        "max": round(max(silent), 1),
        "games_per_second_reading_events": round(statistics.median(read), 1),
        "min_reading_events": round(min(read), 1),
        "max_reading_events": round(max(read), 1),
        "games_per_cpu_second": round(statistics.median(silent_cpu), 1),
        "games_per_cpu_second_reading_events": round(statistics.median(read_cpu), 1),
        "actions_per_game": round(actions / games, 1),
        "events_per_game": round(events / games, 1),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--target", type=int, choices=(121, 61), default=121)
    parser.add_argument("--games", type=int, default=300, help="games per run")
    parser.add_argument("--runs", type=int, default=5, help="timed runs (the median is shown)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    result = run(args.players, args.target, args.games, args.runs)
    if args.json:
        json.dump(result, sys.stdout)
        print()
    else:
        print(
            f"classic, {args.players} players to {args.target}: "
            f"{result['games_per_second']:.0f} games/s "
            f"(median of {args.runs} runs of {args.games}; "
            f"min {result['min']:.0f}, max {result['max']:.0f}); "
            f"reading every event {result['games_per_second_reading_events']:.0f} games/s "
            f"(min {result['min_reading_events']:.0f}, "
            f"max {result['max_reading_events']:.0f}); "
            f"by CPU time {result['games_per_cpu_second']:.0f} and "
            f"{result['games_per_cpu_second_reading_events']:.0f} games/s; "
            f"{result['actions_per_game']:.0f} actions and "
            f"{result['events_per_game']:.0f} events a game; "
            f"target {TARGET_GAMES_PER_SECOND} games/s for 2 players"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

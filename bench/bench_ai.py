"""Benchmark: how long each AI level takes to decide, in real classic games.

Run from the repository root::

    .venv/bin/python bench/bench_ai.py                        # expert vs easy, 20 games
    .venv/bin/python bench/bench_ai.py --level medium --games 40 --json

Plays seeded two-player games between ``--level`` and ``--against``, times every decision of
``--level`` (the ``choose`` call alone: the engine's own work is not counted), and prints the
median, p95, p99 and max per phase (laying away, pegging) and over all decisions. The project
target for the expert is a p95 under 200 ms.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cribkit.ai.players import make_player
from cribkit.games import lookup, start
from timing import summary as times_summary

TARGET_P95_SECONDS = 0.200


def decision_times(
    spec: str, level: str, against: str, games: int, seed: int
) -> dict[str, list[float]]:
    """Seconds per decision of ``level``, by phase, over ``games`` games (seats alternate)."""
    rules = lookup(spec)
    times: dict[str, list[float]] = {}
    for game in range(games):
        timed_seat = game % 2
        players = [
            make_player(
                rules.GAME, level if seat == timed_seat else against, seed=seed + game * 2 + seat
            )
            for seat in range(2)
        ]
        state = start(rules, seed=seed + game).state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            started = time.perf_counter()
            action = players[seat].choose(observation, legal)
            elapsed = time.perf_counter() - started
            if seat == timed_seat:
                times.setdefault(state.phase, []).append(elapsed)
            state = state.apply(action).state
    return times


def summary(values: list[float]) -> dict[str, float]:
    return {"decisions": len(values), **times_summary(values, "median", "p95", "p99", "max")}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="classic")
    parser.add_argument("--level", default="expert")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    times = decision_times(args.game, args.level, args.against, args.games, args.seed)
    everything = [t for values in times.values() for t in values]
    report: dict[str, Any] = {
        "game": args.game,
        "level": args.level,
        "against": args.against,
        "games": args.games,
        "all": summary(everything),
        "by_phase": {phase: summary(values) for phase, values in sorted(times.items())},
        "target_p95_ms": 1000 * TARGET_P95_SECONDS,
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.level} vs {args.against}, {args.game}, {args.games} games")
    print(
        f"{'phase':<10} {'decisions':>9} {'median ms':>10} {'p95 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    )
    for name, row in [("all", report["all"]), *report["by_phase"].items()]:
        print(
            f"{name:<10} {row['decisions']:>9} {row['median_ms']:>10.2f} {row['p95_ms']:>8.1f} "
            f"{row['p99_ms']:>8.1f} {row['max_ms']:>8.1f}"
        )
    print(f"target: p95 under {1000 * TARGET_P95_SECONDS:.0f} ms")


if __name__ == "__main__":
    main()

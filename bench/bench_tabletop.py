"""Benchmark: the Table Top Cribbage expert against easy and medium, and its decision times.

Run from the repository root (one process at a time on a shared machine)::

    .venv/bin/python bench/bench_tabletop.py                       # 400 matches each, 1 worker
    .venv/bin/python bench/bench_tabletop.py --games 40 --timing-games 10 --json
    .venv/bin/python bench/bench_tabletop.py --spec tabletop:players=4 --workers 2

The matches are :func:`cribkit.sim.simulate` tournaments (duplicate deals: each seed is played
from both chairs). The decision times come from separate seeded matches of the expert against
medium, timing the expert's ``choose`` call alone (the engine's work is not counted); the
expert plays seat ``game % 2``. Targets: the expert wins at least 65% of its matches against
easy and 55% against medium, and decides in under 1 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import cribkit.ai.tabletop  # noqa: F401 - registers the Table Top players
from cribkit.ai.players import make_player
from cribkit.games import lookup, start
from cribkit.sim import simulate
from timing import timed_choice, timing_summary

TARGET_WIN_RATE = {"easy": 0.65, "medium": 0.55}
TARGET_P95_SECONDS = 1.0


def decision_times(
    spec: str, level: str, against: str, games: int, seed: int
) -> tuple[list[float], list[float]]:
    """Seconds per decision of ``level`` over ``games`` matches against ``against``:
    wall-clock and CPU."""
    rules = lookup(spec)
    players_count = int(getattr(rules, "players", 2))
    times: list[float] = []
    cpu_times: list[float] = []
    for game in range(games):
        timed_side = game % 2
        players = [
            make_player(
                rules.GAME,
                level if seat % 2 == timed_side else against,
                seed=seed + game * players_count + seat,
            )
            for seat in range(players_count)
        ]
        state = start(rules, seed=seed + game).state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            action, elapsed, cpu = timed_choice(players[seat], observation, legal)
            if seat % 2 == timed_side:
                times.append(elapsed)
                cpu_times.append(cpu)
            state = state.apply(action).state
    return times, cpu_times


def match_report(spec: str, against: str, games: int, seed: int, workers: int) -> dict[str, Any]:
    """The expert against ``against`` over ``games`` matches."""
    result = simulate(spec, ["expert", against], games=games, seed=seed, workers=workers)
    wins = result.wins[0]
    low, high = result.ci95[0]
    return {
        "against": against,
        "games": result.games,
        "wins": wins,
        "win_rate": wins / result.games,
        "ci95": [low, high],
        "target_win_rate": TARGET_WIN_RATE.get(against),
        "seconds": result.seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--spec", default="tabletop", help="the game and its options")
    parser.add_argument("--games", type=int, default=400, help="matches per pairing")
    parser.add_argument("--against", nargs="+", default=["easy", "medium"])
    parser.add_argument("--timing-games", type=int, default=20, help="matches timed")
    parser.add_argument("--seed", type=int, default=20261129)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    matches = [
        match_report(args.spec, against, args.games, args.seed, args.workers)
        for against in args.against
    ]
    times, cpu_times = decision_times(args.spec, "expert", "medium", args.timing_games, args.seed)
    timing = {"matches": args.timing_games, **timing_summary(times, TARGET_P95_SECONDS)}
    report = {
        "spec": lookup(args.spec).spec(),
        "seed": args.seed,
        "matches": matches,
        "timing": timing,
        "cpu_timing": timing_summary(cpu_times, TARGET_P95_SECONDS),
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['spec']}, seed {args.seed}")
    for row in matches:
        target = row["target_win_rate"]
        verdict = (
            "" if target is None else ("  ok" if row["win_rate"] >= target else "  BELOW TARGET")
        )
        print(
            f"expert vs {row['against']:<7} {row['wins']:>4}/{row['games']} "
            f"= {100 * row['win_rate']:5.1f}% (95% CI {100 * row['ci95'][0]:.1f}-"
            f"{100 * row['ci95'][1]:.1f}), "
            f"{row['seconds']:.0f} s{verdict}"
        )
    for clock, row in (("wall-clock", timing), ("CPU", report["cpu_timing"])):
        print(
            f"expert decisions ({clock}): {row['decisions']} over {args.timing_games} matches, "
            f"median {row['median_ms']:.1f} ms, p95 {row['p95_ms']:.1f} ms, p99 "
            f"{row['p99_ms']:.1f} ms, max {row['max_ms']:.1f} ms (target p95 under "
            f"{row['target_p95_ms']:.0f} ms)"
        )


if __name__ == "__main__":
    main()

"""Benchmark: the Cribbage Tiles expert against easy, points per game and per turn, and the
expert's decision times.

Run from the repository root (one process at a time on a shared machine)::

    nice -n 19 .venv/bin/python bench/bench_tiles_ai.py                  # 400 games
    nice -n 19 .venv/bin/python bench/bench_tiles_ai.py --games 50 --json
    nice -n 19 .venv/bin/python bench/bench_tiles_ai.py --pairing medium easy --games 100

The games are a :func:`cribkit.sim.simulate` tournament (each seed is played from both chairs).
Points per game are the final scores (rack deductions included); points per turn divide them
by the turns the level took (plays, exchanges and passes), as ``cribkit simulate tiles --json``
reports them. The decision times (wall clock, and the process's CPU time, which is what a
decision costs on a free core when the shared machine is overloaded) come
from the expert's ``choose`` calls alone, in separate seeded games against easy (the expert
plays seat ``game % 2``). Targets: the expert wins at least 60% of 400 games against easy and
decides in under 2 s at the 95th percentile.
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from cribkit.ai.players import make_player
from cribkit.games import lookup, start
from cribkit.sim import simulate
from timing import timed_choice, timing_summary

TARGET_WIN_RATE = 0.60
TARGET_P95_SECONDS = 2.0


def match_report(
    spec: str, entrants: list[str], games: int, seed: int, workers: int = 1
) -> dict[str, Any]:
    """``entrants[0]`` against ``entrants[1]``: wins, points per game and per turn (the
    simulation's Cribbage Tiles figures)."""
    result = simulate(spec, entrants, games=games, seed=seed, workers=workers)
    data = result.to_dict()
    low, high = result.ci95[0]
    return {
        "entrants": entrants,
        "games": result.games,
        "wins": result.wins,
        "win_rate": result.wins[0] / result.games,
        "ci95": [low, high],
        "target_win_rate": TARGET_WIN_RATE,
        "seconds": result.seconds,
        "points_per_game": data["points_per_game"],
        "points_per_turn": data["points_per_turn"],
        "turns_per_game": data["turns_per_game"],
    }


def play_for_points(
    spec: str, entrants: list[str], games: int, seed: int
) -> tuple[dict[str, Any], list[float], list[float]]:
    """Games of ``entrants[0]`` (seat ``game % 2``) against ``entrants[1]``, played here so
    that each level's points and turns are counted exactly and its decisions timed."""
    rules = lookup(spec)
    scores: list[list[int]] = [[], []]
    turns = [0, 0]
    wins = [0, 0]
    ties = 0
    times: list[float] = []
    cpu_times: list[float] = []
    for game in range(games):
        first = game % 2
        levels = [entrants[0], entrants[1]] if first == 0 else [entrants[1], entrants[0]]
        entrant_of = [0, 1] if first == 0 else [1, 0]
        players = [
            make_player(rules.GAME, lv, seed=seed + 2 * game + s) for s, lv in enumerate(levels)
        ]
        state = start(rules, seed=seed + game // 2).state
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            observation, legal = state.observation(seat), state.legal_actions()
            action, elapsed, cpu = timed_choice(players[seat], observation, legal)
            if entrant_of[seat] == 0:
                times.append(elapsed)
                cpu_times.append(cpu)
            turns[entrant_of[seat]] += 1
            state = state.apply(action).state
        result = state.result
        assert result is not None
        for seat in (0, 1):
            scores[entrant_of[seat]].append(int(result.scores[seat]))
        if len(result.winners) > 1:
            ties += 1
        else:
            wins[entrant_of[int(result.winner)]] += 1
    report = {
        "entrants": entrants,
        "games": games,
        "wins": wins,
        "ties": ties,
        "points_per_game": [statistics.mean(s) for s in scores],
        "points_per_turn": [sum(scores[e]) / max(1, turns[e]) for e in (0, 1)],
        "turns_per_game": [turns[e] / games for e in (0, 1)],
    }
    return report, times, cpu_times


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--spec", default="tiles", help="the game and its options")
    parser.add_argument("--games", type=int, default=400, help="games in the tournament")
    parser.add_argument("--pairing", nargs=2, default=["expert", "easy"], metavar="LEVEL")
    parser.add_argument("--points-games", type=int, default=0,
                        help="also play this many games here, counting points per turn and "
                        "timing every decision of the first level")  # fmt: skip
    parser.add_argument("--seed", type=int, default=20260301)
    parser.add_argument("--workers", type=int, default=1, help="processes for the tournament")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()

    entrants = list(args.pairing)
    report: dict[str, Any] = {"spec": lookup(args.spec).spec(), "seed": args.seed}
    if args.games:
        report["tournament"] = match_report(
            args.spec, entrants, args.games, args.seed, args.workers
        )
    if args.points_games:
        points, times, cpu_times = play_for_points(
            args.spec, entrants, args.points_games, args.seed
        )
        report["points"] = points
        report["timing"] = timing_summary(times, TARGET_P95_SECONDS)
        report["cpu_timing"] = timing_summary(cpu_times, TARGET_P95_SECONDS)
    if args.json:
        print(json.dumps(report))
        return
    print(f"{report['spec']}, seed {args.seed}")
    tour = report.get("tournament")
    if tour:
        low, high = tour["ci95"]
        print(
            f"{entrants[0]} vs {entrants[1]}: {tour['wins'][0]}/{tour['games']} wins "
            f"({100 * tour['win_rate']:.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f}%), "
            f"{tour['seconds']:.0f} s"
        )
        for e, level in enumerate(entrants):
            print(
                f"  {level}: {tour['points_per_game'][e]:.1f} points a game, "
                f"{tour['points_per_turn'][e]:.2f} a turn ({tour['turns_per_game'][e]:.1f} turns)"
            )
    if "points" in report:
        points = report["points"]
        for e, level in enumerate(entrants):
            print(
                f"{level}: {points['points_per_game'][e]:.1f} points a game, "
                f"{points['points_per_turn'][e]:.2f} a turn ({points['turns_per_game'][e]:.1f} turns)"
            )
        for what, key in (("wall", "timing"), ("CPU", "cpu_timing")):
            t = report[key]
            print(
                f"{entrants[0]} decisions ({what} time): {t['decisions']}, "
                f"mean {t['mean_ms']:.0f} ms, median {t['median_ms']:.0f} ms, "
                f"p95 {t['p95_ms']:.0f} ms, max {t['max_ms']:.0f} ms"
            )


if __name__ == "__main__":
    main()

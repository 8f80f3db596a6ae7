"""Benchmark: the analysis of whole Table Top and Tiles games (both seats), and of each move.

Run from the repository root (one process at a time on a shared machine)::

    .venv/bin/python bench/bench_analysis_boards.py                 # 5 games of each
    .venv/bin/python bench/bench_analysis_boards.py --games 3 --json

Each game is a real one, played first (not timed): the expert against medium, seeded
``--seed + i``, the expert in seat ``i % 2``; Table Top to 121, Tiles on the 13x13 board. Then
:func:`cribkit.analysis.game.analyse` analyses its record for every seat (the replay, every
decision, the luck), timed as a whole; the figure is the median over the games (min and max
beside it). The time of each move (what the coach would wait for after one) is the time
between two calls of ``analyse``'s progress: the replay of the action and its decision.
Targets: a Tiles game under 30 s (issue 16); Table Top has none, it is reported.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import cribkit.ai.tabletop  # registers the Table Top players
import cribkit.ai.tiles  # noqa: F401 - registers the Tiles players
from cribkit.ai.players import make_player
from cribkit.analysis.game import analyse
from cribkit.games import lookup, start
from timing import summary

TARGET_SECONDS = {"tiles": 30.0}
SPECS = ("tabletop", "tiles")


def play(spec: str, seed: int, expert_seat: int) -> dict[str, Any]:
    """A record of the expert against medium."""
    rules = lookup(spec)
    seats = rules.seats
    players = [
        make_player(rules.GAME, "expert" if s == expert_seat else "medium", seed=seed * 10 + s)
        for s in range(seats)
    ]
    state = start(rules, seed=seed).state
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(
            players[seat].choose(state.observation(seat), state.legal_actions())
        ).state
    record: dict[str, Any] = state.record()
    return record


def time_analysis(record: dict[str, Any]) -> tuple[float, list[float], int]:
    """The seconds of the whole analysis, of each action, and the decisions analysed."""
    marks: list[float] = []
    started = time.perf_counter()
    analysis = analyse(record, progress=lambda done, total: marks.append(time.perf_counter()))
    ended = time.perf_counter()
    moves = [b - a for a, b in zip([started, *marks], marks, strict=False)]
    return ended - started, moves, len(analysis.decisions)


def report(spec: str, games: int, seed: int) -> dict[str, Any]:
    wholes: list[float] = []
    moves: list[float] = []
    decisions = actions = 0
    for i in range(games):
        record = play(spec, seed + i, i % 2)
        whole, each, count = time_analysis(record)
        wholes.append(whole)
        moves.extend(each)
        decisions += count
        actions += len(record["actions"])
    target = TARGET_SECONDS.get(lookup(spec).GAME)
    return {
        "spec": lookup(spec).spec(),
        "games": games,
        "actions": actions,
        "decisions": decisions,
        **summary(wholes, "median", "min", "max", scale=1, suffix="_s"),
        **summary(moves, "median", "p95", "max", prefix="move_"),
        "target_s": target,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="games of each")
    parser.add_argument("--seed", type=int, default=20261201)
    parser.add_argument("--spec", nargs="+", default=list(SPECS), help="games and options")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rows = [report(spec, args.games, args.seed) for spec in args.spec]
    if args.json:
        print(json.dumps({"seed": args.seed, "rows": rows}))
        return
    for row in rows:
        target = row["target_s"]
        verdict = "" if target is None else ("  ok" if row["median_s"] < target else "  TOO SLOW")
        print(
            f"{row['spec']}: {row['games']} games, {row['actions']} actions, "
            f"{row['decisions']} decisions; a whole game median {row['median_s']:.2f} s "
            f"({row['min_s']:.2f}-{row['max_s']:.2f}); a move median {row['move_median_ms']:.1f} "
            f"ms, p95 {row['move_p95_ms']:.1f} ms, max {row['move_max_ms']:.1f} ms{verdict}"
        )


if __name__ == "__main__":
    main()

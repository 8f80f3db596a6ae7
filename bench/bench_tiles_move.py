"""Benchmark: one computer move of Cribbage Tiles as the web makes it, the old way against the
new, per level.

Run from the repository root (one process at a time on a shared machine)::

    nice -n 19 .venv/bin/python bench/bench_tiles_move.py               # 6 games, 5 runs each
    nice -n 19 .venv/bin/python bench/bench_tiles_move.py --games 2 --repeat 3 --json

The positions are every turn of ``--games`` seeded games of ``--spec`` (default ``tiles``, the
13x13 board, 2 players) played by easy on both sides (seeds ``--seed``, ``--seed + 1``...).
At each position and for each level the move is made both ways, alternately, ``--repeat``
times (the expert, a few hundred ms a move, once, at every ``--expert-every``-th position),
each time on a copy of the state with no plays cached (as the web's state is when its
computer is asked):

- old: what ``cribkit.web.workers.choose_move`` did before: ``make_player`` (``random`` the
  shared ``RandomPlayer``) and ``player.choose(state.observation(seat), state.legal_actions())``,
  the state listing every play;
- new: ``choose_move`` itself: ``choose_for_seat``, which gives a Tiles player the view and
  ``state.offered_actions()`` (``choose_composed``): random draws a uniform legal action
  without generating every play, the other levels generate their plays once, from the view.

A position's time is the median of its runs; a level's figures are the median, mean and p95
over the positions (the mean is what a game's computer moves cost on average). The easy,
medium and expert choices must be the same both ways (the script stops if not); random's are
drawn differently (uniform either way).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cribkit.ai.players import LEVELS, Player, RandomPlayer, choose_for_seat, make_player
from cribkit.games import lookup
from cribkit.games.protocol import Action
from cribkit.games.tiles.state import TilesRules, TilesState, start_tiles
from cribkit.web.workers import choose_move
from timing import summary as times_summary


def game_positions(rules: TilesRules, seed: int) -> list[TilesState]:
    """Every position of a seeded game of easy against easy, the player to move's turn."""
    players = [make_player("tiles", "easy", seed=seed * 10 + s) for s in range(rules.players)]
    state = start_tiles(rules, seed=seed).state
    out = []
    while not state.is_terminal:
        out.append(state)
        seat = state.current_player
        assert seat is not None
        state = state.apply(choose_for_seat(players[seat], state, seat)).state
    return out


def old_choose_move(level: str, seed: int, state: TilesState, seat: int) -> Action:
    """``choose_move`` as it was: the whole legal list, the shared random player."""
    player: Player = RandomPlayer(seed) if level == "random" else make_player("tiles", level, seed)
    return player.choose(state.observation(seat), state.legal_actions())


def new_choose_move(level: str, seed: int, state: TilesState, seat: int) -> Action:
    return choose_move("tiles", level, seed, state, seat)


def timed(
    way: Callable[[str, int, TilesState, int], Action], level: str, state: TilesState
) -> tuple[float, Action]:
    fresh = replace(state)  # a state with no plays cached, as the web's is
    seat = fresh.current_player
    assert seat is not None
    seed = len(state.history)
    start = time.perf_counter()
    action = way(level, seed, fresh, seat)
    return time.perf_counter() - start, action


def summary(times: list[float]) -> dict[str, float]:
    return times_summary(times, "median", "mean", "p95")


def run(spec: str, games: int, seed: int, repeat: int, expert_every: int) -> dict[str, Any]:
    rules = lookup(spec)
    if not isinstance(rules, TilesRules):
        raise SystemExit(f"--spec is a Cribbage Tiles game (tiles:...), not {spec!r}")
    positions = [p for g in range(games) for p in game_positions(rules, seed + g)]
    levels: dict[str, dict[str, Any]] = {}
    for level in LEVELS:
        runs = 1 if level == "expert" else repeat
        chosen = positions[::expert_every] if level == "expert" else positions
        old_times: list[float] = []
        new_times: list[float] = []
        for state in chosen:
            old_runs: list[float] = []
            new_runs: list[float] = []
            for r in range(runs):
                # Alternate which way goes first, so that neither has the warmer caches.
                ways = [(old_choose_move, old_runs), (new_choose_move, new_runs)]
                made = []
                for way, into in ways if r % 2 == 0 else ways[::-1]:
                    seconds, action = timed(way, level, state)
                    into.append(seconds)
                    made.append(action)
                if level != "random" and made[0] != made[1]:
                    raise SystemExit(f"{level} chose differently the two ways in {state!r}")
            old_times.append(statistics.median(old_runs))
            new_times.append(statistics.median(new_runs))
        old, new = summary(old_times), summary(new_times)
        levels[level] = {
            "positions": len(chosen),
            "runs_each": runs,
            "old": old,
            "new": new,
            "speedup_median": old["median_ms"] / new["median_ms"],
            "speedup_mean": old["mean_ms"] / new["mean_ms"],
        }
    legal = [timed_call(lambda s: replace(s).legal_actions(), p) for p in positions]
    return {
        "spec": spec,
        "games": games,
        "seed": seed,
        "positions": len(positions),
        "legal_actions_ms": summary(legal),
        "levels": levels,
    }


def timed_call(call: Callable[[TilesState], object], state: TilesState) -> float:
    start = time.perf_counter()
    call(state)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="tiles")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--expert-every", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1 or args.expert_every < 1:
        raise SystemExit("--games, --repeat and --expert-every are 1 or more")
    report = run(args.spec, args.games, args.seed, args.repeat, args.expert_every)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['spec']}: {report['positions']} positions in {report['games']} games; "
        f"state.legal_actions() alone: median {report['legal_actions_ms']['median_ms']:.2f} ms"
    )
    print(
        "level    positions  old median  new median  speed-up  old mean  new mean  old p95  new p95"
    )
    for level, row in report["levels"].items():
        old, new = row["old"], row["new"]
        print(
            f"{level:8} {row['positions']:9} {old['median_ms']:9.2f}  {new['median_ms']:9.2f}"
            f"  {row['speedup_median']:7.1f}x {old['mean_ms']:8.2f}  {new['mean_ms']:8.2f}"
            f"  {old['p95_ms']:7.2f}  {new['p95_ms']:7.2f}"
        )


if __name__ == "__main__":
    main()

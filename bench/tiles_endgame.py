"""Benchmark: the end of a Cribbage Tiles game alone, from positions where the bag is nearly
empty, to compare how variants finish a game at a fraction of the cost of whole games.

Run from the repository root::

    nice -n 10 .venv/bin/python bench/tiles_endgame.py --games 200 --bag 10 --workers 2 \
        --variants "expert,expert:pre_end=1"

Each seed gives two positions, one a chair: ``--prefix`` (medium by default: it draws nothing
at random, and it is quick) plays the chair against ``--against`` (easy) until the bag holds
``--bag`` tiles or fewer on the chair's turn. From there every variant plays the game out
against the same opponent, and the report gives each variant's wins (a tie a half), its margin
(its final score minus the opponent's) and its paired difference from the first variant,
position by position. The games before the position are the same for every variant, so the
difference is all in how the game ends; a variant that only changes the end plays whole games
the same way until then, with the same difference on average.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cribkit.ai.players import Player
from cribkit.games import start
from cribkit.games.tiles.state import TilesState
from cribkit.sim import mix_seed, wilson_interval
from duel_common import mean_se, plus_minus, tuned_player


def _play_out(state: TilesState, players: dict[int, Player]) -> TilesState:
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
    return state


def position(args: argparse.Namespace, group: int, chair: int) -> TilesState | None:
    """The position of seed ``group`` and ``chair``: the prefix's game until the bag holds
    ``bag`` tiles or fewer on the chair's turn (None if the game ended before)."""
    state: TilesState = start("tiles", seed=mix_seed(args.seed, group, 999)).state
    players = {
        chair: tuned_player("tiles", args.prefix, mix_seed(args.seed, group, chair)),
        1 - chair: tuned_player("tiles", args.against, mix_seed(args.seed, group, 1 - chair)),
    }
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if seat == chair and state.bag_sizes()[0] <= args.bag:
            return state
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
    return None


def play_position(job: tuple[argparse.Namespace, int, int]) -> dict[str, Any] | None:
    args, group, chair = job
    state = position(args, group, chair)
    if state is None:
        return None
    out: dict[str, Any] = {"group": group, "chair": chair, "bag": state.bag_sizes()[0]}
    for variant in args.variants:
        started = time.process_time()
        players = {
            chair: tuned_player("tiles", variant, mix_seed(args.seed, group, chair, 7)),
            1 - chair: tuned_player("tiles", args.against, mix_seed(args.seed, group, 1 - chair)),
        }
        end = _play_out(state, players)
        margin = end.scores[chair] - end.scores[1 - chair]
        out[variant] = {
            "margin": margin,
            "win": 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0,
            "cpu": time.process_time() - started,
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", default="expert")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--prefix", default="medium")
    parser.add_argument("--games", type=int, default=100, help="seeds (two positions each)")
    parser.add_argument("--seed", type=int, default=20260501)
    parser.add_argument("--bag", type=int, default=10)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.variants = args.variants.split(",")
    jobs = [(args, g, c) for g in range(args.games) for c in (0, 1)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for r in pool.map(play_position, jobs, chunksize=4) if r is not None]
    first = args.variants[0]
    report: dict[str, Any] = {"positions": len(rows), "seconds": time.perf_counter() - started}
    for v in args.variants:
        wins = sum(r[v]["win"] for r in rows)
        low, high = wilson_interval(wins, len(rows))
        entry: dict[str, Any] = {
            "wins": wins,
            "win_rate": wins / len(rows),
            "ci95": [low, high],
            "margin": mean_se([r[v]["margin"] for r in rows]),
            "cpu_per_position": sum(r[v]["cpu"] for r in rows) / len(rows),
        }
        if v != first:
            entry["vs_first"] = {
                "margin": mean_se([r[v]["margin"] - r[first]["margin"] for r in rows]),
                "wins": mean_se([r[v]["win"] - r[first]["win"] for r in rows]),
                "differing": sum(r[v]["margin"] != r[first]["margin"] for r in rows),
            }
        report[v] = entry
    if args.json:
        print(json.dumps(report))
        return
    print(f"{len(rows)} positions (bag <= {args.bag}), {report['seconds']:.0f} s")
    for v in args.variants:
        e = report[v]
        print(
            f"{v}: wins {e['wins']:g}/{len(rows)} = {100 * e['win_rate']:.1f}%, "
            f"margin {plus_minus(e['margin'])}, {e['cpu_per_position']:.2f} s CPU a position"
        )
        if "vs_first" in e:
            d = e["vs_first"]
            print(
                f"  vs {first}: margin {plus_minus(d['margin'])}, "
                f"wins {plus_minus(d['wins'], 3)} (differing {d['differing']})"
            )


if __name__ == "__main__":
    main()

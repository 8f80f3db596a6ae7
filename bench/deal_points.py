"""Benchmark: classic points a deal in self-play, by how the deal began and how it ended.

Run from the repository root::

    .venv/bin/python bench/deal_points.py --level medium --games 1500 --below 80
    .venv/bin/python bench/deal_points.py --level expert --games 200 --json
    .venv/bin/python bench/deal_points.py --level "expert:other_reads=1" --games 400 --workers 2

``--level`` is a level or a tuned variant, ``level:name=value;...`` (``duel_common.py``), both
seats playing it; ``--workers`` splits the games over processes (the same games whatever the
number).

A game of 121 ends in the middle of its last deal, so averages of whole deals (the published
16.2 points as dealer and 10.2 as pone of expert human play) are compared with the deals
*counted out*: each game's last deal left out (``cribkit simulate`` reports both). Leaving it
out selects by the deal's own points (a rich deal ends a game more often); the deals that
began with neither score past ``--below`` are selected by the position alone and are almost
never cut short. The script prints the dealer's and pone's mean points a deal over every deal,
over the deals counted out and over those that began below ``--below``, with the standard
deviation of a deal counted out (for the standard error of a mean over many deals).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, NamedTuple

from cribkit.games import start
from duel_common import tuned_player


class Deal(NamedTuple):
    """One deal: the higher score when it began, whether it was counted out, and the dealer's
    and pone's points in it."""

    began_at: int
    counted_out: bool
    dealer: int
    pone: int


def deals(level: str, games: range, seed: int) -> Iterator[Deal]:
    """Every deal of the seeded self-play games ``games`` at ``level`` (a tuned variant)."""
    for game in games:
        players = [tuned_player("classic", level, seed * 100_003 + game * 2 + i) for i in (0, 1)]
        state = start("classic", seed=seed * 1_000_003 + game).state
        dealer, deal_no, began = state.dealer, state.deal_no, state.scores
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(state.observation(seat), state.legal_actions())
            state = state.apply(action).state
            if state.is_terminal or state.deal_no != deal_no:
                now = state.result.scores if state.is_terminal else state.scores
                yield Deal(
                    max(began), not state.is_terminal,
                    now[dealer] - began[dealer], now[1 - dealer] - began[1 - dealer],
                )  # fmt: skip
                dealer, deal_no, began = state.dealer, state.deal_no, state.scores


def _chunk(level: str, games: range, seed: int) -> list[Deal]:
    return list(deals(level, games, seed))


def played_deals(level: str, games: int, seed: int, workers: int) -> list[Deal]:
    """Every deal of ``games`` self-play games, in game order, over ``workers`` processes."""
    if workers <= 1:
        return _chunk(level, range(games), seed)
    step = -(-games // (workers * 4))
    chunks = [range(start, min(start + step, games)) for start in range(0, games, step)]
    with ProcessPoolExecutor(workers) as pool:
        parts = pool.map(_chunk, [level] * len(chunks), chunks, [seed] * len(chunks))
        return [deal for part in parts for deal in part]


def summary(chosen: list[Deal]) -> dict[str, Any]:
    """How many deals, and the dealer's and pone's mean points a deal."""
    return {
        "deals": len(chosen),
        "dealer": statistics.fmean(d.dealer for d in chosen) if chosen else None,
        "pone": statistics.fmean(d.pone for d in chosen) if chosen else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="medium", help="the self-play level")
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--below", type=int, default=80, help="the higher score a deal began at")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.games < 1 or args.workers < 1:
        parser.error("--games and --workers must be at least 1")
    try:
        tuned_player("classic", args.level, 0)
    except ValueError as error:
        parser.error(str(error))
    played = played_deals(args.level, args.games, args.seed, args.workers)
    counted = [d for d in played if d.counted_out]
    out = {
        "level": args.level, "games": args.games, "seed": args.seed,
        "every_deal": summary(played),
        "counted_out": summary(counted),
        f"began_below_{args.below}": summary([d for d in played if d.began_at < args.below]),
        "deal_stdev_counted_out": {
            "dealer": statistics.stdev(d.dealer for d in counted),
            "pone": statistics.stdev(d.pone for d in counted),
        },
    }  # fmt: skip
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"{args.level} self-play, {args.games} games, seed {args.seed}")
    for name, row in out.items():
        if isinstance(row, dict) and "deals" in row and row["deals"]:
            print(f"  {name:<16} {row['deals']:>6} deals: {row['dealer']:.2f} as dealer, "
                  f"{row['pone']:.2f} as pone")  # fmt: skip
    spread = out["deal_stdev_counted_out"]
    print(
        f"  a deal's standard deviation: {spread['dealer']:.2f} as dealer, {spread['pone']:.2f} as pone"
    )


if __name__ == "__main__":
    main()

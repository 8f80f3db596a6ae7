"""Benchmark: the luck of the cards dealt in expert self-play (docs/analysis.md, "Luck").

Run from the repository root::

    .venv/bin/python bench/bench_luck.py                      # 200 games, 2 processes
    .venv/bin/python bench/bench_luck.py --games 40 --json

Each game is a classic game to 121 of the expert against itself (game ``g`` dealt with seed
``g``, its players seeded ``2g`` and ``2g + 1``). For every seat of every game the luck lines of
:func:`cribkit.analysis.classic.luck` are computed; the figure is the mean and the quartiles of
each kind's percentile over the seats. The deals are random whoever plays, so a line that
measures luck spreads around 50 (a mean between 45 and 55 over 200 games); a line that measured
the hands the seats *kept* sat at the 95th to 100th percentile for every strong seat.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cribkit.ai.players import make_player
from cribkit.analysis.classic import luck
from cribkit.games import start
from cribkit.games.records import steps
from timing import percentile

#: Where the mean percentile of a line that measures luck falls over 200 games.
BAND = (45.0, 55.0)


def game_luck(seed: int) -> list[dict[str, float]]:
    """Each seat's luck percentiles by kind in expert self-play game ``seed``."""
    state = start("classic", seed=seed).state
    players = [make_player("classic", "expert", seed=seed * 2 + i) for i in range(2)]
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        state = state.apply(
            players[seat].choose(state.observation(seat), state.legal_actions())
        ).state
    played = list(steps(state.record()))
    return [{item.kind: item.percentile for item in luck(played, seat)} for seat in range(2)]


def run(games: int, workers: int) -> dict[str, Any]:
    began = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        seats = [seat for found in pool.map(game_luck, range(games)) for seat in found]
    out: dict[str, Any] = {"games": games, "seats": len(seats)}
    for kind in ("hand", "crib", "starter"):
        values = [seat[kind] for seat in seats if kind in seat]
        out[kind] = {
            "mean": round(statistics.fmean(values), 1),
            "p25": round(percentile(values, 0.25), 1),
            "median": round(statistics.median(values), 1),
            "p75": round(percentile(values, 0.75), 1),
        }
    out["band"] = BAND
    out["seconds"] = round(time.perf_counter() - began, 1)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games of expert self-play")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    result = run(args.games, args.workers)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for kind in ("hand", "crib", "starter"):
        line = result[kind]
        print(
            f"{kind}: mean percentile {line['mean']:.1f} (quartiles {line['p25']:.1f}, "
            f"{line['median']:.1f}, {line['p75']:.1f}) over {result['seats']} seats"
        )
    low, high = BAND
    verdict = "inside" if low <= result["hand"]["mean"] <= high else "OUTSIDE"
    print(f"hand luck mean {verdict} {low:.0f}-{high:.0f}; {result['seconds']:.0f} s")


if __name__ == "__main__":
    main()

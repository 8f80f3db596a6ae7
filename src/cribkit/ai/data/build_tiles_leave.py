"""Rebuild the Cribbage Tiles leave table (``tiles_leave.json``) by self-play.

Run from the project root (about four minutes with two processes on a quiet machine; on a
shared machine under ``nice -n 19``)::

    nice -n 19 .venv/bin/python -m cribkit.ai.data.build_tiles_leave [--games N] [--racks R]

The method. A leave (the tiles kept on the rack after a play or an exchange) is worth what it
adds to the player's next turns compared with drawing fresh tiles instead. To measure that
without the bias of the leaves players choose (a player keeps four tiles mostly when its rack
was poor), the leaves are drawn at random on real boards:

1. **Positions**: ``--games`` seeded two-player games of easy against itself (easy, so that
   the boards do not depend on the table being rebuilt and a rebuild gives the same table)
   give the boards a player faces at its turn while the bag holds 10 tiles or more.
2. **Racks**: on each board, ``--racks`` times, a leave of 0 to 4 tiles is drawn at random
   from the tiles not on the board, and the rack is filled up to 5 from the rest (the draw from
   the bag). Every legal play of that rack is generated (the same generator the players use)
   and its points kept per multiset of tiles it would leave.
3. **Fit** (value iteration): the target of a sample is the best the player can do with that
   rack: the highest points + the current table's value of what the play leaves, or the best
   exchange (0 points + the value of the tiles it keeps). A ridge regression of the targets on
   the leave features (:func:`~cribkit.ai.tiles.leave_features`) with an intercept gives the
   next table; ``--rounds`` rounds from a table of zeros (the first round is the one-turn
   value). The intercept (what a rack of 5 fresh tiles is worth) is dropped: an empty leave is
   worth 0, and a weight is what keeping a tile, or a combination, adds over fresh tiles.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from itertools import combinations
from pathlib import Path
from typing import Any, Final, NamedTuple

import numpy as np

from cribkit.ai.tiles import DATA_FILE, LEAVE_FEATURES, LeaveTable, TilesPlayer, leave_features
from cribkit.games.tiles.board import EMPTY
from cribkit.games.tiles.movegen import generate_plays
from cribkit.games.tiles.rules import RACK_SIZE, full_set, piece_tile
from cribkit.games.tiles.state import TilesRules, start_tiles

DEFAULT_OUT: Final = Path(__file__).with_name(DATA_FILE)
#: The ridge penalty of the regression (on features counted in tiles).
RIDGE: Final = 1.0
#: Boards are sampled only while the bag holds at least this many tiles (the end game values
#: a kept tile at minus its face value instead).
MIN_BAG: Final = 10


class Sample(NamedTuple):
    """A random leave on a real board: the leave, the full rack, and the best points of a play
    for each multiset of tiles a play of that rack leaves."""

    leave: tuple[int, ...]
    rack: tuple[int, ...]
    best: dict[tuple[int, ...], int]


def _left(rack: Sequence[int], pieces: Sequence[int]) -> tuple[int, ...]:
    left = list(rack)
    for piece in pieces:
        left.remove(piece_tile(piece))
    return tuple(left)


def samples_of_game(game: int, racks: int, seed: int) -> list[Sample]:
    """Play self-play game ``game`` (easy against itself) and draw ``racks`` random leaves on each board met."""
    rng = random.Random(f"leave-samples:{seed}:{game}")
    players = [TilesPlayer("easy", seed=seed + 2 * game + s) for s in (0, 1)]
    state = start_tiles(TilesRules(), seed=f"leave:{seed}:{game}").state
    out: list[Sample] = []
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        if state.bag_sizes()[0] >= MIN_BAG and not state.board.is_empty:
            on_board = Counter(piece_tile(p) for p in state.board.cells if p != EMPTY)
            pool = list((Counter(full_set()) - on_board).elements())
            for _ in range(racks):
                kept = rng.randrange(RACK_SIZE)
                rng.shuffle(pool)
                rack = tuple(sorted(pool[:RACK_SIZE]))
                best: dict[tuple[int, ...], int] = {}
                for scored in generate_plays(state.board, rack, seat=seat, strict=True):
                    left = _left(rack, scored.play.tiles)
                    if scored.points > best.get(left, -1):
                        best[left] = scored.points
                out.append(Sample(tuple(sorted(pool[:kept])), rack, best))
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
    return out


def _games_job(args: tuple[int, int, int, int]) -> list[Sample]:
    first, last, racks, seed = args
    return [s for game in range(first, last) for s in samples_of_game(game, racks, seed)]


def collect(games: int, racks: int, seed: int, workers: int = 1) -> list[Sample]:
    """The samples of ``games`` self-play games, in game order whatever the workers."""
    step = max(1, games // (4 * max(1, workers)))
    jobs = [(i, min(i + step, games), racks, seed) for i in range(0, games, step)]
    if workers <= 1:
        return [s for job in jobs for s in _games_job(job)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [s for part in pool.map(_games_job, jobs) for s in part]


def _keeps(rack: Sequence[int]) -> set[tuple[int, ...]]:
    """What an exchange may keep: every sub-multiset of fewer tiles than the rack."""
    return {keep for k in range(len(rack)) for keep in combinations(rack, k)}


def fit(
    samples: Sequence[Sample], rounds: int, log: bool = False
) -> tuple[LeaveTable, float, float]:
    """Value iteration over the samples: the table, its intercept and the last round's R²."""
    features: dict[tuple[int, ...], np.ndarray[Any, np.dtype[np.float64]]] = {}

    def feature(tiles: tuple[int, ...]) -> np.ndarray[Any, np.dtype[np.float64]]:
        row = features.get(tiles)
        if row is None:
            row = features[tiles] = np.asarray(leave_features(tiles), dtype=np.float64)
        return row

    design = np.hstack([np.ones((len(samples), 1)), np.vstack([feature(s.leave) for s in samples])])
    penalty = RIDGE * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    weights = np.zeros(len(LEAVE_FEATURES))
    intercept, r2 = 0.0, 0.0
    for round_no in range(rounds):
        targets = np.empty(len(samples))
        for i, sample in enumerate(samples):
            play = max(
                (points + float(feature(left) @ weights) for left, points in sample.best.items()),
                default=float("-inf"),
            )
            swap = max(float(feature(keep) @ weights) for keep in _keeps(sample.rack))
            targets[i] = max(play, swap)
        coef = np.linalg.solve(design.T @ design + penalty, design.T @ targets)
        intercept, weights = float(coef[0]), coef[1:]
        residual = targets - design @ coef
        spread = float(targets.var())
        r2 = 1.0 - float(residual.var()) / spread if spread > 0 else 1.0
        if log:
            shown = ", ".join(
                f"{name} {w:+.2f}" for name, w in zip(LEAVE_FEATURES, weights, strict=True)
            )
            print(f"round {round_no + 1}: fresh rack {intercept:.2f}, R² {r2:.3f}; {shown}")
    return LeaveTable(tuple(float(w) for w in weights)), intercept, r2


def build(
    games: int, racks: int, rounds: int, seed: int, workers: int = 1, log: bool = True
) -> LeaveTable:
    started = time.perf_counter()
    samples = collect(games, racks, seed, workers)
    if log:
        print(f"{len(samples)} samples from {games} games, {time.perf_counter() - started:.0f} s")
    table, intercept, r2 = fit(samples, rounds, log)
    meta = {
        "method": "value iteration on random leaves over easy self-play boards "
        "(build_tiles_leave.py)",
        "games": games,
        "racks_per_board": racks,
        "rounds": rounds,
        "seed": seed,
        "samples": len(samples),
        "fresh_rack_value": round(intercept, 3),
        "r2": round(r2, 4),
    }
    return LeaveTable(table.weights, meta)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=80, help="self-play games for the boards")
    parser.add_argument("--racks", type=int, default=6, help="random leaves per board")
    parser.add_argument("--rounds", type=int, default=4, help="rounds of value iteration")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    table = build(args.games, args.racks, args.rounds, args.seed, args.workers)
    args.out.write_text(json.dumps(table.to_json(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

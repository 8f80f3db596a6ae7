"""Rebuild the Cribbage Tiles leave table (``tiles_leave.json``) by self-play.

Run from the project root (a minute or two, one process; on a shared machine under
``nice -n 19``)::

    nice -n 19 .venv/bin/python -m cribkit.ai.data.build_tiles_leave [--games N] [--rounds R]

The method: a leave (the tiles kept on the rack after a play or an exchange) is worth what it
adds to the player's later turns. Each round plays ``--games`` seeded two-player games of the
medium player against itself with the current table (the first round with no table: medium
then plays like easy), and records, for every turn taken while the bag still holds tiles, the
features of the leave (:func:`~cribkit.ai.tiles.leave_features`: a count per rank, the pairs,
the fifteens and the tiles one or two ranks apart) and the value of the same player's next
turn: its points plus the current table's value of its next leave (a temporal-difference
target). A ridge regression of the targets on the features (with an intercept: the value of
keeping nothing) gives the new table. The intercept is dropped: an empty leave is worth 0, so
a tile kept is worth its weights relative to a fresh tile from the bag.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any, Final

import numpy as np

from cribkit.ai.tiles import DATA_FILE, LEAVE_FEATURES, LeaveTable, TilesPlayer, leave_features
from cribkit.games.tiles import TilesRules, start_tiles
from cribkit.games.tiles_notation import Exchange, PlayTiles
from cribkit.games.tiles_rules import piece_tile

DEFAULT_OUT: Final = Path(__file__).with_name(DATA_FILE)
#: The ridge penalty of the regression (on features counted in tiles).
RIDGE: Final = 1.0


def _kept(rack: tuple[int, ...], action: object) -> tuple[int, ...]:
    left = list(rack)
    if isinstance(action, PlayTiles):
        for piece in action.tiles:
            left.remove(piece_tile(piece))
    elif isinstance(action, Exchange):
        for tile in action.tiles:
            left.remove(tile)
    return tuple(left)


def self_play(table: LeaveTable, games: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Play ``games`` games of medium (with ``table``) against itself: the leave features of
    every turn taken with tiles in the bag, and the value of the same seat's next turn."""
    features: list[list[float]] = []
    targets: list[float] = []
    for game in range(games):
        players = [TilesPlayer("medium", seed=seed + 2 * game + s, leave=table) for s in (0, 1)]
        state = start_tiles(TilesRules(), seed=f"leave:{seed}:{game}").state
        pending: list[tuple[list[float]] | None] = [None, None]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            action = players[seat].choose(state.observation(seat), state.legal_actions())
            rack = state.racks[seat]
            before = state.scores[seat]
            bag = state.bag_sizes()[0]
            state = state.apply(action).state
            points = state.scores[seat] - before
            kept = _kept(rack, action)
            previous = pending[seat]
            if previous is not None:
                later = table.value(kept) if bag > 0 and not state.is_terminal else 0.0
                features.append(previous[0])
                targets.append(points + later)
            pending[seat] = (leave_features(kept),) if bag > RACK_LEFT else None
    return features, targets


#: A turn counts only while the bag holds more than this many tiles (a full draw follows).
RACK_LEFT: Final = 5


def fit(features: list[list[float]], targets: list[float]) -> tuple[LeaveTable, float]:
    """The ridge regression of the targets on the features: the table and the intercept."""
    x = np.asarray(features, dtype=np.float64)
    y = np.asarray(targets, dtype=np.float64)
    design = np.hstack([np.ones((len(x), 1)), x])
    penalty = RIDGE * np.eye(design.shape[1])
    penalty[0, 0] = 0.0
    coef = np.linalg.solve(design.T @ design + penalty, design.T @ y)
    return LeaveTable(tuple(float(c) for c in coef[1:])), float(coef[0])


def build(games: int, rounds: int, seed: int, log: bool = True) -> LeaveTable:
    table = LeaveTable.zero()
    meta: dict[str, Any] = {}
    for round_no in range(rounds):
        started = time.perf_counter()
        features, targets = self_play(table, games, seed + 100_000 * round_no)
        fitted, intercept = fit(features, targets)
        table = fitted
        meta = {
            "method": "TD(0) ridge regression over medium self-play (build_tiles_leave.py)",
            "rounds": rounds,
            "games_per_round": games,
            "seed": seed,
            "samples_last_round": len(targets),
            "empty_leave_value": round(intercept, 3),
            "mean_target": round(float(np.mean(targets)), 3),
        }
        if log:
            weights = ", ".join(
                f"{name} {w:+.2f}" for name, w in zip(LEAVE_FEATURES, table.weights, strict=True)
            )
            print(
                f"round {round_no + 1}: {len(targets)} turns, {time.perf_counter() - started:.0f} s, "
                f"empty leave {intercept:.2f}; {weights}",
                flush=True,
            )
    return LeaveTable(table.weights, meta)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="self-play games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2025)
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args()
    table = build(args.games, args.rounds, args.seed)
    args.out.write_text(json.dumps(table.to_json(), indent=2) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()

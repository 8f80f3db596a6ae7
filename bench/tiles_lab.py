"""Benchmark lab for the Cribbage Tiles expert: duplicate games (``duel_tiles.py``'s, the same
seeds give the same games) with a cache of every variant's games per seed, and an *oracle*.

Run from the repository root::

    nice -n 10 .venv/bin/python bench/tiles_lab.py --against easy --games 60 \
        --seed 20260401 --workers 2 --variants "expert,oracle,oracle:own_turn=1"

A variant is a level with knobs as in ``duel_tiles.py`` (``expert:samples=20``), or
``oracle[:knobs]``: the expert whose guesses of the opponent's rack and of the bag order are
replaced by the truth (one guess: the real rack, the real bag). The oracle reads the engine's
state, which no player is ever given: it exists here only, as an upper bound of what better
guessing could give (the expert's evaluation kept as it is).

Every variant's record of a seed is cached (``--cache``, a JSON file per spec, opponent and
seed, keyed by the variant and the seed index), so a variant already played on a seed is not
played again: the baseline is played once. Pass ``--fresh`` to ignore the cache (after a
change to the code a cached variant is stale: the cache does not know the code).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import duel_common
from cribkit.ai.players import Player
from cribkit.ai.tiles import TilesPlayer
from cribkit.games import lookup
from cribkit.games.tiles.state import TilesState
from cribkit.games.tiles.view import TilesView
from duel_tiles import tiles_parts

#: The state whose observation was built last: what the oracle reads (this process only).
_TRUTH: list[TilesState] = []
_observation = TilesState.observation


def _observed(self: TilesState, seat: int) -> TilesView:
    _TRUTH[:] = [self]
    return _observation(self, seat)


TilesState.observation = _observed  # type: ignore[method-assign]


class OraclePlayer(TilesPlayer):
    """The expert, its guesses replaced by the truth: one guess, the opponents' real racks and
    the real bag in drawing order (bench only)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("expert", seed)
        self.name = "oracle"

    def _deal_opponents(
        self, view: TilesView, opponents: Sequence[int]
    ) -> tuple[list[list[tuple[int, tuple[int, ...]]]], list[tuple[int, ...]]]:
        if not opponents:
            return [], []
        state = _TRUTH[0]
        assert state.board == view.board
        assert state.racks[view.seat] == view.rack
        racks = [(seat, tuple(state.racks[seat])) for seat in opponents]
        return [racks], [tuple(state.bags[state.rules.bag_of(view.seat)])]


_tuned = duel_common.tuned_player


def lab_player(game: str, variant: str, seed: int) -> Player:
    """``oracle[:knobs]`` or any variant of ``duel_common.tuned_player``."""
    level, _, knobs = variant.partition(":")
    if level != "oracle":
        return _tuned(game, variant, seed)
    base = _tuned(game, "expert:" + knobs, seed)
    player = OraclePlayer(seed)
    for name, value in vars(base).items() if hasattr(base, "__dict__") else ():
        if name not in ("name", "rng"):
            setattr(player, name, value)
    return player


duel_common.tuned_player = lab_player


def _job(job: tuple[str, str, str, int, list[int]]) -> list[tuple[int, dict[str, Any]]]:
    spec, variant, against, seed, groups = job
    out = []
    for g in groups:
        (row,) = duel_common.play_seed(spec, [variant], against, seed, tiles_parts, g)
        out.append((g, row))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--variants", default="expert,oracle")
    parser.add_argument("--against", default="easy")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--first", type=int, default=0, help="the first seed index")
    parser.add_argument("--seed", type=int, default=20260401)
    parser.add_argument("--spec", default="tiles")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--cache", default="/tmp/tiles_lab")
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    variants: list[str] = args.variants.split(",")
    for v in [*variants, args.against]:
        lab_player("tiles", v, 0)
    rules = lookup(args.spec)
    path = Path(args.cache) / f"{args.spec}-{args.against}-{args.seed}.json".replace(":", "_")
    path.parent.mkdir(parents=True, exist_ok=True)
    cache: dict[str, dict[str, Any]] = json.loads(path.read_text()) if path.exists() else {}
    groups = list(range(args.first, args.first + args.games))
    jobs = []
    for v in variants:
        todo = [g for g in groups if args.fresh or str(g) not in cache.get(v, {})]
        chunks = min(len(todo), 4 * args.workers)
        jobs += [(args.spec, v, args.against, args.seed, todo[c::chunks]) for c in range(chunks)]
    started = time.perf_counter()
    if jobs:
        with ProcessPoolExecutor(args.workers) as pool:
            for job, result in zip(jobs, pool.map(_job, jobs), strict=True):
                for g, row in result:
                    cache.setdefault(job[1], {})[str(g)] = row
                # Saved as each job ends, merged with what another run saved meanwhile.
                saved = json.loads(path.read_text()) if path.exists() else {}
                for v, records in saved.items():
                    for g, row in records.items():
                        cache.setdefault(v, {}).setdefault(g, row)
                path.write_text(json.dumps(cache))
    seconds = time.perf_counter() - started
    rows = [[cache[v][str(g)] for v in variants] for g in groups]
    out = duel_common.report(variants, rules.sides, rows)
    out.update(spec=args.spec, against=args.against, seed=args.seed, first=args.first)
    out.update(seconds=round(seconds, 1))
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['seeds']} seeds x {rules.sides} chairs against {args.against}, seed {args.seed}")
    duel_common.print_variants(out, variants[0])


if __name__ == "__main__":
    main()

"""Benchmark: a round of quick play's pairing over a pool of waiting players (docs/performance.md,
"Quick play").

Run from the repository root::

    .venv/bin/python bench/bench_pairing.py [--players 1000] [--rounds 21] [--json]
    .venv/bin/python bench/bench_pairing.py --store sqlite:////tmp/pool.db

The pool: ``--players`` waiting players, ratings drawn around 1500 (σ 350), each waiting 0 to
60 s and blocking up to three others, seeded. A round is :func:`cribkit.matchmaking.pairing.pair`
over the whole pool; the figure is its CPU time, median and 95th percentile over ``--rounds``
(each round on the full pool again). The goal: under 50 ms a round for 1,000 players.

With ``--store URL`` (a new SQLite file, or an empty PostgreSQL database upgraded by ``cribkit db
upgrade``) the pool is the server's own: ``--players`` accounts are made in the store, their
blocks written, and each waits in the pool (:class:`cribkit.matchmaking.pool.QuickPool`); a round
is then what a server's round does before it starts the games: the pool read from the store
with every waiter's blocks, and paired. The figure is its wall time (the database's included).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cribkit.accounts.store import AccountStore
from cribkit.matchmaking.pairing import Waiting, pair
from cribkit.matchmaking.pool import QuickPool
from cribkit.store.base import open_store
from timing import percentile


def pool(players: int, seed: int = 1) -> list[Waiting]:
    rng = random.Random(seed)
    names = [f"player-{i}" for i in range(players)]
    return [
        Waiting(
            name,
            rng.gauss(1500, 350),
            -rng.uniform(0, 60),
            frozenset(rng.sample(names, rng.randint(0, 3))),
        )
        for name in names
    ]


def stored_rounds(url: str, waiting: list[Waiting], rounds: int) -> tuple[list[float], int]:
    """Wall times (ms) of rounds over the pool kept in the store at ``url``, and the pairs."""
    store = open_store(url)
    accounts, quick = AccountStore(store), QuickPool(store)
    ids = {}
    for index, player in enumerate(waiting):
        ids[player.player] = accounts.claim(player.player, f"Player{index:05d}", now=0.0).id
        quick.join(ids[player.player], "classic", player.rating, now=player.since)
        quick.entry(ids[player.player], now=0.0)  # (its page asked just now: not stale)
    for player in waiting:
        for other in player.blocks - {player.player}:
            accounts.relate(ids[player.player], ids[other], "block", now=0.0)
    samples: list[float] = []
    paired = 0
    for _ in range(rounds):
        start = time.perf_counter()
        found = quick.waiting("classic", now=0.0)
        paired = len(pair([w.waiting() for w in found], now=0.0))
        samples.append((time.perf_counter() - start) * 1000)
    store.close()
    return samples, paired


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--store", help="the pool in this store (wall time of a round)")
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    waiting = pool(arguments.players)
    samples: list[float] = []
    paired = 0
    if arguments.store:
        samples, paired = stored_rounds(arguments.store, waiting, arguments.rounds)
    else:
        for _ in range(arguments.rounds):
            start = time.process_time()
            paired = len(pair(waiting, now=0.0))
            samples.append((time.process_time() - start) * 1000)
    kind = "wall" if arguments.store else "cpu"
    figures = {
        "players": arguments.players,
        "pairs": paired,
        f"{kind}_ms_median": round(statistics.median(samples), 2),
        f"{kind}_ms_p95": round(percentile(samples, 0.95), 2),
    }
    if arguments.json:
        print(json.dumps(figures, indent=2))
    else:
        where = " in the store" if arguments.store else ""
        print(
            f"{figures['players']} waiting{where}: {figures['pairs']} pairs a round, "
            f"{kind.upper() if kind == 'cpu' else kind} median {figures[f'{kind}_ms_median']} ms, "
            f"p95 {figures[f'{kind}_ms_p95']} ms"
        )


if __name__ == "__main__":
    main()

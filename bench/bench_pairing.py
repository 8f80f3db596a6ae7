"""Benchmark: a round of quick play's pairing over a pool of waiting players (docs/performance.md,
"Quick play").

Run from the repository root::

    .venv/bin/python bench/bench_pairing.py [--players 1000] [--rounds 21] [--json]

The pool: ``--players`` waiting players, ratings drawn around 1500 (σ 350), each waiting 0 to
60 s and blocking up to three others, seeded. A round is :func:`cribkit.matchmaking.pairing.pair`
over the whole pool; the figure is its CPU time, median and 95th percentile over ``--rounds``
(each round on the full pool again). The goal: under 50 ms a round for 1,000 players.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from cribkit.matchmaking.pairing import Waiting, pair
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    waiting = pool(arguments.players)
    samples = []
    paired = 0
    for _ in range(arguments.rounds):
        start = time.process_time()
        paired = len(pair(waiting, now=0.0))
        samples.append((time.process_time() - start) * 1000)
    figures = {
        "players": arguments.players,
        "pairs": paired,
        "cpu_ms_median": round(statistics.median(samples), 2),
        "cpu_ms_p95": round(percentile(samples, 0.95), 2),
    }
    if arguments.json:
        print(json.dumps(figures, indent=2))
    else:
        print(
            f"{figures['players']} waiting: {figures['pairs']} pairs a round, CPU median "
            f"{figures['cpu_ms_median']} ms, p95 {figures['cpu_ms_p95']} ms"
        )


if __name__ == "__main__":
    main()

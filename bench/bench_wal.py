"""How large SQLite's write-ahead log grows under a stream of commits (issue 14: under 64 MB).

Makes ``--commits`` commits through :class:`cribkit.store.sql.SQLStore` on a file, as the web
server makes them: one ``append_action`` per accepted action, spread over ``--games`` games
played at once (each action a transaction of its own, committed before the call returns), as
fast as they go or ``--rate`` a second. The
size of ``<db>-wal`` is read after every commit, so the largest it ever was is seen, whatever
the background checkpoints were doing. Prints the largest and final log sizes, the database's
size, the commit rate and the commits' times; exits 1 if the log ever passed ``--limit-mb``.

    PYTHONPATH=src .venv/bin/python bench/bench_wal.py
    PYTHONPATH=src .venv/bin/python bench/bench_wal.py --commits 100000 --games 200 --json
    PYTHONPATH=src .venv/bin/python bench/bench_wal.py --commits 20000 --rate 500
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from cribkit.store.base import new_row
from cribkit.store.sql import SQLStore
from timing import summary

#: An action of the size the web stores (a classic discard or play, as JSON).
ACTION = {"type": "discard", "seat": 0, "cards": ["5h", "Jd"]}
MB = 1_000_000


def file_size(path: Path) -> int:
    """The size of ``path`` in bytes (0 if it is not there: the log of a fresh database)."""
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def run(path: Path, commits: int, games: int, rate: float = 0.0) -> dict[str, Any]:
    """Make ``commits`` commits on the store at ``path`` (at most ``rate`` a second, if
    given); the sizes and times seen."""
    store = SQLStore(f"sqlite:///{path}")
    wal = path.with_name(path.name + "-wal")
    ids = [f"g{n:05d}" for n in range(games)]
    for game_id in ids:
        store.create_game(new_row(game_id, game="classic", spec="classic", rules={}, seed=1,
                                  scores=(0, 0)))  # fmt: skip
    largest = 0
    times: list[float] = []
    started = time.perf_counter()
    for n in range(commits):
        # Round robin over the games: each commit touches another game's rows, as many tables
        # being played at once do.
        game_id = ids[n % games]
        index = n // games
        if rate:
            # Paced: each commit at its time (none made up for at once after a slow one).
            time.sleep(max(0.0, started + n / rate - time.perf_counter()))
        before = time.perf_counter()
        store.append_action(game_id, index, ACTION, version=index + 1, scores=[index, index])
        times.append(time.perf_counter() - before)
        largest = max(largest, file_size(wal))
    elapsed = time.perf_counter() - started
    final = file_size(wal)
    store.close()
    return {
        "commits": commits,
        "games": games,
        "rate": rate or "unpaced",
        "seconds": round(elapsed, 2),
        "commits_per_second": round(commits / elapsed),
        # A commit waits for a checkpoint only when the log has to be started over.
        **summary(times, "p50", "p99", "max", digits=3, prefix="commit_"),
        "largest_wal_mb": round(largest / MB, 2),
        "final_wal_mb": round(final / MB, 2),
        "wal_after_close_mb": round(file_size(wal) / MB, 2),
        "database_mb": round(file_size(path) / MB, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=200, help="games the commits are spread over")
    parser.add_argument(
        "--rate", type=float, default=0.0, help="commits a second at most (default: unpaced)"
    )
    parser.add_argument("--limit-mb", type=float, default=64.0, help="the log's allowed largest")
    parser.add_argument("--folder", type=Path, help="where the database goes (default: a temp)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.commits < 1 or args.games < 1 or args.rate < 0:
        parser.error("--commits and --games are at least 1, --rate at least 0")
    with tempfile.TemporaryDirectory(dir=args.folder) as folder:
        figures = run(Path(folder) / "bench.db", args.commits, args.games, args.rate)
    figures["limit_mb"] = args.limit_mb
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:>20}: {value}")
    if figures["largest_wal_mb"] > args.limit_mb:
        print(f"the log passed {args.limit_mb} MB", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

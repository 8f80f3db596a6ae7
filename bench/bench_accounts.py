"""Benchmark: what a password sign-in costs (docs/performance.md, "Accounts").

Run from the repository root::

    .venv/bin/python bench/bench_accounts.py [--checks 21] [--json]

A check is :func:`cribkit.accounts.passwords.verify_password` of the right password against its
argon2id hash (46 MiB, one pass, one lane), and of a wrong one, and of an unknown name (the
stand-in hash): the CPU time of each (``time.process_time``: the machine's other work does not
count), median and 95th percentile over ``--checks``. The figure: under 100 ms of CPU.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from cribkit.accounts.passwords import HASHER, hash_password, verify_password
from timing import percentile


def cpu_ms(check: Callable[[], object], times: int) -> list[float]:
    samples = []
    for _ in range(times):
        start = time.process_time()
        check()
        samples.append((time.process_time() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checks", type=int, default=21)
    parser.add_argument("--json", action="store_true")
    arguments = parser.parse_args()
    stored = hash_password("a long walk to 121")
    verify_password(None, "warm the stand-in")
    cases = {
        "right password": lambda: verify_password(stored, "a long walk to 121"),
        "wrong password": lambda: verify_password(stored, "a long walk to 61"),
        "unknown name": lambda: verify_password(None, "a long walk to 121"),
        "hash a new password": lambda: hash_password("a long walk to 121"),
    }
    parameters = {
        "type": "argon2id",
        "memory_kib": HASHER.memory_cost,
        "passes": HASHER.time_cost,
        "lanes": HASHER.parallelism,
    }
    figures: dict[str, dict[str, float]] = {}
    for name, check in cases.items():
        samples = cpu_ms(check, arguments.checks)
        figures[name] = {
            "median": round(statistics.median(samples), 1),
            "p95": round(percentile(samples, 0.95), 1),
        }
    if arguments.json:
        print(json.dumps({"argon2": parameters, "cpu_ms": figures}, indent=2))
        return
    print(f"argon2id {HASHER.memory_cost} KiB, {HASHER.time_cost} pass, {HASHER.parallelism} lane")
    for name, figure in figures.items():
        print(f"{name:20} CPU median {figure['median']:6.1f} ms, p95 {figure['p95']:6.1f} ms")


if __name__ == "__main__":
    main()

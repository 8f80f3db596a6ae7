"""Whole-process times of what a person waits on at a prompt (issue 17): ``cribkit --help``,
``cribkit score`` of one hand, ``cribkit discard`` of one deal, and ``cribkit serve`` until it
answers HTTP, each beside a reference process measured in the same run (``python -c pass``,
``python -c "import typer"``, ``python -c "import fastapi, uvicorn"``).

    .venv/bin/python bench/bench_startup.py [--runs 10] [--json] [--check]

Each command runs ``--runs`` times, the references interleaved with it, as an installed cribkit
runs: with its bytecode compiled once, by a first run (``PYTHONDONTWRITEBYTECODE`` is taken out
of the children's environment). The figure is the median wall time, from the process's start to
its exit (for ``serve``: to its first ``200`` to
``GET /``, the lobby page). ``--check`` exits 1 when a target is
missed: ``--help`` and ``score`` under 80 ms, ``discard`` under 120 ms, ``serve`` under 0.8 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

PYTHON = sys.executable
CRIBKIT = [PYTHON, "-m", "cribkit"]
COMMANDS: dict[str, tuple[list[str], float]] = {
    "cribkit --help": ([*CRIBKIT, "--help"], 0.080),
    "cribkit score (one hand)": ([*CRIBKIT, "score", "5h", "5c", "5d", "js", "5s"], 0.080),
    "cribkit discard (one deal)": (
        [*CRIBKIT, "discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer"],
        0.120,
    ),
}
REFERENCES = {
    "python -c pass": [PYTHON, "-c", "pass"],
    'python -c "import typer"': [PYTHON, "-c", "import typer"],
    'python -c "import fastapi, uvicorn"': [PYTHON, "-c", "import fastapi, uvicorn"],
}
SERVE_TARGET = 0.8


#: The children's environment: bytecode written and read, as an installed package has it.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    return time.perf_counter() - start


def serve_once(folder: Path) -> float:
    """Seconds from starting ``cribkit serve --port 0`` to its first answer to ``GET /``."""
    env = {**ENV, "CRIBKIT_HOME": str(folder)}
    start = time.perf_counter()
    server = subprocess.Popen(
        [*CRIBKIT, "serve", "--port", "0", "--store", f"sqlite:///{folder}/bench.db"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        url = line.split("playing at ", 1)[1].split()[0]
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - start
            except OSError:
                time.sleep(0.005)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in [*COMMANDS, *REFERENCES]}
    times["cribkit serve (to its first HTTP answer)"] = []
    for argv in [*(c for c, _ in COMMANDS.values()), *REFERENCES.values()]:
        run_once(argv)  # (warm the file cache: the figures are of a warm start)
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.runs):
            for name, (argv, _target) in COMMANDS.items():
                times[name].append(run_once(argv))
            for name, argv in REFERENCES.items():
                times[name].append(run_once(argv))
            times["cribkit serve (to its first HTTP answer)"].append(serve_once(Path(folder)))
    targets = {name: target for name, (_argv, target) in COMMANDS.items()}
    targets["cribkit serve (to its first HTTP answer)"] = SERVE_TARGET
    rows: list[dict[str, Any]] = []
    missed = []
    for name, values in times.items():
        median = statistics.median(values)
        target = targets.get(name)
        row = {"what": name, "median_ms": 1000 * median, "min_ms": 1000 * min(values),
               "max_ms": 1000 * max(values), "runs": len(values)}  # fmt: skip
        if target is not None:
            row["target_ms"] = 1000 * target
            if median > target:
                missed.append(name)
        rows.append(row)
    if args.json:
        print(json.dumps({"rows": rows, "missed": missed}, indent=2))
    else:
        for row in rows:
            aim = f"  (target < {row['target_ms']:.0f} ms)" if "target_ms" in row else ""
            print(
                f"{row['what']:<42} median {row['median_ms']:7.1f} ms "
                f"[{row['min_ms']:.1f} - {row['max_ms']:.1f}]{aim}"
            )
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())

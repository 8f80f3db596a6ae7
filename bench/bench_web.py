"""Load test of the web server: many concurrent games of bots over WebSockets, one server.

Starts ``cribkit serve`` on loopback over a temporary store, then plays ``--games`` games at
once: the server's computer plays at the ``random`` level, and each client bot picks a random
legal action from its ``state`` (in Tiles the legal list holds exchanges and passes only: the
bots do not compose plays). For every action a bot sends, the time until its acknowledgement
(the ``state`` with the next ``seq``) is measured: the computer's thinking is not in it, as the
computer only moves after the acknowledgement. Memory per game is the growth of the server's
resident memory with every game live, divided by the number of games.

    .venv/bin/python bench/bench_web.py --games 200
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from cribkit.web.launch import ServerProcess

GAMES = ("classic", "tabletop", "solitaire", "tiles")


def rss_kib(pid: int) -> int:
    """The resident memory of process ``pid``, in KiB (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError(f"no VmRSS for process {pid}")


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    finished: int = 0
    actions: int = 0


async def bot(
    address: str,
    http: httpx.AsyncClient,
    game: str,
    seed: int,
    totals: Totals,
    ready: asyncio.Barrier,
    think: float,
) -> None:
    rng = random.Random(seed)
    options: dict[str, Any] = {"target": 61} if game in ("classic", "tabletop") else {}
    # Each bot is a player of its own (its own session): the burst limits are per player too.
    async with httpx.AsyncClient(timeout=60) as own:
        response = await own.post(
            f"http://{address}/api/games",
            json={"game": game, "ai": "random", "seed": seed, "options": options},
        )
        # The socket needs the session that created the game (its owner) with the seat's
        # token: the cookie this answer set.
        cookie = "; ".join(f"{name}={value}" for name, value in own.cookies.items())
    answer = response.json()
    url = f"ws://{address}/ws/{answer['id']}?seat=0&token={answer['tokens']['0']}"
    async with connect(
        url, max_size=None, compression="deflate", additional_headers={"Cookie": cookie}
    ) as socket:
        await ready.wait()
        state: dict[str, Any] | None = None
        while True:
            if state is not None and state["result"] is not None:
                totals.finished += 1
                return
            my_turn = (
                state is not None
                and state["observation"].get("current_player") == 0
                and bool(state["legal"])
            )
            if state is None or not my_turn:
                message = json.loads(await socket.recv())
                if message["type"] == "error":
                    totals.errors.append(f"{game} {answer['id']}: {message}")
                    return
                if message["type"] == "state":
                    state = message
                continue
            action = rng.choice(state["legal"])
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            sent = time.perf_counter()
            await socket.send(json.dumps({"type": "action", "seq": state["seq"], "action": action}))
            while True:
                ack = json.loads(await socket.recv())
                if ack["type"] == "error":
                    totals.errors.append(f"{game} {answer['id']}: {ack}")
                    return
                if ack["type"] == "state" and ack["seq"] == state["seq"] + 1:
                    totals.latencies.append(time.perf_counter() - sent)
                    totals.actions += 1
                    state = ack
                    break


async def run(
    address: str, games: int, pid: int, mix: list[str], think: float = 0.0
) -> dict[str, Any]:
    totals = Totals()
    ready = asyncio.Barrier(games + 1)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(limits=limits, timeout=60) as http:
        before = rss_kib(pid)
        started = time.perf_counter()
        tasks = [
            asyncio.create_task(
                bot(address, http, mix[i % len(mix)], 1000 + i, totals, ready, think)
            )
            for i in range(games)
        ]
        await ready.wait()  # every game created and connected
        live = rss_kib(pid)
        peak = live
        while not all(t.done() for t in tasks):
            await asyncio.sleep(0.2)
            peak = max(peak, rss_kib(pid))
        for task in tasks:
            if task.exception() is not None:
                totals.errors.append(repr(task.exception()))
        seconds = time.perf_counter() - started
    ms = sorted(x * 1000 for x in totals.latencies)

    def pct(p: float) -> float:
        return ms[min(len(ms) - 1, int(p / 100 * len(ms)))]

    return {
        "games": games,
        "finished": totals.finished,
        "errors": len(totals.errors),
        "error_samples": totals.errors[:3],
        "acks": len(ms),
        "ack_ms": {
            "p50": round(pct(50), 2),
            "p95": round(pct(95), 2),
            "p99": round(pct(99), 2),
            "max": round(ms[-1], 2),
            "mean": round(statistics.fmean(ms), 2),
        },
        "seconds": round(seconds, 1),
        "rss_mib": {"before": before // 1024, "all_live": live // 1024, "peak": peak // 1024},
        "kib_per_game": round((live - before) / games, 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="concurrent games (default 200)")
    parser.add_argument(
        "--mix", default=",".join(GAMES), help="the games, in turn (default: all four)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="a bot's mean time to choose, in seconds, uniform from 0 to twice it (default 1; "
        "0: as fast as the server answers)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        server = ServerProcess(f"sqlite:///{folder}/bench.db", Path(folder) / "server.log")
        server.start()
        try:
            mix = args.mix.split(",")
            report = asyncio.run(run(server.address, args.games, server.pid, mix, args.think))
            report["mix"] = mix
            report["think"] = args.think
            report["load_average"] = [load_before, Path("/proc/loadavg").read_text().split()[0]]
        finally:
            server.stop(timeout=20)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    ack = report["ack_ms"]
    print(
        f"{report['games']} concurrent games ({', '.join(report['mix'])} in turn, bots think {report['think']} s on average), {report['finished']} finished, {report['errors']} errors, {report['seconds']} s"
    )
    print(
        f"action -> acknowledgement over {report['acks']} actions: p50 {ack['p50']} ms, p95 {ack['p95']} ms, p99 {ack['p99']} ms, max {ack['max']} ms"
    )
    rss = report["rss_mib"]
    print(
        f"server memory: {rss['before']} MiB before, {rss['all_live']} MiB with every game live (peak {rss['peak']} MiB): {report['kib_per_game']} KiB per game"
    )
    load = report["load_average"]
    print(f"machine: {os.cpu_count()} cores, load average {load[0]} before and {load[1]} after")
    for sample in report["error_samples"]:
        print("error:", sample)


if __name__ == "__main__":
    main()

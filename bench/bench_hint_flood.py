"""Hint flood: does a player asking for hints as fast as it may delay another game's computer?

Starts ``cribkit serve`` on loopback over a temporary store (the default workers: one process on
2 cores), then opens ``--flooders`` Tiles games against the computer (``random`` level), each as
a player of its own (its own session cookie), and on each socket, once it is the player's turn,
asks for a hint every ``1 / --rate`` seconds without waiting for the answers (20 a second: as
fast as the burst limit allows). Meanwhile a bot (another player) plays classic games against
the ``expert`` computer, choosing random legal actions at once, and times each of the
computer's replies: from the bot sending its action to the ``state`` holding the computer's
move (the one after the acknowledgement). It stops after ``--seconds`` (at most 60) or
``--moves`` timed replies, and prints their median, p95 and max.

    .venv/bin/python bench/bench_hint_flood.py --flooders 8 --seconds 40
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cribkit.deploy.launch import ServerProcess
from timing import summary


async def open_seat(address: str, game: str, ai: str, seed: int) -> ClientConnection:
    """A new game's seat 0, as a new player (a client of its own: its own cookie)."""
    async with httpx.AsyncClient(timeout=60) as http:
        response = await http.post(
            f"http://{address}/api/games", json={"game": game, "ai": ai, "seed": seed}
        )
        response.raise_for_status()
        answer = response.json()
        cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    url = f"ws://{address}/ws/{answer['id']}?seat=0&token={answer['tokens']['0']}"
    return await connect(url, max_size=None, additional_headers={"Cookie": cookie})


def my_turn(state: dict[str, Any]) -> bool:
    return state["result"] is None and state["observation"].get("current_player") == 0


async def flooder(
    address: str, seed: int, rate: float, stop: asyncio.Event, counts: Counter[str]
) -> None:
    socket = await open_seat(address, "tiles", "random", seed)
    async with socket:
        while True:  # until the player's turn (the computer may begin)
            message = json.loads(await socket.recv())
            if message["type"] == "state" and my_turn(message):
                break

        async def read() -> None:
            try:
                async for text in socket:
                    message = json.loads(text)
                    kind = message["code"] if message["type"] == "error" else message["type"]
                    counts[kind] += 1
            except ConnectionClosed:
                counts["closed"] += 1

        reader = asyncio.create_task(read())
        while not stop.is_set() and not reader.done():
            await socket.send(json.dumps({"type": "hint"}))
            counts["asked"] += 1
            await asyncio.sleep(1 / rate)
        reader.cancel()


async def player(
    address: str, seed: int, moves: int, stop: asyncio.Event, times: list[float]
) -> None:
    rng = random.Random(seed)
    while not stop.is_set():
        socket = await open_seat(address, "classic", "expert", seed)
        seed += 1
        async with socket:
            state: dict[str, Any] = {}
            while not stop.is_set():
                while not state or (state["result"] is None and not my_turn(state)):
                    message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                    if message["type"] == "error":
                        raise RuntimeError(f"the bot's game: {message}")
                    if message["type"] == "state":
                        state = message
                if state["result"] is not None:
                    break
                sent = time.perf_counter()
                action = rng.choice(state["legal"])
                await socket.send(
                    json.dumps({"type": "action", "seq": state["seq"], "action": action})
                )
                while True:  # the acknowledgement
                    message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                    if message["type"] == "error":
                        raise RuntimeError(f"the bot's game: {message}")
                    if message["type"] == "state":
                        state = message
                        break
                if state["result"] is None and not my_turn(state):
                    while True:  # the computer's reply
                        message = json.loads(await asyncio.wait_for(socket.recv(), 60))
                        if message["type"] == "state":
                            state = message
                            break
                    times.append(time.perf_counter() - sent)
                    if len(times) >= moves:
                        stop.set()


async def run(
    address: str, flooders: int, rate: float, seconds: float, moves: int
) -> dict[str, Any]:
    stop = asyncio.Event()
    counts: Counter[str] = Counter()
    times: list[float] = []
    floods = [
        asyncio.create_task(flooder(address, 100 + i, rate, stop, counts)) for i in range(flooders)
    ]
    await asyncio.sleep(1.0)  # the flood under way
    started = time.perf_counter()
    bot = asyncio.create_task(player(address, 1, moves, stop, times))
    done, _ = await asyncio.wait({bot}, timeout=seconds)
    stop.set()
    if bot in done and bot.exception() is not None:
        raise RuntimeError("the bot failed") from bot.exception()
    bot.cancel()
    elapsed = time.perf_counter() - started
    await asyncio.gather(*floods, return_exceptions=True)
    if not times:
        raise RuntimeError("the computer made no move in time")
    return {
        "flooders": flooders,
        "rate": rate,
        "seconds": round(elapsed, 1),
        "moves": len(times),
        "reply_ms": summary(times, "median", "p95", "max", digits=1, suffix=""),
        "flood": dict(counts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flooders", type=int, default=8, help="hint-flooding sockets (8)")
    parser.add_argument("--rate", type=float, default=19.0, help="hints a second each (19)")
    parser.add_argument("--seconds", type=float, default=40.0, help="at most (40; 60 at most)")
    parser.add_argument("--moves", type=int, default=150, help="computer replies timed (150)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    seconds = min(args.seconds, 60.0)
    with tempfile.TemporaryDirectory() as folder:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        server = ServerProcess(f"sqlite:///{folder}/bench.db", Path(folder) / "server.log")
        server.start()
        try:
            report = asyncio.run(run(server.address, args.flooders, args.rate, seconds, args.moves))
        finally:
            server.stop(timeout=20)
        report["load_average"] = [load_before, Path("/proc/loadavg").read_text().split()[0]]
    if args.json:
        print(json.dumps(report, indent=2))
        return
    reply = report["reply_ms"]
    print(
        f"{report['flooders']} sockets asking for Tiles hints {report['rate']:g} a second each; "
        f"{report['moves']} computer replies timed in a classic game in {report['seconds']} s"
    )
    print(
        f"the computer's reply (bot's action -> its move): median {reply['median']} ms, "
        f"p95 {reply['p95']} ms, max {reply['max']} ms"
    )
    print("the flood's answers:", ", ".join(f"{k} {v}" for k, v in sorted(report["flood"].items())))
    load = report["load_average"]
    print(f"machine: {os.cpu_count()} cores, load average {load[0]} before and {load[1]} after")


if __name__ == "__main__":
    main()

"""Hint flood: does a player asking for hints as fast as it may delay another game's computer?

Starts ``cribkit serve`` on loopback over a temporary store (the default workers: one process on
2 cores), or with ``--cluster`` a cluster of two servers, one ``cribkit worker``, PostgreSQL and
Redis (:class:`cribkit.deploy.cluster.Cluster`). Then opens ``--games`` Tiles games against the
computer (``random`` level), each as a player of its own (its own session cookie), and
``--flooders`` sockets to their seats, spread over the games and (in a cluster) over the
servers, so that one player's sockets are on both. On each socket, once it is the player's turn,
it asks for a hint every ``1 / --rate`` seconds without waiting for the answers (19 a second:
just under the limit of a socket), or with ``--rate 0`` as soon as its last one is answered. Meanwhile a bot (another player) plays classic games against
the ``expert`` computer, choosing random legal actions at once (12 a second at most, under its
limit), and times each of the computer's replies: from the bot sending its action to the
``state`` holding the computer's move (the one after the acknowledgement). It stops after ``--seconds`` (at most 60) or
``--moves`` timed replies, and prints their median, p95 and max, and what the flood was
answered.

    .venv/bin/python bench/bench_hint_flood.py --flooders 8 --seconds 40
    .venv/bin/python bench/bench_hint_flood.py --cluster --flooders 8 --games 2 --seconds 40
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
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from cribkit.deploy.cluster import Cluster
from cribkit.deploy.config import free_port
from cribkit.deploy.launch import ServerProcess
from timing import summary

#: A game's seat 0: the game's id, the seat's token and its player's cookie.
Seat = tuple[str, str, str]
#: The bot's least time between two actions (seconds): well under its limit of 20 a second.
PACE = 0.08


async def new_game(base: str, game: str, ai: str, seed: int) -> Seat:
    """A new game, as a new player (a client of its own: its own cookie)."""
    async with httpx.AsyncClient(timeout=60) as http:
        response = await http.post(f"{base}/api/games", json={"game": game, "ai": ai, "seed": seed})
        response.raise_for_status()
        answer = response.json()
        cookie = "; ".join(f"{name}={value}" for name, value in http.cookies.items())
    return answer["id"], answer["tokens"]["0"], cookie


async def open_seat(base: str, seat: Seat) -> ClientConnection:
    """A socket to seat 0 of ``seat``'s game, on the server at ``base``."""
    game_id, token, cookie = seat
    url = base.replace("http://", "ws://") + f"/ws/{game_id}?seat=0&token={token}"
    return await connect(url, max_size=None, additional_headers={"Cookie": cookie})


def my_turn(state: dict[str, Any]) -> bool:
    return state["result"] is None and state["observation"].get("current_player") == 0


async def flooder(
    base: str, seat: Seat, rate: float, stop: asyncio.Event, counts: Counter[str]
) -> None:
    socket = await open_seat(base, seat)
    async with socket:
        while True:  # until the player's turn (the computer may begin)
            message = json.loads(await socket.recv())
            if message["type"] == "state" and my_turn(message):
                break

        answered = asyncio.Event()

        async def read() -> None:
            try:
                async for text in socket:
                    message = json.loads(text)
                    kind = message["code"] if message["type"] == "error" else message["type"]
                    counts[kind] += 1
                    if kind in ("hint", "busy", "rate_limited", "stale", "unavailable"):
                        answered.set()
            except ConnectionClosed:
                counts["closed"] += 1

        reader = asyncio.create_task(read())
        while not stop.is_set() and not reader.done():
            answered.clear()
            await socket.send(json.dumps({"type": "hint"}))
            counts["asked"] += 1
            if rate > 0:
                await asyncio.sleep(1 / rate)
            else:  # as fast as answered
                waiting = asyncio.create_task(answered.wait())
                await asyncio.wait({waiting, reader}, return_when=asyncio.FIRST_COMPLETED)
                waiting.cancel()
        reader.cancel()


async def player(base: str, seed: int, moves: int, stop: asyncio.Event, times: list[float]) -> None:
    rng = random.Random(seed)
    last = 0.0
    while not stop.is_set():
        socket = await open_seat(base, await new_game(base, "classic", "expert", seed))
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
                # Under the limit of its player (20 a second): a refused action is no reply.
                await asyncio.sleep(max(0.0, last + PACE - time.perf_counter()))
                sent = last = time.perf_counter()
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
    bases: list[str], flooders: int, games: int, rate: float, seconds: float, moves: int
) -> dict[str, Any]:
    stop = asyncio.Event()
    counts: Counter[str] = Counter()
    times: list[float] = []
    seats = [await new_game(bases[0], "tiles", "random", 100 + i) for i in range(games)]
    # Socket i is on game i % games, and on server (i // games) % servers: each game's
    # sockets take turns over the servers.
    floods = [
        asyncio.create_task(
            flooder(bases[(i // games) % len(bases)], seats[i % games], rate, stop, counts)
        )
        for i in range(flooders)
    ]
    await asyncio.sleep(1.0)  # the flood under way
    started = time.perf_counter()
    bot = asyncio.create_task(player(bases[0], 1, moves, stop, times))
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
        "games": games,
        "rate": rate,
        "seconds": round(elapsed, 1),
        "moves": len(times),
        "reply_ms": summary(times, "median", "p95", "max", digits=1, suffix=""),
        "flood": dict(counts),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--flooders", type=int, default=8, help="hint-flooding sockets (8)")
    parser.add_argument("--games", type=int, help="their games (default: one each)")
    parser.add_argument(
        "--rate", type=float, default=19.0, help="hints a second each (19; 0: each once answered)"
    )
    parser.add_argument("--seconds", type=float, default=40.0, help="at most (40; 60 at most)")
    parser.add_argument("--moves", type=int, default=150, help="computer replies timed (150)")
    parser.add_argument(
        "--cluster", action="store_true", help="two servers and one worker, not one process"
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    seconds = min(args.seconds, 60.0)
    games = max(1, min(args.games or args.flooders, args.flooders))
    with tempfile.TemporaryDirectory() as folder, ExitStack() as stack:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        if args.cluster:
            cluster = Cluster(
                Path(folder) / "cluster", port=free_port(), servers=2, workers=1, durable=False
            )
            Path(folder).chmod(0o755)  # (PostgreSQL's user, when run as root, enters it)
            stack.enter_context(cluster)
            bases = cluster.server_urls
        else:
            server = ServerProcess(f"sqlite:///{folder}/bench.db", Path(folder) / "server.log")
            server.start()
            stack.callback(server.stop, timeout=20)
            bases = [server.base_url]
        report = asyncio.run(run(bases, args.flooders, games, args.rate, seconds, args.moves))
        report["layout"] = "2 servers, 1 worker" if args.cluster else "1 process"
        report["load_average"] = [load_before, Path("/proc/loadavg").read_text().split()[0]]
    if args.json:
        print(json.dumps(report, indent=2))
        return
    reply = report["reply_ms"]
    pace = f"{report['rate']:g} a second each" if report["rate"] else "each once answered"
    print(
        f"{report['layout']}: {report['flooders']} sockets of {report['games']} games asking "
        f"for Tiles hints {pace}; {report['moves']} computer replies "
        f"timed in a classic game in {report['seconds']} s"
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

"""A club night's pairing as players meet it: from a game's end to the next game's news.

Starts ``cribkit serve`` on loopback over a temporary SQLite store (one process, the settings a
user runs: limits on), or with ``--store URL`` (or ``CRIBKIT_STORE`` in the environment, for a
URL with a password) over that store. ``--players`` accounts (10)
each open their inbox socket (``/ws/inbox``) as every signed-in page does; a director makes a
night of ``--games`` games (4) of classic to 61 and starts it; each player plays the games the
inbox sends them through their seat's socket (a random legal move each ``--think`` seconds).
Timed: for every ``event_game`` message a player's inbox receives after the start, the time
since the last game of the night ended before it (the end that let the pairing be made: a
pairing is only ever made when a game ends; a game ends when its last move is sent), or since
the director's start for the first round. Prints the median, p95 and max, and checks the
night ended with every game played.

    .venv/bin/python bench/bench_events.py
    CRIBKIT_STORE=postgresql+psycopg://... .venv/bin/python bench/bench_events.py
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from cribkit.deploy.launch import ServerProcess
from timing import summary

PASSWORD = "a long pass phrase 9"


class Night:
    """The bench's shared record: each game's end and each pairing's news, in monotonic
    seconds."""

    def __init__(self) -> None:
        self.ends: list[float] = []
        self.news: list[float] = []
        self.played = 0


async def account(base: str, name: str) -> tuple[httpx.AsyncClient, str]:
    http = httpx.AsyncClient(base_url=base, timeout=30)
    made = await http.post("/api/account", json={"name": name, "password": PASSWORD})
    if made.status_code != 200:
        raise SystemExit(f"cannot make the account {name}: {made.text}")
    return http, "; ".join(f"{k}={v}" for k, v in http.cookies.items())


async def play_seat(base: str, http: httpx.AsyncClient, cookie: str, game: str, night: Night,
                    think: float, rng: random.Random) -> None:  # fmt: skip
    """Play the player's seat of ``game`` to its end (random legal moves)."""
    tokens = (await http.get(f"/api/games/{game}/resume")).json()["tokens"]
    [(seat, token)] = tokens.items()
    url = base.replace("http://", "ws://") + f"/ws/{game}?seat={seat}"
    async with connect(url, subprotocols=["cribkit", f"token.{token}"],  # type: ignore[list-item]
                       additional_headers={"Cookie": cookie}) as socket:  # fmt: skip
        sent: dict[str, float] = {}
        while True:
            message = json.loads(await socket.recv())
            if message["type"] != "state":
                continue
            if message["result"] is not None:
                # The game ended when its last move was sent: the seat that sent it says when
                # (the server pairs on before the final state reaches the seats).
                if message.get("ack") in sent:
                    night.ends.append(sent[message["ack"]])
                    night.played += 1
                return
            if message["legal"]:
                await asyncio.sleep(think)
                action = {"type": "action", "seq": message["seq"], "id": secrets.token_hex(8),
                          "action": rng.choice(message["legal"])}  # fmt: skip
                sent[action["id"]] = time.monotonic()
                await socket.send(json.dumps(action))


async def player(base: str, http: httpx.AsyncClient, cookie: str, night: Night,
                 ready: asyncio.Event, think: float, rng: random.Random) -> None:  # fmt: skip
    """A player's pages: the inbox socket, each event game it announces played at once."""
    url = base.replace("http://", "ws://") + "/ws/inbox"
    async with connect(url, additional_headers={"Cookie": cookie}) as inbox:
        ready.set()
        while True:
            message = json.loads(await inbox.recv())
            if message.get("kind") != "event_game":
                continue
            night.news.append(time.monotonic())
            await play_seat(base, http, cookie, message["id"], night, think, rng)


async def run(base: str, players: int, games: int, think: float) -> tuple[list[float], int]:
    tag = secrets.token_hex(2)
    night = Night()
    director, _ = await account(base, f"Dana{tag}")
    people = [await account(base, f"P{index}x{tag}") for index in range(players)]
    body = {"name": "Bench night", "game": "classic:target=61", "format": "night",
            "options": {"games": games}, "starts": time.time()}  # fmt: skip
    event_id = (await director.post("/api/events", json=body)).json()["id"]
    code = (await director.post(f"/api/events/{event_id}/open", json={})).json()["code"]
    tasks = []
    for index, (http, cookie) in enumerate(people):
        assert (await http.post("/api/events/register", json={"code": code})).is_success
        ready = asyncio.Event()
        tasks.append(asyncio.create_task(
            player(base, http, cookie, night, ready, think, random.Random(index))))  # fmt: skip
        await ready.wait()
    started = time.monotonic()
    assert (await director.post(f"/api/events/{event_id}/start", json={})).is_success
    while True:
        await asyncio.sleep(1.0)
        form = (await director.get(f"/api/events/{event_id}")).json()
        if all(line["left"] == 0 for line in form["standings"]):
            break
    for task in tasks:
        task.cancel()
    expected = len([g for g in form["games"] if g["second"]])
    if night.played != expected:
        raise SystemExit(f"{night.played} games ended at the seats, the event has {expected}")
    waits = []
    for heard in night.news:
        before = [end for end in night.ends if end <= heard] or [started]
        waits.append(heard - max(before))
    return waits, expected


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=10, help="accounts in the night (10)")
    parser.add_argument("--games", type=int, default=4, help="games each plays (4)")
    parser.add_argument("--think", type=float, default=0.05, help="seconds before a move")
    parser.add_argument(
        "--store", default=os.environ.get("CRIBKIT_STORE"),
        help="a store URL (else CRIBKIT_STORE, the place for one with a password; else a "
        "temporary SQLite store)",
    )  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        load_before = Path("/proc/loadavg").read_text().split()[0]
        server = ServerProcess(args.store or f"sqlite:///{folder}/bench.db",
                               Path(folder) / "server.log")  # fmt: skip
        server.start()
        try:
            waits, played = asyncio.run(run(server.base_url, args.players, args.games, args.think))
        finally:
            server.stop(timeout=20)
        load_after = Path("/proc/loadavg").read_text().split()[0]
    figures = summary(waits, "median", "p95", "max", digits=0, suffix="")
    report: dict[str, Any] = {
        "store": "PostgreSQL" if args.store and args.store.startswith("postgres") else "SQLite",
        "players": args.players, "games_each": args.games, "games": played,
        "news": len(waits), "end_to_news_ms": figures,
        "load_average": [load_before, load_after],
    }  # fmt: skip
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(
        f"{report['store']}: a night of {args.players} players, {played} games; from a game's "
        f"end to the next game's news in a player's inbox ({len(waits)} times): median "
        f"{figures['median']:.0f} ms, p95 {figures['p95']:.0f} ms, max {figures['max']:.0f} ms"
    )
    print(f"machine: {os.cpu_count()} cores, load average {load_before} before, {load_after} after")


if __name__ == "__main__":
    main()

"""Every part of the cluster killed in turn under games in progress (issue 35, point 7).

Two servers, two workers, Redis, PostgreSQL and HAProxy (``cluster_factory``); tables of two
people and games against the computer played through the balancer by clients that behave as
the page does: each action has a new id, an action whose answer a dropped line lost is sent
again (the same id) on the next line, and a refused one ("nothing was applied") is made again.
One after the other: a server SIGKILLed, a worker SIGKILLed, Redis SIGKILLed (back after 1 s,
then after 10 s), PostgreSQL stopped as in a crash (back after 10 s), HAProxy SIGKILLed. After
each, every game in progress must move on within :data:`BACK_WITHIN` seconds of the part's
return. At the end every game is played out; every acknowledged action is stored exactly once,
every stored action of a client was acknowledged, and each client's last state is the store's.
The seconds each fault took to recover are printed (``-s``) for docs/scaling.md.
"""

from __future__ import annotations

import asyncio
import json
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from cribkit.deploy.cluster import Cluster
from cribkit.store.base import open_store

Message = dict[str, Any]
#: No game waits longer than this after the part killed is back (issue 35).
BACK_WITHIN = 10.0
#: How long a seat thinks before it moves while the faults go on (so that the games last).
THINK = 0.25


@dataclass
class Seat:
    """One seat's client, as the page plays it, through the balancer."""

    base: str
    game: str
    seat: int
    token: str
    cookie: str
    rng: random.Random
    think: float = THINK
    socket: ClientConnection | None = None
    state: Message | None = None
    inflight: Message | None = None
    acknowledged: list[str] = field(default_factory=list)
    refused: int = 0
    reconnects: int = 0

    @property
    def over(self) -> bool:
        return self.state is not None and self.state["result"] is not None

    @property
    def seq(self) -> int:
        return -1 if self.state is None else int(self.state["seq"])

    async def connect(self) -> None:
        url = self.base.replace("http://", "ws://") + f"/ws/{self.game}?seat={self.seat}"
        while True:
            try:
                self.socket = await connect(
                    url, subprotocols=["cribkit", f"token.{self.token}"],  # type: ignore[list-item]
                    additional_headers={"Cookie": self.cookie}, open_timeout=3,
                )  # fmt: skip
                if self.inflight is not None:  # its answer was lost with the line
                    await self.socket.send(json.dumps(self.inflight))
                return
            except (OSError, WebSocketException, TimeoutError):
                await asyncio.sleep(0.2)

    async def run(self) -> None:
        while not self.over:
            try:
                if self.socket is None:
                    await self.connect()
                    self.reconnects += 1
                assert self.socket is not None
                await self._maybe_move()
                try:
                    text = await asyncio.wait_for(self.socket.recv(), 1.0)
                except TimeoutError:
                    continue
                await self._heard(json.loads(text))
            except (OSError, WebSocketException):
                self.socket = None
                await asyncio.sleep(0.1)

    async def _maybe_move(self) -> None:
        state = self.state
        if self.inflight is not None or state is None or not state["legal"] or state["result"]:
            return
        if self.think:
            await asyncio.sleep(self.think)
        self.inflight = {"type": "action", "seq": state["seq"], "id": secrets.token_hex(8),
                         "action": self.rng.choice(state["legal"])}  # fmt: skip
        assert self.socket is not None
        await self.socket.send(json.dumps(self.inflight))

    async def _heard(self, message: Message) -> None:
        if message["type"] == "state":
            self.state = message
            if self.inflight is not None and message.get("ack") == self.inflight["id"]:
                self.acknowledged.append(self.inflight["id"])
                self.inflight = None
        elif message["type"] == "error" and self.inflight is not None:
            code, words = message["code"], message["message"]
            if code == "stale" or (code == "unavailable" and "nothing was applied" in words):
                self.inflight = None  # not applied: made again from the next state
                self.refused += 1
                await asyncio.sleep(0.3)
            elif code == "unavailable":  # not known yet: the same action again, later
                await asyncio.sleep(1.0)
                assert self.socket is not None
                await self.socket.send(json.dumps(self.inflight))
            else:
                raise AssertionError(f"seat {self.seat} of {self.game}: {message}")


async def new_player(base: str) -> tuple[httpx.AsyncClient, str]:
    http = httpx.AsyncClient(base_url=base, timeout=30)
    await http.get("/api/me")
    cookie = "; ".join(f"{k}={v}" for k, v in http.cookies.items())
    return http, cookie


async def start_games(cluster: Cluster, rng: random.Random) -> list[list[Seat]]:
    """Two tables of two people and two games against the computer, to 121."""
    games: list[list[Seat]] = []
    base = cluster.address
    for kind in ("people", "computer", "people", "computer"):
        http, cookie = await new_player(base)
        body: Message = {"game": "classic", "options": {"target": 121}}
        if kind == "people":
            body["seats"] = [{"kind": "me"}, {"kind": "friend"}]
        else:
            body["ai"] = "easy"
        created = (await http.post("/api/games", json=body)).json()
        [(seat, token)] = created["tokens"].items()
        seats = [Seat(base, created["id"], int(seat), token, cookie, random.Random(rng.random()))]
        if kind == "people":
            [invite] = created["invites"].values()
            guest, guest_cookie = await new_player(base)
            taken = (await guest.post(f"/api/invites/{invite['code']}/accept", json={})).json()
            seats.append(Seat(base, created["id"], int(taken["seat"]), taken["token"],
                              guest_cookie, random.Random(rng.random())))  # fmt: skip
            await guest.aclose()
        await http.aclose()
        games.append(seats)
    return games


def progress(games: list[list[Seat]]) -> dict[str, int]:
    return {seats[0].game: max(s.seq for s in seats) for seats in games}


async def moved_on(games: list[list[Seat]], since: dict[str, int], back: float) -> float:
    """Wait until every game still going has moved on from ``since``: the seconds since
    ``back`` (the part's return) that took."""
    while True:
        now = progress(games)
        waiting = [game for seats in games if not any(s.over for s in seats)
                   if now[(game := seats[0].game)] <= since[game]]  # fmt: skip
        if not waiting:
            return time.monotonic() - back
        assert time.monotonic() - back < BACK_WITHIN, f"games still waiting: {waiting}"
        await asyncio.sleep(0.1)


async def fault(
    name: str, games: list[list[Seat]], kill: Callable[[], None], back: Callable[[], None],
    down: float, recovered: dict[str, float],
) -> None:  # fmt: skip
    killed = time.monotonic()
    await asyncio.to_thread(kill)
    await asyncio.sleep(down)
    await asyncio.to_thread(back)
    returned = time.monotonic()
    since = progress(games)
    recovered[name] = await moved_on(games, since, returned)
    recovered[f"{name}: away"] = returned - killed


def test_every_part_killed_in_turn_and_nothing_lost_or_stuck(cluster_factory: Any) -> None:
    cluster: Cluster = cluster_factory(
        servers=2, workers=2, redis=True, worker_args=["--claim-after", "2"]
    )
    rng = random.Random(35)
    recovered: dict[str, float] = {}

    async def play() -> list[list[Seat]]:
        games = await start_games(cluster, rng)
        tasks = [asyncio.create_task(seat.run()) for seats in games for seat in seats]
        await moved_on(games, {seats[0].game: 0 for seats in games}, time.monotonic())
        await fault("a server (SIGKILL)", games, lambda: cluster.kill_server(0),
                    lambda: cluster.start_server(0), 0.0, recovered)  # fmt: skip
        await fault("a worker (SIGKILL)", games, lambda: cluster.kill_worker(0),
                    lambda: cluster.start_worker(0), 0.0, recovered)  # fmt: skip
        await fault("Redis, back after 1 s", games, cluster.kill_redis, cluster.start_redis,
                    1.0, recovered)  # fmt: skip
        await fault("Redis, back after 10 s", games, cluster.kill_redis, cluster.start_redis,
                    10.0, recovered)  # fmt: skip
        await fault("PostgreSQL (stop -m immediate), back after 10 s", games,
                    cluster.stop_postgresql, cluster.start_postgresql, 10.0, recovered)  # fmt: skip
        await fault("HAProxy (SIGKILL)", games, cluster.kill_haproxy, cluster.start_haproxy,
                    0.0, recovered)  # fmt: skip
        for seats in games:  # then every game to its end, at full speed
            for seat in seats:
                seat.think = 0.0
        async with asyncio.timeout(120):
            await asyncio.gather(*tasks)
        for seats in games:
            for seat in seats:
                if seat.socket is not None:
                    await seat.socket.close()
        return games

    games = asyncio.run(play())
    store = open_store(cluster.store_url)
    try:
        for seats in games:
            game = seats[0].game
            row = store.load_game(game)
            assert row is not None
            assert row.status == "finished"
            stored = [store.action_at(game, i) for i in range(len(store.load_actions(game)))]
            ids = [found[1] for found in stored if found is not None and found[1] is not None]
            acknowledged = [i for seat in seats for i in seat.acknowledged]
            # Every acknowledged action stored exactly once, and nothing stored unacknowledged.
            assert sorted(ids) == sorted(acknowledged)
            assert len(set(ids)) == len(ids)
            for seat in seats:
                assert seat.state is not None
                assert seat.seq == row.version, (game, seat.seat, seat.seq, row.version)
                assert seat.state["result"] == row.result
    finally:
        store.close()
    seats = [seat for each in games for seat in each]
    # The faults were felt: lines dropped (the server, HAProxy) and actions refused (PostgreSQL).
    assert sum(seat.reconnects for seat in seats) > len(seats)
    assert sum(seat.refused for seat in seats) > 0
    print("\nseconds away, and to every game moving on once back:",
          json.dumps({k: round(v, 2) for k, v in recovered.items()}))  # fmt: skip
    print("actions acknowledged and stored:", sum(len(seat.acknowledged) for seat in seats),
          "refused (nothing applied) and made again:", sum(seat.refused for seat in seats),
          "lines reopened:", sum(seat.reconnects for seat in seats) - len(seats))  # fmt: skip

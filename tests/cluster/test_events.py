"""A club night across a cluster with a server killed mid-round (issue 39): two servers, Redis,
PostgreSQL and HAProxy (``cluster_factory``); a director and four accounts through the balancer,
each game of the night played by its two players' clients as the page plays it (reconnecting
through the balancer when a line drops). Once the first game has ended and others are being
played, server 0 is SIGKILLed and left down: the other server carries the night to its end, and
every game is counted once, its result the stored game's own."""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from typing import Any

import httpx

from cribkit.deploy.cluster import Cluster
from cribkit.store.base import open_store
from tests.cluster.test_faults import Seat

NAMES = ("Ann", "Bob", "Cal", "Dee")
#: How long the night may take (a night of 6 games to 61 between scripted players).
WITHIN = 240.0


async def _account(base: str, name: str) -> tuple[httpx.AsyncClient, str]:
    http = httpx.AsyncClient(base_url=base, timeout=30)
    made = await http.post("/api/account", json={"name": name})
    assert made.status_code == 200, made.text
    return http, "; ".join(f"{k}={v}" for k, v in http.cookies.items())


def test_a_night_goes_on_when_a_server_of_two_is_killed_mid_round(cluster_factory: Any) -> None:
    cluster: Cluster = cluster_factory(servers=2, redis=True)
    base = cluster.address
    tag = secrets.token_hex(2)
    rng = random.Random(39)

    async def night() -> dict[str, Any]:
        director, _ = await _account(base, f"Dana{tag}")
        people = {name: await _account(base, f"{name}{tag}") for name in NAMES}
        body = {"name": "Across", "game": "classic:target=61", "format": "night",
                "options": {"games": 3}, "starts": time.time()}  # fmt: skip
        event_id = (await director.post("/api/events", json=body)).json()["id"]
        code = (await director.post(f"/api/events/{event_id}/open", json={})).json()["code"]
        for http, _ in people.values():
            assert (await http.post("/api/events/register", json={"code": code})).is_success
        assert (await director.post(f"/api/events/{event_id}/start", json={})).is_success
        by_name = {f"{name}{tag}": pair for name, pair in people.items()}
        tasks: dict[str, list[asyncio.Task[None]]] = {}
        killed = False
        deadline = time.monotonic() + WITHIN
        while True:
            try:
                form = (await director.get(f"/api/events/{event_id}")).json()
            except httpx.HTTPError:  # (the balancer between two health checks)
                await asyncio.sleep(0.3)
                continue
            games = form["games"]
            for game in games:
                if game["second"] is None or game["id"] is None or game["id"] in tasks:
                    continue
                seats = []
                for seat, name in enumerate((game["first"], game["second"])):
                    http, cookie = by_name[name]
                    tokens = (await http.get(f"/api/games/{game['id']}/resume")).json()["tokens"]
                    seats.append(Seat(base, game["id"], seat, tokens[str(seat)], cookie,
                                      random.Random(rng.random()), think=0.02))  # fmt: skip
                tasks[game["id"]] = [asyncio.create_task(s.run()) for s in seats]
            ended = [g for g in games if g["second"] and g["result"] is not None]
            playing = [g for g in games if g["second"] and g["result"] is None]
            if not killed and ended and playing:
                await asyncio.to_thread(cluster.kill_server, 0)  # mid-round, left down
                killed = True
            if form["standings"] and all(line["left"] == 0 for line in form["standings"]):
                break
            assert time.monotonic() < deadline, f"the night stalled: {games}"
            await asyncio.sleep(0.3)
        assert killed
        for running in tasks.values():
            await asyncio.gather(*running)
        await director.aclose()
        for http, _ in people.values():
            await http.aclose()
        return dict(form)

    form = asyncio.run(night())
    games = [g for g in form["games"] if g["second"]]
    assert len(games) == 6  # (four players, three games each: every pair once)
    assert len({frozenset((g["first"], g["second"])) for g in games}) == 6
    assert len({g["id"] for g in games}) == 6
    store = open_store(cluster.store_url)
    try:
        for game in games:
            row = store.load_game(game["id"])
            assert row is not None
            assert row.status == "finished"
            assert row.result is not None
            assert game["result"]["scores"] == list(row.result["scores"])
    finally:
        store.close()
    wins = sum(line["wins"] for line in form["standings"])
    assert wins == 6  # (every game counted once: one winner each)

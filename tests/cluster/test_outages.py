"""A cluster's Redis killed and brought back (issue 35): the workers wait it out, each saying
so in one line, and take jobs again within seconds of its return, whether a worker was idle,
held a job, or was started while Redis was gone; the game against the computer goes on.
Meanwhile the pages, the lobby and the tables of people on one server play on, and no server
leaves the balancer."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

import httpx

from cribkit.deploy.cluster import Cluster

from .test_authority import PATIENCE, Player, act, seat_two, settle

#: How soon after Redis is back the computer must be playing again (a worker that waited for
#: Redis tries again every 4 s at the most).
BACK_WITHIN = 10.0
#: How soon the computer's move comes after a short outage (issue 35: within 5 s).
WORKER_BACK_WITHIN = 5.0


def wait_for_line(log: Path, text: str, count: int = 1, timeout: float = PATIENCE) -> None:
    """Wait until ``log`` holds ``text`` ``count`` times."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and log.read_text(errors="replace").count(text) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"no {text!r} in {log}:\n{log.read_text(errors='replace')[-3000:]}")


def worker_log(cluster: Cluster, index: int) -> Path:
    return cluster.folder / "logs" / f"worker-{index}.log"


async def start_against_the_computer(cluster: Cluster) -> Player:
    """A player at a classic game against the easy computer (to 61), at the first moment it is
    the player's turn."""
    player = Player(cluster.server_urls[0])
    created = await player.post(
        "/api/games", {"game": "classic", "ai": "easy", "options": {"target": 61}}
    )
    await player.open(f"seat=0&token={created['tokens']['0']}", created["id"])
    while not player.my_turn():
        await player.until(lambda m: m["type"] == "state")
    return player


def over(player: Player) -> bool:
    return player.state is not None and bool(player.state["result"])


async def computer_answers(player: Player, within: float = BACK_WITHIN) -> int:
    """Wait until it is the player's turn again (or the game is over): the computer's moves
    meanwhile, each within ``within`` seconds of the one before."""
    moves = 0
    while not player.my_turn() and not over(player):
        async with asyncio.timeout(within):
            await player.until(lambda m: m["type"] == "state")
        moves += 1
    return moves


async def play_until_the_computer_answers(player: Player, rng: random.Random, times: int) -> None:
    """Play on until the computer has moved ``times`` times, each time within
    :data:`BACK_WITHIN` seconds."""
    answered = 0
    while answered < times and not over(player):
        if player.my_turn():  # (else the computer plays on: the lay-aways are together)
            await act(player, rng)
        answered += await computer_answers(player)


def test_workers_wait_out_redis_killed_while_idle_and_one_started_without_it(
    cluster_factory: Any,
) -> None:
    cluster = cluster_factory(servers=1, workers=2, redis=True)
    rng = random.Random(35)

    async def play() -> None:
        player = await start_against_the_computer(cluster)
        await play_until_the_computer_answers(player, rng, 1)
        cluster.kill_redis()
        # Both workers were idle: each says once that it waits, and keeps running.
        for index in range(2):
            wait_for_line(worker_log(cluster, index), "waiting for Redis")
        # One more started while Redis is gone waits too.
        cluster.kill_worker(1)
        cluster.start_worker(1)
        wait_for_line(worker_log(cluster, 1), "waiting for Redis", count=2)
        # The player moves meanwhile: stored, and the computer's move asked for once Redis is
        # back. Redis stays away ten seconds in all.
        if player.my_turn():
            await act(player, rng)
        await asyncio.sleep(5)
        assert None not in cluster.worker_pids
        cluster.start_redis()
        back = time.monotonic()
        for index in range(2):
            wait_for_line(worker_log(cluster, index), "Redis is back: taking jobs",
                          timeout=BACK_WITHIN)  # fmt: skip
        await computer_answers(player, BACK_WITHIN - (time.monotonic() - back))
        await play_until_the_computer_answers(player, rng, 3)
        for index in range(2):
            text = worker_log(cluster, index).read_text()
            assert text.count("waiting for Redis") == (1 if index == 0 else 2), text
            assert "Traceback" not in text, text

    asyncio.run(play())


def test_redis_killed_while_a_worker_holds_a_job(cluster_factory: Any) -> None:
    # The worker takes at least 3 s a move: Redis goes while it thinks, and is back in 1 s.
    cluster = cluster_factory(servers=1, workers=1, redis=True, worker_args=["--slow", "3"])
    rng = random.Random(36)

    async def play() -> None:
        import redis.asyncio as aioredis

        player = await start_against_the_computer(cluster)
        redis = aioredis.Redis.from_url(cluster.redis_url)
        try:
            seq = await act(player, rng)
            while player.my_turn():  # (until the computer is to move)
                seq = await act(player, rng)
            deadline = time.monotonic() + PATIENCE
            while not await redis.xpending_range("cribkit:moves", "workers", "-", "+", 10):
                assert time.monotonic() < deadline, "the worker took no job"
                await asyncio.sleep(0.05)
        finally:
            await redis.aclose()
        cluster.kill_redis()
        await asyncio.sleep(1)
        cluster.start_redis()
        async with asyncio.timeout(BACK_WITHIN):
            after = await player.until(lambda m: m["type"] == "state" and m["seq"] > seq)
        assert after["seq"] == seq + 1  # the move held, made once
        await play_until_the_computer_answers(player, rng, 2)
        assert cluster.worker_pids[0] is not None
        text = worker_log(cluster, 0).read_text()
        assert "Traceback" not in text, text

    asyncio.run(play())


def test_without_redis_the_pages_the_lobby_and_people_on_one_server_play_on(
    cluster_factory: Any,
) -> None:
    cluster = cluster_factory(servers=2, workers=1, redis=True)
    rng = random.Random(37)

    async def play() -> None:
        computer = await start_against_the_computer(cluster)
        host, friend = Player(cluster.server_urls[0]), Player(cluster.server_urls[0])
        await seat_two(host, friend)
        cluster.kill_redis()
        down = time.monotonic()
        # The pages, the lobby and the health checks: every server stays in the balancer.
        async with httpx.AsyncClient(timeout=PATIENCE) as http:
            for base in [cluster.address, *cluster.server_urls]:
                assert (await http.get(f"{base}/")).status_code == 200
                lobby = await http.get(f"{base}/api/games", headers={"Cookie": host.cookie})
                assert lobby.status_code == 200, lobby.text
            ready = await http.get(f"{cluster.server_urls[0]}/readyz")
            assert ready.status_code == 200, ready.text
            assert ready.json()["degraded"] == ["redis"]
        assert set(cluster.balancer_states().values()) == {"UP"}
        # A table sat down at without Redis, and the one from before: both play on.
        newcomer, guest = Player(cluster.server_urls[0]), Player(cluster.server_urls[0])
        await seat_two(newcomer, guest)
        for pair in ([host, friend], [newcomer, guest]):
            for _ in range(4):
                await settle(pair)
                mover = next((p for p in pair if p.my_turn()), None)
                assert mover is not None
                await act(mover, rng)
            await settle(pair)
        # The computer's move waits for Redis (and its worker) ...
        await act(computer, rng)
        assert time.monotonic() - down < 20
        cluster.start_redis()
        back = time.monotonic()
        # ... and comes within seconds of its return.
        await computer_answers(computer, WORKER_BACK_WITHIN - (time.monotonic() - back))
        async with httpx.AsyncClient(timeout=PATIENCE) as http:
            ready = await http.get(f"{cluster.server_urls[0]}/readyz")
        assert "degraded" not in ready.json()

    asyncio.run(play())

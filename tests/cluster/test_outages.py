"""A cluster's Redis killed and brought back (issue 35): the workers wait it out, each saying
so in one line, and take jobs again within seconds of its return, whether a worker was idle,
held a job, or was started while Redis was gone; the game against the computer goes on."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path
from typing import Any

from cribkit.deploy.cluster import Cluster

from .test_authority import PATIENCE, Player, act

#: How soon after Redis is back the computer must be playing again.
BACK_WITHIN = 10.0


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

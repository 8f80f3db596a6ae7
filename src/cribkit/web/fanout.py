"""How the processes of a cluster hear of each other's changes (``docs/scaling.md``).

Alone (:class:`Alone`, one ``cribkit serve`` process) there is nobody to tell. In a cluster
(:class:`RedisFanout`), every change to a game is first committed to the store and then
published on the game's Redis channel, ``cribkit:game:<id>``: an action (with its version and
index, so that a process one version behind applies it and any other catches up from the
store), a change of the seats or the table, a talk line, and which seats and spectators each
process holds sockets for (its *presence*). A process subscribes to a game's channel while it
holds a socket of the game. Redis pub/sub is at most once: a process that lost its Redis
connection catches up every game it follows from the store once it is back, and the store's
version check refuses a write made on a stale copy, so that a lost message delays a view and
never loses or forks a game. Each process also has a channel of its own,
``cribkit:process:<name>``, for the answers to its questions (the hints the workers work out).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from redis.exceptions import LockError, RedisError

from cribkit.web import logs
from cribkit.web.logs import one_line

log = logging.getLogger("cribkit.web")

__all__ = [
    "REDIS_DOWN", "Alone", "Fanout", "Heard", "RedisFanout", "process_name", "redis_client",
    "redis_text",
]  # fmt: skip

#: What a call to Redis raises when Redis, or the way to it, does not answer: redis-py's own
#: errors (its ``ConnectionError`` and ``TimeoutError`` are not the builtin ones) and the
#: socket's. Every place that calls Redis catches these, and only these, as an outage.
REDIS_DOWN: tuple[type[Exception], ...] = (RedisError, ConnectionError, OSError, TimeoutError)

#: A message heard: the game's id (None on the process's own channel) and the message.
Heard = Callable[[str | None, dict[str, Any]], Awaitable[None]]

#: How long a process counts as alive without a heartbeat, and how often it beats.
ALIVE_SECONDS = 10
BEAT_SECONDS = 2.0


#: Connections to Redis a process opens at most; beyond, a command waits for one to be free.
REDIS_CONNECTIONS = 64


def redis_client(url: str) -> Any:
    """A Redis client (redis-py's asyncio one) whose pool waits for a free connection rather
    than failing when every one is busy (a thousand tables sitting down at once)."""
    from redis.asyncio import BlockingConnectionPool, Redis

    pool = BlockingConnectionPool.from_url(url, max_connections=REDIS_CONNECTIONS, timeout=30)
    return Redis(connection_pool=pool)


def process_name(kind: str = "serve") -> str:
    """A name for this process, unique in the cluster even once its pid is reused:
    ``serve@<host>:<pid>-<random>`` (the logs' name of the process, made unique)."""
    return f"{logs.process_name(kind)}-{secrets.token_hex(3)}"


def _game_channel(game_id: str) -> str:
    return f"cribkit:game:{game_id}"


def _process_channel(process: str) -> str:
    return f"cribkit:process:{process}"


def _dumps(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


class Fanout(Protocol):
    """What a game session tells the other processes, and how it hears of theirs."""

    #: This process's name in the cluster.
    process: str

    @property
    def clustered(self) -> bool:
        """Whether other processes may hold this game too (so that it is shared)."""
        ...

    async def publish(self, game_id: str, message: dict[str, Any]) -> None:
        """Tell every process following ``game_id`` (this one's name added as ``origin``)."""
        ...

    async def follow(self, game_id: str) -> None:
        """Hear of ``game_id``'s changes from now on."""
        ...

    async def unfollow(self, game_id: str) -> None:
        """Stop hearing of ``game_id``."""
        ...

    async def tell(self, process: str, message: dict[str, Any]) -> None:
        """A message for one process (a hint it asked for)."""
        ...

    def lock(self, game_id: str) -> AbstractAsyncContextManager[Any]:
        """The game's lock across the cluster, for the rare changes that are not moves (a
        seat taken or given back, the next game made): the moves need none, the store's
        version check orders them."""
        ...

    async def share_presence(self, game_id: str, seats: list[int], spectators: int) -> None:
        """Tell the others which seats and how many spectators this process holds."""
        ...

    async def presence(self, game_id: str) -> dict[str, dict[str, Any]]:
        """What the other live processes hold of ``game_id``: by process, its seats and
        spectators (as they published them)."""
        ...

    async def live_processes(self, names: set[str]) -> set[str]:
        """Which of ``names`` are processes still alive."""
        ...


class Alone:
    """One process: nobody else to tell, nothing to hear."""

    process = "alone"
    clustered = False

    async def publish(self, game_id: str, message: dict[str, Any]) -> None:
        return None

    async def follow(self, game_id: str) -> None:
        return None

    async def unfollow(self, game_id: str) -> None:
        return None

    async def tell(self, process: str, message: dict[str, Any]) -> None:
        return None

    def lock(self, game_id: str) -> AbstractAsyncContextManager[Any]:
        return contextlib.nullcontext()

    async def share_presence(self, game_id: str, seats: list[int], spectators: int) -> None:
        return None

    async def presence(self, game_id: str) -> dict[str, dict[str, Any]]:
        return {}

    async def live_processes(self, names: set[str]) -> set[str]:
        return set(names)


class RedisFanout:
    """The cluster's messages on Redis pub/sub (redis-py's asyncio client; Valkey the same).

    :meth:`start` subscribes to the process's own channel and runs the listener, which calls
    ``heard`` for every message of another process, one message at a time in the order Redis
    delivered them, and ``resync`` after a lost connection came back."""

    clustered = True

    def __init__(self, redis: Any, process: str, heard: Heard, resync: Callable[[], None]) -> None:
        self.redis = redis
        self.process = process
        self._heard = heard
        self._resync = resync
        self._pubsub = redis.pubsub(ignore_subscribe_messages=True)
        self._tasks: list[asyncio.Task[None]] = []
        #: How many sessions of this process follow each game (one, but for a moment two).
        self._followed: dict[str, int] = {}

    async def start(self) -> None:
        """Subscribe to this process's channel, start listening and beating."""
        await self._beat_once()
        await self._pubsub.subscribe(_process_channel(self.process))
        self._tasks = [
            asyncio.create_task(self._listen(), name="fanout listener"),
            asyncio.create_task(self._beat(), name="fanout heartbeat"),
        ]

    async def stop(self) -> None:
        """Stop listening; this process's presence goes with it."""
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        # (Redis already gone: the heartbeat key expires by itself)
        with contextlib.suppress(Exception):
            await self.redis.delete(f"cribkit:alive:{self.process}")
            await self._pubsub.aclose()

    async def publish(self, game_id: str, message: dict[str, Any]) -> None:
        try:
            await self.redis.publish(
                _game_channel(game_id), _dumps({**message, "origin": self.process})
            )
        except Exception as error:  # the store has it: the others catch up when Redis is back
            log.warning("game %s: could not tell the other processes: %s", game_id, error,
                        extra={"game": game_id})  # fmt: skip

    async def follow(self, game_id: str) -> None:
        # Without Redis the game is followed all the same: its channel is subscribed to once
        # Redis is back (:meth:`_listen`), and the game is caught up from the store meanwhile.
        self._followed[game_id] = self._followed.get(game_id, 0) + 1
        if self._followed[game_id] == 1:
            try:
                await self._pubsub.subscribe(_game_channel(game_id))
            except REDIS_DOWN as error:
                log.warning("game %s: not heard from the others until Redis is back: %s",
                            game_id, one_line(error), extra={"game": game_id})  # fmt: skip

    async def unfollow(self, game_id: str) -> None:
        count = self._followed.pop(game_id, 0) - 1
        if count > 0:
            self._followed[game_id] = count
            return
        with contextlib.suppress(*REDIS_DOWN):  # (its presence expires by itself)
            await self._pubsub.unsubscribe(_game_channel(game_id))
            await self.redis.hdel(f"cribkit:presence:{game_id}", self.process)

    async def tell(self, process: str, message: dict[str, Any]) -> None:
        await self.redis.publish(_process_channel(process), _dumps(message))

    def lock(self, game_id: str) -> AbstractAsyncContextManager[Any]:
        return self._locked(game_id)

    @contextlib.asynccontextmanager
    async def _locked(self, game_id: str) -> AsyncIterator[None]:
        # (expires by itself if its holder dies holding it)
        lock = self.redis.lock(f"cribkit:lock:{game_id}", timeout=10, blocking_timeout=10)
        try:
            held: bool | None = bool(await lock.acquire())
        except REDIS_DOWN as error:
            # Without Redis a seat is still taken or given back: the store's own checks (an
            # invitation is closed once, the version check) keep two servers from both doing it.
            log.warning("game %s: changed without the cluster's lock (no Redis): %s", game_id,
                        one_line(error), extra={"game": game_id})  # fmt: skip
            held = None
        if held is None:
            yield
            return
        if not held:
            raise LockError(f"game {game_id}: its lock was held by another process for 10 s")
        try:
            yield
        finally:
            with contextlib.suppress(*REDIS_DOWN):
                await lock.release()

    async def share_presence(self, game_id: str, seats: list[int], spectators: int) -> None:
        """Publish (and keep in Redis, for processes that come later) what this process
        holds of ``game_id``."""
        form = {"seats": seats, "spectators": spectators}
        key = f"cribkit:presence:{game_id}"
        try:
            if seats or spectators:
                await self.redis.hset(key, self.process, _dumps(form))
                await self.redis.expire(key, 24 * 3600)
            else:
                await self.redis.hdel(key, self.process)
            await self.publish(game_id, {"kind": "presence", "process": self.process, **form})
        except Exception as error:
            log.warning("game %s: could not share who is here: %s", game_id, error)

    async def presence(self, game_id: str) -> dict[str, dict[str, Any]]:
        try:
            found = await self.redis.hgetall(f"cribkit:presence:{game_id}")
        except REDIS_DOWN:
            return {}  # (nobody else known to be here until Redis is back)
        forms = {
            redis_text(k): json.loads(v) for k, v in found.items() if redis_text(k) != self.process
        }
        alive = await self.live_processes(set(forms))
        return {name: form for name, form in forms.items() if name in alive}

    async def live_processes(self, names: set[str]) -> set[str]:
        if not names:
            return set()
        ordered = sorted(names)
        beats = await self.redis.mget([f"cribkit:alive:{name}" for name in ordered])
        return {name for name, beat in zip(ordered, beats, strict=True) if beat is not None}

    async def _beat_once(self) -> None:
        await self.redis.set(f"cribkit:alive:{self.process}", "1", ex=ALIVE_SECONDS)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(BEAT_SECONDS)
            try:
                await self._beat_once()
            except Exception as error:
                log.warning("no heartbeat to Redis: %s", error)

    async def _listen(self) -> None:
        lost = False
        while True:
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if not lost:
                    log.warning(
                        "lost Redis (%s): catching up from the store once it is back", error
                    )
                lost = True
                await asyncio.sleep(0.5)
                continue
            if lost:
                lost = False
                log.warning("Redis is back: catching up every game followed")
                await self._subscribe_all()
                self._resync()
            if message is None or message.get("type") != "message":
                continue
            await self._dispatch(redis_text(message["channel"]), message["data"])

    async def _subscribe_all(self) -> None:
        """Subscribe (again) to the channel of every game followed: those followed while Redis
        was gone were never subscribed to."""
        channels = [_game_channel(game_id) for game_id in self._followed]
        try:
            await self._pubsub.subscribe(_process_channel(self.process), *channels)
        except REDIS_DOWN as error:  # lost again: the next return tries again
            log.warning("could not subscribe again: %s", one_line(error))

    async def _dispatch(self, channel: str, data: bytes | str) -> None:
        try:
            body = json.loads(data)
        except ValueError:
            log.warning("a message that is not JSON on %s: ignored", channel)
            return
        if not isinstance(body, dict) or body.get("origin") == self.process:
            return
        game = (
            channel.removeprefix("cribkit:game:") if channel.startswith("cribkit:game:") else None
        )
        try:
            await self._heard(game, body)
        except Exception:
            log.exception("failed on a message of %s", channel, extra={"game": game})


def redis_text(value: object) -> str:
    """A value Redis answered (bytes, as redis-py gives them) as text."""
    return value.decode() if isinstance(value, bytes) else str(value)

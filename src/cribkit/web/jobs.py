"""The computer's work queue of a cluster: its moves and the hints, on two Redis streams read by
the ``cribkit worker`` processes as one consumer group (``docs/scaling.md``).

A job names a game and the version it was asked at; the worker reads the game from the store
(the authority), so that a job is a reminder, never a copy of the game. A move is asked for
once per version (``SET NX``: several processes may ask at once); a worker acknowledges a job
only once it is done, so that a job whose worker died stays pending and another worker claims
it (``XAUTOCLAIM``) after :data:`CLAIM_AFTER` seconds. A move made twice is made once: the second
worker's write expects the version the first one moved on from, and is refused by the store.
Workers take every waiting move before any hint, and work out one hint at a time beside the
moves (so that a move never waits for a hint).

Beside the streams, for fair shares of the workers (``docs/web.md``, "Limits"): the hints worked
out, kept a while by game, version and seat (the same question has the same answer: asked
again, it is answered at once, from any server); the tickets of hints whose asker left (not
worked out once taken); and each player's hints waiting (at most so many at once across the
cluster, a sorted set of tickets by when they were asked, so that one whose server died
expires by itself).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from cribkit.web.fanout import redis_text

__all__ = ["CLAIM_AFTER", "GROUP", "HINTS", "MOVES", "Job", "Jobs"]

MOVES = "cribkit:moves"
HINTS = "cribkit:hints"
GROUP = "workers"
#: Seconds a job may stay with a worker that does not finish it before another takes it.
CLAIM_AFTER = 5.0
#: The streams are capped (approximately) at so many entries: the done ones are history.
STREAM_LENGTH = 100_000
#: Seconds a hint worked out is kept, to be answered again at once.
HINT_KEPT_SECONDS = 600
#: Seconds a player's hint counts as waiting at most (a server that died never says it ended),
#: and a dropped hint's ticket is remembered (longer than any hint waits in the queue).
HINT_WAITS_SECONDS = 60


@dataclass(frozen=True, slots=True)
class Job:
    """A job read from a stream: its stream, entry id and fields."""

    stream: str
    entry: str
    fields: dict[str, str]

    @property
    def game(self) -> str:
        return self.fields["game"]

    @property
    def version(self) -> int:
        return int(self.fields["version"])


class Jobs:
    """The two streams, for the servers that ask and the workers that answer."""

    def __init__(self, redis: Any, claim_after: float = CLAIM_AFTER) -> None:
        self.redis = redis
        self.claim_after = claim_after

    async def prepare(self) -> None:
        """Make the streams and the workers' group if they are not there yet."""
        for stream in (MOVES, HINTS):
            try:
                await self.redis.xgroup_create(stream, GROUP, id="0", mkstream=True)
            except Exception as error:  # BUSYGROUP: made by another process first
                if "BUSYGROUP" not in str(error):
                    raise

    async def move(self, game_id: str, version: int) -> bool:
        """Ask for the computer's move in ``game_id`` at ``version`` (once: False if it has
        been asked for already)."""
        first = await self.redis.set(f"cribkit:asked:{game_id}:{version}", "1", nx=True, ex=3600)
        if not first:
            return False
        await self.redis.xadd(
            MOVES, {"game": game_id, "version": str(version)}, maxlen=STREAM_LENGTH,
            approximate=True,
        )  # fmt: skip
        return True

    async def hint(
        self, game_id: str, version: int, seat: int, process: str, ticket: str, moves: int = -1
    ) -> None:
        """Ask for a hint for ``seat``, the game at ``version`` with ``moves`` actions (a worker
        still answers when only other seats laid away since: :mod:`cribkit.web.turns`); the
        answer goes to ``process``'s channel with ``ticket``."""
        fields = {"game": game_id, "version": str(version), "seat": str(seat),
                  "process": process, "ticket": ticket, "moves": str(moves)}  # fmt: skip
        await self.redis.xadd(HINTS, fields, maxlen=STREAM_LENGTH, approximate=True)

    # -- fair shares --------------------------------------------------------------------------

    async def kept_hint(self, game_id: str, version: int, seat: int) -> dict[str, Any] | None:
        """The hint worked out for ``seat`` at ``version`` of ``game_id``, if it is kept."""
        kept = await self.redis.get(_hint_key(game_id, version, seat))
        return None if kept is None else dict(json.loads(redis_text(kept)))

    async def keep_hint(self, game_id: str, version: int, seat: int, hint: dict[str, Any]) -> None:
        """Keep a hint worked out for :data:`HINT_KEPT_SECONDS`."""
        text = json.dumps(hint, separators=(",", ":"))
        await self.redis.set(_hint_key(game_id, version, seat), text, ex=HINT_KEPT_SECONDS)

    async def cancel_hint(self, ticket: str) -> None:
        """The asker of the hint ``ticket`` is gone: a worker that takes it drops it."""
        await self.redis.set(f"cribkit:hint-dropped:{ticket}", "1", ex=HINT_WAITS_SECONDS)

    async def hint_cancelled(self, ticket: str) -> bool:
        """Whether the asker of the hint ``ticket`` is gone."""
        return bool(await self.redis.exists(f"cribkit:hint-dropped:{ticket}"))

    async def hint_begins(self, player: str, ticket: str, most: int) -> bool:
        """Count the hint ``ticket`` as one of ``player``'s waiting, if fewer than ``most``
        are (those asked over :data:`HINT_WAITS_SECONDS` ago no longer count); whether it
        was. Give it back with :meth:`hint_ends`."""
        key, now = f"cribkit:hints-of:{player}", time.time()
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.zremrangebyscore(key, "-inf", now - HINT_WAITS_SECONDS)
            pipe.zadd(key, {ticket: now})
            pipe.zcard(key)
            pipe.expire(key, HINT_WAITS_SECONDS)
            *_, count, _ = await pipe.execute()
        if int(count) <= most:
            return True
        await self.redis.zrem(key, ticket)
        return False

    async def hint_ends(self, player: str, ticket: str) -> None:
        """The hint ``ticket`` of ``player`` is answered (or dropped)."""
        await self.redis.zrem(f"cribkit:hints-of:{player}", ticket)

    async def depth(self) -> dict[str, int]:
        """Jobs not yet taken by a worker, by stream (``moves``, ``hints``)."""
        depths: dict[str, int] = {}
        for stream in (MOVES, HINTS):
            groups = await self.redis.xinfo_groups(stream)
            lag = next((g.get("lag") for g in groups if redis_text(g.get("name")) == GROUP), 0)
            depths[stream.removeprefix("cribkit:")] = int(lag or 0)
        return depths

    # -- the workers' side ----------------------------------------------------------------------

    async def claim(self, consumer: str, hints: bool = True) -> Job | None:
        """A job some worker took and did not finish within :attr:`claim_after` (moves first;
        no hint unless ``hints``)."""
        idle = int(self.claim_after * 1000)
        for stream in (MOVES, HINTS) if hints else (MOVES,):
            answer = await self.redis.xautoclaim(stream, GROUP, consumer, idle, "0-0", count=1)
            entries = answer[1] if len(answer) > 1 else []
            for entry, fields in entries:
                if fields:  # (an entry trimmed from the stream meanwhile has none)
                    return Job(stream, redis_text(entry), _fields(fields))
                await self.ack(Job(stream, redis_text(entry), {}))
        return None

    async def take(self, consumer: str, block_ms: int, hints: bool = True) -> list[Job]:
        """The next jobs: a waiting move if there is one, else a hint; else wait up to
        ``block_ms`` for either (then possibly one of each, the move first). Without
        ``hints``, moves only (the worker's hint is under way)."""
        streams = (MOVES, HINTS) if hints else (MOVES,)
        for stream in streams:
            found = await self._read(consumer, {stream: ">"}, None)
            if found:
                return found
        found = await self._read(consumer, dict.fromkeys(streams, ">"), block_ms)
        return sorted(found, key=lambda job: job.stream != MOVES)

    async def _read(self, consumer: str, streams: dict[str, str], block: int | None) -> list[Job]:
        answer = await self.redis.xreadgroup(GROUP, consumer, streams, count=1, block=block)
        jobs = []
        for stream, entries in answer or []:
            for entry, fields in entries:
                jobs.append(Job(redis_text(stream), redis_text(entry), _fields(fields)))
        return jobs

    async def ack(self, job: Job) -> None:
        """The job is done (or moot): nobody will take it again."""
        await self.redis.xack(job.stream, GROUP, job.entry)

    async def pending(self) -> int:
        """Jobs taken by a worker and not done yet (both streams)."""
        total = 0
        for stream in (MOVES, HINTS):
            summary = await self.redis.xpending(stream, GROUP)
            total += int(summary.get("pending", 0) if isinstance(summary, dict) else summary[0])
        return total


def _hint_key(game_id: str, version: int, seat: int) -> str:
    return f"cribkit:hint:{game_id}:{version}:{seat}"


def _fields(fields: dict[Any, Any]) -> dict[str, str]:
    return {redis_text(k): redis_text(v) for k, v in fields.items()}

"""A cluster's worker: the loop that makes the computer's moves and works out the hints of a
cluster's games, taken from the Redis queue of :mod:`cribkit.web.jobs` (``docs/scaling.md``);
``cribkit worker`` runs it in a process of its own (:mod:`cribkit.deploy.worker`).

A worker holds no sockets. For each job it reads the game from the store (keeping a copy of
the games it worked on lately, caught up at each job), and makes the move exactly as a server
would: chosen by a player seeded from the game's seed, the seat and the move number (so that a
move worked out again after a worker died is the same move), stored with the version check,
then published to the servers that hold the game's sockets. It acknowledges a job once it is
done; a job it dies on is claimed by another worker.

The computer's moves go first, and never wait for a hint: a worker works out one hint at a
time, in a thread, beside its loop, which goes on taking moves meanwhile (and no other hint).
A hint already worked out for the same game, version and seat is answered from Redis; one whose
asker left, or whose game moved on, is dropped unworked (``docs/web.md``, "Limits").

What a supervisor or Prometheus asks of it (``cribkit worker --health-port``,
:mod:`cribkit.deploy.health`) is read here: :meth:`Worker.health` (None, or why it cannot take
jobs, in one line), ``done`` and ``failed`` (the jobs done, and those dropped on an error).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import OrderedDict
from typing import Any

from cribkit.ai import hints
from cribkit.store.base import Store, StoreError
from cribkit.web.fanout import REDIS_DOWN, RedisFanout, process_name
from cribkit.web.jobs import CLAIM_AFTER, MOVES, Job, Jobs
from cribkit.web.limits import Limits
from cribkit.web.logs import one_line
from cribkit.web.manager import SessionManager
from cribkit.web.messages import WebError
from cribkit.web.services import Services
from cribkit.web.sessions import GameSession
from cribkit.web.shared import catch_up
from cribkit.web.turns import only_others_moved

log = logging.getLogger("cribkit.worker")

__all__ = ["Worker"]

#: How many games a worker keeps a copy of (the least recently used go first).
KEPT_GAMES = 2_000
#: Seconds between two tries to reach a Redis that does not answer: doubled from the first to
#: the most after each failure, so that a worker is back within seconds of Redis's return.
RETRY_FIRST, RETRY_MOST = 0.25, 4.0
#: How long ago Redis may last have answered for the worker to count as healthy: the loop
#: talks to Redis at least every half second while idle; a longer job is checked by a ping.
HEALTHY_WITHIN = 10.0
#: How long :meth:`Worker.health` waits for that ping (a health check gives up after a few s).
PING_SECONDS = 2.0
#: A part the worker needs not answering: Redis or the store.
OUTAGES: tuple[type[Exception], ...] = (*REDIS_DOWN, StoreError)
#: How long the loop waits for a move while its hint is under way (ms): the next hint is
#: taken at most so long after the last one is done.
HINTING_BLOCK_MS = 100
#: How long a worker that stops waits for its hint in hand (unacknowledged, it is claimed).
HINT_STOP_SECONDS = 5.0


async def _nothing(game_id: str | None, message: dict[str, Any]) -> None:
    return None


class Worker:
    """One worker process's loop over the queue."""

    def __init__(
        self, store: Store, redis: Any, *, name: str | None = None,
        claim_after: float = CLAIM_AFTER, slow: float = 0.0,
    ) -> None:  # fmt: skip
        self.name = name or process_name("worker")
        self.redis = redis
        self.jobs = Jobs(redis, claim_after)
        # A worker only tells: it follows no game, so it listens to nothing.
        self.fanout = RedisFanout(redis, self.name, _nothing, lambda: None)
        self.services = Services(store, Limits(), None, self.fanout, self.jobs, timing=False)
        self.manager = SessionManager(store, services=self.services)
        self.slow = slow
        self._kept: OrderedDict[str, GameSession] = OrderedDict()
        self._stopping = asyncio.Event()
        #: The hint being worked out beside the loop, if any.
        self._hinting: asyncio.Task[None] | None = None
        #: Jobs done (acknowledged), and those of them dropped on an error.
        self.done = self.failed = 0
        #: Why the worker waits for Redis (one line), None while it takes jobs.
        self.waiting: str | None = "starting: Redis not reached yet"
        #: When Redis last answered (``time.monotonic()``), None before it ever did.
        self.redis_answered: float | None = None

    def stop(self) -> None:
        """Finish the job in hand, then stop."""
        self._stopping.set()

    async def run(self) -> None:
        """Take jobs until stopped: moves first, then hints; now and then the jobs of workers
        that died. Redis may be gone when the worker starts and at any time after: it waits
        for Redis, saying so in one line, and takes jobs again once Redis answers (the job in
        hand when Redis went stays unacknowledged in the stream, and is claimed again)."""
        sweep: asyncio.Task[None] | None = None
        try:
            lost: Exception | None = None
            while not self._stopping.is_set():
                if not await self._reach_redis(lost):
                    break
                # Owed moves are asked for again: Redis may have come back without its queue.
                if sweep is not None:
                    sweep.cancel()
                sweep = asyncio.create_task(self._owed_moves(), name="owed moves")
                try:
                    await self._take_jobs()
                except REDIS_DOWN as error:
                    lost = error
        finally:
            if sweep is not None:
                sweep.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await sweep
            if self._hinting is not None:  # the hint in hand finished, or left to be claimed
                done, _ = await asyncio.wait({self._hinting}, timeout=HINT_STOP_SECONDS)
                if not done:
                    self._hinting.cancel()

    async def _reach_redis(self, lost: Exception | None) -> bool:
        """Wait until Redis answers (its streams made ready), trying again with a growing
        pause: one line when it does not answer (``lost``: how it went away), one when it is
        back. False if the worker was stopped meanwhile."""
        delay, waited = RETRY_FIRST, False
        while not self._stopping.is_set():
            try:
                await self.jobs.prepare()
                await self._beat()
            except REDIS_DOWN as error:
                if not waited:
                    why = one_line(error) if lost is None else f"lost: {one_line(lost)}"
                    self.waiting = f"waiting for Redis ({why})"
                    log.warning("worker %s: waiting for Redis (%s): trying again until it answers",
                                self.name, why)  # fmt: skip
                    waited = True
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._stopping.wait(), delay)
                delay = min(delay * 2, RETRY_MOST)
                continue
            self.waiting = None
            if waited:
                log.warning("worker %s: Redis is back: taking jobs", self.name)
            else:
                log.info("worker %s: taking jobs", self.name)
            return True
        return False

    async def _take_jobs(self) -> None:
        next_claim = 0.0
        while not self._stopping.is_set():
            free = self._hinting is None or self._hinting.done()
            batch: list[Job] = []
            if time.monotonic() >= next_claim:
                next_claim = time.monotonic() + self.jobs.claim_after / 2
                claimed = await self.jobs.claim(self.name, hints=free)
                batch = [claimed] if claimed is not None else []
            if not batch:
                block = 500 if free else HINTING_BLOCK_MS
                batch = await self.jobs.take(self.name, block_ms=block, hints=free)
            for job in batch:
                if job.stream == MOVES:
                    await self._do(job)
                else:  # (one at most: taken only while no hint is under way)
                    self._hinting = asyncio.create_task(self._hint_beside(job), name="hint")
            await self._beat()

    async def _hint_beside(self, job: Job) -> None:
        """A hint job, worked out beside the loop. Redis gone meanwhile, it is left
        unacknowledged (claimed again once Redis is back); the loop says so."""
        try:
            await self._do(job)
        except REDIS_DOWN as error:
            log.warning("game %s: a hint left for later (Redis: %s)", job.game, one_line(error),
                        extra={"game": job.game})  # fmt: skip

    async def _beat(self) -> None:
        await self.redis.set(f"cribkit:alive:{self.name}", "1", ex=10)
        self.redis_answered = time.monotonic()

    @property
    def redis_up(self) -> bool:
        """Whether Redis answered within :data:`HEALTHY_WITHIN` and the worker takes jobs."""
        answered = self.redis_answered
        fresh = answered is not None and time.monotonic() - answered <= HEALTHY_WITHIN
        return self.waiting is None and fresh

    async def health(self) -> str | None:
        """None while the worker takes jobs (its loop turns: this is answered on it) and Redis
        answered within :data:`HEALTHY_WITHIN`; else why not, in one line. A job longer than
        that (the loop does not talk to Redis meanwhile) is not taken for an outage: Redis is
        asked then, with a ping of its own."""
        if self.waiting is not None:
            return self.waiting
        if self.redis_up:
            return None
        since = time.monotonic() - (self.redis_answered or 0.0)
        try:
            async with asyncio.timeout(PING_SECONDS):
                await self.redis.ping()
        except REDIS_DOWN as error:  # (TimeoutError among them: the ping's timeout)
            return f"Redis has not answered for {since:.0f} s: {one_line(error)}"
        self.redis_answered = time.monotonic()
        return None

    async def _do(self, job: Job) -> None:
        try:
            if job.stream == MOVES:
                await self._move(job)
            else:
                await self._hint(job)
        except REDIS_DOWN:
            raise  # (the job stays unacknowledged: taken again once Redis is back)
        except (StoreError, WebError) as error:
            # The store did not answer: left unacknowledged, the job is taken again later.
            text = error.message if isinstance(error, WebError) else str(error)
            log.warning("game %s: job left for later: %s", job.game, text,
                        extra={"game": job.game})  # fmt: skip
            return
        except Exception:
            log.exception("game %s: failed on a job (dropped)", job.game, extra={"game": job.game})
            self.failed += 1
        await self.jobs.ack(job)
        self.done += 1

    async def _session(self, game_id: str) -> GameSession | None:
        """The worker's copy of the game, caught up with the store."""
        session = self._kept.get(game_id)
        if session is None:
            session = await self.manager.open(game_id)
            if session is None:
                return None
            self._kept[game_id] = session
            while len(self._kept) > KEPT_GAMES:
                self._kept.popitem(last=False)
        else:
            self._kept.move_to_end(game_id)
            async with session.lock:
                await catch_up(session)
        return session

    async def _move(self, job: Job) -> None:
        session = await self._session(job.game)
        if session is None or session.version != job.version:
            return  # made already (by a worker that died after storing it), or moved on
        if self.slow:
            await asyncio.sleep(self.slow)
        try:
            await session.computer_move(job.version)
        except WebError as error:
            if error.code != "stale":
                raise
        session.kick_ai()  # the computer's next move, if it plays again
        await asyncio.gather(*session._tasks)

    async def _hint(self, job: Job) -> None:
        fields = job.fields
        seat, ticket = int(fields["seat"]), fields.get("ticket", "")
        if await self.jobs.hint_cancelled(ticket):
            return  # its asker left: nobody to answer
        reply: dict[str, Any] = {"ticket": ticket}
        hint = await self.jobs.kept_hint(job.game, job.version, seat)
        if hint is None:
            session = await self._session(job.game)
            moves = int(fields.get("moves", -1))
            if session is None or (
                session.version != job.version and not only_others_moved(session, moves, seat)
            ):
                reply.update(code="stale", error="the game moved on before the hint was worked out")
                await self.fanout.tell(fields["process"], reply)
                return
            # In a thread: the loop goes on taking the computer's moves meanwhile.
            state, seed = session.state, session.hint_seed(seat)
            hint = await asyncio.to_thread(hints.hint, state, seat, seed)
            await self.jobs.keep_hint(job.game, job.version, seat, hint)
        reply["hint"] = hint
        await self.fanout.tell(fields["process"], reply)

    async def _owed_moves(self) -> None:
        """Ask for the computer's move in every unfinished game where it is owed one (after
        the whole cluster stopped): one worker a minute does it."""
        try:
            if not await self.redis.set("cribkit:owed-sweep", self.name, nx=True, ex=60):
                return
            rows = await self.services.stored(self.services.store.unfinished)
            for row in rows:
                session = await self.manager.open(row.id)
                if session is not None and session.computer_to_move():
                    await self.jobs.move(session.id, session.version)
                await asyncio.sleep(0)
        except OUTAGES as error:  # the servers ask again as seats come back
            log.warning("worker %s: the sweep for owed moves stopped: %s", self.name,
                        one_line(error))  # fmt: skip

"""What one client may ask of the server (``docs/web.md``, "Limits"): a token bucket per socket
and per player on the messages sent, and, in a cluster, one window per player for every server
(a moving window of the ``limits`` library in the cluster's Redis, so that more servers buy no
more); how many hints a player may wait for at once; and the gate that keeps hints behind the
computer's moves, at most :data:`HINTS_AT_ONCE` worked out at a time across the server, with
the hints already worked out kept to be answered again at once.

>>> bucket = TokenBucket(rate=20, burst=40, now=0.0)
>>> sum(bucket.take(now=0.0) for _ in range(50))
40
>>> bucket.take(now=0.0), bucket.take(now=0.05), bucket.take(now=0.05)
(False, True, False)
>>> Limits().window  # what one bucket can let through in 10 s: 40 at once, 20 a second
240 per 10 second
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter, OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from limits import RateLimitItem, RateLimitItemPerMinute, RateLimitItemPerSecond
from limits.aio.storage import RedisStorage, Storage
from limits.aio.strategies import MovingWindowRateLimiter as SharedLimiter
from limits.errors import StorageError
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter

from cribkit.accounts.names import name_key
from cribkit.accounts.signin import SIGN_INS_OVERALL, SIGN_INS_PER_ADDRESS, SIGN_INS_PER_NAME
from cribkit.web.fanout import REDIS_DOWN
from cribkit.web.logs import one_line

log = logging.getLogger("cribkit.web")

#: Messages a second a socket (and a player) may send, on average.
RATE = 20.0
#: How many it may send at once.
BURST = 40
#: A rate at or above this is no limit at all (``cribkit serve --message-rate 0``).
UNLIMITED = 1e6
#: The window, in seconds, of a player's messages across a cluster's servers.
WINDOW_SECONDS = 10
#: Player buckets kept before the full (idle) ones are forgotten.
PLAYERS_KEPT = 1024
#: Hints worked out at a time across the whole server.
HINTS_AT_ONCE = 1
#: Hints a player may wait for at once, over all the player's games and sockets (and, in a
#: cluster, servers): beyond, ``busy``. One player cannot fill the queue of the hints.
HINTS_PER_PLAYER = 2
#: Hints worked out kept in a server's memory, to answer the same question again at once.
HINTS_KEPT = 1024
#: Invitation codes an address may try a minute (a join code is short: no guessing).
LOOKUPS_A_MINUTE = 60
#: The most a count in Redis may take (seconds) before Redis is taken for gone (no message
#: waits for it: it is counted in the background).
REDIS_SECONDS = 1.0
#: Seconds between two lines saying that the windows lost Redis.
SAY_EVERY = 60.0
#: Counts in Redis under way at once, at most: beyond, Redis is behind, and a message is
#: counted in memory alone.
COUNTING_AT_ONCE = 256
#: Seconds a key's messages are refused after Redis said its window was full, when Redis does
#: not say until when (then Redis is asked again, by the next message).
FULL_PAUSE = 1.0
#: After Redis failed to answer, the windows are this process's memory's for so many seconds
#: before Redis is asked again (so that a Redis that is gone costs one try, not one a message).
REDIS_RETRY = 2.0
#: What a window counted in Redis raises when Redis does not answer (in time).
WINDOW_DOWN: tuple[type[Exception], ...] = (*REDIS_DOWN, StorageError, TimeoutError)
#: The prefix of the windows' keys in Redis.
KEY_PREFIX = "cribkit:limits"


def clock() -> float:
    """The buckets' clock (a module function, so that tests can stop time)."""
    return time.monotonic()


def name_key_or_text(name: str) -> str:
    """The key a name's sign-ins are counted under: the name's own key (so "Ann" and "ANN" are
    counted together), its first 64 characters whatever they are."""
    return name_key(name[:64]) if isinstance(name, str) else "?"


class TokenBucket:
    """``burst`` tokens, refilled at ``rate`` a second; each message takes one."""

    def __init__(self, rate: float = RATE, burst: int = BURST, now: float | None = None) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.stamp = clock() if now is None else now

    def _refill(self, now: float) -> None:
        self.tokens = min(float(self.burst), self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def ready(self, now: float | None = None) -> bool:
        """Whether a token is there (taking none)."""
        self._refill(clock() if now is None else now)
        return self.tokens >= 1.0

    def take(self, now: float | None = None) -> bool:
        """Take a token if there is one; whether there was."""
        if not self.ready(now):
            return False
        self.tokens -= 1.0
        return True

    @property
    def full(self) -> bool:
        """Whether the bucket has refilled to its burst (its owner is idle)."""
        return self.ready() and self.tokens >= self.burst


class Windows:
    """Moving windows of the ``limits`` library, by key: in this process's memory, or, once
    :meth:`share` has given it the cluster's Redis, there too, where every server counts the
    same window.

    No message waits for Redis: a message is judged at once by what is known (this process's
    own window in memory, and whether Redis last said the key's window was full), and counted
    in Redis meanwhile, in the background; when Redis answers that the window is full, the
    key's next messages are refused until its oldest message leaves the window, on every
    server that counts it. So a player on several servers gets one window, give or take a
    message a server (the one whose count finds the window full), and a Redis that is slow or
    gone slows no message. Memory counts
    every message admitted, so it takes over warm while Redis does not answer; Redis is then
    asked again every :data:`REDIS_RETRY` seconds. The site degrades to what each server
    counts alone, and never refuses a message because Redis is gone."""

    def __init__(self) -> None:
        self.memory = MovingWindowRateLimiter(MemoryStorage())
        self.shared: SharedLimiter | None = None
        #: Why Redis last failed (one line), None while it answers.
        self.lost: str | None = None
        self._retry_at = 0.0
        #: The keys whose window Redis said was full, and until when they are refused.
        self._full: dict[tuple[str, ...], float] = {}
        self._counting: set[asyncio.Task[None]] = set()
        self._said_at = -SAY_EVERY
        self._said_lost = False

    def share(self, storage: Storage) -> None:
        """Count in ``storage`` too from now on (the cluster's Redis)."""
        self.shared = SharedLimiter(storage)

    def hit(self, item: RateLimitItem, *key: str) -> bool:
        """Count one more in ``key``'s window of ``item`` if it has room; whether it had (as
        far as this process knows now: the count in Redis follows, in the background)."""
        now = time.monotonic()
        if self._full.get(key, 0.0) > now:
            return False
        if not self.memory.hit(item, *key):
            return False
        # (with too many counts under way Redis is behind: the message is memory's alone)
        if self.shared is not None and now >= self._retry_at and self._room():
            task = asyncio.get_running_loop().create_task(self._count(item, key))
            self._counting.add(task)
            task.add_done_callback(self._counting.discard)
        return True

    def _room(self) -> bool:
        return len(self._counting) < COUNTING_AT_ONCE

    async def _count(self, item: RateLimitItem, key: tuple[str, ...]) -> None:
        assert self.shared is not None
        try:
            taken = await asyncio.wait_for(self.shared.hit(item, *key), REDIS_SECONDS)
        except WINDOW_DOWN as error:
            self._failed(error)
            return
        if self.lost is not None:
            if self._said_lost:
                log.warning("the players' windows are counted in Redis again")
            self.lost, self._said_lost = None, False
        if not taken:
            # Refused until the window's oldest message leaves it (one more may come then).
            try:
                stats = await asyncio.wait_for(
                    self.shared.get_window_stats(item, *key), REDIS_SECONDS
                )
                wait = min(max(stats.reset_time - time.time(), 0.0), item.get_expiry())
            except WINDOW_DOWN:
                wait = FULL_PAUSE
            if len(self._full) >= PLAYERS_KEPT:
                now = time.monotonic()
                self._full = {k: until for k, until in self._full.items() if until > now}
            self._full[key] = time.monotonic() + wait

    async def drain(self) -> None:
        """Wait until every count under way in Redis is done (tests; a stopping server)."""
        while self._counting:
            await asyncio.gather(*self._counting)

    def _failed(self, error: Exception) -> None:
        now = time.monotonic()
        self._retry_at = now + REDIS_RETRY
        if self.lost is None:
            self.lost = one_line(error)
            # Said once a minute at most: a server too busy to hear Redis in time (a timeout)
            # may lose it and find it again every few seconds.
            if now - self._said_at >= SAY_EVERY:
                self._said_at, self._said_lost = now, True
                log.warning("the players' windows are counted in this process's memory while "
                            "Redis does not answer (%s)", self.lost)  # fmt: skip


class PlayerBucket(TokenBucket):
    """A player's bucket in this process, shared by the player's sockets here: a
    :class:`TokenBucket` that knows its player (whose window the cluster counts)."""

    def __init__(self, player: str, rate: float, burst: int) -> None:
        super().__init__(rate, burst)
        self.player = player


class Limits:
    """The server's limits: each player's bucket (shared by the player's sockets), the
    player's window across a cluster, the invitation codes tried by each address, and the gate
    in front of the hints."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.players: dict[str, PlayerBucket] = {}
        # The most one bucket lets through in any WINDOW_SECONDS (its burst, then its rate):
        # a player alone on a server never meets it; on several, they count it together.
        amount = burst + round(rate * WINDOW_SECONDS) if rate < UNLIMITED else 1
        self.window = RateLimitItemPerSecond(amount, WINDOW_SECONDS, namespace="messages")
        self.lookup_item = RateLimitItemPerMinute(LOOKUPS_A_MINUTE, namespace="lookups")
        self.sign_in_items = (
            RateLimitItemPerMinute(SIGN_INS_PER_ADDRESS, namespace="sign-in-address"),
            RateLimitItemPerMinute(SIGN_INS_PER_NAME, namespace="sign-in-name"),
            RateLimitItemPerMinute(SIGN_INS_OVERALL, namespace="sign-in"),
        )
        self.windows = Windows()
        self.gate = WorkGate()

    def share(self, redis: Any) -> None:
        """Count the players' windows (and the lookups) in the cluster's Redis (``redis``: the
        process's asyncio client, whose connections are shared: its password is never
        logged), no message waiting for it (:class:`Windows`)."""
        self.windows.share(RedisStorage("async+redis://", implementation="redispy",
                                        connection_pool=redis.connection_pool,
                                        key_prefix=KEY_PREFIX))  # fmt: skip

    def allow_lookup(self, address: str) -> bool:
        """Whether ``address`` may try one more invitation code now (at most
        :data:`LOOKUPS_A_MINUTE` in any minute, all at once if it likes; in a cluster, on all
        its servers together)."""
        return self.windows.hit(self.lookup_item, "lookup", address)

    def refuse_sign_in(self, address: str, name: str) -> str | None:
        """Why a password sign-in from ``address`` for ``name`` is refused now (one line), or
        None: at most :data:`~cribkit.accounts.signin.SIGN_INS_PER_ADDRESS` a minute from an
        address, :data:`~cribkit.accounts.signin.SIGN_INS_PER_NAME` for a name (known or not,
        alike), :data:`~cribkit.accounts.signin.SIGN_INS_OVERALL` on the site; in a cluster,
        on every server together."""
        per_address, per_name, overall = self.sign_in_items
        if not self.windows.hit(overall, "sign-in"):
            return "too many sign-ins on the site just now: wait a minute"
        if not self.windows.hit(per_address, "sign-in", address):
            return "too many sign-ins from here: wait a minute"
        if not self.windows.hit(per_name, "sign-in", name_key_or_text(name)):
            return "too many sign-ins for that name: wait a minute"
        return None

    def bucket(self) -> TokenBucket:
        """A new socket's bucket (a socket is on one server: its bucket is this process's)."""
        return TokenBucket(self.rate, self.burst)

    def player_bucket(self, player: str | None) -> TokenBucket | None:
        """The bucket of ``player`` in this process (None for a socket without a player)."""
        if player is None:
            return None
        bucket = self.players.get(player)
        if bucket is None:
            if len(self.players) >= PLAYERS_KEPT:
                self.players = {p: b for p, b in self.players.items() if not b.full}
            bucket = self.players[player] = PlayerBucket(player, self.rate, self.burst)
        return bucket

    def allow(self, *buckets: TokenBucket | None) -> bool:
        """Take a token from each bucket if every one has one, else take none. In a cluster a
        player's message must also find room in the player's window, counted in Redis: asked
        last, so that a message beyond the buckets costs no call to Redis."""
        now = clock()
        chosen = [bucket for bucket in buckets if bucket is not None]
        if not all(bucket.ready(now) for bucket in chosen):
            return False
        if self.windows.shared is not None and self.rate < UNLIMITED:
            players = {b.player for b in chosen if isinstance(b, PlayerBucket)}
            if not all(self.windows.hit(self.window, "player", p) for p in players):
                return False
        for bucket in chosen:
            bucket.take(now)
        return True


class WorkGate:
    """Who goes first to the computer's workers: its moves, always; a hint only once no move is
    waiting or being worked out, and at most ``hints_at_once`` hints at a time. It keeps the
    hints worked out (the same game, version and seat ask the same question: the answer is
    sent again at once) and counts each player's hints waiting."""

    def __init__(self, hints_at_once: int = HINTS_AT_ONCE) -> None:
        self._hints = asyncio.Semaphore(hints_at_once)
        self._moves = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self._kept: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
        self._waiting: Counter[str] = Counter()

    @property
    def moves(self) -> int:
        """The computer's moves being worked out now."""
        return self._moves

    @contextmanager
    def move(self) -> Iterator[None]:
        """Around one of the computer's moves: hints wait until it is done."""
        self._moves += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._moves -= 1
            if self._moves == 0:
                self._idle.set()

    async def hint_slot(self) -> None:
        """Wait for a hint's turn: a free slot, and no move of the computer's to work out.
        Cancelled while waiting, it holds nothing. Give the slot back with :meth:`release`."""
        await self._hints.acquire()
        try:
            while self._moves:
                await self._idle.wait()
        except BaseException:
            self._hints.release()
            raise

    def release(self) -> None:
        """Give back a hint's slot (once its work is done, not when its asker stops waiting)."""
        self._hints.release()

    @contextmanager
    def player_hint(self, player: str | None) -> Iterator[bool]:
        """Around a hint ``player`` waits for: whether it may (at most
        :data:`HINTS_PER_PLAYER` at once; a socket without a player is held to one a seat)."""
        if player is not None and self._waiting[player] >= HINTS_PER_PLAYER:
            yield False
            return
        if player is not None:
            self._waiting[player] += 1
        try:
            yield True
        finally:
            if player is not None:
                self._waiting[player] -= 1
                if not self._waiting[player]:
                    del self._waiting[player]

    def kept(self, game: str, version: int, seat: int) -> dict[str, Any] | None:
        """The hint worked out for ``seat`` at ``version`` of ``game``, if it is kept."""
        return self._kept.get((game, version, seat))

    def keep(self, game: str, version: int, seat: int, hint: dict[str, Any]) -> None:
        """Keep a hint worked out (the least recently kept go first)."""
        self._kept[game, version, seat] = hint
        while len(self._kept) > HINTS_KEPT:
            self._kept.popitem(last=False)

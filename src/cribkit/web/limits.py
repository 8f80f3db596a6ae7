"""What one client may ask of the server (``docs/web.md``, "Limits"): a token bucket per
socket and per player on the messages sent, and the gate that keeps hints behind the
computer's moves, at most :data:`HINTS_AT_ONCE` worked out at a time across the server.

>>> bucket = TokenBucket(rate=20, burst=40, now=0.0)
>>> sum(bucket.take(now=0.0) for _ in range(50))
40
>>> bucket.take(now=0.0), bucket.take(now=0.05), bucket.take(now=0.05)
(False, True, False)
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from contextlib import contextmanager

#: Messages a second a socket (and a player) may send, on average.
RATE = 20.0
#: How many it may send at once.
BURST = 40
#: Hints worked out at a time across the whole server.
HINTS_AT_ONCE = 1
#: Player buckets kept before the full (idle) ones are forgotten.
PLAYERS_KEPT = 1024
#: Invitation codes an address may try a minute (a join code is short: no guessing).
LOOKUPS_A_MINUTE = 60


def clock() -> float:
    """The buckets' clock (a module function, so that tests can stop time)."""
    return time.monotonic()


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


class Limits:
    """The server's limits: each player's bucket (shared by the player's sockets), and the
    gate in front of the hints."""

    def __init__(self, rate: float = RATE, burst: int = BURST) -> None:
        self.rate = rate
        self.burst = burst
        self.players: dict[str, TokenBucket] = {}
        self.lookups: dict[str, TokenBucket] = {}
        self.gate = WorkGate()

    def allow_lookup(self, address: str) -> bool:
        """Whether ``address`` may try one more invitation code now (at most
        :data:`LOOKUPS_A_MINUTE` a minute, all at once if it likes)."""
        bucket = self.lookups.get(address)
        if bucket is None:
            if len(self.lookups) >= PLAYERS_KEPT:
                self.lookups = {a: b for a, b in self.lookups.items() if not b.full}
            bucket = self.lookups[address] = TokenBucket(LOOKUPS_A_MINUTE / 60, LOOKUPS_A_MINUTE)
        return bucket.take()

    def bucket(self) -> TokenBucket:
        """A new socket's bucket."""
        return TokenBucket(self.rate, self.burst)

    def player_bucket(self, player: str | None) -> TokenBucket | None:
        """The bucket of ``player`` (None for a socket without a player)."""
        if player is None:
            return None
        bucket = self.players.get(player)
        if bucket is None:
            if len(self.players) >= PLAYERS_KEPT:
                self.players = {p: b for p, b in self.players.items() if not b.full}
            bucket = self.players[player] = self.bucket()
        return bucket

    def allow(self, *buckets: TokenBucket | None) -> bool:
        """Take a token from each bucket if every one has one, else take none."""
        now = clock()
        chosen = [bucket for bucket in buckets if bucket is not None]
        if not all(bucket.ready(now) for bucket in chosen):
            return False
        for bucket in chosen:
            bucket.take(now)
        return True


class WorkGate:
    """Who goes first to the computer's workers: its moves, always; a hint only once no move is
    waiting or being worked out, and at most ``hints_at_once`` hints at a time."""

    def __init__(self, hints_at_once: int = HINTS_AT_ONCE) -> None:
        self._hints = asyncio.Semaphore(hints_at_once)
        self._moves = 0
        self._idle = asyncio.Event()
        self._idle.set()

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

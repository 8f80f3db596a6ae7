"""Quick play at the server: "Play someone now" (``docs/web.md``, "Quick play").

A signed-in player joins a pool (:mod:`cribkit.matchmaking.pool`, in the store: every server of
a cluster pairs from the same pool). A pairing round (:mod:`cribkit.matchmaking.pairing`) runs at
once when somebody joins and every second on every server, one server at a time per pool (the
pool's lock across the cluster); each pair gets a rated game (classic to 121: a best-of-3 match),
its seats in a random order, and both players' pages are told (:mod:`cribkit.web.inbox`).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any, Final

from cribkit.accounts.rated import POOLS, rating_of
from cribkit.accounts.store import Account, AccountStore
from cribkit.matchmaking.pairing import pair
from cribkit.matchmaking.pool import STALE_SECONDS, Entry, QuickPool, Waiter
from cribkit.web.logs import one_line

if TYPE_CHECKING:
    from cribkit.web.manager import SessionManager

__all__ = ["COMPUTER_AFTER", "MATCHES", "ROUND_SECONDS", "QuickPlay", "computer_level"]

log = logging.getLogger("cribkit.web")

#: A pairing round every so many seconds (the windows widen between them).
ROUND_SECONDS: Final = 1.0
#: After so long without a partner the page offers a game against the computer (seconds).
COMPUTER_AFTER: Final = 30.0
#: Each pool's game's spec, and the match it is played as (classic to 121: best of 3, as
#: Cribbage Pro rates matches: luck evens out over three games).
SPECS: Final = {pool: spec for spec, pool in POOLS.items()}
MATCHES: Final = {"classic": 3}


def computer_level(rating: float) -> str:
    """The computer's level nearest a player's rating, for a game while they wait (unrated).

    >>> computer_level(1200), computer_level(1500), computer_level(1800)
    ('easy', 'medium', 'expert')
    """
    if rating < 1350:
        return "easy"
    return "medium" if rating < 1650 else "expert"


class QuickPlay:
    """The quick-play pools as one server sees them (see the module)."""

    def __init__(self, manager: SessionManager) -> None:
        self.manager = manager
        self.pool = QuickPool(manager.store)
        self.accounts = AccountStore(manager.store)
        #: Until when this server runs rounds of its own: a waiting player's page asks every
        #: few seconds (of any server), so a server nobody asks reads no pool.
        self._busy_until = 0.0

    def _asked(self) -> None:
        self._busy_until = time.monotonic() + STALE_SECONDS

    async def join(self, account: Account, pool: str) -> dict[str, Any]:
        """Wait in ``pool`` (a round is run at once): the player's place there."""
        rating = await asyncio.to_thread(rating_of, self.accounts, account.id, pool, time.time())
        await asyncio.to_thread(self.pool.join, account.id, pool, rating.rating)
        self._asked()
        await self.round(pool)
        return await self.place(account)

    async def place(self, account: Account) -> dict[str, Any]:
        """The player's place (reading it says the page still waits): ``{"waiting", "pool",
        "waited", "game", "computer_after", "computer"}`` (``game`` the id once paired, then
        forgotten here); ``{"waiting": False}`` if the player is not waiting."""
        entry = await asyncio.to_thread(self.pool.entry, account.id)
        if entry is None:
            return {"waiting": False}
        self._asked()
        if entry.game_id is not None:
            await asyncio.to_thread(self.pool.leave, account.id)  # (told: the game is theirs)
        return {
            "waiting": entry.game_id is None,
            "pool": entry.pool,
            "waited": round(max(0.0, time.time() - entry.since), 1),
            "game": entry.game_id,
            "computer_after": COMPUTER_AFTER,
            "computer": computer_level(entry.rating),
        }

    async def leave(self, account: Account) -> Entry | None:
        """Stop waiting: None, or the player's place if they were paired already."""
        entry = await asyncio.to_thread(self.pool.entry, account.id)
        if entry is not None and entry.game_id is not None:
            return entry
        await asyncio.to_thread(self.pool.leave, account.id)
        return None

    async def round(self, pool: str) -> list[str]:
        """Pair who can be paired in ``pool`` now: the games made."""
        services = self.manager.services
        made: list[str] = []
        async with services.fanout.lock(f"quick.{pool}"):
            now = time.time()
            waiters = await asyncio.to_thread(self.pool.waiting, pool, now=now)
            by_id = {w.account_id: w for w in waiters}
            for low, high in pair([w.waiting() for w in waiters], now):
                game_id = await self._start(pool, by_id[low], by_id[high])
                if game_id is not None:
                    made.append(game_id)
        return made

    async def _start(self, pool: str, first: Waiter, second: Waiter) -> str | None:
        game_id = secrets.token_hex(8)
        if not await asyncio.to_thread(self.pool.paired, first.account_id, second.account_id,
                                       game_id):  # fmt: skip
            return None  # (one left meanwhile)
        people = [first, second] if secrets.randbelow(2) else [second, first]
        await asyncio.to_thread(
            self.manager.create_between,
            game_id,
            SPECS[pool],
            [(w.player, w.name) for w in people],
            rated=pool,
            best_of=MATCHES.get(pool, 1),
        )
        log.info("quick play: a %s game between two waiting players", pool, extra={"game": game_id})
        for waiter in people:
            await self.manager.inbox.tell(waiter.player, {"kind": "paired", "id": game_id})
        return game_id

    async def run(self) -> None:
        """A round in every pool somebody waits in, every :data:`ROUND_SECONDS`, while a waiting
        player's page asked this server lately (an idle server never reads the pools)."""
        while True:
            await asyncio.sleep(ROUND_SECONDS)
            if time.monotonic() > self._busy_until:
                continue
            try:
                for pool in await asyncio.to_thread(self.pool.pools):
                    await self.round(pool)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # (the store or Redis away: the next round tries again)
                log.warning("quick play: a pairing round failed: %s", one_line(error))

"""Rated games at the server: a rated table is made only between accounts, in a pool
(:mod:`cribkit.accounts.rated`), and its finished or abandoned games move both players'
ratings (``docs/web.md``, "Accounts")."""

from __future__ import annotations

import asyncio
import math
import time
from typing import TYPE_CHECKING, Any

from cribkit.accounts.rated import POOLS, pool_of, record_game
from cribkit.accounts.store import AccountStore
from cribkit.store.base import Store
from cribkit.web.messages import WebError
from cribkit.web.tables import SeatPlan

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["WAITS", "abandon_wait", "rate_if_rated", "rated_pool", "rated_refusal"]

#: The wait before the next rated game after the 3rd, the 4th, and the 5th or later rated game
#: a player left within 24 hours (seconds).
WAITS = (60.0, 300.0, 900.0)
#: How many rated games a player may leave in 24 hours before waiting.
FREE_ABANDONS = 2
DAY_SECONDS = 86_400.0


def abandon_wait(store: Store, player: str, now: float | None = None) -> float:
    """The seconds ``player`` still waits before another rated game: after leaving 3 rated
    games within 24 hours, 1 minute from the last; after 4, 5 minutes; after 5 or more, 15."""
    at = time.time() if now is None else now
    left = sorted(
        row.updated
        for row in store.list_games()
        if row.table.rated is not None
        and row.status == "abandoned"
        and row.updated >= at - DAY_SECONDS
        and set((row.result or {}).get("abandoned", {}).get("seats", ()))
        & set(row.seats_of(player))
    )
    if len(left) <= FREE_ABANDONS:
        return 0.0
    wait = WAITS[min(len(left) - FREE_ABANDONS - 1, len(WAITS) - 1)]
    return max(0.0, left[-1] + wait - at)


def _waiting(store: Store, player: str) -> str | None:
    wait = abandon_wait(store, player)
    if wait <= 0:
        return None
    return f"you left rated games today: your next rated game in {math.ceil(wait)} s"


def rated_pool(store: Store, spec: str, plan: SeatPlan, owner: str | None) -> str:
    """The pool of a new rated table, or :class:`WebError` saying why it cannot be rated: two
    seats, the host's and one friend's, the standard rules of a pool, the host an account."""
    pool = pool_of(spec)
    if pool is None:
        pools = ", ".join(POOLS)
        raise WebError("bad_request", f"a rated game is one of {pools} (two players), not {spec}")
    if len(plan.mine) != 1 or len(plan.friends) != 1 or plan.computers:
        raise WebError("bad_request", "a rated game is between two people: you and one friend")
    if owner is None or AccountStore(store).by_player(owner) is None:
        raise WebError("not_signed_in", "a rated game is between accounts: sign in first")
    waiting = _waiting(store, owner)
    if waiting is not None:
        raise WebError("wait", waiting)
    return pool


def rated_refusal(store: Store, pool: str | None, player: str) -> tuple[str, str] | None:
    """Why ``player`` may not take the seat of a rated table, as an error's code and words
    (None: they may, or it is not rated)."""
    if pool is None:
        return None
    if AccountStore(store).by_player(player) is None:
        return "not_signed_in", "a rated game is between accounts: sign in first"
    waiting = _waiting(store, player)
    return None if waiting is None else ("wait", waiting)


def _rate(store: Store, game_id: str, pool: str, owners: dict[int, str], winner: int) -> None:
    accounts = AccountStore(store)
    seats = sorted(owners)
    players = [accounts.by_player(owners[seat]) for seat in seats]
    first, second = players[0], players[-1]
    if len(seats) != 2 or first is None or second is None or first.id == second.id:
        return
    record_game(accounts, game_id, pool, first, second, 1.0 if winner == seats[0] else 0.0)


async def rate_if_rated(session: GameSession, result: dict[str, Any] | None = None) -> None:
    """Rate the finished (or, with ``result``, abandoned) game of a rated table."""
    pool = session.row.table.rated
    if pool is None:
        return
    if result is None:
        final = session.state.result
        if final is None:
            return
        result = final.to_dict()
    winner = result.get("winner")
    if isinstance(winner, int):
        await asyncio.to_thread(
            _rate, session.store, session.id, pool, dict(session.row.owners), winner
        )

"""Rated games at the server: a rated table is made only between accounts, in a pool
(:mod:`cribkit.accounts.rated`), and its finished or abandoned games move both players'
ratings (``docs/web.md``, "Accounts")."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from cribkit.accounts.rated import POOLS, pool_of, record_game
from cribkit.accounts.store import AccountStore
from cribkit.store.base import Store
from cribkit.web.messages import WebError
from cribkit.web.tables import SeatPlan

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["rate_if_rated", "rated_pool", "rated_refusal"]


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
    return pool


def rated_refusal(store: Store, pool: str | None, player: str) -> str | None:
    """Why ``player`` may not take the seat of a rated table (None: they may, or it is not
    rated)."""
    if pool is None:
        return None
    if AccountStore(store).by_player(player) is None:
        return "a rated game is between accounts: sign in first"
    return None


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

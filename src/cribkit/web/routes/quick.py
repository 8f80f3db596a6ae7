"""Quick play (``docs/web.md``, "Quick play"): "Play someone now" in a pool, the player's place
while they wait, and leaving; the pools with how many wait in each."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, cast

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel

from cribkit.accounts.rated import POOLS
from cribkit.matchmaking.pool import QuickPool
from cribkit.web.context import Storage
from cribkit.web.errors import ApiError
from cribkit.web.quickplay import MATCHES, SPECS, QuickPlay
from cribkit.web.rating import rated_refusal
from cribkit.web.routes.account import signed_in

router = APIRouter(tags=["quick play"])


def _quick(request: Request) -> QuickPlay:
    return cast(QuickPlay, request.app.state.quick)


Quick = Annotated[QuickPlay, Depends(_quick)]


class Join(BaseModel):
    """The body of ``POST /api/quick``: the pool to wait in."""

    pool: str


@router.get("/api/quick/pools")
def pools(store: Storage) -> list[dict[str, Any]]:
    """The pools of quick play: each ``{"pool", "spec", "best_of", "waiting"}``."""
    waiting = QuickPool(store).counts()
    return [
        {"pool": pool, "spec": SPECS[pool], "best_of": MATCHES.get(pool, 1),
         "waiting": waiting.get(pool, 0)}
        for pool in POOLS.values()
    ]  # fmt: skip


@router.post("/api/quick")
async def join(body: Join, request: Request, store: Storage, quick: Quick) -> dict[str, Any]:
    """Wait in a pool for a stranger near your rating (accounts only): your place
    (``{"pool", "waited", "game", "computer_after", "computer"}``, ``game`` once paired)."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    if body.pool not in SPECS:
        raise ApiError(
            422, "bad_request", f"the pools are {', '.join(SPECS)}, not {body.pool[:20]!r}"
        )
    refusal = await asyncio.to_thread(rated_refusal, store, body.pool, account.player)
    if refusal is not None:
        raise ApiError(403, *refusal)
    return await quick.join(account, body.pool)


@router.get("/api/quick")
async def place(request: Request, store: Storage, quick: Quick) -> dict[str, Any]:
    """Your place in a pool (asking says your page still waits: a page that stops asking for
    15 s stops waiting): ``waiting`` true while you wait; once paired, the game's id (``game``),
    told once; ``{"waiting": false}`` if you are not waiting."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    return await quick.place(account)


@router.delete("/api/quick")
async def leave(request: Request, store: Storage, quick: Quick) -> dict[str, Any]:
    """Stop waiting; a 409 if you were paired already (the game is yours: ``game``)."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    paired = await quick.leave(account)
    if paired is not None:
        raise ApiError(409, "paired", f"you were paired already: game {paired.game_id}")
    return {"waiting": False}

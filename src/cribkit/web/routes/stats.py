"""Statistics of the finished games."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter

from cribkit.web.context import Player, Storage

router = APIRouter(tags=["statistics"])


@router.get("/api/stats")
async def stats(store: Storage, player: Player) -> dict[str, Any]:
    """Statistics of the player's finished games."""
    from cribkit.web.stats import statistics

    return await asyncio.to_thread(statistics, store, player)

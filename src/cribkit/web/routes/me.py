"""The player of the session: its id and the name it goes by (``docs/web.md``, "Players and
sessions")."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cribkit.web.context import Player
from cribkit.web.errors import ApiError

router = APIRouter(tags=["players"])

#: The longest display name.
NAME_LENGTH = 24


class NewName(BaseModel):
    """The body of ``POST /api/me``."""

    name: str = Field(description=f"1 to {NAME_LENGTH} printable characters")


def _me(request: Request, player: str) -> dict[str, Any]:
    name = request.session.get("name")
    return {"player": player, "name": name if isinstance(name, str) else None}


@router.get("/api/me")
def me(request: Request, player: Player) -> dict[str, Any]:
    """The session's player: ``{"player", "name"}`` (the name is null until one is chosen)."""
    return _me(request, player)


@router.post("/api/me")
def set_name(body: NewName, request: Request, player: Player) -> dict[str, Any]:
    """Choose the name the player goes by."""
    name = body.name.strip()
    if not 1 <= len(name) <= NAME_LENGTH or not name.isprintable():
        raise ApiError(422, "bad_request", f"a name is 1 to {NAME_LENGTH} printable characters")
    request.session["name"] = name
    return _me(request, player)

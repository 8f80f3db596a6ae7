"""The lobby: the games that can be started, and starting one."""

from __future__ import annotations

import asyncio
import datetime
import functools
from dataclasses import fields
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field

from cribkit.ai.players import LEVELS
from cribkit.games.protocol import game_info, games
from cribkit.store.base import GameRow
from cribkit.web.context import Games, Player
from cribkit.web.errors import ApiError
from cribkit.web.manager import SessionManager
from cribkit.web.messages import WebError
from cribkit.web.sessions import GameSession

router = APIRouter(tags=["lobby"])


class NewGame(BaseModel):
    """The body of ``POST /api/games``."""

    game: str = Field(description="classic, tabletop, tiles or solitaire")
    options: dict[str, Any] = Field(default_factory=dict, description="rule options by name")
    ai: str = Field(default="expert", description="the computer's level")
    mode: Literal["ai", "hotseat"] = "ai"
    seats: list[Any] | None = Field(
        default=None,
        description=(
            'who plays each seat: {"kind": "me"}, {"kind": "friend"} (invited) or '
            '{"kind": "computer", "level": "expert"}; without it, mode says'
        ),
    )
    public: bool = Field(default=False, description="listed in the lobby for anyone to join")
    clock: Literal[30, 120] | None = Field(
        default=None, description="seconds a person has for each move (a table with friends)"
    )
    match: Literal[1, 3, 5, 7] = Field(default=1, description="best of so many games")
    rated: bool = Field(
        default=False,
        description="a rated game between two accounts (classic to 121 or 61, Table Top, Tiles)",
    )
    seed: int | None = Field(
        default=None,
        description=(
            "the game's seed, for a practice game of one person only (a fair one if left out)"
        ),
    )
    daily: datetime.date | None = Field(
        default=None,
        description=(
            "Solitaire: the day's deal of this date (the player's own), as `cribkit solitaire "
            "--daily` deals it; a practice game, as with a seed"
        ),
    )


@router.get("/api/games")
def list_games() -> list[dict[str, Any]]:
    """The games that can be started, with their options, levels and what each offers."""
    return [game_entry(name) for name in games()]


@router.post("/api/games")
async def new_game(
    body: NewGame, request: Request, manager: Games, player: Player
) -> dict[str, Any]:
    """Start a game owned by the player: the seat tokens of the player's seats, and the
    invitations to the friends' seats."""
    session = await create_game(body, request, manager, player)
    return started(session.row, player)


async def create_game(
    body: NewGame,
    request: Request,
    manager: SessionManager,
    player: str,
    seats: list[Any] | None = None,
) -> GameSession:
    """Start the game ``body`` asks for, owned by ``player`` (``seats``, if given, instead of
    the body's); a 422 naming what was wrong."""
    name = request.session.get("name")
    try:
        # (off the event loop: the new game is stored before it is answered)
        session = await asyncio.to_thread(functools.partial(
            manager.create,
            body.game,
            body.options,
            ai=body.ai,
            mode=body.mode,
            seed=body.seed,
            owner=player,
            name=name if isinstance(name, str) else None,
            seats=body.seats if seats is None else seats,
            public=body.public,
            clock=body.clock,
            best_of=body.match,
            daily=body.daily,
            rated=body.rated,
        ))  # fmt: skip
    except WebError as error:
        raise ApiError(422, error.code, error.message) from None
    session.kick_ai()
    return session


def started(row: GameRow, player: str) -> dict[str, Any]:
    """What the maker of a new game is told: its id and rules, the tokens of their seats, the
    invitations and the spectators' code."""
    return {
        "id": row.id,
        "spec": row.spec,
        "mode": row.mode,
        "ai": row.ai,
        "humans": list(row.humans),
        "practice": row.practice,
        "tokens": {
            str(seat): row.tokens[seat] for seat in row.humans if row.owners.get(seat) == player
        },
        **table_links(row),
    }


def table_links(row: GameRow) -> dict[str, Any]:
    """The open invitations by seat (``{"code", "join"}``) and the spectators' code of a game,
    for its players."""
    return {
        "invites": {str(seat): invite.to_json() for seat, invite in row.table.invites.items()},
        "watch": row.table.watch,
    }


def game_entry(name: str) -> dict[str, Any]:
    """A game of the lobby: its options (from its rules' fields) and its declared offers."""
    info = game_info(name)
    options = []
    for f in fields(info.rules_type):
        choices = f.metadata.get("choices")
        options.append(
            {
                "name": f.name,
                "default": f.default,
                "choices": list(choices) if choices is not None else None,
                "help": f.metadata.get("help", ""),
            }
        )
    seat_field = next((f for f in fields(info.rules_type) if f.name == "players"), None)
    seat_choices = list(seat_field.metadata.get("choices", (2,))) if seat_field else [1]
    return {
        "name": name,
        "summary": info.summary,
        "options": options,
        "levels": list(LEVELS),
        "hotseat": info.hotseat,
        "hints": info.hints,
        "previews": info.previews,
        "undo": info.undo,
        "calls": list(info.calls),
        "seats": {"min": min(seat_choices), "max": max(seat_choices)},
    }

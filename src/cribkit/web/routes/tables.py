"""Tables: invitations (opened, taken, cancelled), the public tables of the lobby, and what a
game's players know of its table (``docs/web.md``, "Tables and invitations")."""

from __future__ import annotations

import asyncio
import hashlib
from typing import Any

from fastapi import APIRouter, Request

from cribkit.store.base import Invite
from cribkit.web.context import Games, Player
from cribkit.web.errors import ApiError
from cribkit.web.manager import SessionManager
from cribkit.web.rating import rated_refusal
from cribkit.web.routes.challenges import challenge_gone
from cribkit.web.routes.friends import table_refused
from cribkit.web.routes.lobby import table_links
from cribkit.web.sessions import GameSession
from cribkit.web.tables import normal_join_code

router = APIRouter(tags=["tables"])


async def _invited(
    request: Request, manager: SessionManager, code: str, player: str | None = None
) -> tuple[GameSession, int]:
    """The game and seat of an open invitation, or (given the ``player``) of the one this
    session took already, while its game is played; a 429 beyond the address's lookups, a 404
    for a code that is not one (taken, cancelled, over, or never was)."""
    address = request.client.host if request.client is not None else "?"
    if not manager.limits.allow_lookup(address):
        raise ApiError(
            429, "rate_limited", "too many invitation codes tried from here: wait a minute"
        )
    found = await asyncio.to_thread(manager.find_invite, code[:64])  # (the store is asked)
    if found is None and player is not None:
        found = await _held(request, manager, code[:64], player)
    if found is None:
        raise ApiError(
            404, "no_invitation", "no open invitation has this code: taken, cancelled or over"
        )
    return found


#: The invitations a session remembers having taken (each by both its codes): enough for the
#: tables one plays at at once, few enough to keep the cookie small.
TAKEN_KEPT = 8


def _code_key(code: str) -> str:
    """What the session keeps of an invitation's code: a short digest of its written form
    (the cookie is signed but readable, and a code is nobody's business after it is used)."""
    joined = normal_join_code(code) if len(code) <= 12 else None
    return hashlib.sha256((joined or code).encode()).hexdigest()[:16]


def _remember_taken(request: Request, invite: Invite | None, game_id: str) -> None:
    """Keep in the session that its player took ``invite`` (by its link and its join code), so
    that opening it again leads back to the seat (:func:`_held`)."""
    if invite is None:
        return
    taken = request.session.get("taken")
    kept = dict(taken) if isinstance(taken, dict) else {}
    for code in (invite.code, invite.join):
        kept.pop(_code_key(code), None)  # (moved to the end: the newest are kept)
        kept[_code_key(code)] = game_id
    request.session["taken"] = dict(list(kept.items())[-2 * TAKEN_KEPT :])


async def _held(
    request: Request, manager: SessionManager, code: str, player: str
) -> tuple[GameSession, int] | None:
    """The game and seat of an invitation this session took, while the game is played and the
    player still holds a seat of it; None for anything else (the same 404 as any used code)."""
    taken = request.session.get("taken")
    game_id = taken.get(_code_key(code)) if isinstance(taken, dict) else None
    if not isinstance(game_id, str):
        return None
    session = await manager.open(game_id)
    if session is None or session.over:
        return None
    mine = session.row.seats_of(player)
    return (session, mine[0]) if mine else None


def _table_entry(session: GameSession) -> dict[str, Any]:
    row = session.row
    host = row.table.host
    names = [row.table.names.get(s) for s, o in row.owners.items() if o == host]
    return {
        "id": row.id,
        "game": row.game,
        "spec": row.spec,
        "host": next((n for n in names if n), None),
        "table": session.table_form(),
        "seq": session.version,
    }


def _sat(session: GameSession, seat: int, token: str) -> dict[str, Any]:
    return {"id": session.id, "seat": seat, "token": token, "spec": session.row.spec}


def _name(request: Request) -> str | None:
    name = request.session.get("name")
    return name if isinstance(name, str) else None


@router.get("/api/invites/{code}")
async def invitation(code: str, request: Request, manager: Games, player: Player) -> dict[str, Any]:
    """What an invitation is to (the game, the seat, who invites, who sits where), before it
    is taken; the link code or the join code (any case, with or without its dash). The one who
    took it gets the table again (``yours``: the page leads back to the seat); anyone else a
    404 once it is taken."""
    session, seat = await _invited(request, manager, code, player)
    mine = session.row.seats_of(player)
    return {**_table_entry(session), "seat": seat, "yours": mine}


@router.post("/api/invites/{code}/accept")
async def accept(code: str, request: Request, manager: Games, player: Player) -> dict[str, Any]:
    """Take the invitation's seat: the seat's token (the first to accept gets it)."""
    session, seat = await _invited(request, manager, code)
    mine = session.row.seats_of(player)
    if mine:
        raise ApiError(409, "seated", f"you already play seat {mine[0]} of this game")
    if await asyncio.to_thread(table_refused, manager.store, session.row, player):
        raise ApiError(403, "not_for_you", "this table is not open to you")
    unrated = await asyncio.to_thread(rated_refusal, manager.store, session.row.table.rated, player)
    if unrated is not None:
        raise ApiError(403, *unrated)
    invite = session.row.table.invites.get(seat)
    token = await manager.accept(session, seat, player, _name(request))
    if token is None:
        raise ApiError(404, "no_invitation", "this invitation was taken or cancelled just now")
    _remember_taken(request, invite, session.id)
    if invite is not None:
        await challenge_gone(manager, invite.code)
    return _sat(session, seat, token)


@router.delete("/api/games/{game_id}/invites/{seat}")
async def cancel(game_id: str, seat: int, manager: Games, player: Player) -> dict[str, Any]:
    """Cancel an open invitation of the player's game (the host's): the computer takes the
    seat, at the table's level."""
    session = await manager.open(game_id)
    if session is None or session.row.table.host != player:
        raise ApiError(404, "not_found", f"no game {game_id!r} of yours")
    invite = session.row.table.invites.get(seat)
    if not await manager.cancel(session, seat):
        raise ApiError(409, "no_invitation", f"seat {seat} has no open invitation")
    if invite is not None:
        await challenge_gone(manager, invite.code)
    return {"id": game_id, "table": session.table_form()}


@router.get("/api/games/{game_id}/table")
def table(game_id: str, manager: Games, player: Player) -> dict[str, Any]:
    """A game's table for its players: who sits where, the open invitations and the
    spectators' code (anyone else: a 404)."""
    session = manager.get(game_id)
    if session is None or not session.row.owned_by(player):
        raise ApiError(404, "not_found", f"no game {game_id!r}")
    return {
        **_table_entry(session),
        **table_links(session.row),
        "yours": session.row.seats_of(player),
        "hosting": session.row.table.host == player,
    }


@router.get("/api/tables")
def public_tables(manager: Games) -> list[dict[str, Any]]:
    """The public tables being played: those with a free seat first (join them), the others to
    watch (each with its spectators' code)."""
    return [
        {**_table_entry(s), "watch": s.row.table.watch, "open": sorted(s.row.table.invites)}
        for s in manager.public_tables()
    ]


@router.post("/api/tables/{game_id}/join")
async def join_public(
    game_id: str, request: Request, manager: Games, player: Player
) -> dict[str, Any]:
    """Take the first free seat of a public table."""
    session = await manager.open(game_id)
    if session is None or not session.row.table.public or session.state.is_terminal:
        raise ApiError(404, "not_found", f"no public table {game_id!r}")
    if session.row.owned_by(player):
        raise ApiError(409, "seated", "you already play at this table")
    for seat in sorted(session.row.table.invites):
        token = await manager.accept(session, seat, player, _name(request))
        if token is not None:
            return _sat(session, seat, token)
    raise ApiError(409, "full", "this table has no free seat any more: watch it instead")


@router.post("/api/games/{game_id}/rematch")
async def rematch(game_id: str, manager: Games, player: Player) -> dict[str, Any]:
    """The game that follows a finished one at the same table: the match's next game, or a
    rematch (a new match of the same length); the same one for every player who asks. The
    player's seat tokens in it."""
    session = await manager.open(game_id)
    if session is None or not session.row.owned_by(player):
        raise ApiError(404, "not_found", f"no game {game_id!r}")
    if not session.state.is_terminal:
        raise ApiError(409, "not_finished", f"game {game_id} is not over")
    following_id = await manager.rematch(session)
    following = await manager.open(following_id)
    assert following is not None
    row = following.row
    mine = {str(s): t for s, t in row.tokens.items() if row.owners.get(s) == player}
    return {"id": row.id, "spec": row.spec, "tokens": mine}

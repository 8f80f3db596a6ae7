"""Challenges between friends and the inbox socket of a player's pages (``docs/web.md``,
"Accounts"): a challenge is a table with an invitation addressed to a friend, which arrives on
the friend's pages wherever they are (``/ws/inbox``) and waits there until it is taken (the
invitation's own route), declined or cancelled."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from fastapi import APIRouter, Request, WebSocket, WebSocketDisconnect
from pydantic import Field

from cribkit.accounts.challenges import Challenge, ChallengeError, Challenges
from cribkit.accounts.store import AccountStore
from cribkit.store.base import Store
from cribkit.web.context import SIGNED_IN, Games, Player, Storage, signed_in_still
from cribkit.web.errors import ApiError
from cribkit.web.manager import SessionManager
from cribkit.web.routes.account import signed_in
from cribkit.web.routes.lobby import NewGame, create_game, started

router = APIRouter(tags=["accounts"])

#: The close code of an inbox socket of a guest (or a device signed out).
NOT_SIGNED_IN = 4401


class NewChallenge(NewGame):
    """The body of ``POST /api/account/challenges``: a new game's (seat 0 yours, seat 1 the
    friend's, any other the computer's) and the friend's name."""

    name: str = Field(description="the friend challenged")


def _form(challenge: Challenge, store: Store) -> dict[str, Any]:
    row = store.load_game(challenge.game_id)
    return {
        "code": challenge.code,
        "id": challenge.game_id,
        "from": challenge.by,
        "to": challenge.to,
        "spec": None if row is None else row.spec,
        "rated": None if row is None else row.table.rated,
        "created": challenge.created,
    }


@router.post("/api/account/challenges")
async def challenge(
    body: NewChallenge, request: Request, manager: Games, player: Player
) -> dict[str, Any]:
    """Challenge a friend: a table whose seat 1 is invited, the invitation sent to the friend's
    pages. What the maker of a game is told (``POST /api/games``), and the friend's name."""
    store = manager.store
    account, _ = await asyncio.to_thread(signed_in, request, store)
    accounts = AccountStore(store)
    friend = await asyncio.to_thread(accounts.by_name, body.name[:64])
    if friend is None or friend.name is None:
        raise ApiError(404, "not_found", f"no player named {body.name[:40]!r}")
    challenges = Challenges(accounts)
    try:
        await asyncio.to_thread(challenges.check, account, friend)
    except ChallengeError as error:
        raise ApiError(403, "not_for_you", str(error)) from None
    seats = game_seats(body)
    session = await create_game(body, request, manager, player, seats)
    invite = session.row.table.invites[1]
    await asyncio.to_thread(challenges.add, invite.code, session.id, account, friend)
    told = {"kind": "challenge", "from": account.name, "code": invite.code}
    row = session.row
    await manager.inbox.tell(friend.player, {**told, "spec": row.spec, "rated": row.table.rated})
    return {**started(session.row, player), "to": friend.name}


def game_seats(body: NewGame) -> list[dict[str, Any]]:
    """The seats of a challenge's game: yours, the friend's, the computer's for the rest."""
    try:
        count = int(body.options.get("players", 2))
    except (TypeError, ValueError):
        count = 2  # (the game's own check names the bad option)
    others = [{"kind": "computer"}] * max(0, min(count, 4) - 2)
    return [{"kind": "me"}, {"kind": "friend"}, *others]


@router.get("/api/account/challenges")
async def challenges(request: Request, store: Storage) -> dict[str, list[dict[str, Any]]]:
    """Your open challenges: those to you (``to_me``) and those you made (``mine``), newest
    first, each ``{"code", "id", "from", "to", "spec", "rated", "created"}``."""
    account, _ = await asyncio.to_thread(signed_in, request, store)
    found = Challenges(AccountStore(store))
    to_me = await asyncio.to_thread(found.to, account.id)
    mine = await asyncio.to_thread(found.by, account.id)
    return {
        "to_me": [_form(c, store) for c in to_me],
        "mine": [_form(c, store) for c in mine],
    }


@router.post("/api/account/challenges/{code}/decline")
async def decline(code: str, request: Request, manager: Games) -> dict[str, Any]:
    """Decline a challenge to you: it leaves your pages, and the friend is told (their
    invitation stays open for them to send elsewhere or cancel)."""
    store = manager.store
    account, _ = await asyncio.to_thread(signed_in, request, store)
    gone = await asyncio.to_thread(Challenges(AccountStore(store)).remove, code[:64], account.id)
    if gone is None:
        raise ApiError(404, "not_found", "no open challenge to you has this code")
    challenger = await asyncio.to_thread(AccountStore(store).by_name, gone.by)
    if challenger is not None:
        await manager.inbox.tell(
            challenger.player, {"kind": "declined", "by": account.name, "id": gone.game_id}
        )
    return {"declined": True}


async def challenge_gone(manager: SessionManager, code: str) -> None:
    """An invitation was taken or cancelled: the challenge it was, if any, is gone from the
    friend's pages (the table itself tells the challenger)."""
    gone = await asyncio.to_thread(Challenges(AccountStore(manager.store)).remove, code)
    if gone is not None:
        friend = await asyncio.to_thread(AccountStore(manager.store).by_name, gone.to)
        if friend is not None:
            await manager.inbox.tell(friend.player, {"kind": "gone", "code": code})


@router.websocket("/ws/inbox")
async def inbox(websocket: WebSocket) -> None:
    """The inbox of a signed-in player's page: ``{"kind": "challenge" | "declined" | "gone" |
    "paired", ...}`` as they happen (a guest's socket is closed, 4401)."""
    manager = cast(SessionManager, websocket.app.state.manager)
    await websocket.accept()
    session = websocket.session
    still = await asyncio.to_thread(signed_in_still, session, manager.store)
    player = session.get("player")
    if not still or session.get(SIGNED_IN) is None or not isinstance(player, str):
        await websocket.close(NOT_SIGNED_IN, "sign in first: this device is a guest's")
        return
    await manager.inbox.open(player, websocket.send_text)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
    except WebSocketDisconnect:
        pass
    finally:
        await manager.inbox.close(player, websocket.send_text)

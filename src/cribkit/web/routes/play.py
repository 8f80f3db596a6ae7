"""Play: the WebSocket of one seat of a live game (the protocol is in ``docs/web.md``)."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Mapping
from typing import cast

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cribkit.games.protocol import SPECTATOR
from cribkit.web.context import signed_in_still
from cribkit.web.manager import SessionManager
from cribkit.web.sessions import Connection, GameSession

router = APIRouter()

#: Close codes of a refused socket.
FORBIDDEN = 4403
NOT_FOUND = 4404
#: The subprotocol a page asks for, and the prefix of the one that carries the seat's token:
#: ``Sec-WebSocket-Protocol: cribkit, token.<T>``. A header, not the URL: no proxy's or server's
#: log of request lines ever holds a token. (``?token=T`` is still taken from other clients.)
PROTOCOL = "cribkit"
TOKEN_PREFIX = "token."


@router.websocket("/ws/{game_id}")
async def play(websocket: WebSocket, game_id: str) -> None:
    """A seat's socket: ``?seat=N``, the seat's token in the ``Sec-WebSocket-Protocol`` header
    (``cribkit, token.T``; or ``&token=T``) and the session of the seat's owner; or a
    spectator's, ``?watch=CODE``: every message is answered by the game session."""
    manager = cast(SessionManager, websocket.app.state.manager)
    offered: list[str] = list(websocket.scope.get("subprotocols") or [])
    # The browser fails a socket whose server picks none of the protocols it offered.
    await websocket.accept(subprotocol=PROTOCOL if PROTOCOL in offered else None)
    sent = next((p.removeprefix(TOKEN_PREFIX) for p in offered if p.startswith(TOKEN_PREFIX)), None)
    session = await manager.open(game_id)
    await asyncio.to_thread(signed_in_still, websocket.session, manager.store)
    player = websocket.session.get("player")
    owner = player if isinstance(player, str) and player else None
    watch = websocket.query_params.get("watch")
    if watch is not None:
        refusal = _spectator_refusal(session, watch)
        seat = SPECTATOR
    else:
        refusal = _seat_refusal(session, websocket.query_params, owner, sent)
        seat = int(websocket.query_params["seat"]) if refusal is None else SPECTATOR
    if refusal is not None:
        if session is not None:
            manager.release(session)
        code, reason = refusal
        await websocket.close(code, f"no game {game_id}"[:120] if code == NOT_FOUND else reason)
        return
    assert session is not None
    # One copy of a game per process: the one already followed, if a socket came first.
    session = manager.adopt(session)
    # The burst limits: this socket's, and its player's, shared by the player's sockets.
    limits = manager.limits
    connection = Connection(
        seat,
        websocket.send_text,
        player=owner,
        bucket=limits.bucket(),
        player_bucket=limits.player_bucket(owner),
    )
    await session.join(connection)
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                try:
                    text = data.decode()
                except UnicodeDecodeError:
                    await session.send_error(connection, "bad_json", "a message is JSON text")
                    continue
            await session.handle(connection, text)
    except WebSocketDisconnect:
        pass
    finally:
        session.leave(connection)
        manager.release(session)


def _seat_refusal(
    session: GameSession | None, query: Mapping[str, str], player: str | None, sent: str | None
) -> tuple[int, str] | None:
    """Why a seat's socket is refused (its close code and reason), or None. ``sent`` is the
    token of the protocol header, if any (else the query's)."""
    # Someone else's game is, to a stranger, no game at all (an ownerless one, stored before
    # games had owners, is open to its tokens alone).
    if session is None or (session.row.owners and not session.row.owned_by(player)):
        return NOT_FOUND, "no such game"
    seat_text = query.get("seat", "")
    token = sent if sent is not None else query.get("token", "")
    seat = int(seat_text) if seat_text.isdigit() else -1
    if seat not in session.humans or seat in session.row.table.invites:
        return FORBIDDEN, f"seat {seat_text[:20]!r} is not a player's seat"
    if session.row.owners and session.row.owners.get(seat) != player:
        return FORBIDDEN, f"seat {seat} is another player's"
    if not session.check_token(seat, token):
        return FORBIDDEN, f"wrong token for seat {seat}"
    return None


def _spectator_refusal(session: GameSession | None, code: str) -> tuple[int, str] | None:
    """Why a spectator's socket is refused, or None: its code must be the game's watch code
    (a game without one, or a wrong code, is no game at all to the spectator)."""
    expected = "" if session is None else session.row.table.watch
    if not expected or not secrets.compare_digest(expected.encode(), code.encode()):
        return NOT_FOUND, "no such game"
    return None

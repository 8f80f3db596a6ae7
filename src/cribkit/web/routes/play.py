"""Play: the WebSocket of one seat of a live game (the protocol is in ``docs/web.md``)."""

from __future__ import annotations

from typing import cast

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from cribkit.web.sessions import Connection, SessionManager

router = APIRouter()

#: Close codes of a refused socket.
FORBIDDEN = 4403
NOT_FOUND = 4404


@router.websocket("/ws/{game_id}")
async def play(websocket: WebSocket, game_id: str) -> None:
    """A seat's socket: ``?seat=N&token=T`` and the session of the seat's owner; every message
    is answered by the game session."""
    manager = cast(SessionManager, websocket.app.state.manager)
    await websocket.accept()
    session = manager.get(game_id)
    # Someone else's game is, to a stranger, no game at all (an ownerless one, stored before
    # games had owners, is open to its tokens alone).
    player = websocket.session.get("player")
    if session is not None and session.row.owners and not session.row.owned_by(player):
        manager.release(session)
        session = None
    if session is None:
        await websocket.close(NOT_FOUND, f"no game {game_id}"[:120])
        return
    seat_text = websocket.query_params.get("seat", "")
    token = websocket.query_params.get("token", "")
    seat = int(seat_text) if seat_text.isdigit() else -1
    if seat not in session.humans:
        await websocket.close(FORBIDDEN, f"seat {seat_text[:20]!r} is not a player's seat")
        return
    if session.row.owners and session.row.owners.get(seat) != player:
        await websocket.close(FORBIDDEN, f"seat {seat} is another player's")
        return
    if not session.check_token(seat, token):
        await websocket.close(FORBIDDEN, f"wrong token for seat {seat}")
        return
    # The burst limits: this socket's, and its player's, shared by the player's sockets.
    owner = player if isinstance(player, str) and player else None
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

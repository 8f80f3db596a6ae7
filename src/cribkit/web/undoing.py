"""Undo against the computer (``docs/web.md``, "Undo"): the seat's last action and the
computer's replies to it taken back, unless :meth:`GameSession.undo_refusal` says why not; the
game is practice from then on."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from cribkit.games.records import replay
from cribkit.web.messages import WebError
from cribkit.web.shared import record_of

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = ["UNDO_ATTEMPTS", "undo"]

#: How many times an undo is weighed again when another process moved the game on first.
UNDO_ATTEMPTS = 3


async def undo(session: GameSession, connection: Connection) -> None:
    """Take back the seat's last action and the computer's replies to it, stored first, then
    every socket reset to the game as it was."""
    seat = connection.seat
    async with session.lock:
        # An undo names no version: if another process stored the computer's reply first,
        # the session has caught up and the undo is weighed again against the game as it
        # now is (the reply may have shown a card, and then it is refused).
        for attempt in range(UNDO_ATTEMPTS):
            refusal = session.undo_refusal(seat)
            if refusal is not None:
                raise WebError("cannot_undo", refusal)
            last = session.last_action(seat)
            assert last is not None  # undo_refusal has checked
            kept = session.actions[:last]
            replayed = replay(record_of(session.row, kept))
            version = session.version + 1
            try:
                await session.write(
                    session.store.truncate_actions, session.id, last, version=version,
                    scores=list(replayed.state.scores), expect=session.version,
                )  # fmt: skip
            except WebError as error:
                if error.code != "stale" or attempt == UNDO_ATTEMPTS - 1:
                    raise
                continue
            break
        session.row = replace(session.row, practice=True)
        session.actions = kept
        session.marks = session.marks[:last]
        session.state = replayed.state
        session.events = list(replayed.events)
        session.version = version
        session.moves_at = {version: len(kept)}  # the versions before it name other games
        for other in session.connections:
            other.cursor = 0
            other.reset = True
        await session.services.fanout.publish(session.id, {"kind": "reset", "version": version})
        await session.broadcast()
    session.kick_ai()

"""The hints of a live game: worked out after the computer's moves, one at a time, in this
server's threads or worker processes, or, in a cluster, by the ``cribkit worker`` processes
(their answer comes back on this process's Redis channel)."""

from __future__ import annotations

import asyncio
import secrets
from typing import TYPE_CHECKING, Any

from cribkit.ai import hints
from cribkit.games.protocol import GameState
from cribkit.web.fanout import REDIS_DOWN

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = ["HINT_SECONDS", "work_out_hint"]

#: How long a hint asked of the cluster's workers is waited for.
HINT_SECONDS = 30.0


async def work_out_hint(
    session: GameSession, connection: Connection, state: GameState, version: int, seed: int
) -> None:
    """Work out a hint for the connection's seat and send it: in a thread or worker process of
    this server, or by the cluster's workers."""
    if session.services.jobs is not None:
        await _hint_from_workers(session, connection, version)
        return
    # Waits its turn at the server's gate (after the computer's moves, one hint at a time);
    # cancelled there (its socket closed), it is never worked out.
    gate = session.limits.gate
    await gate.hint_slot()
    if connection.closed:
        gate.release()
        return
    work = session.off_loop(hints.hint, state, connection.seat, seed)
    # The slot is given back when the work is done, even if the asker is gone by then.
    work.add_done_callback(lambda _: gate.release())
    try:
        hint = await asyncio.shield(work)
    except Exception:
        session.log.exception("game %s: failed on a hint for seat %s", session.id, connection.seat)
        await session.send_error(
            connection, "server_error", "the server failed on this hint (a bug)", "hint"
        )
        return
    await session.send(connection, {"type": "hint", "seq": version, **hint})


async def _hint_from_workers(session: GameSession, connection: Connection, version: int) -> None:
    """A hint asked of the cluster's workers (after every waiting move), answered on this
    process's channel; a socket closed meanwhile drops it."""
    services = session.services
    assert services.jobs is not None
    ticket = secrets.token_hex(8)
    answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    services.replies[ticket] = answer
    try:
        await services.jobs.hint(
            session.id, version, connection.seat, services.fanout.process, ticket
        )
        reply = await asyncio.wait_for(answer, HINT_SECONDS)
    except REDIS_DOWN as error:  # (TimeoutError among them: no worker answered in time)
        session.log.warning("game %s: no hint from the workers: %s", session.id, error)
        reply = {"error": "no worker answered in time"}
    finally:
        services.replies.pop(ticket, None)
    if "hint" in reply:
        await session.send(connection, {"type": "hint", "seq": version, **reply["hint"]})
    else:
        await session.send_error(
            connection, "unavailable", f"no hint: {reply.get('error')}", "hint"
        )

"""The hints of a live game: worked out after the computer's moves, one at a time, in this
server's threads or worker processes, or, in a cluster, by the ``cribkit worker`` processes
(their answer comes back on this process's Redis channel).

A hint is the same question for the same game, version and seat wherever it is asked (its seed
is the game's, the seat's and the move's): one worked out is kept (in this process's memory,
or, in a cluster, in Redis) and answered again at once. A hint whose game moved on before it
was worked out is dropped (``stale``: a new state follows), and so is one whose socket closed.
A player waits for :data:`~cribkit.web.limits.HINTS_PER_PLAYER` hints at most, over all the
player's games and sockets; another is answered ``busy``. (``docs/web.md``, "Limits".)"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any

from cribkit.ai import hints
from cribkit.games.protocol import GameState
from cribkit.web.fanout import REDIS_DOWN
from cribkit.web.limits import HINTS_PER_PLAYER
from cribkit.web.turns import late_move_stands

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = ["HINT_SECONDS", "work_out_hint"]

#: How long a hint asked of the cluster's workers is waited for.
HINT_SECONDS = 30.0
#: What a player asking beyond :data:`HINTS_PER_PLAYER` hints at once is told.
PLAYER_BUSY = (
    f"{HINTS_PER_PLAYER} hints of yours are being worked out already (in this game or another):"
    " wait for their answers"
)
#: What the asker of a hint whose game moved on first is told (the page waits for the state).
MOVED_ON = "the game moved on before the hint was worked out: ask again"

#: Calls to Redis made after their asker was gone (kept so that none is collected unrun).
_AFTER: set[asyncio.Task[Any]] = set()


async def work_out_hint(
    session: GameSession, connection: Connection, state: GameState, version: int, seed: int
) -> None:
    """Work out a hint for the connection's seat and send it: in a thread or worker process of
    this server, or by the cluster's workers."""
    if session.services.jobs is not None:
        await _hint_from_workers(session, connection, version)
        return
    gate = session.limits.gate
    kept = gate.kept(session.id, version, connection.seat)
    if kept is not None:
        await session.send(connection, {"type": "hint", "seq": version, **kept})
        return
    with gate.player_hint(connection.player) as allowed:
        if not allowed:
            await session.send_error(connection, "busy", PLAYER_BUSY, "hint")
            return
        # Waits its turn at the server's gate (after the computer's moves, one hint at a time);
        # cancelled there (its socket closed), it is never worked out.
        await gate.hint_slot()
        if connection.closed:
            gate.release()
            return
        # Superseded, no one wants the old position's hint; but another seat's lay-away beside
        # it changes nothing for this seat (cribkit.web.turns).
        if session.version != version and not late_move_stands(session, version, connection.seat):
            gate.release()
            await session.send_error(connection, "stale", MOVED_ON, "hint")
            return
        work = session.off_loop(hints.hint, state, connection.seat, seed)
        # The slot is given back when the work is done, even if the asker is gone by then.
        work.add_done_callback(lambda _: gate.release())
        try:
            hint = await asyncio.shield(work)
        except Exception:
            session.log.exception(
                "game %s: failed on a hint for seat %s", session.id, connection.seat
            )
            await session.send_error(
                connection, "server_error", "the server failed on this hint (a bug)", "hint"
            )
            return
    gate.keep(session.id, version, connection.seat, hint)
    await session.send(connection, {"type": "hint", "seq": version, **hint})


async def _hint_from_workers(session: GameSession, connection: Connection, version: int) -> None:
    """A hint asked of the cluster's workers (after every waiting move), answered on this
    process's channel; one kept already is answered at once. A socket closed meanwhile drops
    it, and tells the workers, so that none works it out if it has not started."""
    services = session.services
    jobs = services.jobs
    assert jobs is not None
    seat, player = connection.seat, connection.player
    ticket = secrets.token_hex(8)
    answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
    services.replies[ticket] = answer
    counted = False
    try:
        kept = await jobs.kept_hint(session.id, version, seat)
        if kept is not None:
            reply: dict[str, Any] = {"hint": kept}
        elif player is not None and not await jobs.hint_begins(player, ticket, HINTS_PER_PLAYER):
            reply = {"code": "busy", "error": PLAYER_BUSY}
        else:
            counted = player is not None
            moves = session.moves_at.get(version, -1)
            await jobs.hint(session.id, version, seat, services.fanout.process, ticket, moves)
            reply = await asyncio.wait_for(answer, HINT_SECONDS)
    except REDIS_DOWN as error:  # (TimeoutError among them: no worker answered in time)
        session.log.warning("game %s: no hint from the workers: %s", session.id, error)
        reply = {"error": "no worker answered in time"}
    except asyncio.CancelledError:
        _after(jobs.cancel_hint(ticket))  # (the socket closed: nobody wants it any more)
        raise
    finally:
        services.replies.pop(ticket, None)
        if counted:
            assert player is not None
            _after(jobs.hint_ends(player, ticket))
    if "hint" in reply:
        await session.send(connection, {"type": "hint", "seq": version, **reply["hint"]})
    elif reply.get("code") in ("busy", "stale"):
        await session.send_error(connection, reply["code"], reply.get("error", ""), "hint")
    else:
        await session.send_error(
            connection, "unavailable", f"no hint: {reply.get('error')}", "hint"
        )


def _after(call: Awaitable[Any]) -> None:
    """Make a call to Redis in the background (its asker may be cancelled); an outage is
    nothing to it (the keys it would write or delete expire by themselves)."""

    async def run() -> None:
        with contextlib.suppress(*REDIS_DOWN):
            await call

    task = asyncio.ensure_future(run())
    _AFTER.add(task)
    task.add_done_callback(_AFTER.discard)

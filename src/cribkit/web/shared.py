"""A game held by several processes of a cluster (``docs/scaling.md``): catching a session up
with the store, hearing the other processes' changes, and telling them who is here.

The store is the authority; a session is a copy. A process follows a game (its Redis channel)
while it holds one of its sockets, applies the actions the others publish when they are the
next ones, and otherwise reads the game again from the store (:func:`catch_up`): after a lost
message, an undo, a change of the seats, or a write refused because the copy was stale.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from cribkit.games.protocol import SPECTATOR, Action, GameError, GameState
from cribkit.games.records import steps
from cribkit.store.base import GameRow

if TYPE_CHECKING:
    from cribkit.games.events import GameEvent
    from cribkit.web.sessions import GameSession

__all__ = ["catch_up", "follow", "heard", "record_of", "replayed", "share_presence", "unfollow"]


def record_of(row: GameRow, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """The game record of ``row`` with ``actions`` (the setup beyond the seed included: a
    match's first dealer)."""
    return {"game": row.game, "rules": row.rules, "seed": row.seed, **row.table.start,
            "actions": actions}  # fmt: skip


def replayed(
    row: GameRow, actions: list[dict[str, Any]]
) -> tuple[GameState, list[GameEvent], list[int]]:
    """The state ``actions`` leave ``row``'s game in, every event so far, and for each action
    how many events came before it."""
    events: list[GameEvent] = []
    marks: list[int] = []
    state: GameState | None = None
    for step in steps(record_of(row, actions)):
        if step.action is not None:
            marks.append(len(events))
        events.extend(step.events)
        state = step.state
    assert state is not None  # the steps give the opening at least
    return state, events, marks


async def catch_up(session: GameSession) -> None:
    """Make ``session`` what the store holds now: its seats and table, its actions (the new
    ones applied, or, after an undo, the whole game replayed and every socket reset) and its
    talk (the new lines sent to whoever hears them). The session's lock is held."""
    services = session.services
    row = await services.stored(services.store.load_game, session.id)
    if row is None:
        return
    if row.version != session.version:
        actions = await services.stored(services.store.load_actions, session.id)
        known = len(session.actions)
        if len(actions) >= known and actions[:known] == session.actions:
            for form in actions[known:]:
                transition = session.state.apply(Action.from_dict(form))
                session.take(form, transition.state, transition.events, session.version)
        else:
            state, events, marks = replayed(row, actions)
            session.state, session.events, session.marks = state, events, marks
            session.actions = list(actions)
            for connection in session.connections:
                connection.cursor = 0
                connection.reset = True
            session.moves_at = {}
        session.version = row.version
        session.moves_at.setdefault(row.version, len(session.actions))
    session.reseat(row)
    talk = await services.stored(services.store.load_talk, session.id)
    await _hear_lines(session, talk[len(session.talk) :])


async def _hear_lines(session: GameSession, lines: list[dict[str, Any]]) -> None:
    from cribkit.web.talk import hears

    session.talk.extend(lines)
    for connection in list(session.connections):
        heard = [line for line in lines if hears(session, connection, line)]
        if heard:
            await session.send(connection, {"type": "talk", "seq": session.version, "lines": heard})


async def heard(session: GameSession, message: dict[str, Any]) -> None:
    """Take a change another process made to the game (and committed) and tell this
    process's sockets."""
    async with session.lock:
        kind = message.get("kind")
        if kind == "action":
            await _heard_action(session, message)
            await session.broadcast()
        elif kind in ("reset", "row"):
            await catch_up(session)
            await session.broadcast()
        elif kind == "talk":
            index = message.get("index")
            if index == len(session.talk) and isinstance(message.get("line"), dict):
                await _hear_lines(session, [message["line"]])
            elif isinstance(index, int) and index > len(session.talk):
                await catch_up(session)
        elif kind == "presence":
            process = str(message.get("process"))
            form = {"seats": list(message.get("seats") or ()),
                    "spectators": int(message.get("spectators") or 0)}  # fmt: skip
            if form["seats"] or form["spectators"]:
                session.remote[process] = form
            else:
                session.remote.pop(process, None)
            await session.broadcast_table()


async def _heard_action(session: GameSession, message: dict[str, Any]) -> None:
    version = message.get("version")
    if not isinstance(version, int) or version <= session.version:
        return  # known already (it came by the store first)
    form = message.get("action")
    if version == session.version + 1 and message.get("index") == len(session.actions):
        try:
            assert isinstance(form, dict)
            transition = session.state.apply(Action.from_dict(form))
        except (AssertionError, GameError, TypeError, ValueError):
            await catch_up(session)
        else:
            session.take(form, transition.state, transition.events, version)
            return
    await catch_up(session)


async def follow(session: GameSession) -> None:
    """Start following the game: its channel first, then the store, so that no change falls
    between the two; and who is at the table through the other processes (the lock held)."""
    fanout = session.services.fanout
    await fanout.follow(session.id)
    session.followed = True
    session.services.live.setdefault(session.id, session)
    await catch_up(session)
    session.remote = await fanout.presence(session.id)


async def unfollow(session: GameSession) -> None:
    """Stop following the game once this process holds none of its sockets (and forget it:
    a copy nobody updates would go stale)."""
    async with session.lock:
        if session.connections or not session.followed:
            return
        session.followed = False
        session.remote = {}
        if session.services.live.get(session.id) is session:
            del session.services.live[session.id]
        await session.services.fanout.unfollow(session.id)
    await share_presence(session)


async def share_presence(session: GameSession) -> None:
    """Tell the other processes which seats and how many spectators this one holds."""
    seats = sorted({c.seat for c in session.connections if c.seat != SPECTATOR})
    spectators = sum(1 for c in session.connections if c.seat == SPECTATOR)
    await session.services.fanout.share_presence(session.id, seats, spectators)


def spawn(session: GameSession, work: Any) -> None:
    """Run ``work`` (a coroutine) beside the session, kept until done."""
    task: asyncio.Future[None] = asyncio.ensure_future(work)
    session._tasks.add(task)
    task.add_done_callback(session._tasks.discard)

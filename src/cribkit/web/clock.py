"""The move clock of a table of people (``docs/web.md``, "Move clock"): each person has so many
seconds for a move; when they run out, the computer plays the move at the table's level and
the table is told, so that an absent player never blocks a game for ever. While the seats lay
away together each person who has still to is timed at once, each on a clock of their own
that the others' lay-aways do not restart."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cribkit.games.protocol import acting_seats
from cribkit.web.messages import WebError
from cribkit.web.turns import late_move_stands, own_moves
from cribkit.web.workers import choose_move, move_seed

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["MoveClock"]


@dataclass(slots=True)
class _Timer:
    #: How many moves the seat had made when its move began to be timed (the move it times).
    moves: int
    deadline: float
    task: asyncio.Task[None]


class MoveClock:
    """The clock of one game: the move of each person who may act now, timed."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._timers: dict[int, _Timer] = {}

    @property
    def running(self) -> bool:
        """Whether a move is being timed."""
        return any(not timer.task.done() for timer in self._timers.values())

    def forms(self) -> list[dict[str, Any]]:
        """Each timed seat and the milliseconds left for its move, in the order the seats may
        act (the table's ``clocks``)."""
        now = asyncio.get_running_loop().time()
        return [
            {"seat": seat, "left_ms": max(0, int((timer.deadline - now) * 1000))}
            for seat, timer in self._timers.items()
            if not timer.task.done()
        ]

    def arm(self) -> None:
        """Time the move of each person who may act now, if the table has a clock, going on
        with a move already timed; stop timing every other seat (it has moved, the computer
        plays it, the game is over)."""
        session = self.session
        seconds = session.row.table.clock
        # The clock starts when every seat is taken: nobody is timed while an invitation waits
        # (the host may still be sending the link; or cancel it, and the computer plays it).
        # (A worker of a cluster times nothing: the servers holding the seats' sockets do.)
        wanted: dict[int, int] = {}
        if (
            seconds is not None
            and not session.over
            and not session.row.table.invites
            and session.services.timing
        ):
            for seat in acting_seats(session.state):
                if seat in session.humans:
                    wanted[seat] = own_moves(session, seat)
        for seat, timer in list(self._timers.items()):
            if wanted.get(seat) != timer.moves or timer.task.done():
                timer.task.cancel()
                del self._timers[seat]
        if seconds is None:
            return
        deadline = asyncio.get_running_loop().time() + seconds
        for seat, moves in wanted.items():
            if seat not in self._timers:
                task = asyncio.create_task(self._run(seat, moves, seconds))
                self._timers[seat] = _Timer(moves, deadline, task)

    def stop(self) -> None:
        """Stop timing (the game is over, the server stops)."""
        for timer in self._timers.values():
            timer.task.cancel()
        self._timers.clear()

    def _timing(self, seat: int, moves: int) -> bool:
        """Whether ``seat``'s move timed from ``moves`` is still to be made."""
        session = self.session
        return (
            not session.over
            and seat in acting_seats(session.state)
            and own_moves(session, seat) == moves
        )

    async def _run(self, seat: int, moves: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        session = self.session
        while self._timing(seat, moves):
            state, version = session.state, session.version
            seed = move_seed(session.row.seed, "clock", seat, len(session.actions))
            with session.limits.gate.move():
                action = await session.off_loop(
                    choose_move, session.game, session.row.ai, seed, state, seat
                )
            async with session.lock:
                if not self._timing(seat, moves):
                    return
                if session.version != version and not late_move_stands(session, version, seat):
                    continue  # the game moved on under it: choose again
                self._timers.pop(seat, None)  # spent: the broadcast below times the next move
                transition = session.state.apply(action)
                try:
                    await session.commit(action, transition.state, transition.events)
                except WebError:  # another process's clock (or the person) came first
                    await session.broadcast()
                    return
                # In the engine's words ("seat 1"), as its events: each page names the seat as
                # it names it ("Your clock ran out" to the one who ran out, "Ann's" to others).
                await session.notice(
                    f"seat {seat}'s clock ran out: the computer played for seat {seat}"
                )
                await session.broadcast()
            session.kick_ai()
            return

"""The move clock of a table of people (``docs/web.md``, "Move clock"): each person has so many
seconds for a move; when they run out, the computer plays the move at the table's level and
the table is told, so that an absent player never blocks a game for ever."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from cribkit.web.messages import WebError
from cribkit.web.workers import choose_move, move_seed

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["MoveClock"]


class MoveClock:
    """The clock of one game: at most one move timed at a time (the person to move)."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._task: asyncio.Task[None] | None = None
        self._deadline = 0.0
        self._timing = (-1, -1)  # the version and seat of the move being timed

    @property
    def running(self) -> bool:
        """Whether a move is being timed."""
        return self._task is not None and not self._task.done()

    def left_ms(self) -> int | None:
        """The milliseconds left for the move being timed, or None."""
        if not self.running:
            return None
        left = self._deadline - asyncio.get_running_loop().time()
        return max(0, int(left * 1000))

    def arm(self) -> None:
        """Time the move of the person to move if the table has a clock and it is not timed
        already; stop timing when the computer is to move or the game is over."""
        session = self.session
        seconds = session.row.table.clock
        state = session.state
        seat = state.current_player
        # The clock starts when every seat is taken: nobody is timed while an invitation waits
        # (the host may still be sending the link; or cancel it, and the computer plays it).
        seated = seat in session.humans and not session.row.table.invites
        # (a worker of a cluster times nothing: the servers holding the seats' sockets do)
        wanted = seconds is not None and not session.over and seated
        wanted = wanted and session.services.timing
        if self.running and wanted and self._timing == (session.version, seat):
            return
        self.stop()
        if not wanted or seconds is None or seat is None:
            return
        self._timing = (session.version, seat)
        self._deadline = asyncio.get_running_loop().time() + seconds
        self._task = asyncio.create_task(self._run(session.version, seat, seconds))

    def stop(self) -> None:
        """Stop timing (the move was made, the game is over, the server stops)."""
        if self.running:
            assert self._task is not None
            self._task.cancel()

    async def _run(self, version: int, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)
        session = self.session
        state = session.state
        if session.version != version:
            return
        seed = move_seed(session.row.seed, "clock", seat, len(session.actions))
        with session.limits.gate.move():
            action = await session.off_loop(
                choose_move, session.game, session.row.ai, seed, state, seat
            )
        async with session.lock:
            if session.version != version:
                return
            self._task = None  # spent: the broadcast below times the next move
            transition = state.apply(action)
            try:
                await session.commit(action, transition.state, transition.events)
            except WebError:  # another process's clock (or the person) came first
                await session.broadcast()
                return
            # In the engine's words ("seat 1"), as its events: each page names the seat as it
            # names it ("Your clock ran out" to the one who ran out, "Ann's" to the others).
            await session.notice(
                f"seat {seat}'s clock ran out: the computer played for seat {seat}"
            )
            await session.broadcast()
        session.kick_ai()

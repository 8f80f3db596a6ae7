"""The coach during play (docs/web.md, "The coach"; docs/analysis.md, "The coach"): after a
human seat's action is committed, the decision is valued from that seat's view
(:func:`cribkit.analysis.game.judge`, off the event loop) and, if it cost an inaccuracy or
worse, that seat alone is told at once, with the better choice and why.

Each seat's wish is kept here, in the process (the page sends it again on every connection, as
the browser remembers it). The coach is on for a seat only when every human seat of the game
has turned it on: against the computer that is the seat's own wish; at a table of people,
nobody is coached unless everybody agreed. In a cluster the coach runs in the process that
committed the move (the one holding the mover's socket) and knows only the wishes of the
sockets it holds, so a table whose people are on different processes is not coached: it errs
on the side of off.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from cribkit.analysis.game import ANALYSED, judge
from cribkit.analysis.model import Decision
from cribkit.games.protocol import Action, GameState
from cribkit.web.messages import WebError

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = ["SPOKEN", "Coach", "coach_message", "wish_of"]

#: The verdicts the coach speaks of: an inaccuracy (0.5 points of expectation, or 3 points of
#: win chance) or worse (cribkit.analysis.model.VERDICTS); a "good" choice, a little below the
#: best, is let pass, or the coach would talk after nearly every move.
SPOKEN: Final = frozenset({"inaccuracy", "mistake", "blunder"})


class CoachError(ValueError):
    """A malformed ``coach`` message (answered ``bad_coach``)."""


def wish_of(message: dict[str, Any]) -> bool:
    """The wish of a ``{"type": "coach", "on": true | false}`` message.

    >>> wish_of({"type": "coach", "on": True})
    True
    >>> wish_of({"type": "coach", "on": "yes"})
    Traceback (most recent call last):
    ...
    cribkit.web.coaching.CoachError: a coach message is {"type": "coach", "on": true} or false, not "yes"
    """
    on = message.get("on")
    if not isinstance(on, bool):
        shown = json.dumps(on, ensure_ascii=False)[:40]
        raise CoachError(
            f'a coach message is {{"type": "coach", "on": true}} or false, not {shown}'
        )
    return on


def coach_message(decision: Decision, version: int) -> dict[str, Any] | None:
    """What the seat is told of ``decision`` (the game at ``version`` after it), or None when
    it cost less than an inaccuracy. Only the seat's own values: no hindsight, none of the
    other alternatives, nothing of another seat."""
    if decision.verdict not in SPOKEN:
        return None
    return {
        "type": "coach",
        "seq": version,
        "index": decision.index,
        "verdict": decision.verdict,
        "cost": round(decision.cost, 4),
        "unit": decision.unit,
        "chosen": decision.chosen.to_json(),
        "best": decision.best.to_json(),
        "words": decision.words,
    }


class Coach:
    """The coach of one game: each seat's wish, and the judging of the human seats' moves."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        #: Each seat's wish, as its page last said (off until it says otherwise).
        self.wishes: dict[int, bool] = {}

    def on_for(self, seat: int) -> bool:
        """Whether ``seat``'s moves are coached: every human seat has turned the coach on."""
        humans = self.session.humans
        return seat in humans and all(self.wishes.get(human, False) for human in humans)

    def status(self, seat: int) -> dict[str, Any]:
        """``{"type": "coach_state", "seq", "wanted", "on", "waiting"}`` for ``seat``:
        ``waiting`` when the seat wants the coach and some other person has not turned it on."""
        wanted = self.wishes.get(seat, False)
        on = self.on_for(seat)
        return {
            "type": "coach_state",
            "seq": self.session.version,
            "wanted": wanted,
            "on": on,
            "waiting": wanted and not on,
        }

    async def wish(self, connection: Connection, message: dict[str, Any]) -> None:
        """Take a seat's ``coach`` message; every human seat is told where the coach stands
        (at a table one seat's wish turns it on or off for all)."""
        session = self.session
        try:
            on = wish_of(message)
        except CoachError as error:
            raise WebError("bad_coach", str(error)) from None
        if session.game not in ANALYSED:
            raise WebError("no_coach", f"{session.game} has no coach: its moves are not analysed")
        if session.row.table.rated and on:
            raise WebError("no_coach", "no coach in a rated game")
        self.wishes[connection.seat] = on
        for other in list(session.connections):
            if other.seat in session.humans:
                await session.send(other, self.status(other.seat))

    async def after(self, before: GameState, action: Action, index: int, version: int) -> None:
        """Judge the seat's action ``index`` (made from ``before``; the game at ``version``
        after it), if its seat is coached, and tell the seat's sockets if it cost enough."""
        session = self.session
        seat = action.seat
        if not self.on_for(seat) or session.game not in ANALYSED:
            return
        try:
            decision = await session.off_loop(judge, before, action, index)
        except Exception:  # a bug in an analyser: the game goes on, uncoached this once
            session.log.exception("game %s: the coach failed on action %s", session.id, index)
            return
        message = None if decision is None else coach_message(decision, version)
        if message is None:
            return
        for connection in list(session.connections):
            if connection.seat == seat:
                await session.send(connection, message)

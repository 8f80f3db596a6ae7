"""Nobody is held hostage (``docs/web.md``, "Away from the table"): at a table of people with
no move clock, a person whose every socket has been gone for the absence window (2 minutes by
default, ``cribkit serve --absence-window``) lets the others choose, with an ``away`` message:

- ``claim``: the game ends, won by every side but the absent one's, as if the absent person
  had resigned (:func:`cribkit.web.abandoning.end_game`); the result names who claimed it;
- ``computer``: the computer plays the seat, at the table's level, so the game goes on; the
  seat is its person's again as soon as one of its sockets comes back;
- or they keep waiting, which asks nothing of the server.

The window is counted by the process holding the game, from when it last saw a socket of the
seat (or from when it took the game up: after a restart, from the first socket back). With a
move clock there is nothing to claim: the clock plays for an absent person already.

A seat handed to the computer is marked by a level of its own in the table (``levels``: until
then only the computer's seats have one), so that the hand-over is stored with the table, needs
no schema change, and every process of a cluster reads it with the row.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

from cribkit.games.protocol import SPECTATOR
from cribkit.store.base import GameRow, StoreError
from cribkit.web.abandoning import end_game, leaver_name
from cribkit.web.messages import WebError
from cribkit.web.outcomes import NOTHING_APPLIED
from cribkit.web.shared import catch_up

if TYPE_CHECKING:
    from cribkit.web.sessions import Connection, GameSession

__all__ = [
    "ABSENCE_WINDOW",
    "CHOICES",
    "Absence",
    "choose",
    "come_back",
    "hand_over",
    "handed_seats",
]

#: Seconds a person's sockets must all have been gone before the others may choose.
ABSENCE_WINDOW: Final = 120.0
#: What the others may choose (waiting on is no message at all).
CHOICES: Final = ("claim", "computer")


def handed_seats(row: GameRow) -> frozenset[int]:
    """The people's seats the computer plays while their person is away."""
    return frozenset(seat for seat in row.humans if seat in row.table.levels)


def _minutes(seconds: float) -> str:
    """``0:35``, ``2:00``: a length of time as a clock reads it."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


class Absence:
    """When each person of one game was last seen: the seats whose sockets are all gone."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        self._since: dict[int, float] = {}

    @property
    def window(self) -> float:
        """The seconds of absence after which the others may choose."""
        return self.session.services.absence_window

    def watched(self) -> frozenset[int]:
        """The seats whose absence counts: the people seated at a table of people with no
        clock, while the game goes on (not an invitation, not a seat the computer plays)."""
        session = self.session
        row = session.row
        if row.mode != "table" or session.over or row.table.clock is not None:
            return frozenset()
        return frozenset(session.humans) - set(row.table.invites) - handed_seats(row)

    def forms(self) -> list[dict[str, int]]:
        """The people away (every socket of their seat closed, in every process): for each,
        ``{"seat", "away_ms", "claim_in_ms"}``, the milliseconds since the seat was last seen
        (counted from now for a seat just found away) and until the others may choose (0 once
        they may)."""
        session = self.session
        here = {c.seat for c in session.connections if c.seat != SPECTATOR}
        here.update(seat for form in session.remote.values() for seat in form["seats"])
        now = time.monotonic()
        watched = self.watched()
        self._since = {s: t for s, t in self._since.items() if s in watched and s not in here}
        for seat in sorted(watched - here):
            self._since.setdefault(seat, now)
        window = self.window
        return [
            {
                "seat": seat,
                "away_ms": int((now - since) * 1000),
                "claim_in_ms": max(0, int((window - (now - since)) * 1000)),
            }
            for seat, since in sorted(self._since.items())
        ]

    def note(self) -> None:
        """Look again at who is connected (a socket closed)."""
        self.forms()

    def refusal(self, chooser: int, seat: int, choice: str) -> str | None:
        """Why seat ``chooser`` may not make ``choice`` about ``seat`` now, or None."""
        session = self.session
        row = session.row
        name = leaver_name(row, [seat])
        if row.mode != "table":
            return "only a table of people waits for an absent person"
        if session.over:
            return "the game is over"
        if row.table.clock is not None:
            return "this table has a move clock: it plays for an absent person by itself"
        if seat == chooser or seat not in session.humans or seat in row.table.invites:
            return f"seat {seat} is not another person seated at this table"
        if seat in handed_seats(row):
            return f"the computer plays {name}'s seat already"
        self.note()
        away = self._since.get(seat)
        if away is None:
            return f"{name} is at the table"
        waited = time.monotonic() - away
        if waited < self.window:
            return (
                f"{name} has been away {_minutes(waited)}: the others may choose after "
                f"{_minutes(self.window)} away, in {_minutes(self.window - waited)}"
            )
        sides = session.state.rules.sides
        if choice == "claim" and seat % sides == chooser % sides:
            return f"{name} is your partner: a claim is made against the other side"
        return None


def parse_choice(session: GameSession, message: dict[str, Any]) -> tuple[int, str]:
    """The seat and the choice of an ``away`` message; :class:`WebError` ``bad_away``."""
    seat, choice = message.get("seat"), message.get("choice")
    seats = session.state.rules.seats
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise WebError("bad_away", f"an away message names the absent seat, 0 to {seats - 1}")
    if choice not in CHOICES:
        raise WebError("bad_away", "an away message's choice is claim or computer")
    return seat, str(choice)


async def choose(session: GameSession, connection: Connection, message: dict[str, Any]) -> None:
    """Answer an ``away`` message: claim the game, or hand the absent seat to the computer;
    refused ``not_away`` (nothing changed) before the window or when it is not for this seat."""
    seat, choice = parse_choice(session, message)
    chooser = connection.seat

    def check() -> None:
        refusal = session.absence.refusal(chooser, seat, choice)
        if refusal is not None:
            raise WebError("not_away", refusal)

    if choice == "claim":
        await end_game(session, [seat], claimed_by=chooser, check=check)
        return
    # (seats in the engine's words: each page names them, "you" for its own: see clock.py)
    await hand_over(
        session,
        seat,
        f"seat {seat} was away: seat {chooser} let the computer play seat {seat}'s seat until "
        f"seat {seat} comes back",
        check=check,
    )


async def hand_over(
    session: GameSession,
    seat: int,
    notice: str,
    *,
    check: Callable[[], None] | None = None,
    unrated: bool = False,
) -> None:
    """Let the computer play ``seat`` (at the table's level) until one of its sockets comes
    back, ``notice`` said to the table; ``check`` (under the game's locks) may refuse it;
    ``unrated``: the game no longer counts in the ratings (an event's no-show replaced)."""
    services = session.services
    async with session.lock, services.fanout.lock(session.id):
        if services.clustered:
            await catch_up(session)
        if check is not None:
            check()
        row = session.row
        table = replace(row.table, levels={**row.table.levels, seat: row.ai})
        if unrated:
            table = replace(table, rated=None)
        await _seat_table(session, replace(row, table=table))
        await session.notice(notice)
        await session.broadcast()
    session.kick_ai()


async def come_back(session: GameSession, seat: int) -> None:
    """A socket of ``seat`` opened: a seat the computer played while its person was away is
    theirs again (the session's lock held)."""
    row = session.row
    if seat not in handed_seats(row):
        return
    levels = {s: level for s, level in row.table.levels.items() if s != seat}
    try:
        await _seat_table(session, replace(row, table=replace(row.table, levels=levels)))
    except WebError as error:  # (the store is away: the computer plays on, asked again next time)
        session.log.warning("game %s: seat %s not given back: %s", session.id, seat, error.message)
        return
    await session.notice(f"seat {seat} is back: the computer stops playing for seat {seat}")


async def _seat_table(session: GameSession, row: GameRow) -> None:
    """Store ``row``'s table and take its seats; tell the other processes (the lock held)."""
    services = session.services
    try:
        await services.stored(services.store.save_table, session.id, row.table)
    except StoreError as error:
        session.log.warning("game %s: the store failed: %s", session.id, error)
        raise WebError("unavailable", NOTHING_APPLIED) from None
    session.reseat(row)
    await services.fanout.publish(session.id, {"kind": "row"})

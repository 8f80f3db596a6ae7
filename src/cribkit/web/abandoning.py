"""Abandoning an unfinished game (``POST /api/games/{id}/abandon``, ``docs/web.md``,
"Abandoning a game").

A player leaves a game unfinished for good: against the computer or at one screen it simply
ends; at a table of people it is a resignation, as a cribbage player expects: the side of the
one who leaves loses the game, and every other side wins it. A person away from a table long
enough may have the game claimed against them (:mod:`cribkit.web.absence`): it ends the same
way, the result naming who claimed it. The game's row is marked
``"abandoned"`` with a result saying so, in one write of the store, before anyone is told; then
the computer, the move clock and the hints stop, and every open socket gets a last ``state``
(its ``result`` the abandoned one, ``legal`` empty) after a notice in the table talk.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cribkit.store.base import GameRow
from cribkit.web.messages import WebError
from cribkit.web.rating import rate_if_rated
from cribkit.web.shared import catch_up

if TYPE_CHECKING:
    from cribkit.web.sessions import GameSession

__all__ = ["abandon", "abandoned_result", "end_game", "leaver_name"]


def abandoned_result(
    scores: list[int], seat_count: int, sides: int, seats: list[int], claimed_by: int | None = None
) -> dict[str, Any]:
    """The stored result of a game of ``seat_count`` seats in ``sides`` sides abandoned, with
    the scores ``scores``, by the player of ``seats``: the engine's result form, every seat of
    a side that did not leave a winner (none when the player held every seat: hot-seat,
    Solitaire), and ``abandoned``: who left (and, for a game claimed against an absent person,
    the seat that claimed it: ``claimed_by``).

    >>> form = abandoned_result([40, 52], 2, 2, [0])
    >>> form["winners"], form["abandoned"]
    ([1], {'seats': [0]})
    >>> abandoned_result([30, 20, 25, 20], 4, 2, [1])["winners"]
    [0, 2]
    >>> abandoned_result([30, 20], 2, 2, [1], claimed_by=0)["abandoned"]
    {'seats': [1], 'claimed_by': 0}
    """
    leaving = {seat % sides for seat in seats}
    winners = [s for s in range(seat_count) if s % sides not in leaving]
    abandoned: dict[str, Any] = {"seats": sorted(seats)}
    if claimed_by is not None:
        abandoned["claimed_by"] = claimed_by
    return {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "scores": list(scores),
        "game_points": 1 if winners else 0,
        "skunk": None,
        "next_dealer": None,
        "abandoned": abandoned,
    }


def leaver_name(row: GameRow, seats: list[int]) -> str:
    """The name the one who left went by, for the notice."""
    names = [row.table.names[s] for s in seats if row.table.names.get(s)]
    return names[0] if names else f"Player {seats[0] + 1}"


async def abandon(session: GameSession, player: str) -> GameRow:
    """Abandon ``session``'s game for ``player`` (who owns a seat of it): stored, then the
    computer and the clock stopped and every socket told. :class:`WebError` ``finished`` or
    ``abandoned`` if the game is over already (nothing changed)."""
    seats = session.row.seats_of(player)
    return await end_game(session, seats)


async def end_game(
    session: GameSession,
    seats: list[int],
    *,
    claimed_by: int | None = None,
    check: Callable[[], None] | None = None,
) -> GameRow:
    """End ``session``'s game, lost by the side(s) of ``seats``: left by their player, or
    claimed by the seat ``claimed_by`` against an absent person once ``check`` (called under
    the game's locks, on the game as it is) raises no :class:`WebError`. Stored, then the
    computer and the clock stopped and every socket told; nothing changed when refused."""
    services = session.services
    async with session.lock, services.fanout.lock(session.id):
        if services.clustered:
            await catch_up(session)
        row = session.row
        if row.status == "abandoned":
            raise WebError("abandoned", f"game {session.id} was abandoned already")
        if session.state.is_terminal:
            raise WebError("finished", f"game {session.id} is over: a finished game stays won")
        if check is not None:
            check()
        rules = session.state.rules
        result = abandoned_result(
            list(session.state.scores), rules.seats, rules.sides, seats, claimed_by
        )
        version = session.version + 1
        await session.write(
            services.store.abandon_game, session.id, result, version=version,
            expect=session.version,
        )  # fmt: skip
        session.row = replace(
            row, status="abandoned", result=result, version=version,
            table=replace(row.table, invites={}),
        )  # fmt: skip
        session.version = version
        await rate_if_rated(session, result)  # (a rated game left is a loss for the side that left)
        session.cancel_ai()  # the computer's move being worked out is dropped, the clock stops
        await services.fanout.publish(session.id, {"kind": "row"})
        # In the engine's words ("seat 1"), as the clock's notices: each page names the seats as
        # it names them ("You were away" to the one away, "Bob was away" to the others).
        if claimed_by is not None:
            text = (
                f"seat {seats[0]} was away: seat {claimed_by} claimed the game, and the others "
                "win it"
            )
        elif row.mode == "table":
            text = f"seat {seats[0]} left the game: the others win it"
        else:
            text = "The game was abandoned"
        await session.notice(text)
        await session.broadcast()
    return session.row

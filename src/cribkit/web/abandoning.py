"""Abandoning an unfinished game (``POST /api/games/{id}/abandon``, ``docs/web.md``,
"Abandoning a game").

A player leaves a game unfinished for good: against the computer or at one screen it simply
ends; at a table of people it is a resignation, as a cribbage player expects: the side of the
one who leaves loses the game, and every other side wins it. The game's row is marked
``"abandoned"`` with a result saying so, in one write of the store, before anyone is told; then
the computer, the move clock and the hints stop, and every open socket gets a last ``state``
(its ``result`` the abandoned one, ``legal`` empty) after a notice in the table talk.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cribkit.store.base import GameRow
from cribkit.web.messages import WebError
from cribkit.web.sessions import GameSession
from cribkit.web.shared import catch_up

__all__ = ["abandon", "abandoned_result", "leaver_name"]


def abandoned_result(
    scores: list[int], seat_count: int, sides: int, seats: list[int]
) -> dict[str, Any]:
    """The stored result of a game of ``seat_count`` seats in ``sides`` sides abandoned, with
    the scores ``scores``, by the player of ``seats``: the engine's result form, every seat of
    a side that did not leave a winner (none when the player held every seat: hot-seat,
    Solitaire), and ``abandoned``: who left.

    >>> form = abandoned_result([40, 52], 2, 2, [0])
    >>> form["winners"], form["abandoned"]
    ([1], {'seats': [0]})
    >>> abandoned_result([30, 20, 25, 20], 4, 2, [1])["winners"]
    [0, 2]
    """
    leaving = {seat % sides for seat in seats}
    winners = [s for s in range(seat_count) if s % sides not in leaving]
    return {
        "winner": winners[0] if len(winners) == 1 else None,
        "winners": winners,
        "scores": list(scores),
        "game_points": 1 if winners else 0,
        "skunk": None,
        "next_dealer": None,
        "abandoned": {"seats": sorted(seats)},
    }


def leaver_name(row: GameRow, seats: list[int]) -> str:
    """The name the one who left went by, for the notice."""
    names = [row.table.names[s] for s in seats if row.table.names.get(s)]
    return names[0] if names else f"Player {seats[0] + 1}"


async def abandon(session: GameSession, player: str) -> GameRow:
    """Abandon ``session``'s game for ``player`` (who owns a seat of it): stored, then the
    computer and the clock stopped and every socket told. :class:`WebError` ``finished`` or
    ``abandoned`` if the game is over already (nothing changed)."""
    services = session.services
    async with session.lock, services.fanout.lock(session.id):
        if services.clustered:
            await catch_up(session)
        row = session.row
        if row.status == "abandoned":
            raise WebError("abandoned", f"game {session.id} was abandoned already")
        if session.state.is_terminal:
            raise WebError("finished", f"game {session.id} is over: a finished game stays won")
        seats = sorted(s for s, owner in row.owners.items() if owner == player)
        rules = session.state.rules
        result = abandoned_result(list(session.state.scores), rules.seats, rules.sides, seats)
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
        session.cancel_ai()  # the computer's move being worked out is dropped, the clock stops
        await services.fanout.publish(session.id, {"kind": "row"})
        if row.mode == "table":
            text = f"{leaver_name(row, seats)} left the game: the others win it"
        else:
            text = "The game was abandoned"
        await session.notice(text)
        await session.broadcast()
    return session.row

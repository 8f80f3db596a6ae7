"""Tables: who sits at each seat of a game (the player who made it, invited friends, the
computer at a level), the invitations and their codes (``docs/web.md``, "Tables and
invitations").

An invitation is a link with an unguessable code (128 bits from the OS CSPRNG) and a short
join code of 8 letters and digits that can be read aloud (Crockford's base 32: no I, L, O or
U, so that it reads one way; ``O`` is read as ``0`` and ``I`` or ``L`` as ``1``):

>>> normal_join_code("abcd efgh"), normal_join_code("ABCD-EFGH"), normal_join_code("0I1L-2345")
('ABCD-EFGH', 'ABCD-EFGH', '0111-2345')
>>> normal_join_code("ABCD-EFG"), normal_join_code("ABCD-EFGU")
(None, None)
>>> invite = new_invite()
>>> len(invite.code) >= 22, normal_join_code(invite.join) == invite.join
(True, True)
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from cribkit.ai.players import LEVELS
from cribkit.games.protocol import Result
from cribkit.store.base import GameRow, Invite, Match

__all__ = [
    "JOIN_ALPHABET",
    "SEAT_KINDS",
    "SeatPlan",
    "match_form",
    "match_tally",
    "new_invite",
    "new_join_code",
    "normal_join_code",
    "plan_seats",
    "seats_form",
]

#: What a seat can be when a game is made: the player making it, a friend invited, or the
#: computer (at a level).
SEAT_KINDS: Final = ("me", "friend", "computer")
#: The letters and digits of a join code (Crockford's base 32).
JOIN_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_READ_AS: Final = str.maketrans({"O": "0", "I": "1", "L": "1"})


def new_join_code() -> str:
    """A new code of 8 characters a person can read out and type, ``XXXX-XXXX`` (40 bits)."""
    join = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(8))
    return f"{join[:4]}-{join[4:]}"


def new_invite() -> Invite:
    """A new invitation: a link code of 128 random bits and an 8-character join code."""
    return Invite(code=secrets.token_urlsafe(16), join=new_join_code())


def normal_join_code(text: str) -> str | None:
    """A join code as typed (any case, spaces or a dash, ``O`` for ``0``...) in its written form
    ``XXXX-XXXX``; None if it is not one."""
    letters = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    if len(letters) != 8 or any(c not in JOIN_ALPHABET for c in letters):
        return None
    return f"{letters[:4]}-{letters[4:]}"


@dataclass(frozen=True, slots=True)
class SeatPlan:
    """Who sits where in a new game: the seats of the player making it, the seats its friends
    are invited to, and the computer's seats with their levels."""

    mine: tuple[int, ...]
    friends: tuple[int, ...]
    computers: dict[int, str]

    @property
    def humans(self) -> tuple[int, ...]:
        """The seats people play (or are invited to), in order."""
        return tuple(sorted(self.mine + self.friends))


class SeatError(ValueError):
    """A seat plan the game cannot take (the message says why)."""


def plan_seats(seats: Sequence[Any], count: int, level: str) -> SeatPlan:
    """The plan of ``seats`` (one ``{"kind", "level"}`` a seat: ``me``, ``friend`` or
    ``computer``) for a game of ``count`` seats whose computer plays at ``level`` unless a
    seat says otherwise; raises :class:`SeatError`.

    >>> plan_seats([{"kind": "me"}, {"kind": "friend"}, {"kind": "computer", "level": "easy"}], 3, "expert")
    SeatPlan(mine=(0,), friends=(1,), computers={2: 'easy'})
    """
    if len(seats) != count:
        raise SeatError(f"this game has {count} seats, and {len(seats)} were given")
    mine: list[int] = []
    friends: list[int] = []
    computers: dict[int, str] = {}
    for seat, spec in enumerate(seats):
        if not isinstance(spec, dict):
            raise SeatError(f'seat {seat} is an object such as {{"kind": "friend"}}')
        kind = spec.get("kind")
        if kind == "me":
            mine.append(seat)
        elif kind == "friend":
            friends.append(seat)
        elif kind == "computer":
            chosen = spec.get("level", level)
            if chosen not in LEVELS:
                raise SeatError(
                    f"seat {seat}: unknown level {str(chosen)[:20]!r}: the levels are "
                    f"{', '.join(LEVELS)}"
                )
            computers[seat] = chosen
        else:
            raise SeatError(
                f"seat {seat}: the kind of a seat is {', '.join(SEAT_KINDS)}, not "
                f"{str(kind)[:20]!r}"
            )
    if not mine:
        raise SeatError("one seat at least is yours (kind 'me')")
    if len(mine) > 1 and friends:
        raise SeatError(
            "several seats of yours share one screen (hot-seat): a game with invited friends "
            "has one seat of yours"
        )
    return SeatPlan(tuple(mine), tuple(friends), computers)


def seats_form(row: GameRow, count: int, connected: Iterable[int]) -> list[dict[str, Any]]:
    """Every seat (``count`` of them) of ``row``'s game as the table shows it: ``kind``
    (``person``, ``invited`` or ``computer``), the person's ``name`` (or the computer's
    ``level``), whether a socket of the seat is open (``connected``), and for a person's seat
    the computer plays while they are away (:mod:`cribkit.web.absence`), its level
    (``computer``)."""
    online = set(connected)
    out: list[dict[str, Any]] = []
    for seat in range(count):
        form: dict[str, Any] = {"seat": seat}
        if seat in row.table.invites:
            form["kind"] = "invited"
        elif seat in row.humans:
            form["kind"] = "person"
            form["name"] = row.table.names.get(seat)
            if seat in row.table.levels:  # (handed to the computer: web/absence.py)
                form["computer"] = row.table.levels[seat]
        else:
            form["kind"] = "computer"
            form["level"] = row.level_of(seat)
        form["connected"] = form["kind"] == "computer" or seat in online
        out.append(form)
    return out


def match_tally(match: Match, result: Result | None) -> tuple[int, ...]:
    """The match's game points by side once ``result``'s game is counted (as before it while
    the game goes on)."""
    if result is None:
        return match.tally
    return tuple(
        points + (result.game_points if side == result.winner else 0)
        for side, points in enumerate(match.tally)
    )


def match_form(match: Match, result: Result | None) -> dict[str, Any]:
    """The match as the table shows it: best of how many, this game's number, the tally
    (this game counted once it is over), the points that win, and the winner once there is
    one."""
    tally = match_tally(match, result)
    return {
        "best_of": match.best_of,
        "number": match.number,
        "tally": list(tally),
        "needed": match.needed,
        "winner": match.winner(tally),
    }

"""Cribbage Solitaire: the rules, their numbers and the one rule error of its own.

The game has no options: its rules are ``SolitaireRules()`` (``lookup("solitaire")``). The
numbers of a game are module constants, so that the engine, the computer players and the
interfaces read them from one place:

>>> ROUNDS, HAND_SIZE, LAY_AWAY, DEAL_ORDER.count("hand"), DEAL_ORDER.count("crib")
(6, 6, 2, 6, 2)
>>> rating(121), rating(91), rating(90)
('great', 'good', 'skunked')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final, Literal

from cribkit.games.errors import IllegalActionError
from cribkit.games.protocol import Rules

__all__ = [
    "DEAL_ORDER",
    "DISCARD",
    "HAND_SIZE",
    "HEELS",
    "LAY_AWAY",
    "OVER",
    "ROUNDS",
    "NoSuchSeatError",
    "Rating",
    "SolitaireRules",
    "check_seat",
    "rating",
    "rating_text",
]

#: The phases: laying away (the only decision), and the end.
DISCARD: Final = "discard"
OVER: Final = "over"
#: Rounds in a game, cards laid away each round, and the cards of one round's deal.
ROUNDS: Final = 6
LAY_AWAY: Final = 2
HAND_SIZE: Final = 6
#: Where each card of a round's deal goes, from the top of the stock (3 hand, 2 crib, 3 hand).
DEAL_ORDER: Final = ("hand", "hand", "hand", "crib", "crib", "hand", "hand", "hand")
#: The points of a jack turned as the starter (his heels).
HEELS: Final = 2


class NoSuchSeatError(IllegalActionError):
    """An action by a seat other than 0: Cribbage Solitaire has one player."""


def check_seat(seat: object) -> None:
    """Nothing for seat 0; a :class:`NoSuchSeatError` for anything else.

    >>> check_seat(1)
    Traceback (most recent call last):
    ...
    cribkit.games.solitaire.rules.NoSuchSeatError: there is no seat 1: Cribbage Solitaire has one player, seat 0
    """
    if seat != 0 or isinstance(seat, bool):
        raise NoSuchSeatError(
            f"there is no seat {seat!r}: Cribbage Solitaire has one player, seat 0"
        )


@dataclass(frozen=True, kw_only=True)
class SolitaireRules(Rules):
    """The rules of Cribbage Solitaire. The game has no options (yet): ``lookup("solitaire")``.

    >>> SolitaireRules(), SolitaireRules().spec(), SolitaireRules.ROUNDS
    (SolitaireRules(), 'solitaire', 6)
    """

    GAME = "solitaire"
    #: Rounds in a game.
    ROUNDS: ClassVar[int] = ROUNDS
    #: A total of this or more passes the skunk line (good).
    GOOD: ClassVar[int] = 91
    #: A total of this or more is great.
    GREAT: ClassVar[int] = 121

    @property
    def played_alone(self) -> bool:
        """Solitaire is one person's game."""
        return True

    @property
    def sides(self) -> int:
        """One side: the player."""
        return 1

    @property
    def players(self) -> int:
        """One player, seat 0."""
        return 1

    @classmethod
    def option_help(cls) -> str:
        """The options, one a line: Cribbage Solitaire has none."""
        return "(none: Cribbage Solitaire has no options)"


#: How good a total is: from 121, from 91 (past the skunk line), or below it.
Rating = Literal["great", "good", "skunked"]


def rating(total: int) -> Rating:
    """``great`` (121 or more), ``good`` (91 or more) or ``skunked``."""
    if total >= SolitaireRules.GREAT:
        return "great"
    if total >= SolitaireRules.GOOD:
        return "good"
    return "skunked"


def rating_text(total: int) -> str:
    """The rating of a total as the end of a game says it.

    >>> rating_text(100)
    'past the skunk line (91 or more)'
    """
    match rating(total):
        case "great":
            return f"great ({SolitaireRules.GREAT} or more)"
        case "good":
            return f"past the skunk line ({SolitaireRules.GOOD} or more)"
        case "skunked":
            return f"short of the skunk line ({SolitaireRules.GOOD})"

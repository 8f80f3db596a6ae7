"""The actions more than one game takes: laying cards away (classic, Solitaire) and declaring
one's own points (classic's manual counting, Tiles' Joker), the base of an action that is the
seat's alone (a call, a pass), and the parsing they share.

>>> a = Discard(0, (Card.parse("Kh"), Card.parse("5d")))
>>> a, a.to_dict()
(Discard(seat=0, cards=(Card.parse('5d'), Card.parse('Kh'))), {'type': 'discard', 'seat': 0, 'cards': ['5d', 'Kh']})
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from cribkit.core.cards import DECK, Card, CardError
from cribkit.games.protocol import Action, GameError, cards_text

__all__ = ["Declare", "Discard", "SeatAction", "parse_card", "parse_cell_name", "parse_seat"]

_CELL_TEXT: Final = re.compile(r"\s*([A-Za-z])\s*(\d+)\s*")


def parse_seat(data: Mapping[str, Any]) -> int:
    """The ``seat`` of an action's JSON form, a whole number from 0."""
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise GameError(f"an action's seat is a whole number from 0, not {seat!r}")
    return seat


def parse_card(value: object) -> Card:
    """A card of an action's JSON form: text only, so that a number (a card's index inside
    the engine) is refused rather than read as some card the record never names.

    >>> parse_card(26)
    Traceback (most recent call last):
    ...
    cribkit.core.cards.CardError: a card is text such as '5h', not 26
    """
    if isinstance(value, str):
        return Card.parse(value)
    raise CardError(f"a card is text such as '5h', not {value!r}")


def parse_cell_name(name: object, example: str, shape: str) -> tuple[str, int, int]:
    """The cell named like a spreadsheet's (a column letter, then a row number; any case), as
    its name, its row and its column (both from 0), for the game to check against its board.
    An error says what a cell is: ``shape``, ``such as`` the ``example``.

    >>> parse_cell_name(" g7", "G7", "a column letter and a row number")
    ('G7', 6, 6)
    >>> parse_cell_name("centre", "C3", "a column letter A-E and a row 1-5")
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: 'centre' is not a cell: a cell is a column letter A-E and a row 1-5, such as 'C3'
    """
    if not isinstance(name, str):
        raise GameError(f"a cell is text such as {example!r}, not {name!r}")
    match = _CELL_TEXT.fullmatch(name)
    if match is None:
        raise GameError(f"{name!r} is not a cell: a cell is {shape}, such as {example!r}")
    letter, digits = match.group(1).upper(), match.group(2)
    return f"{letter}{digits}", int(digits) - 1, ord(letter) - ord("A")


@dataclass(frozen=True, slots=True)
class SeatAction(Action):
    """An action of nothing but its seat (a call, a pass): its JSON form is its type and seat,
    and it says ``seat 1`` and its :attr:`verb`.

    >>> @dataclass(frozen=True, slots=True)
    ... class Knock(SeatAction):
    ...     verb: ClassVar[str] = "knocks"
    >>> Knock._parse({"seat": 1}), str(Knock(1))
    (Knock(seat=1), 'seat 1 knocks')
    """

    #: What the seat does, in a sentence after ``seat 1``.
    verb: ClassVar[str] = ""

    def __str__(self) -> str:
        return f"seat {self.seat} {self.verb}"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Self:
        return cls(parse_seat(data))


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Lay ``cards`` away to the crib (kept sorted, so equal discards compare equal)."""

    cards: tuple[Card, ...]
    action_type: ClassVar[str] = "discard"

    def __post_init__(self) -> None:
        cards = tuple(sorted(DECK[Card(c)] for c in self.cards))
        object.__setattr__(self, "cards", cards)

    def __str__(self) -> str:
        return f"seat {self.seat} lays away {cards_text(self.cards)}"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Discard:
        cards = data.get("cards")
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        if not isinstance(cards, list | tuple):
            raise GameError(f"a discard lists its cards, such as ['5h', 'Kd'], not {cards!r}")
        return cls(parse_seat(data), tuple(parse_card(c) for c in cards))


@dataclass(frozen=True, slots=True)
class Declare(Action):
    """Declare the points of one's own pegging card, hand or crib (manual counting)."""

    points: int
    action_type: ClassVar[str] = "declare"

    def __str__(self) -> str:
        return f"seat {self.seat} declares {self.points}"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Declare:
        points = data.get("points")
        if not isinstance(points, int) or isinstance(points, bool):
            raise GameError(f"a declaration's points are a whole number, not {points!r}")
        return cls(parse_seat(data), points)

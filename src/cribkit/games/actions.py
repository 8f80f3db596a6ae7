"""The actions more than one game takes: laying cards away (classic, Solitaire) and declaring
one's own points (classic's manual counting, Tiles' Joker), and the parsing they share.

>>> a = Discard(0, (Card.parse("Kh"), Card.parse("5d")))
>>> a, a.to_dict()
(Discard(seat=0, cards=(Card.parse('5d'), Card.parse('Kh'))), {'type': 'discard', 'seat': 0, 'cards': ['5d', 'Kh']})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cribkit.core.cards import DECK, Card, CardError
from cribkit.games.protocol import Action, GameError, cards_text

__all__ = ["Declare", "Discard", "parse_card", "parse_seat"]


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

"""The actions of the card games: lay away, play a card, declare points, call muggins.

Each action is a frozen record with the acting ``seat`` and a JSON form:

>>> a = Discard(0, (Card.parse("Kh"), Card.parse("5d")))
>>> a, a.to_dict()
(Discard(seat=0, cards=(Card.parse('5d'), Card.parse('Kh'))), {'type': 'discard', 'seat': 0, 'cards': ['5d', 'Kh']})
>>> Action.from_dict({"type": "play", "seat": 1, "card": "10h"})
Play(seat=1, card=Card.parse('Th'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cribkit.core.cards import DECK, Card, CardError
from cribkit.games.protocol import Action, GameError, cards_text

__all__ = ["Action", "Declare", "Discard", "Muggins", "PassMuggins", "Play"]


def _seat(data: Mapping[str, Any]) -> int:
    seat = data.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0:
        raise GameError(f"an action's seat is a whole number from 0, not {seat!r}")
    return seat


def _card(value: object) -> Card:
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return Card(value)
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
        return cls(_seat(data), tuple(_card(c) for c in cards))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Lay ``card`` on the count (pegging)."""

    card: Card
    action_type: ClassVar[str] = "play"

    def __post_init__(self) -> None:
        if type(self.card) is not Card:
            object.__setattr__(self, "card", Card(self.card))

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Play:
        return cls(_seat(data), _card(data.get("card")))


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
        return cls(_seat(data), points)


@dataclass(frozen=True, slots=True)
class Muggins(Action):
    """Call muggins: take the points an opponent missed in a declaration."""

    action_type: ClassVar[str] = "muggins"

    def __str__(self) -> str:
        return f"seat {self.seat} calls muggins"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> Muggins:
        return cls(_seat(data))


@dataclass(frozen=True, slots=True)
class PassMuggins(Action):
    """Let a declaration stand without calling muggins."""

    action_type: ClassVar[str] = "pass_muggins"

    def __str__(self) -> str:
        return f"seat {self.seat} lets the count stand"

    @classmethod
    def _parse(cls, data: Mapping[str, Any]) -> PassMuggins:
        return cls(_seat(data))

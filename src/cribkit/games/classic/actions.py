"""The actions of the card games: lay away, play a card, declare points, call muggins.

Each action is a frozen record with the acting ``seat`` and a JSON form:

>>> Action.from_dict({"type": "play", "seat": 1, "card": "10h"})
Play(seat=1, card=Card.parse('Th'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cribkit.core.cards import Card
from cribkit.games.actions import Declare, Discard, SeatAction, parse_card, parse_seat
from cribkit.games.protocol import Action

__all__ = ["Declare", "Discard", "Muggins", "PassMuggins", "Play"]


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
        return cls(parse_seat(data), parse_card(data.get("card")))


@dataclass(frozen=True, slots=True)
class Muggins(SeatAction):
    """Call muggins: take the points an opponent missed in a declaration."""

    action_type: ClassVar[str] = "muggins"
    verb: ClassVar[str] = "calls muggins"


@dataclass(frozen=True, slots=True)
class PassMuggins(SeatAction):
    """Let a declaration stand without calling muggins."""

    action_type: ClassVar[str] = "pass_muggins"
    verb: ClassVar[str] = "lets the count stand"

"""The kinds of event more than one game makes, and the pieces several games' kinds share.

Each game still lists every kind it makes in its own ``events.EVENTS``. :class:`StarterTurned`
and :class:`Heels` are classic's and Solitaire's (Solitaire's heels are said its own way),
:class:`LaidAway` the lay-away both make (private in classic, ``you lay away`` in Solitaire),
and Table Top's heels are a :class:`HeelsCalled` too. :class:`Called` is a kind whose points
are called in a phrase (``one for the go``), :class:`Counted` one whose points are said by the
count behind them, and :class:`CardsShown` four cards counted with the starter.

>>> from cribkit.core.cards import Card, parse_cards
>>> StarterTurned(seat=1, starter=Card.parse("Jd")).text()
'the starter is Jd'
>>> Heels(seat=1, points=2, starter=Card.parse("Jd")).text()
'seat 1: two for his heels (two points)'
>>> LaidAway(seat=0, cards=parse_cards("5h Kd")).text()
'seat 0 lays away 5h Kd'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Protocol

from cribkit.core.cards import Card
from cribkit.core.scoring import Score, score_hand
from cribkit.core.words import points_text
from cribkit.games.events import GameEvent

__all__ = [
    "Breakdown",
    "Called",
    "CardsShown",
    "Counted",
    "Heels",
    "HeelsCalled",
    "LaidAway",
    "StarterTurned",
    "cards_line",
    "declaration_text",
    "draw_text",
]


def cards_line(cards: Iterable[Card]) -> str:
    """Cards as text separated by spaces (nothing for none).

    >>> from cribkit.core.cards import parse_cards
    >>> cards_line(parse_cards("5h Kd")), cards_line(())
    ('5h Kd', '')
    """
    return " ".join(str(c) for c in cards)


def draw_text(
    verb: str, seats: Sequence[int], drawn: Iterable[str], first: int | None, then: str
) -> str:
    """A round of the draw for who starts: what each seat drew and, on the round that decides
    it, who ``first`` does what comes ``then``.

    >>> draw_text("cuts", (0, 1), ("Th", "7d"), 1, "deals first")
    'seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first'
    """
    said = ", ".join(f"seat {s} {verb} {d}" for s, d in zip(seats, drawn, strict=True))
    return f"{said}; seat {first} {then}" if first is not None else said


def declaration_text(seat: int | None, points: int, what: str, missed: int) -> str:
    """``seat 1 declares two points for the hand``, and what the declaration ``missed`` (0:
    nothing, or not to be said).

    >>> declaration_text(1, 2, "the hand", 2)
    'seat 1 declares two points for the hand, missing two points'
    """
    missing = f", missing {points_text(missed)}" if missed else ""
    return f"seat {seat} declares {points_text(points)} for {what}{missing}"


class Breakdown(Protocol):
    """A count part by part (:class:`~cribkit.core.scoring.Score`,
    :class:`~cribkit.core.pegging.PegScore`): its total and its words."""

    @property
    def total(self) -> int:
        """All the points."""
        ...

    def words(self) -> str:
        """The count the way players say it."""
        ...


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(GameEvent):
    """Points for a feat players call in a phrase, :attr:`call`: ``seat 0: one for the go (one
    point)``."""

    #: The phrase the points are called with.
    call: ClassVar[str] = ""

    def words(self) -> str:
        """The call, such as ``one for the go``."""
        return self.call

    def text(self, *, full: bool = True) -> str:
        """``seat 0: one for the go (one point)``."""
        return f"seat {self.seat}: {self.words()}{self.points_said()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Counted(GameEvent):
    """Points said by the count behind them, its :attr:`breakdown`."""

    @property
    def breakdown(self) -> Breakdown:
        """The count behind the points, part by part."""
        raise NotImplementedError  # pragma: no cover - every kind says its count

    def words(self) -> str:
        """The count as players say it."""
        return self.breakdown.words()


@dataclass(frozen=True, slots=True, kw_only=True)
class CardsShown(Counted):
    """Four ``cards`` counted with the ``starter``: a hand, or the crib (:attr:`is_crib`),
    whose flush needs the starter's suit too."""

    #: Whether the cards are the crib.
    is_crib: ClassVar[bool] = False
    cards: tuple[Card, ...]
    starter: Card

    @property
    def what(self) -> str:
        """``hand`` or ``crib``."""
        return "crib" if self.is_crib else "hand"

    @property
    def breakdown(self) -> Score[Card]:
        """The count of the cards with the starter."""
        return score_hand(self.cards, self.starter, crib=self.is_crib)


# -- the kinds -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidAway(GameEvent):
    """The ``cards`` ``seat`` lays away to the crib."""

    type: ClassVar[str] = "discard"
    reveals: ClassVar[str] = "nothing"
    cards: tuple[Card, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 1 lays away 9h Qs``."""
        return f"seat {self.seat} lays away {cards_line(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StarterTurned(GameEvent):
    """The ``starter`` is turned (``seat`` is the dealer, or Solitaire's player)."""

    type: ClassVar[str] = "starter"
    reveals: ClassVar[str] = "everyone"
    starter: Card

    def text(self, *, full: bool = True) -> str:
        """``the starter is 7d``."""
        return f"the starter is {self.starter}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HeelsCalled(Called):
    """Two for his heels: the card turned up for the deal is a jack, 2 for the dealer."""

    type: ClassVar[str] = "heels"
    phase: ClassVar[str | None] = "pegging"
    call: ClassVar[str] = "two for his heels"


@dataclass(frozen=True, slots=True, kw_only=True)
class Heels(HeelsCalled):
    """Two for his heels: the ``starter`` is a jack, for the dealer."""

    reveals: ClassVar[str] = "everyone"
    starter: Card

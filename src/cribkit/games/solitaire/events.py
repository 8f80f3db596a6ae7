"""Cribbage Solitaire: the events of a game, one kind a thing that happens, said the Solitaire way.

Every event belongs to seat 0, ``scores`` is ``(total,)`` and ``deal`` is the round (0-5; 6 for
the last hand and the end). Each round makes, in order: :class:`LaidAway` (``discard``),
:class:`StarterTurned` (``starter``), :class:`HisHeels` (``heels``, for a jack),
:class:`HandCounted` (``show``), :class:`CribCounted` (``crib``), :class:`StarterToBottom`
(``bottom``), then :class:`RoundDealt` (``deal``, the next round's hand; the first is the
opening event). After the sixth round: :class:`LastHandCounted` (``last_hand``) and
:class:`GameEnded` (``end``).

>>> from cribkit.core.cards import parse_cards
>>> e = LastHandCounted(seat=0, points=7, scores=(88,), deal=6, cards=parse_cards("4h 5h 6h Kc"))
>>> e.text()
'last hand 4h 5h 6h Kc: fifteen two, fifteen four, and a run of three is seven (seven points)'
>>> LastHandCounted.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from cribkit.core.cards import Card
from cribkit.core.scoring import Score, score_hand
from cribkit.core.words import points_text
from cribkit.games.events import GameEvent
from cribkit.games.kinds import CardsShown, Counted, Heels, StarterTurned, cards_line
from cribkit.games.kinds import LaidAway as _LaidAway
from cribkit.games.solitaire.rules import rating_text

__all__ = [
    "EVENTS",
    "CribCounted",
    "GameEnded",
    "HandCounted",
    "HisHeels",
    "LaidAway",
    "LastHandCounted",
    "RoundDealt",
    "SolitaireEvent",
    "StarterToBottom",
    "StarterTurned",
]


@dataclass(frozen=True, slots=True, kw_only=True)
class SolitaireEvent(GameEvent):
    """The base of the kinds Solitaire makes alone (:class:`StarterTurned` is classic's too):
    the player is ``you``, and points are said as :meth:`~GameEvent.points_said` says them."""


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundDealt(SolitaireEvent):
    """A round is dealt: ``cards`` are the 6 hand cards, ascending (the 2 crib cards lie face
    down, and no event names them before the crib is counted)."""

    type: ClassVar[str] = "deal"
    reveals: ClassVar[str] = "everyone"
    cards: tuple[Card, ...]

    def text(self, *, full: bool = True) -> str:
        """``round 1: you are dealt ...``."""
        return (
            f"round {self.deal + 1}: you are dealt {cards_line(self.cards)} "
            "(and 2 to the crib, face down)"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidAway(SolitaireEvent, _LaidAway):
    """The player lays ``cards`` (2) away to the crib."""

    def text(self, *, full: bool = True) -> str:
        """``you lay away ...``."""
        return f"you lay away {cards_line(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HisHeels(SolitaireEvent, Heels):
    """The ``starter`` is a jack: 2 points for his heels."""

    reveals: ClassVar[str] = "everyone"

    def text(self, *, full: bool = True) -> str:
        """``two for his heels (two points)``."""
        return f"{self.words()}{self.points_said()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class _Counted(SolitaireEvent, CardsShown):
    """The hand or the crib counted with the ``starter``, said with its count."""

    def text(self, *, full: bool = True) -> str:
        """``hand ... with ...: fifteen two ... (... points)``; ``no points`` for nothing."""
        return (
            f"{self.what} {cards_line(self.cards)} with {self.starter}: "
            f"{self.words()}{self.points_said()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class HandCounted(_Counted):
    """The hand is counted: the 4 ``cards`` kept, with the ``starter`` (the show's rules: a
    flush of 4, 5 with the starter; nobs)."""

    type: ClassVar[str] = "show"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class CribCounted(_Counted):
    """The crib is counted: its 4 ``cards`` (the 2 dealt face down, then the 2 laid away), with
    the ``starter`` (only a flush of all 5 scores)."""

    type: ClassVar[str] = "crib"
    reveals: ClassVar[str] = "everyone"
    phase: ClassVar[str | None] = "crib"
    is_crib: ClassVar[bool] = True


@dataclass(frozen=True, slots=True, kw_only=True)
class StarterToBottom(SolitaireEvent):
    """The round's ``starter`` goes to the bottom of the stock (it comes back in round 6)."""

    type: ClassVar[str] = "bottom"
    reveals: ClassVar[str] = "nothing"
    starter: Card

    def text(self, *, full: bool = True) -> str:
        """``the starter ... goes to the bottom of the deck``."""
        return f"the starter {self.starter} goes to the bottom of the deck"


@dataclass(frozen=True, slots=True, kw_only=True)
class LastHandCounted(SolitaireEvent, Counted):
    """The 4 cards left, counted with no starter: fifteens, pairs, runs, 4 for one suit."""

    type: ClassVar[str] = "last_hand"
    reveals: ClassVar[str] = "everyone"
    cards: tuple[Card, ...]

    @property
    def breakdown(self) -> Score[Card]:
        """The count behind the points."""
        return score_hand(self.cards)

    def text(self, *, full: bool = True) -> str:
        """``last hand ...: fifteen two ... (... points)``."""
        return f"last hand {cards_line(self.cards)}: {self.words()}{self.points_said()}"


@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded(SolitaireEvent):
    """The game is over: ``scores`` holds the total.

    >>> GameEnded(seat=0, scores=(121,), deal=6).text()
    'the game ends with one hundred twenty-one points: great (121 or more)'
    """

    type: ClassVar[str] = "end"

    @property
    def total(self) -> int:
        """The game's total."""
        return self.scores[0] if self.scores else 0

    def text(self, *, full: bool = True) -> str:
        """``the game ends with ... points: ...`` and the rating."""
        return f"the game ends with {points_text(self.total)}: {rating_text(self.total)}"


#: Every kind of event a Solitaire game makes.
EVENTS: Final[tuple[type[GameEvent], ...]] = (
    RoundDealt,
    LaidAway,
    StarterTurned,
    HisHeels,
    HandCounted,
    CribCounted,
    StarterToBottom,
    LastHandCounted,
    GameEnded,
)

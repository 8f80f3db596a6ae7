"""Classic cribbage: the events of a game, one small record per kind, said the way players say them.

Every kind has the shared fields of :class:`~cribkit.games.events.GameEvent` (``seat``,
``points`` for that seat's side, the running ``scores``, the ``deal``) and only its own:

>>> from cribkit.core.cards import parse_cards
>>> e = HandShown(seat=1, points=10, scores=(3, 14), cards=parse_cards("5h 5c Jd Kh"),
...               starter=Card.parse("4s"))
>>> e.text()
'seat 1 shows hand 5h 5c Jd Kh with 4s: fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten (ten points)'
>>> HandShown.from_json(e.to_json()) == e
True

The cards dealt to a seat and those it lays away are its own: another seat reads how many.

>>> dealt = HandDealt(seat=0, cards=parse_cards("5h 5c 5d Js 2c 3c"))
>>> dealt.to_json(viewer=1)
{'type': 'hand', 'seat': 0, 'points': 0, 'deal': 0, 'card_count': 6, 'private': True}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from cribkit.core.cards import Card
from cribkit.core.pegging import PegScore, score_peg
from cribkit.core.scoring import Score, score_hand
from cribkit.core.words import points_text, scores_dashed
from cribkit.games.events import GameEvent
from cribkit.games.kinds import (
    Called,
    CardsShown,
    Counted,
    Heels,
    StarterTurned,
    cards_line,
    declaration_text,
    draw_text,
)
from cribkit.games.kinds import LaidAway as _LaidAway

__all__ = [
    "EVENTS",
    "CardPlayed",
    "CribShown",
    "CutForDeal",
    "Declared",
    "GameWon",
    "GoPoint",
    "GoSaid",
    "HandDealt",
    "HandShown",
    "Heels",
    "LaidAway",
    "LastCard",
    "MugginsCalled",
    "NewDeal",
    "StarterTurned",
    "count_breakdown",
]

#: What each kind of claim counts, in a sentence.
COUNTED: Final = {"peg": "card played", "show": "hand", "crib": "crib"}


def count_breakdown(
    kind: str, cards: tuple[Card, ...], starter: Card | None
) -> Score[Card] | PegScore:
    """The count of a claim of ``kind``: ``peg`` (``cards`` is the count, the card laid last),
    ``show`` or ``crib`` (four cards, with the ``starter``).

    >>> from cribkit.core.cards import parse_cards
    >>> count_breakdown("crib", parse_cards("2h 4h 8h Qh"), Card.parse("Kc")).total
    0
    """
    if kind == "peg":
        return score_peg(cards)
    assert starter is not None  # a hand or crib is counted with the starter
    return score_hand(cards, starter, crib=kind == "crib")


# -- the cut and the deal ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CutForDeal(GameEvent):
    """A round of the cut for the first deal: the seats still cutting and their cards, and
    ``other``, the first dealer, on the round that decides it."""

    type: ClassVar[str] = "cut"
    reveals: ClassVar[str] = "everyone"
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    other: int | None = None

    def text(self, *, full: bool = True) -> str:
        """``seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first``."""
        return draw_text("cuts", self.seats, map(str, self.cards), self.other, "deals first")


@dataclass(frozen=True, slots=True, kw_only=True)
class NewDeal(GameEvent):
    """A new deal begins: ``seat`` deals, ``deal`` counts from 0."""

    type: ClassVar[str] = "deal"

    def text(self, *, full: bool = True) -> str:
        """``deal 1: seat 1 deals``."""
        return f"deal {self.deal + 1}: seat {self.seat} deals"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandDealt(GameEvent):
    """The cards dealt to ``seat`` (known to that seat only)."""

    type: ClassVar[str] = "hand"
    reveals: ClassVar[str] = "everyone"
    private: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[Card, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 0 is dealt Ac 5h 7h Th Ts Kh``."""
        return f"seat {self.seat} is dealt {cards_line(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidAway(_LaidAway):
    """The cards ``seat`` lays away to the crib (which ones, that seat alone knows)."""

    private: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("cards",)


# -- pegging -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Scored(Counted):
    """A count scored for ``seat`` unless the players count their own points (then its points
    come with :class:`Declared`): its words are said only when the points are that count."""

    def words(self) -> str:
        """The count in words (``fifteen two``), when the points are that count."""
        breakdown = self.breakdown
        return breakdown.words() if breakdown.total == self.points else ""


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(_Scored):
    """``seat`` lays a card: ``cards`` is the current count, the card laid last, making ``count``.

    With manual counting the card scores nothing by itself (its points come with the
    :class:`Declared` event), and its words stay empty rather than count for the player.
    """

    type: ClassVar[str] = "peg"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "pegging"
    cards: tuple[Card, ...]
    count: int

    @property
    def breakdown(self) -> PegScore:
        """What the card scores on the count."""
        return score_peg(self.cards)

    def text(self, *, full: bool = True) -> str:
        """``seat 0 plays 5h for 15: fifteen two (two points)``."""
        return (
            f"seat {self.seat} plays {self.cards[-1]} for {self.count}"
            f"{self.words_said()}{self.points_said()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GoSaid(GameEvent):
    """``seat`` cannot lay a card under 31 on this count."""

    type: ClassVar[str] = "say_go"
    reveals: ClassVar[str] = "others"

    def words(self) -> str:
        """``go``."""
        return "go"

    def text(self, *, full: bool = True) -> str:
        """``seat 1 says go``."""
        return f"seat {self.seat} says go"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoPoint(Called):
    """One for the go: ``seat`` laid the last card of a count short of 31 (``seat 0: one for
    the go (one point)``)."""

    type: ClassVar[str] = "go"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "pegging"
    call: ClassVar[str] = "one for the go"


@dataclass(frozen=True, slots=True, kw_only=True)
class LastCard(Called):
    """One for last card: ``seat`` laid the last card of the play, short of 31 (``seat 1: one
    for last card (one point)``)."""

    type: ClassVar[str] = "last_card"
    phase: ClassVar[str | None] = "pegging"
    call: ClassVar[str] = "one for last card"


# -- the show ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Shown(_Scored, CardsShown):
    """Four ``cards`` shown with the ``starter``: counted for ``seat`` unless the players count
    their own points (then the points come with :class:`Declared`)."""

    def text(self, *, full: bool = True) -> str:
        """``seat 1 shows hand 7h 8h 9c 9d with 6c: fifteen two, ... (sixteen points)``."""
        return (
            f"seat {self.seat} shows {self.what} {cards_line(self.cards)} with {self.starter}"
            f"{self.words_said()}{self.points_said() or ' (nothing)'}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown(_Shown):
    """``seat`` shows its hand: the four cards it kept, with the starter."""

    type: ClassVar[str] = "show"
    reveals: ClassVar[str] = "others"
    phase: ClassVar[str | None] = "hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class CribShown(_Shown):
    """The dealer (``seat``) shows the crib with the starter."""

    type: ClassVar[str] = "crib"
    reveals: ClassVar[str] = "everyone"
    phase: ClassVar[str | None] = "crib"
    is_crib: ClassVar[bool] = True


# -- manual counting -----------------------------------------------------------------------------

#: The part of the deal each kind of count belongs to.
KIND_PHASES: Final = {"peg": "pegging", "show": "hand", "crib": "crib"}


@dataclass(frozen=True, slots=True, kw_only=True)
class _Claimed(Counted):
    """A count of ``kind`` declared for (``peg``: ``cards`` is the count; ``show`` or ``crib``:
    the four cards with the ``starter``): its words are its true count."""

    cards: tuple[Card, ...]
    starter: Card | None = None
    kind: str

    @property
    def breakdown(self) -> Score[Card] | PegScore:
        """The true count of the cards declared for."""
        return count_breakdown(self.kind, self.cards, self.starter)

    def points_phase(self) -> str | None:
        """The part of the deal the count belongs to."""
        return KIND_PHASES[self.kind]


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(_Claimed):
    """``seat`` declares ``points`` for a count of ``kind`` (``peg``: ``cards`` is the count;
    ``show`` or ``crib``: the four cards with the ``starter``).

    ``missed`` is what the declaration left out: only the record knows it. A player's view
    has neither it nor the words of the true count (finding them is the opponents' game):

    >>> from cribkit.core.cards import parse_cards
    >>> e = Declared(seat=1, points=2, cards=parse_cards("7h 8c"), kind="peg", missed=2)
    >>> e.text(), e.to_json(viewer=0)["text"], "missed" in e.to_json(viewer=1)
    ('seat 1 declares two points for the card played, missing two points', 'seat 1 declares two points for the card played', False)
    """

    type: ClassVar[str] = "declare"
    reveals: ClassVar[str] = "others"
    record_only: ClassVar[tuple[str, ...]] = ("missed", "words")
    missed: int = 0

    def text(self, *, full: bool = True) -> str:
        """``seat 1 declares twelve points for the hand``, and with ``full`` what it missed."""
        what = COUNTED.get(self.kind, self.kind)
        return declaration_text(self.seat, self.points, f"the {what}", self.missed if full else 0)


@dataclass(frozen=True, slots=True, kw_only=True)
class MugginsCalled(_Claimed):
    """``seat`` calls muggins and takes the ``points`` that ``other`` missed in its
    declaration for a count of ``kind`` (the cards and starter as in :class:`Declared`)."""

    type: ClassVar[str] = "muggins"
    reveals: ClassVar[str] = "others"
    other: int

    def text(self, *, full: bool = True) -> str:
        """``seat 0 calls muggins and takes the two points seat 1 missed: fifteen two``."""
        return (
            f"seat {self.seat} calls muggins and takes the {points_text(self.points)} "
            f"seat {self.other} missed{self.words_said()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(GameEvent):
    """``seat``'s side reached the target: the game is over."""

    type: ClassVar[str] = "win"

    def text(self, *, full: bool = True) -> str:
        """``seat 0 wins, 121-98``."""
        return f"seat {self.seat} wins, {scores_dashed(self.scores)}"


#: Every kind of event a classic game makes.
EVENTS: Final[tuple[type[GameEvent], ...]] = (
    CutForDeal,
    NewDeal,
    HandDealt,
    LaidAway,
    StarterTurned,
    Heels,
    CardPlayed,
    GoSaid,
    GoPoint,
    LastCard,
    HandShown,
    CribShown,
    Declared,
    MugginsCalled,
    GameWon,
)

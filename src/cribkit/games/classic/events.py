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
from typing import Any, ClassVar, Final

from cribkit.core.cards import Card
from cribkit.core.pegging import PegScore, score_peg
from cribkit.core.scoring import Score, score_hand
from cribkit.core.words import points_text
from cribkit.games.events import GameEvent

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


def _cards_text(cards: tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def _points_note(points: int) -> str:
    return f" ({points_text(points)})" if points else ""


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
    cards: tuple[Card, ...]
    seats: tuple[int, ...]
    other: int | None = None

    def text(self, *, full: bool = True) -> str:
        """``seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first``."""
        cut = ", ".join(f"seat {s} cuts {c}" for s, c in zip(self.seats, self.cards, strict=True))
        return f"{cut}; seat {self.other} deals first" if self.other is not None else cut


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
    private: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[Card, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 0 is dealt Ac 5h 7h Th Ts Kh``."""
        return f"seat {self.seat} is dealt {_cards_text(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LaidAway(GameEvent):
    """The cards ``seat`` lays away to the crib (which ones, that seat alone knows)."""

    type: ClassVar[str] = "discard"
    private: ClassVar[bool] = True
    secret: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[Card, ...]

    def text(self, *, full: bool = True) -> str:
        """``seat 1 lays away 9h Qs``."""
        return f"seat {self.seat} lays away {_cards_text(self.cards)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class StarterTurned(GameEvent):
    """The starter is cut (``seat`` is the dealer)."""

    type: ClassVar[str] = "starter"
    starter: Card

    def text(self, *, full: bool = True) -> str:
        """``the starter is 7d``."""
        return f"the starter is {self.starter}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Heels(GameEvent):
    """Two for his heels: the starter is a jack, for the dealer."""

    type: ClassVar[str] = "heels"
    phase: ClassVar[str | None] = "pegging"
    starter: Card

    def words(self) -> str:
        """``two for his heels``."""
        return "two for his heels"

    def text(self, *, full: bool = True) -> str:
        """``seat 1: two for his heels (two points)``."""
        return f"seat {self.seat}: {self.words()}{_points_note(self.points)}"


# -- pegging -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class CardPlayed(GameEvent):
    """``seat`` lays a card: ``cards`` is the current count, the card laid last, making ``count``.

    With manual counting the card scores nothing by itself (its points come with the
    :class:`Declared` event), and its words stay empty rather than count for the player.
    """

    type: ClassVar[str] = "peg"
    phase: ClassVar[str | None] = "pegging"
    cards: tuple[Card, ...]
    count: int

    @property
    def breakdown(self) -> PegScore:
        """What the card scores on the count."""
        return score_peg(self.cards)

    def words(self) -> str:
        """The call for the card (``fifteen two``), when the card scored it."""
        breakdown = self.breakdown
        return breakdown.words() if breakdown.total == self.points else ""

    def text(self, *, full: bool = True) -> str:
        """``seat 0 plays 5h for 15: fifteen two (two points)``."""
        words = self.words()
        said = f": {words}" if words else ""
        return (
            f"seat {self.seat} plays {self.cards[-1]} for {self.count}{said}"
            f"{_points_note(self.points)}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GoSaid(GameEvent):
    """``seat`` cannot lay a card under 31 on this count."""

    type: ClassVar[str] = "say_go"

    def words(self) -> str:
        """``go``."""
        return "go"

    def text(self, *, full: bool = True) -> str:
        """``seat 1 says go``."""
        return f"seat {self.seat} says go"


@dataclass(frozen=True, slots=True, kw_only=True)
class GoPoint(GameEvent):
    """One for the go: ``seat`` laid the last card of a count short of 31."""

    type: ClassVar[str] = "go"
    phase: ClassVar[str | None] = "pegging"

    def words(self) -> str:
        """``one for the go``."""
        return "one for the go"

    def text(self, *, full: bool = True) -> str:
        """``seat 0: one for the go (one point)``."""
        return f"seat {self.seat}: {self.words()}{_points_note(self.points)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class LastCard(GameEvent):
    """One for last card: ``seat`` laid the last card of the play, short of 31."""

    type: ClassVar[str] = "last_card"
    phase: ClassVar[str | None] = "pegging"

    def words(self) -> str:
        """``one for last card``."""
        return "one for last card"

    def text(self, *, full: bool = True) -> str:
        """``seat 1: one for last card (one point)``."""
        return f"seat {self.seat}: {self.words()}{_points_note(self.points)}"


# -- the show ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class _Shown(GameEvent):
    """Four ``cards`` shown with the ``starter``: counted for ``seat`` unless the players count
    their own points (then the points come with :class:`Declared`)."""

    #: Whether the cards are the crib (a crib flush needs the starter's suit too).
    is_crib: ClassVar[bool] = False
    cards: tuple[Card, ...]
    starter: Card

    @property
    def breakdown(self) -> Score[Card]:
        """The count of the cards with the starter."""
        return score_hand(self.cards, self.starter, crib=self.is_crib)

    def words(self) -> str:
        """The count in words, when the points are that count."""
        breakdown = self.breakdown
        return breakdown.words() if breakdown.total == self.points else ""

    def text(self, *, full: bool = True) -> str:
        """``seat 1 shows hand 7h 8h 9c 9d with 6c: fifteen two, ... (sixteen points)``."""
        words = self.words()
        said = f": {words}" if words else ""
        what = "crib" if self.is_crib else "hand"
        return (
            f"seat {self.seat} shows {what} {_cards_text(self.cards)} with {self.starter}"
            f"{said}{_points_note(self.points) or ' (nothing)'}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class HandShown(_Shown):
    """``seat`` shows its hand: the four cards it kept, with the starter."""

    type: ClassVar[str] = "show"
    phase: ClassVar[str | None] = "hand"


@dataclass(frozen=True, slots=True, kw_only=True)
class CribShown(_Shown):
    """The dealer (``seat``) shows the crib with the starter."""

    type: ClassVar[str] = "crib"
    phase: ClassVar[str | None] = "crib"
    is_crib: ClassVar[bool] = True


# -- manual counting -----------------------------------------------------------------------------

#: The part of the deal each kind of count belongs to.
KIND_PHASES: Final = {"peg": "pegging", "show": "hand", "crib": "crib"}


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(GameEvent):
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
    cards: tuple[Card, ...]
    starter: Card | None = None
    kind: str
    missed: int = 0

    @property
    def breakdown(self) -> Score[Card] | PegScore:
        """The true count of the cards declared for."""
        return count_breakdown(self.kind, self.cards, self.starter)

    def words(self) -> str:
        """The true count in words (for the record)."""
        return self.breakdown.words()

    def points_phase(self) -> str | None:
        """The part of the deal the declared count belongs to."""
        return KIND_PHASES[self.kind]

    def text(self, *, full: bool = True) -> str:
        """``seat 1 declares twelve points for the hand``, and with ``full`` what it missed."""
        missed = f", missing {points_text(self.missed)}" if self.missed and full else ""
        what = COUNTED.get(self.kind, self.kind)
        return f"seat {self.seat} declares {points_text(self.points)} for the {what}{missed}"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The JSON form; a seat's (even the declarer's) has neither ``missed`` nor ``words``."""
        out = GameEvent.to_json(self, viewer)
        if viewer is not None:
            del out["missed"]
            out.pop("words", None)
        return out


@dataclass(frozen=True, slots=True, kw_only=True)
class MugginsCalled(GameEvent):
    """``seat`` calls muggins and takes the ``points`` that ``other`` missed in its
    declaration for a count of ``kind`` (the cards and starter as in :class:`Declared`)."""

    type: ClassVar[str] = "muggins"
    cards: tuple[Card, ...]
    starter: Card | None = None
    kind: str
    other: int

    def points_phase(self) -> str | None:
        """The part of the deal the missed points belong to."""
        return KIND_PHASES[self.kind]

    @property
    def breakdown(self) -> Score[Card] | PegScore:
        """The true count of the cards declared for."""
        return count_breakdown(self.kind, self.cards, self.starter)

    def words(self) -> str:
        """The true count in words."""
        return self.breakdown.words()

    def text(self, *, full: bool = True) -> str:
        """``seat 0 calls muggins and takes the two points seat 1 missed: fifteen two``."""
        words = self.words()
        said = f": {words}" if words else ""
        return (
            f"seat {self.seat} calls muggins and takes the {points_text(self.points)} "
            f"seat {self.other} missed{said}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class GameWon(GameEvent):
    """``seat``'s side reached the target: the game is over."""

    type: ClassVar[str] = "win"

    def text(self, *, full: bool = True) -> str:
        """``seat 0 wins, 121-98``."""
        return f"seat {self.seat} wins, {'-'.join(str(s) for s in self.scores)}"


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

"""Table Top Cribbage: the events of a match, one small record per kind, said in players' words.

In order, a match gives: ``cut`` (a round of the cut for the first deal), then for each deal
``deal``, ``centre``, and ``turn_up`` and ``place`` for each of the 24 cards, and when the grid
is full ``heels`` (an option), ten ``line`` counts, then ``tie`` (both sides level past the
target: another deal) or ``win``. Nothing in Table Top is private: every seat sees every event.

The fields are the engine's types (a card is a :class:`~cribkit.core.cards.Card`, a cell its
number 0-24, a line its number 0-9); the JSON keeps the record's names and forms (``cards``,
``"cell": "C2"``, ``"line": "row 1"``, ``other`` for the first dealer):

>>> e = Placement(seat=1, card=Card.parse("6h"), cell=7, scores=(100, 104))
>>> e.to_json()
{'type': 'place', 'seat': 1, 'points': 0, 'scores': [100, 104], 'deal': 0, 'cards': ['6h'], 'cell': 'C2', 'text': 'seat 1 places 6h on C2'}
>>> Placement.from_json(e.to_json()) == e
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Final, Self

from cribkit.core.cards import Card
from cribkit.core.scoring import Score, score_line
from cribkit.core.words import points_text, scores_dashed
from cribkit.games.errors import GameError, RecordError
from cribkit.games.events import GameEvent
from cribkit.games.kinds import Counted, HeelsCalled, cards_line, draw_text
from cribkit.games.tabletop.actions import SIZE, cell_index, cell_name
from cribkit.games.tabletop.rules import line_index, line_name

__all__ = [
    "EVENTS",
    "CentreCard",
    "Cut",
    "Deal",
    "Heels",
    "LineCounted",
    "Placement",
    "TableTopEvent",
    "Tie",
    "TurnUp",
    "Win",
    "who",
]


def who(seats: Sequence[int], verb: str = "") -> str:
    """A side named by its seats, ``seat 1`` or ``seats 0 and 2``, and what it does, ``verb``
    (``score``) said for one seat or for two.

    >>> who((1,), "score"), who((0, 2), "win"), who((0, 2))
    ('seat 1 scores', 'seats 0 and 2 win', 'seats 0 and 2')
    """
    if len(seats) == 1:
        return f"seat {seats[0]} {verb}s" if verb else f"seat {seats[0]}"
    named = "seats " + " and ".join(str(s) for s in seats)
    return f"{named} {verb}" if verb else named


def _one_card(value: Any) -> Any:
    # A single card is written as the one-card list the records have always had.
    if not isinstance(value, list) or len(value) != 1:
        raise RecordError(f"event field cards is a list of one card here, not {value!r}")
    return value[0]


def _named(parse: Callable[[str], int]) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        try:
            return parse(value)
        except GameError as error:
            raise RecordError(f"an event: {error}") from None

    return read


def _same(value: Any) -> Any:
    return value


#: The fields whose JSON differs from the base's plain form: the JSON key, the field's JSON
#: value, and the plain JSON value (that the base then checks by type) of the key's value.
_FORMS: Final[dict[str, tuple[str, Callable[[Any], Any], Callable[[Any], Any]]]] = {
    "card": ("cards", lambda card: [str(card)], _one_card),
    "cell": ("cell", cell_name, _named(cell_index)),
    "line": ("line", line_name, _named(line_index)),
    "first_dealer": ("other", _same, _same),
}


@dataclass(frozen=True, slots=True, kw_only=True)
class TableTopEvent(GameEvent):
    """What every Table Top event shares: the JSON forms of its cards, cells and lines."""

    def json_fields(self, viewer: int | None) -> dict[str, Any]:
        """The kind's fields in the record's forms (see the module docstring)."""
        out: dict[str, Any] = {}
        for name, value in GameEvent.json_fields(self, viewer).items():
            form = _FORMS.get(name)
            if form is None:
                out[name] = value
            else:
                key, write, _ = form
                out[key] = write(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The event of a JSON form written by :meth:`to_json` (for the record)."""
        if isinstance(data, Mapping):
            names = {f.name for f in fields(cls)}
            values = dict(data)
            for name, (key, _, read) in _FORMS.items():
                if name in names and key in data:
                    del values[key]
                    values[name] = read(data[key])
            data = values
        # Two-argument super: slots dataclasses are remade, which breaks the bare form.
        return super(TableTopEvent, cls).from_json(data)


@dataclass(frozen=True, slots=True, kw_only=True)
class Cut(TableTopEvent):
    """A round of the cut for the first deal: ``seats`` cut ``cards``, the lowest deals; the
    round that decides names the ``first_dealer`` (``other`` in the JSON).

    >>> Cut(seats=(0, 1), cards=(Card.parse("Th"), Card.parse("7d")), first_dealer=1).text()
    'seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first'
    """

    type: ClassVar[str] = "cut"
    reveals: ClassVar[str] = "everyone"
    seats: tuple[int, ...]
    cards: tuple[Card, ...]
    first_dealer: int | None = None

    def text(self, *, full: bool = True) -> str:
        """Who cut what, and who deals first once it is decided."""
        return draw_text("cuts", self.seats, map(str, self.cards), self.first_dealer, "deals first")


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(TableTopEvent):
    """A new deal: ``seat`` deals; ``rows`` and ``columns`` are the seats that score each.

    >>> print(Deal(seat=2, rows=(1, 3), columns=(0, 2)).text())
    deal 1: seat 2 deals; seats 1 and 3 score the rows, seats 0 and 2 the columns
    """

    type: ClassVar[str] = "deal"
    rows: tuple[int, ...]
    columns: tuple[int, ...]

    def text(self, *, full: bool = True) -> str:
        """The deal's number, the dealer, and who scores which lines."""
        return (
            f"deal {self.deal + 1}: seat {self.seat} deals; {who(self.rows, 'score')} the rows, "
            f"{who(self.columns)} the columns"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class _OnCell(TableTopEvent):
    """A ``card`` that goes face up on a ``cell`` (0-24)."""

    card: Card
    cell: int


@dataclass(frozen=True, slots=True, kw_only=True)
class CentreCard(_OnCell):
    """The deck's top card, dealt face up to the centre ``cell``.

    >>> CentreCard(card=Card.parse("Jc"), cell=12).text()
    'the centre card is Jc'
    """

    type: ClassVar[str] = "centre"
    reveals: ClassVar[str] = "everyone"

    def text(self, *, full: bool = True) -> str:
        """The centre card."""
        return f"the centre card is {self.card}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnUp(TableTopEvent):
    """``seat`` turns up the top card of their stack: now every seat knows it.

    >>> TurnUp(seat=0, card=Card.parse("9h")).text()
    'seat 0 turns up 9h'
    """

    type: ClassVar[str] = "turn_up"
    reveals: ClassVar[str] = "everyone"
    card: Card

    def text(self, *, full: bool = True) -> str:
        """Who turned up which card."""
        return f"seat {self.seat} turns up {self.card}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement(_OnCell):
    """``seat`` places their turned ``card`` on ``cell`` (0-24)."""

    type: ClassVar[str] = "place"
    reveals: ClassVar[str] = "nothing"

    def text(self, *, full: bool = True) -> str:
        """Who placed which card where."""
        return f"seat {self.seat} places {self.card} on {cell_name(self.cell)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Heels(TableTopEvent, HeelsCalled):
    """His heels (option ``heels``): the centre ``card`` is a jack, 2 for the dealer ``seat``.

    >>> Heels(seat=0, points=2, card=Card.parse("Jc")).text()
    'seat 0: two for his heels (two points)'
    """

    reveals: ClassVar[str] = "everyone"
    card: Card

    def text(self, *, full: bool = True) -> str:
        """The dealer's two points."""
        return f"seat {self.seat}: {self.words()} ({points_text(self.points)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class LineCounted(TableTopEvent, Counted):
    """A full ``line`` (0-4 rows, 5-9 columns) counted for the side of ``seat``: ``seats``
    are that side and ``cards`` the line's, left to right or top to bottom.

    >>> e = LineCounted(seat=1, points=24, cards=tuple(map(Card.parse, "4c 5d 5h 6s 6c".split())),
    ...                 line=0, seats=(1,))
    >>> e.name, e.breakdown.total
    ('row 1', 24)
    >>> e.text()
    'seat 1 scores row 1 4c 5d 5h 6s 6c: fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, and four runs of three is twenty-four (twenty-four points)'
    """

    type: ClassVar[str] = "line"
    reveals: ClassVar[str] = "nothing"
    phase: ClassVar[str | None] = "lines"
    line: int
    cards: tuple[Card, ...]
    seats: tuple[int, ...]

    @property
    def name(self) -> str:
        """The line's name: ``row 1`` ... ``column E``."""
        return line_name(self.line)

    @property
    def is_row(self) -> bool:
        """Whether the line is a row (else a column)."""
        return self.line < SIZE

    @property
    def breakdown(self) -> Score[Card]:
        """The line's count (:func:`~cribkit.core.scoring.score_line`): its words say how the
        line counts (``no points`` for none)."""
        return score_line(self.cards)

    def text(self, *, full: bool = True) -> str:
        """The side, the line, its cards and its count."""
        return (
            f"{who(self.seats, 'score')} {self.name} {cards_line(self.cards)}: "
            f"{self.words()}{self.points_said()}"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class Tie(TableTopEvent):
    """Both sides have passed the target with the same total: another deal is played.

    >>> Tie(scores=(125, 125)).text()
    'both sides have 125, past the target: another deal'
    """

    type: ClassVar[str] = "tie"

    def text(self, *, full: bool = True) -> str:
        """The level both sides are on."""
        level = self.scores[0] if self.scores else 0
        return f"both sides have {level}, past the target: another deal"


@dataclass(frozen=True, slots=True, kw_only=True)
class Win(TableTopEvent):
    """The side ``seats`` (``seat`` is its first) has won the match, with ``scores``.

    >>> Win(seat=0, seats=(0, 2), scores=(135, 121)).text()
    'seats 0 and 2 win, 135-121'
    """

    type: ClassVar[str] = "win"
    seats: tuple[int, ...]

    def text(self, *, full: bool = True) -> str:
        """The winning side and the final scores."""
        return f"{who(self.seats, 'win')}, {scores_dashed(self.scores)}"


#: Every kind of Table Top event, in the order a match first makes them.
EVENTS: Final[tuple[type[GameEvent], ...]] = (
    Cut,
    Deal,
    CentreCard,
    TurnUp,
    Placement,
    Heels,
    LineCounted,
    Tie,
    Win,
)

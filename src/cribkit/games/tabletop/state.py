"""Table Top Cribbage on the game protocol: a 5x5 grid, rows against columns.

The rules are the project's Table Top rules (``rules/tabletop.md``). A card is dealt face up
to the centre cell and each player gets a face-down stack (12 cards each with 2 players, 6
with 4 in partnerships 0+2 against 1+3). In turn, round the table from the player after the
dealer, each player's top card is turned up (then everybody knows it) and placed on an empty
cell touching a card already on the table (8 neighbours, or 4 with ``adjacency=rook``). When
the 25 cells are full, one side scores each row and the other each column as a 5-card hand
(a flush only of all 5, no nobs); with ``heels`` a jack in the centre scores 2 for the dealer.
Deals go on, the deal passing clockwise, until a side has the target (121 or 61) at the end of
a deal; if both have, the higher total wins, and an exact tie plays another deal.

>>> t = start_tabletop(TableTopRules(), seed=7)
>>> state = t.state
>>> state.phase, state.current_player, state.dealer, str(state.turned)
('place', 1, 0, '6h')
>>> [cell_name(a.cell) for a in state.legal_actions()]
['B2', 'C2', 'D2', 'B3', 'D3', 'B4', 'C4', 'D4']
>>> state = state.apply(Place(1, cell_index("C2"))).state
>>> state.grid[cell_index("C2")] == Card.parse("6h"), state.current_player
(True, 0)
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions())).state
>>> max(state.result.scores) >= 121
True
>>> from cribkit.games.records import replay
>>> replay(state.record()).result == state.result
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from cribkit.core.cards import DECK, Card, mask_bits
from cribkit.core.scoring import Score, score_line
from cribkit.core.tables import line_total, ranks_total
from cribkit.core.words import number_word
from cribkit.games.errors import NoDeckError, WrongActionError
from cribkit.games.protocol import (
    Action,
    Event,
    GameError,
    GameInfo,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
    Result,
    Transition,
    check_seat,
    register,
)
from cribkit.games.setup import DealSetup, Seed, SidedGame, deal_setup, first_dealer_cut
from cribkit.games.tabletop.actions import (
    CELLS,
    SIZE,
    OffGridError,
    Place,
    cell_index,
    cell_name,
)
from cribkit.games.tabletop.rules import (
    CENTRE,
    LINES,
    PLACEMENTS,
    TableTopRules,
    line_name,
    side_of,
)

__all__ = [
    "AWAITING",
    "OVER",
    "PLACE",
    "NotAdjacentError",
    "OccupiedCellError",
    "OffGridError",
    "Place",
    "TableTopEvent",
    "TableTopRules",
    "TableTopSetup",
    "TableTopState",
    "cell_index",
    "cell_name",
    "partial_line_total",
    "start_tabletop",
]

PLACE, OVER, AWAITING = "place", "over", "awaiting_deck"
_JACK: Final = 10  # rank index (rank - 1) of the jack
_EMPTY: Final = -1


class OccupiedCellError(IllegalActionError):
    """A placement on a cell that already holds a card."""


class NotAdjacentError(IllegalActionError):
    """A placement on a cell that touches no card on the table."""


# ---------------------------------------------------------------------------------------------
# Events


def _points_text(points: int) -> str:
    return (
        f"{number_word(points) if 0 <= points < 1000 else points} point{'s' if points != 1 else ''}"
    )


def _who(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + " and ".join(str(s) for s in seats)


@dataclass(frozen=True, slots=True)
class TableTopEvent(Event):
    """An event of a Table Top deal: the base :class:`Event` and where it happened.

    Types: ``cut``, ``deal`` (``seat``: the dealer; ``rows``/``columns``: the seats scoring
    each), ``centre`` (the centre card), ``turn_up`` (``seat`` turns up ``cards[0]``, now
    known to all), ``place`` (``seat`` places ``cards[0]`` on ``cell``), ``heels``, ``line``
    (``line`` such as ``row 2`` or ``column C`` scored for the side of ``seat`` (``seats``
    lists that side); ``cards`` in order, left to right or top to bottom, and
    :attr:`breakdown` explains the points), ``tie`` (both sides level past the target: another
    deal) and ``win``.

    >>> e = TableTopEvent("line", seat=1, points=24, cards=tuple(map(Card.parse, "4c 5d 5h 6s 6c".split())),
    ...                   line="row 2", seats=(1,))
    >>> e.text()
    'seat 1 scores row 2 4c 5d 5h 6s 6c: fifteen two, fifteen four, fifteen six, fifteen eight, a pair is ten, a pair is twelve, and four runs of three is twenty-four (twenty-four points)'
    """

    #: ``place``: the cell's name, such as ``C2``.
    cell: str = ""
    #: ``line``: the line's name, such as ``row 1`` or ``column E``.
    line: str = ""
    #: ``deal``: the seats that score the rows this deal.
    rows: tuple[int, ...] = ()
    #: ``deal``: the seats that score the columns this deal.
    columns: tuple[int, ...] = ()

    @property
    def breakdown(self) -> Score[Card] | None:
        """The line's breakdown (:func:`~cribkit.core.scoring.score_line`) for a ``line``."""
        if self.type == "line" and self.cards:
            return score_line(self.cards)
        return None

    def words(self) -> str:
        """How a line's points are counted (``no points`` for none); see :meth:`Event.words`."""
        if self.type == "line":
            breakdown = self.breakdown
            return "" if breakdown is None else breakdown.words()
        return Event.words(self)

    def text(self, *, full: bool = True) -> str:
        """The event as a sentence for a log."""
        seats = self.seats or (() if self.seat is None else (self.seat,))
        card = str(self.cards[0]) if self.cards else ""
        match self.type:
            case "deal":
                return (
                    f"deal {self.deal + 1}: seat {self.seat} deals; {_who(self.rows)} "
                    f"score{'s' if len(self.rows) == 1 else ''} the rows, "
                    f"{_who(self.columns)} the columns"
                )
            case "centre":
                return f"the centre card is {card}"
            case "turn_up":
                return f"seat {self.seat} turns up {card}"
            case "place":
                return f"seat {self.seat} places {card} on {self.cell}"
            case "line":
                cards = " ".join(str(c) for c in self.cards)
                verb = "scores" if len(seats) == 1 else "score"
                points = f" ({_points_text(self.points)})" if self.points else ""
                return f"{_who(seats)} {verb} {self.line} {cards}: {self.words()}{points}"
            case "tie":
                level = self.scores[0] if self.scores else 0
                return f"both sides have {level}, past the target: another deal"
            case "win":
                verb = "wins" if len(seats) == 1 else "win"
                return f"{_who(seats)} {verb}, {'-'.join(str(s) for s in self.scores)}"
            case _:
                return Event.text(self, full=full)

    def to_dict(self, viewer: int | None = None) -> dict[str, Any]:
        """The JSON form (see :meth:`Event.to_dict`) with ``cell``, ``line``, ``rows`` and
        ``columns`` where they are set."""
        out = Event.to_dict(self, viewer)
        if self.cell:
            out["cell"] = self.cell
        if self.line:
            out["line"] = self.line
        if self.rows:
            out["rows"] = list(self.rows)
        if self.columns:
            out["columns"] = list(self.columns)
        return out


# ---------------------------------------------------------------------------------------------
# The state


#: Where a match's chance comes from (shared with the other dealt games).
TableTopSetup = DealSetup


_PLACES: Final = tuple(tuple(Place(seat, cell) for cell in range(CELLS)) for seat in range(4))


def partial_line_total(cards: Sequence[int]) -> int:
    """Points of a line of 0 to 5 cards: fifteens, pairs and runs; a flush only of 5.

    >>> partial_line_total([]), partial_line_total(Card.parse(c) for c in ("5h", "Th"))
    (0, 2)
    """
    cards = list(cards)
    if len(cards) == 5:
        return line_total(cards)
    if not cards:
        return 0
    return ranks_total([(c >> 2) + 1 for c in cards])


@dataclass(frozen=True, slots=True, repr=False)
class TableTopState(SidedGame):
    """An immutable position of a Table Top match. Make one with :func:`start_tabletop`.

    Fields are the engine's full knowledge (``deck`` is this deal's deck, unturned cards
    included): show a player only :meth:`observation`.
    """

    rules: TableTopRules
    setup: TableTopSetup
    phase: str
    deal_no: int
    dealer: int
    opening_dealer: int
    #: The side that scores the rows in the first deal.
    first_rows_side: int
    deck: tuple[Card, ...]
    #: The card on each cell (0-24), -1 for an empty cell.
    grid: tuple[int, ...]
    #: Cards placed this deal (the turn number, from 0).
    placed: int
    #: Bit mask of the occupied cells.
    occupied: int
    scores: tuple[int, ...]
    result: Result | None
    #: Every action applied since the start, in order.
    history: tuple[Action, ...] = field(default=())

    def __repr__(self) -> str:
        return (
            f"<TableTopState {self.rules.spec()} deal {self.deal_no} {self.phase} "
            f"placed {self.placed} scores {'-'.join(map(str, self.scores))} "
            f"turn {self.current_player}>"
        )

    # -- what the state knows ------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        """The seat to place a card; None when the match is over or waits for a deck."""
        if self.phase != PLACE:
            return None
        return (self.dealer + 1 + self.placed) % self.rules.players

    @property
    def first_player(self) -> int:
        """The seat after the dealer, who places first this deal."""
        return (self.dealer + 1) % self.rules.players

    @property
    def rows_side(self) -> int:
        """The side that scores the rows this deal (the other scores the columns)."""
        swap = self.deal_no & 1 if self.rules.swap_sides else 0
        return self.first_rows_side ^ swap

    @property
    def turned(self) -> Card | None:
        """The current player's turned-up card (known to everybody), or None."""
        if self.phase != PLACE:
            return None
        return self.deck[1 + self.placed]

    def stack_sizes(self) -> tuple[int, ...]:
        """Cards each seat has still to place this deal, its turned card included."""
        n = self.rules.players
        left = PLACEMENTS - self.placed if self.phase == PLACE else 0
        first = self.first_player
        return tuple((left + n - 1 - (seat - first) % n) // n if left else 0 for seat in range(n))

    def open_cells(self) -> list[int]:
        """The empty cells touching a card on the table (where a card may go), ascending."""
        neighbours = self.rules.neighbours
        reach = 0
        for cell in mask_bits(self.occupied):
            reach |= neighbours[cell]
        return mask_bits(reach & ~self.occupied)

    def line_cards(self, line: int) -> tuple[Card, ...]:
        """The cards of line ``line`` (0-4 rows, 5-9 columns), in order, empty cells left out."""
        grid = self.grid
        return tuple(DECK[grid[c]] for c in LINES[line] if grid[c] != _EMPTY)

    def line_scores(self) -> tuple[int, ...]:
        """The points each of the 10 lines (rows, then columns) scores as it stands."""
        return tuple(partial_line_total(self.line_cards(line)) for line in range(2 * SIZE))

    def deal_scores(self) -> tuple[int, ...]:
        """What each side's lines score as they stand (rows for one side, columns for the other)."""
        lines = self.line_scores()
        rows, columns = sum(lines[:SIZE]), sum(lines[SIZE:])
        return (rows, columns) if self.rows_side == 0 else (columns, rows)

    # -- the protocol ----------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """A :class:`Place` for every open cell (empty and touching a card), for the current player."""
        seat = self.current_player
        if seat is None:
            return []
        places = _PLACES[seat]
        return [places[cell] for cell in self.open_cells()]

    def verify(self, action: Action) -> None:
        """Raise the :class:`GameError` that names the rule ``action`` breaks; else nothing.

        >>> state = start_tabletop(TableTopRules(), seed=7).state
        >>> state.verify(Place(1, cell_index("A1")))
        Traceback (most recent call last):
        ...
        cribkit.games.tabletop.state.NotAdjacentError: seat 1 cannot place on A1: it touches no card on the table (a card goes next to one already there, diagonals included)
        >>> state.verify(Place(0, cell_index("C2")))
        Traceback (most recent call last):
        ...
        cribkit.games.errors.OutOfTurnError: it is seat 1's turn to place a card, not seat 0's
        """
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action")
        phase = self.phase
        if phase == OVER:
            raise GameOverError(f"the match is over: {self._result_text()}")
        if phase == AWAITING:
            raise NoDeckError(f"the match needs a deck for deal {self.deal_no + 1}")
        seat = check_seat(action.seat, self.rules.players)
        if not isinstance(action, Place):
            raise WrongActionError(
                f"seat {seat} cannot {type(action).__name__.lower()} in Table Top cribbage: "
                f"the only action is to place the turned card on the grid"
            )
        turn = self.current_player
        if seat != turn:
            raise OutOfTurnError(f"it is seat {turn}'s turn to place a card, not seat {seat}'s")
        cell = action.cell
        if not isinstance(cell, int) or isinstance(cell, bool) or not 0 <= cell < CELLS:
            raise OffGridError(
                f"seat {seat} cannot place on cell {cell!r}: it is off the grid "
                f"(the cells are A1 to E5, numbered 0 to {CELLS - 1})"
            )
        if self.occupied >> cell & 1:
            raise OccupiedCellError(
                f"seat {seat} cannot place on {cell_name(cell)}: it already holds "
                f"{DECK[self.grid[cell]]}"
            )
        if not self.rules.neighbours[cell] & self.occupied:
            touch = (
                "diagonals included"
                if self.rules.adjacency == "king"
                else "above, below or beside it: adjacency is rook, so diagonals do not count"
            )
            raise NotAdjacentError(
                f"seat {seat} cannot place on {cell_name(cell)}: it touches no card on the "
                f"table (a card goes next to one already there, {touch})"
            )

    def apply(self, action: Action) -> Transition[TableTopState]:
        """The new state and the events after ``action``; raises like :meth:`verify`."""
        self.verify(action)
        assert isinstance(action, Place)
        step = _Step(self)
        step.place(action.seat, action.cell)
        step.history = (*self.history, action)
        return Transition(step.state(), step.events)

    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready: the open table, scores, whose turn, stack sizes.

        The grid and the current player's turned card are public; the unturned cards of every
        stack, the 27 cards out of play and the seed never appear.

        >>> obs = start_tabletop(TableTopRules(), seed=7).state.observation(1)
        >>> obs["grid"][2][2], obs["turned"], obs["stack_sizes"], obs["my_lines"]
        ('6d', '6h', [12, 12], 'rows')
        """
        rules = self.rules
        check_seat(seat, rules.players)
        side = side_of(rules.players, seat)
        rows_side = self.rows_side
        lines = self.line_scores()
        grid = self.grid
        turned = self.turned
        return {
            "game": rules.GAME,
            "rules": rules.options(),
            "seat": seat,
            "side": side,
            "sides": list(self.sides),
            "phase": self.phase,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "scores": list(self.scores),
            "target": rules.target,
            "rows_side": rows_side,
            "my_lines": "rows" if side == rows_side else "columns",
            "grid": [
                [
                    None if grid[r * SIZE + c] == _EMPTY else str(DECK[grid[r * SIZE + c]])
                    for c in range(SIZE)
                ]
                for r in range(SIZE)
            ],
            "turned": None if turned is None else str(turned),
            "open_cells": [cell_name(c) for c in self.open_cells()],
            "stack_sizes": list(self.stack_sizes()),
            "placed": self.placed,
            "line_scores": {"rows": list(lines[:SIZE]), "columns": list(lines[SIZE:])},
            "deal_scores": list(self.deal_scores()),
            "result": None if self.result is None else self.result.to_dict(),
        }

    def record(self) -> dict[str, Any]:
        """The match so far as a JSON record that :func:`~cribkit.games.records.replay` replays."""
        return self.setup.record(self.rules, self.history)

    def _result_text(self) -> str:
        result = self.result
        assert result is not None
        return f"{_who(result.winners)} won {'-'.join(map(str, result.scores))}"


# ---------------------------------------------------------------------------------------------
# Carrying out the rules


class _Step:
    """A mutable copy of a state while one action and its consequences run."""

    __slots__ = (
        "deal_no",
        "dealer",
        "deck",
        "events",
        "grid",
        "history",
        "occupied",
        "phase",
        "placed",
        "result",
        "scores",
        "source",
    )

    def __init__(self, state: TableTopState) -> None:
        self.source = state
        self.events: list[TableTopEvent] = []
        self.phase = state.phase
        self.deal_no = state.deal_no
        self.dealer = state.dealer
        self.deck = state.deck
        self.grid = list(state.grid)
        self.placed = state.placed
        self.occupied = state.occupied
        self.scores = list(state.scores)
        self.result = state.result
        self.history = state.history

    @property
    def rules(self) -> TableTopRules:
        return self.source.rules

    def state(self) -> TableTopState:
        s = self.source
        return TableTopState(
            s.rules, s.setup, self.phase, self.deal_no, self.dealer, s.opening_dealer,
            s.first_rows_side, self.deck, tuple(self.grid), self.placed, self.occupied,
            tuple(self.scores), self.result, self.history,
        )  # fmt: skip

    def note(self, type_: str, seat: int | None, points: int = 0, **extra: Any) -> None:
        self.events.append(
            TableTopEvent(
                type_, seat=seat, points=points, scores=tuple(self.scores), deal=self.deal_no,
                **extra,
            )
        )  # fmt: skip

    def side_seats(self, side: int) -> tuple[int, ...]:
        n = self.rules.players
        return tuple(s for s in range(n) if side_of(n, s) == side)

    def rows_side(self) -> int:
        swap = self.deal_no & 1 if self.rules.swap_sides else 0
        return self.source.first_rows_side ^ swap

    # -- a deal ----------------------------------------------------------------------------------

    def new_deal(self) -> None:
        """Deal deal ``deal_no`` (the dealer is already set): the centre card, the first turn."""
        rows = self.rows_side()
        self.grid = [_EMPTY] * CELLS
        self.occupied = 0
        self.placed = 0
        self.note(
            "deal", self.dealer, rows=self.side_seats(rows), columns=self.side_seats(1 - rows)
        )
        deck = self.source.setup.deck(self.deal_no)
        if deck is None:
            self.deck = ()
            self.phase = AWAITING
            return
        self.deck = deck
        self.phase = PLACE
        self.grid[CENTRE] = deck[0]
        self.occupied = 1 << CENTRE
        self.note("centre", None, cards=(deck[0],), cell=cell_name(CENTRE))
        self.turn_up()

    def turn_up(self) -> None:
        seat = (self.dealer + 1 + self.placed) % self.rules.players
        self.note("turn_up", seat, cards=(self.deck[1 + self.placed],))

    def place(self, seat: int, cell: int) -> None:
        card = self.deck[1 + self.placed]
        self.grid[cell] = card
        self.occupied |= 1 << cell
        self.placed += 1
        self.note("place", seat, cards=(card,), cell=cell_name(cell))
        if self.placed < PLACEMENTS:
            self.turn_up()
        else:
            self.score_deal()

    def score_deal(self) -> None:
        """Score the full grid: his heels, the first player's side's lines, the dealer's side's."""
        n = self.rules.players
        dealer_side = side_of(n, self.dealer)
        first = (self.dealer + 1) % n
        centre = self.grid[CENTRE]
        if self.rules.heels and centre >> 2 == _JACK:
            self.scores[dealer_side] += 2
            self.note("heels", self.dealer, 2, cards=(DECK[centre],))
        rows_side = self.rows_side()
        for side, seat in ((1 - dealer_side, first), (dealer_side, self.dealer)):
            lines = range(SIZE) if side == rows_side else range(SIZE, 2 * SIZE)
            for line in lines:
                cards = tuple(DECK[self.grid[c]] for c in LINES[line])
                points = line_total(cards)
                self.scores[side] += points
                self.note(
                    "line", seat, points, cards=cards, line=line_name(line),
                    seats=self.side_seats(side),
                )  # fmt: skip
        self.settle()

    def settle(self) -> None:
        """After a deal: a win, or (a tie past the target, or nobody there) the next deal."""
        target = self.rules.target
        scores = self.scores
        best = max(scores)
        if best >= target:
            leaders = [side for side, score in enumerate(scores) if score == best]
            if len(leaders) == 1:
                self.finish(leaders[0])
                return
            self.note("tie", None)
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.new_deal()

    def finish(self, side: int) -> None:
        n = self.rules.players
        scores = tuple(self.scores)
        opening = self.source.opening_dealer
        next_dealer = next(
            (opening + i) % n for i in range(n) if side_of(n, (opening + i) % n) != side
        )
        winners = self.side_seats(side)
        self.result = Result(side, winners, scores, 1, "", next_dealer)
        self.phase = OVER
        self.note("win", winners[0], seats=winners)


# ---------------------------------------------------------------------------------------------
# Starting a match


def start_tabletop(
    rules: TableTopRules | None = None,
    *,
    seed: Seed | None = None,
    decks: Iterable[Iterable[int | str]] | None = None,
    first_dealer: int | None = None,
    start_scores: Sequence[int] | None = None,
) -> Transition[TableTopState]:
    """Start a Table Top match: cut for the first deal (unless ``first_dealer``) and deal.

    ``decks`` (top card first, one per deal; see :mod:`cribkit.games.tabletop.rules` for the
    dealing convention) are used for the first deals, then the ``seed``'s shuffles; a seed is
    needed to cut for the first dealer. With explicit decks only, the match stops
    (``phase == "awaiting_deck"``) when they run out.

    >>> t = start_tabletop(TableTopRules(players=4), seed="club night")
    >>> [e.type for e in t.events]
    ['cut', 'deal', 'centre', 'turn_up']
    >>> print(t.events[1].text())
    deal 1: seat 2 deals; seats 1 and 3 score the rows, seats 0 and 2 the columns
    """
    rules = TableTopRules() if rules is None else rules
    if not isinstance(rules, TableTopRules):
        raise GameError(f"tabletop needs TableTopRules, not {type(rules).__name__}")
    setup = deal_setup(
        "tabletop", players=rules.players, sides=rules.sides, target=rules.target, seed=seed,
        decks=decks, first_dealer=first_dealer, start_scores=start_scores,
    )  # fmt: skip
    n = rules.players
    scores: tuple[int, ...] = setup.start_scores or (0,) * rules.sides
    first_dealer, cuts = first_dealer_cut(n, seed, first_dealer)
    cut_events = [
        TableTopEvent("cut", cards=cards, seats=seats, other=decided, scores=scores)
        for seats, cards, decided in cuts
    ]
    first_side = side_of(n, (first_dealer + 1) % n)
    first_rows_side = first_side if rules.first_lines == "rows" else 1 - first_side
    blank = TableTopState(
        rules, setup, AWAITING, 0, first_dealer, first_dealer, first_rows_side, (),
        (_EMPTY,) * CELLS, 0, 0, scores, None, (),
    )  # fmt: skip
    step = _Step(blank)
    step.events = cut_events
    step.new_deal()
    return Transition(step.state(), step.events)


register(
    GameInfo(
        name="tabletop",
        rules_type=TableTopRules,
        start=start_tabletop,
        setup_keys=("seed", "decks", "first_dealer", "start_scores"),
        summary="Table Top cribbage: a 5x5 grid, one side scores the rows, the other the columns",
        hotseat=True,
    )
)

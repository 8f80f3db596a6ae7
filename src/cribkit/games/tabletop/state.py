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
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from cribkit.core.cards import DECK, Card, Rank, card_rank, mask_bits
from cribkit.core.tables import line_total, ranks_total
from cribkit.core.words import scores_dashed
from cribkit.games.errors import IllegalActionError, OutOfTurnError, WrongActionError
from cribkit.games.protocol import (
    SPECTATOR,
    Action,
    GameInfo,
    PendingEvent,
    Transition,
    check_viewer,
    register,
)
from cribkit.games.setup import (
    SIDED_SETUP_KEYS,
    DealSetup,
    Seed,
    SidedGame,
    side_result,
    side_seats,
    sided_start,
)
from cribkit.games.tabletop.actions import (
    CELLS,
    SIZE,
    OffGridError,
    Place,
    cell_index,
    cell_name,
)
from cribkit.games.tabletop.events import (
    EVENTS,
    CentreCard,
    Cut,
    Deal,
    Heels,
    LineCounted,
    Placement,
    TableTopEvent,
    Tie,
    TurnUp,
    Win,
    who,
)
from cribkit.games.tabletop.rules import (
    CENTRE,
    EMPTY,
    LINES,
    PLACEMENTS,
    TableTopRules,
    side_of,
)
from cribkit.games.tabletop.view import TableTopView
from cribkit.games.views import view_fields

__all__ = [
    "AWAITING",
    "OVER",
    "PLACE",
    "NotAdjacentError",
    "OccupiedCellError",
    "OffGridError",
    "Place",
    "TableTopRules",
    "TableTopSetup",
    "TableTopState",
    "TableTopView",
    "cell_index",
    "cell_name",
    "partial_line_total",
    "start_tabletop",
]

PLACE, OVER, AWAITING = "place", "over", "awaiting_deck"


class OccupiedCellError(IllegalActionError):
    """A placement on a cell that already holds a card."""


class NotAdjacentError(IllegalActionError):
    """A placement on a cell that touches no card on the table."""


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
    return ranks_total([card_rank(c) for c in cards])


@dataclass(frozen=True, slots=True, repr=False, kw_only=True)
class TableTopState(SidedGame):
    """An immutable position of a Table Top match. Make one with :func:`start_tabletop`.

    Fields are the engine's full knowledge (``deck`` is this deal's deck, unturned cards
    included): show a player only :meth:`observation`.
    """

    GAME_WORD: ClassVar[str] = "match"
    rules: TableTopRules
    #: The side that scores the rows in the first deal.
    first_rows_side: int
    #: The card on each cell (0-24), EMPTY (-1) for an empty cell.
    grid: tuple[int, ...]
    #: Cards placed this deal (the turn number, from 0).
    placed: int
    #: Bit mask of the occupied cells.
    occupied: int

    def __repr__(self) -> str:
        return (
            f"<TableTopState {self.rules.spec()} deal {self.deal_no} {self.phase} "
            f"placed {self.placed} scores {scores_dashed(self.scores)} "
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
        return _rows_side(self.rules, self.first_rows_side, self.deal_no)

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
        return tuple(DECK[grid[c]] for c in LINES[line] if grid[c] != EMPTY)

    def line_scores(self) -> tuple[int, ...]:
        """The points each of the 10 lines (rows, then columns) scores as it stands."""
        return tuple(partial_line_total(self.line_cards(line)) for line in range(2 * SIZE))

    def deal_scores(self) -> tuple[int, ...]:
        """What each side's lines score as they stand (rows for one side, columns for the other)."""
        return self._deal_scores(self.line_scores())

    def _deal_scores(self, lines: Sequence[int]) -> tuple[int, ...]:
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
        self._placement(action)

    def apply(self, action: Action) -> Transition[TableTopState]:
        """The new state and the events after ``action``; raises like :meth:`verify`."""
        place = self._placement(action)
        step = _Step(self)
        step.place(place.seat, place.cell)
        step.history = (*self.history, place)
        return Transition(step.state(), pending=step.events)

    def _placement(self, action: Action) -> Place:
        """``action`` as the placement it must be, once every rule it breaks is refused."""
        match action:
            case Place(seat=seat, cell=cell):
                seat = self.seat_to_act(seat)
                turn = self.current_player
                if seat != turn:
                    raise OutOfTurnError(
                        f"it is seat {turn}'s turn to place a card, not seat {seat}'s"
                    )
                self._check_cell(seat, cell)
                return action
            case Action(seat=seat):
                seat = self.seat_to_act(seat)
                raise WrongActionError(
                    f"seat {seat} cannot {type(action).__name__.lower()} in Table Top cribbage: "
                    f"the only action is to place the turned card on the grid"
                )
            case _:
                raise IllegalActionError(f"{action!r} is not an action")

    def _check_cell(self, seat: int, cell: object) -> None:
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

    def observation(self, seat: int) -> TableTopView:
        """What ``seat`` may know: the open table, scores, whose turn, stack sizes.

        The grid and the current player's turned card are public; the unturned cards of every
        stack, the 27 cards out of play and the seed never appear.

        Everything in it is public, so a :data:`~cribkit.games.protocol.SPECTATOR` sees it all
        but scores for no side (``side`` is SPECTATOR, ``my_lines`` None).

        >>> view = start_tabletop(TableTopRules(), seed=7).state.observation(1)
        >>> str(view.grid[cell_index("C3")]), str(view.turned), view.stack_sizes, view.my_lines
        ('6d', '6h', (12, 12), 'rows')
        """
        rules = self.rules
        spectator = check_viewer(seat, rules.players) == SPECTATOR
        lines = self.line_scores()
        return TableTopView(
            **view_fields(self, seat),
            rules=rules,
            side=SPECTATOR if spectator else side_of(rules.players, seat),
            sides=self.sides,
            deal=self.deal_no,
            dealer=self.dealer,
            first_player=self.first_player,
            rows_side=self.rows_side,
            grid=tuple(None if card == EMPTY else DECK[card] for card in self.grid),
            turned=self.turned,
            open_cells=tuple(self.open_cells()),
            stack_sizes=self.stack_sizes(),
            placed=self.placed,
            line_scores=lines,
            deal_scores=self._deal_scores(lines),
            result=self.result,
        )

    def result_text(self) -> str:
        """``seats 0 and 2 won 135-121``."""
        result = self.result
        assert result is not None
        return f"{who(result.winners)} won {scores_dashed(result.scores)}"


def _rows_side(rules: TableTopRules, first_rows_side: int, deal_no: int) -> int:
    """The side that scores the rows in deal ``deal_no``."""
    swap = deal_no & 1 if rules.swap_sides else 0
    return first_rows_side ^ swap


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
        #: The events so far, made only when the transition's events are read.
        self.events: list[PendingEvent] = []
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
            rules=s.rules,
            setup=s.setup,
            phase=self.phase,
            deal_no=self.deal_no,
            dealer=self.dealer,
            opening_dealer=s.opening_dealer,
            first_rows_side=s.first_rows_side,
            deck=self.deck,
            grid=tuple(self.grid),
            placed=self.placed,
            occupied=self.occupied,
            scores=tuple(self.scores),
            result=self.result,
            history=self.history,
        )

    def note(
        self, kind: type[TableTopEvent], seat: int | None, points: int = 0, **fields: Any
    ) -> None:
        self.events.append(
            (
                kind,
                {
                    "seat": seat,
                    "points": points,
                    "scores": tuple(self.scores),
                    "deal": self.deal_no,
                    **fields,
                },
            )
        )

    def rows_side(self) -> int:
        return _rows_side(self.rules, self.source.first_rows_side, self.deal_no)

    # -- a deal ----------------------------------------------------------------------------------

    def new_deal(self) -> None:
        """Deal deal ``deal_no`` (the dealer is already set): the centre card, the first turn."""
        rows = self.rows_side()
        self.grid = [EMPTY] * CELLS
        self.occupied = 0
        self.placed = 0
        n = self.rules.players
        self.note(Deal, self.dealer, rows=side_seats(n, rows), columns=side_seats(n, 1 - rows))
        deck = self.source.setup.deck(self.deal_no)
        if deck is None:
            self.deck = ()
            self.phase = AWAITING
            return
        self.deck = deck
        self.phase = PLACE
        self.grid[CENTRE] = deck[0]
        self.occupied = 1 << CENTRE
        self.note(CentreCard, None, card=deck[0], cell=CENTRE)
        self.turn_up()

    def turn_up(self) -> None:
        seat = (self.dealer + 1 + self.placed) % self.rules.players
        self.note(TurnUp, seat, card=self.deck[1 + self.placed])

    def place(self, seat: int, cell: int) -> None:
        card = self.deck[1 + self.placed]
        self.grid[cell] = card
        self.occupied |= 1 << cell
        self.placed += 1
        self.note(Placement, seat, card=card, cell=cell)
        if self.placed < PLACEMENTS:
            self.turn_up()
        else:
            self.score_deal()

    def score_deal(self) -> None:
        """Score the full grid: his heels, the first player's side's lines, the dealer's side's."""
        n = self.rules.players
        dealer_side = side_of(n, self.dealer)
        first = (self.dealer + 1) % n
        centre = DECK[self.grid[CENTRE]]
        if self.rules.heels and centre.rank == Rank.JACK:
            self.scores[dealer_side] += 2
            self.note(Heels, self.dealer, 2, card=centre)
        rows_side = self.rows_side()
        for side, seat in ((1 - dealer_side, first), (dealer_side, self.dealer)):
            lines = range(SIZE) if side == rows_side else range(SIZE, 2 * SIZE)
            for line in lines:
                cards = tuple(DECK[self.grid[c]] for c in LINES[line])
                points = line_total(cards)
                self.scores[side] += points
                self.note(
                    LineCounted, seat, points, line=line, cards=cards, seats=side_seats(n, side)
                )
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
            self.note(Tie, None)
        self.deal_no += 1
        self.dealer = (self.dealer + 1) % self.rules.players
        self.new_deal()

    def finish(self, side: int) -> None:
        result = side_result(
            self.rules.players, self.source.opening_dealer, tuple(self.scores), side
        )
        self.result = result
        self.phase = OVER
        self.note(Win, result.winners[0], seats=result.winners)


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
    rules = TableTopRules.or_default(rules)
    setup, scores, dealer, cuts = sided_start(
        rules, seed=seed, decks=decks, first_dealer=first_dealer, start_scores=start_scores
    )
    n = rules.players
    first_side = side_of(n, (dealer + 1) % n)
    blank = TableTopState(
        rules=rules,
        setup=setup,
        phase=AWAITING,
        deal_no=0,
        dealer=dealer,
        opening_dealer=dealer,
        first_rows_side=first_side if rules.first_lines == "rows" else 1 - first_side,
        deck=(),
        grid=(EMPTY,) * CELLS,
        placed=0,
        occupied=0,
        scores=scores,
        result=None,
    )
    step = _Step(blank)
    step.events = [
        (Cut, {"seats": seats, "cards": cards, "first_dealer": decided, "scores": scores})
        for seats, cards, decided in cuts
    ]
    step.new_deal()
    return Transition(step.state(), pending=step.events)


register(
    GameInfo(
        name="tabletop",
        rules_type=TableTopRules,
        start=start_tabletop,
        setup_keys=SIDED_SETUP_KEYS,
        summary="Table Top cribbage: a 5x5 grid, one side scores the rows, the other the columns",
        events=EVENTS,
        hotseat=True,
    )
)

"""Table Top Cribbage: the rule settings, the grid's geometry and the dealing convention.

Dealing convention (kept by the engine and by records): a deal's deck is a list of the 52
cards, top card first. The top card goes face up to the centre cell (``C3``). The next 24 are
dealt one at a time into the players' face-down stacks, starting with the first player (the
player after the dealer) and going round the table: 12 each with 2 players, 6 each with 4.
Each stack is turned from the card dealt into it first, so ``deck[1 + t]`` is the card placed
at turn ``t`` (turns go round the table in the same order). The other 27 cards are out of
play and never seen.

>>> rules = TableTopRules()
>>> deck = stacked_deck(rules, dealer=0, centre="5h",
...                     stacks={1: "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc",
...                             0: "Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd"})
>>> " ".join(str(c) for c in deck[:5]), len(deck)
('5h Ac Ad 2c 2d', 52)
>>> deal_seats(rules.players, dealer=0)[:4]
(1, 0, 1, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Final

from cribkit.core.cards import DECK_SIZE, Card
from cribkit.games.errors import GameError
from cribkit.games.protocol import Rules
from cribkit.games.setup import side_of
from cribkit.games.stacking import GivenCards, as_cards, complete_deck, place_cards
from cribkit.games.tabletop.actions import CELLS, COLUMNS, SIZE

__all__ = [
    "CENTRE",
    "EMPTY",
    "LINES",
    "NEIGHBOURS",
    "PLACEMENTS",
    "TableTopRules",
    "deal_seats",
    "line_index",
    "line_name",
    "side_of",
    "stacked_deck",
]

#: What a grid holds on an empty cell (a card is 0-51).
EMPTY: Final = -1
#: The centre cell, ``C3``.
CENTRE: Final = (SIZE // 2) * SIZE + SIZE // 2
#: Cards placed in a deal (every cell but the centre).
PLACEMENTS: Final = CELLS - 1
#: The cells of each line: rows 0-4 (top to bottom), then columns 0-4 (left to right).
LINES: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)
) + tuple(tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE))


def _neighbours(steps: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    masks = []
    for cell in range(CELLS):
        row, col = divmod(cell, SIZE)
        mask = 0
        for dr, dc in steps:
            r, c = row + dr, col + dc
            if 0 <= r < SIZE and 0 <= c < SIZE:
                mask |= 1 << (r * SIZE + c)
        masks.append(mask)
    return tuple(masks)


_KING_STEPS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
_ROOK_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))
#: For each adjacency rule, the bit mask of each cell's neighbours.
NEIGHBOURS: Final[dict[str, tuple[int, ...]]] = {
    "king": _neighbours(_KING_STEPS),
    "rook": _neighbours(_ROOK_STEPS),
}


def line_name(line: int) -> str:
    """The name of line ``line`` (0-4 rows, 5-9 columns): ``row 1`` ... ``column E``.

    >>> line_name(0), line_name(4), line_name(5), line_name(9)
    ('row 1', 'row 5', 'column A', 'column E')
    """
    return f"row {line + 1}" if line < SIZE else f"column {COLUMNS[line - SIZE]}"


def line_index(name: str) -> int:
    """The number (0-4 rows, 5-9 columns) of the line named ``name``, as :func:`line_name`
    writes it.

    >>> line_index("row 1"), line_index("column E")
    (0, 9)
    >>> line_index("diagonal")
    Traceback (most recent call last):
    ...
    cribkit.games.errors.GameError: 'diagonal' is not a line: the lines are row 1 to row 5 and column A to column E
    """
    index = _LINE_INDEX.get(name) if isinstance(name, str) else None
    if index is None:
        raise GameError(
            f"{name!r} is not a line: the lines are row 1 to row {SIZE} and column A to "
            f"column {COLUMNS[-1]}"
        )
    return index


_LINE_INDEX: Final = {line_name(line): line for line in range(2 * SIZE)}


@dataclass(frozen=True, kw_only=True)
class TableTopRules(Rules):
    """The settings of a Table Top Cribbage match (the options of ``rules/tabletop.md``).

    >>> TableTopRules()
    TableTopRules(players=2, target=121, adjacency='king', swap_sides=False, heels=False, first_lines='rows')
    >>> TableTopRules(players=4, adjacency="ROOK").spec()
    'tabletop:players=4,adjacency=rook'
    """

    GAME = "tabletop"

    players: int = field(
        default=2, metadata={"choices": (2, 4), "help": "4 plays in partnerships 0+2 v 1+3"}
    )
    target: int = field(
        default=121, metadata={"choices": (121, 61), "help": "points to win the match"}
    )
    adjacency: str = field(
        default="king",
        metadata={
            "choices": ("king", "rook"),
            "help": "a card must touch one on the table: king = 8 neighbours, rook = 4",
        },
    )
    swap_sides: bool = field(
        default=False, metadata={"help": "the sides swap rows and columns every deal"}
    )
    heels: bool = field(
        default=False, metadata={"help": "a jack in the centre scores 2 for the dealer"}
    )
    first_lines: str = field(
        default="rows",
        metadata={
            "choices": ("rows", "columns"),
            "help": "what the first player (non-dealer of the first deal) chooses to score",
        },
    )

    def __post_init__(self) -> None:
        for name in ("adjacency", "first_lines"):
            value = getattr(self, name)
            if isinstance(value, str) and value != value.strip().lower():
                object.__setattr__(self, name, value.strip().lower())
        Rules.__post_init__(self)

    @property
    def seats(self) -> int:
        """How many seats the game has: one a player."""
        return self.players

    @property
    def sides(self) -> int:
        """How many sides score: always 2 (two players, or two partnerships)."""
        return 2

    @property
    def stack_size(self) -> int:
        """Cards in each player's stack: 12 with 2 players, 6 with 4."""
        return PLACEMENTS // self.players

    @property
    def neighbours(self) -> tuple[int, ...]:
        """The bit mask of each cell's neighbours under this adjacency rule."""
        return NEIGHBOURS[self.adjacency]


def deal_seats(players: int, dealer: int) -> tuple[int, ...]:
    """The seat of each of the 24 stack cards, ``deck[1]`` first: also who places at each turn.

    >>> deal_seats(4, dealer=3)[:5]
    (0, 1, 2, 3, 0)
    """
    return tuple((dealer + 1 + t) % players for t in range(PLACEMENTS))


def stacked_deck(
    rules: TableTopRules,
    *,
    dealer: int,
    centre: str | int,
    stacks: Mapping[int, GivenCards],
) -> tuple[Card, ...]:
    """A deck that puts ``centre`` in the middle and deals each seat its stack, in the order
    the stack is turned (top card first). The cards not named follow in ascending order.

    Every seat needs its whole stack: 12 cards with 2 players, 6 with 4.
    """
    deck: list[Card | None] = [None] * DECK_SIZE
    deck[0] = as_cards([centre])[0]
    place_cards(
        deck,
        owners=deal_seats(rules.players, dealer),
        given=stacks,
        size=rules.stack_size,
        noun="stack",
        offset=1,
    )
    return complete_deck(deck)

"""Table Top Cribbage: what one seat may know, as a typed view.

Everything on the table is public: the grid, the current player's turned card, the scores and
how many cards each stack still holds. The unturned cards of every stack, the 27 cards out of
play and the seed are in no view. A spectator (``seat == -1``) sees the same table, with
``side`` -1 and ``my_lines`` None.

>>> from cribkit.games.tabletop.rules import CENTRE
>>> from cribkit.games.tabletop.state import start_tabletop
>>> view = start_tabletop(seed=7).state.observation(1)
>>> view.grid[CENTRE], view.turned, view.stack_sizes, view.my_lines
(Card.parse('6d'), Card.parse('6h'), (12, 12), 'rows')
>>> data = view.to_json()
>>> data["grid"][2][2], data["turned"], data["open_cells"][:3], data["line_scores"]["rows"]
('6d', '6h', ['B2', 'C2', 'D2'], [0, 0, 0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from cribkit.core.cards import Card, CardError
from cribkit.games.errors import RecordError
from cribkit.games.protocol import SPECTATOR, Result
from cribkit.games.tabletop.actions import SIZE, cell_index, cell_name
from cribkit.games.tabletop.rules import TableTopRules
from cribkit.games.views import GameView, read_card

__all__ = ["TableTopView"]


@dataclass(frozen=True, slots=True, kw_only=True)
class TableTopView(GameView):
    """A seat's view of a Table Top match (the base's ``game``, ``seat``, ``phase``,
    ``current_player`` and ``scores``, by side, and these)."""

    rules: TableTopRules
    #: The seat's side (the seat, or its partnership 0/1 with 4 players; -1 for a spectator).
    side: int
    #: The side of each seat.
    sides: tuple[int, ...]
    #: The deal's number, from 0.
    deal: int
    dealer: int
    #: The seat after the dealer, who places first this deal.
    first_player: int
    #: The side that scores the rows this deal.
    rows_side: int
    #: The card on each cell (0-24, ``row * 5 + col``), None for an empty cell.
    grid: tuple[Card | None, ...]
    #: The current player's turned card, known to everybody; None between turns.
    turned: Card | None
    #: The empty cells touching a card (where the turned card may go), ascending.
    open_cells: tuple[int, ...]
    #: Cards each seat has still to place this deal, its turned card included.
    stack_sizes: tuple[int, ...]
    #: Cards placed this deal.
    placed: int
    #: What each line (rows 0-4, then columns 5-9) scores as it stands.
    line_scores: tuple[int, ...]
    #: What each side's lines score as they stand.
    deal_scores: tuple[int, ...]
    result: Result | None

    @property
    def target(self) -> int:
        """The points that win the match."""
        return self.rules.target

    @property
    def my_lines(self) -> Literal["rows", "columns"] | None:
        """The lines the seat's side scores this deal (None for a spectator, who has no side)."""
        if self.side == SPECTATOR:
            return None
        return "rows" if self.side == self.rows_side else "columns"

    def to_json(self) -> dict[str, Any]:
        """The JSON form: the grid as 5 rows of card text (None for empty), the open cells by
        name, the line scores as ``rows`` and ``columns``, ``target`` and ``my_lines``."""
        out = GameView.to_json(self)
        grid = out["grid"]
        out["grid"] = [grid[row * SIZE : (row + 1) * SIZE] for row in range(SIZE)]
        out["open_cells"] = [cell_name(cell) for cell in self.open_cells]
        lines = out["line_scores"]
        out["line_scores"] = {"rows": lines[:SIZE], "columns": lines[SIZE:]}
        out["target"] = self.target
        out["my_lines"] = self.my_lines
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableTopView:
        """The view of its JSON form (:meth:`to_json`'s: a client's, a puzzle's position).

        >>> from cribkit.games.tabletop.state import start_tabletop
        >>> view = start_tabletop(TableTopRules(), seed=4).state.observation(0)
        >>> TableTopView.from_json(view.to_json()) == view
        True
        """
        if not isinstance(data, Mapping) or data.get("game") != TableTopRules.GAME:
            raise RecordError(f"a Table Top view has game 'tabletop', not {data!r:.80}")
        try:
            lines, result = data["line_scores"], data["result"]
            return cls(
                game=TableTopRules.GAME,
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                current_player=data["current_player"],
                scores=tuple(data["scores"]),
                rules=TableTopRules.from_options(data["rules"]),
                side=int(data["side"]),
                sides=tuple(data["sides"]),
                deal=int(data["deal"]),
                dealer=int(data["dealer"]),
                first_player=int(data["first_player"]),
                rows_side=int(data["rows_side"]),
                grid=tuple(read_card(t) for row in data["grid"] for t in row),
                turned=read_card(data["turned"]),
                open_cells=tuple(cell_index(c) for c in data["open_cells"]),
                stack_sizes=tuple(data["stack_sizes"]),
                placed=int(data["placed"]),
                line_scores=(*lines["rows"], *lines["columns"]),
                deal_scores=tuple(data["deal_scores"]),
                result=None if result is None else Result.from_dict(result),
            )
        except (KeyError, TypeError, ValueError, CardError) as error:
            raise RecordError(f"a Table Top view: {error!r}") from None

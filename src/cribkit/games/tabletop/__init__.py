"""Table Top Cribbage: the 5x5 layout, one side scoring the rows and the other the columns.

>>> from cribkit.games.tabletop import TableTopRules, start_tabletop
>>> start_tabletop(TableTopRules(), seed=7).state.phase
'place'
"""

from cribkit.games.tabletop.actions import COLUMNS, SIZE, Place, cell_name
from cribkit.games.tabletop.events import (
    EVENTS,
    Deal,
    Heels,
    LineCounted,
    Placement,
    TableTopEvent,
    TurnUp,
    Win,
)
from cribkit.games.tabletop.rules import CENTRE, EMPTY, LINES, PLACEMENTS, TableTopRules, line_name
from cribkit.games.tabletop.state import TableTopState, partial_line_total, start_tabletop
from cribkit.games.tabletop.view import TableTopView

__all__ = [
    "CENTRE",
    "COLUMNS",
    "EMPTY",
    "EVENTS",
    "LINES",
    "PLACEMENTS",
    "SIZE",
    "Deal",
    "Heels",
    "LineCounted",
    "Place",
    "Placement",
    "TableTopEvent",
    "TableTopRules",
    "TableTopState",
    "TableTopView",
    "TurnUp",
    "Win",
    "cell_name",
    "line_name",
    "partial_line_total",
    "start_tabletop",
]

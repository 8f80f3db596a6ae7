"""Table Top Cribbage: the 5x5 layout, one side scoring the rows and the other the columns.

>>> from cribkit.games.tabletop import TableTopRules, start_tabletop
>>> start_tabletop(TableTopRules(), seed=7).state.phase
'place'
"""

from cribkit.games.tabletop.actions import Place
from cribkit.games.tabletop.rules import TableTopRules
from cribkit.games.tabletop.state import TableTopState, start_tabletop

__all__ = ["Place", "TableTopRules", "TableTopState", "start_tabletop"]

"""A club's season table: the season points of its nights added up (``docs/events.md``).

A night earns a player season points when they score 12 game points or more on it
(:func:`~cribkit.events.scoring.season_points`, by the night's own scoring); a player the
director replaced by the computer earns none from that night (the computer played for them).
The table: season points, then nights with points, then game points, then spread; a player who
played a night of the season has a line though it earned nothing.

>>> from cribkit.events.scoring import Scoring, Standing
>>> first = [Standing("ann", game_points=14, spread=40), Standing("bob", game_points=8)]
>>> second = [Standing("bob", game_points=12, spread=5), Standing("ann", game_points=12)]
>>> [(line.player, line.season_points, line.nights) for line in
...  season_table([Night(first, Scoring()), Night(second, Scoring(), frozenset({"ann"}))])]
[('ann', 20, 2), ('bob', 14, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cribkit.events.scoring import Scoring, Standing, season_points

__all__ = ["Night", "SeasonLine", "season_table"]


@dataclass(frozen=True, slots=True)
class Night:
    """A night of the season: its standings, its scoring and the players replaced on it."""

    standings: Sequence[Standing]
    scoring: Scoring
    replaced: frozenset[str] = field(default_factory=frozenset)


@dataclass
class SeasonLine:
    """A player's line of a season table."""

    player: str
    season_points: int = 0
    nights: int = 0
    scoring_nights: int = 0
    game_points: int = 0
    wins: int = 0
    spread: int = 0


def season_table(nights: Iterable[Night]) -> list[SeasonLine]:
    """The season's table, best first (see the module)."""
    lines: dict[str, SeasonLine] = {}
    for night in nights:
        for standing in night.standings:
            line = lines.setdefault(standing.player, SeasonLine(standing.player))
            line.nights += 1
            if standing.player in night.replaced:
                continue
            earned = season_points(standing.game_points, night.scoring)
            line.season_points += earned
            line.scoring_nights += earned > 0
            line.game_points += standing.game_points
            line.wins += standing.wins
            line.spread += standing.spread
    order = {player: index for index, player in enumerate(lines)}
    return sorted(
        lines.values(),
        key=lambda line: (-line.season_points, -line.scoring_nights, -line.game_points,
                          -line.spread, order[line.player]),
    )  # fmt: skip

"""An event's format and its options, as a director sets them (JSON), checked in one line each.

Formats: ``night`` (a club night: ``games`` games, 9 by default, each against a different
opponent), ``qualifier`` (``games`` qualifying games, 12 by default, as a night, then the top
``cut`` of the field, 25% by default, in a seeded single-elimination playoff of best-of-3 or
best-of-5 matches), ``single`` and ``double`` elimination (best of 1, 3 or 5). Scoring options
(:class:`~cribkit.events.scoring.Scoring`) for every format; ``duplicate`` deals for a night
only (its rounds then start together: a bracket's matches of best of 3 or 5 end at different
games, so their tables could not share a round's deals).

>>> Format.parse("night", {"games": 7}).games
7
>>> Format.parse("qualifier", {}).playoff_size(16)
4
>>> Format.parse("night", {"cut": 0.5})
Traceback (most recent call last):
...
cribkit.events.EventError: a night takes no option cut: its options are games, duplicate, double_skunk_points, bye_points, skunks_before_spread, season
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from cribkit.events import EventError
from cribkit.events.nights import NIGHT_GAMES, check_night
from cribkit.events.scoring import Scoring

__all__ = ["FORMATS", "Format"]

#: The formats, each with the options it takes beside the scoring's.
FORMATS: Final = {
    "night": ("games", "duplicate"),
    "qualifier": ("games", "cut", "best_of"),
    "single": ("best_of",),
    "double": ("best_of",),
}
SCORING_OPTIONS: Final = ("double_skunk_points", "bye_points", "skunks_before_spread", "season")
QUALIFIER_GAMES: Final = 12
#: The share of a qualifier's field that makes its playoff, by default.
CUT: Final = 0.25


@dataclass(frozen=True, slots=True)
class Format:
    """A format with its options checked."""

    name: str
    games: int = 0
    cut: float = CUT
    best_of: int = 1
    duplicate: bool = False
    scoring: Scoring = field(default_factory=Scoring)

    @classmethod
    def parse(cls, name: str, options: Mapping[str, Any]) -> Format:
        """The format ``name`` with ``options`` (JSON); :class:`EventError` naming the first
        thing wrong."""
        if name not in FORMATS:
            raise EventError(f"the formats are {', '.join(FORMATS)}, not {str(name)[:20]!r}")
        allowed = (*FORMATS[name], *SCORING_OPTIONS)
        for key in options:
            if key not in allowed:
                article = "an" if name[0] in "aeiou" else "a"
                raise EventError(
                    f"{article} {name} takes no option {str(key)[:20]}: its options are "
                    f"{', '.join(allowed)}"
                )
        games = options.get("games", QUALIFIER_GAMES if name == "qualifier" else NIGHT_GAMES)
        if "games" not in FORMATS[name]:
            games = 0
        elif not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 30:
            raise EventError(f"games is a whole number from 1 to 30, not {games!r}")
        cut = options.get("cut", CUT)
        if not isinstance(cut, int | float) or isinstance(cut, bool) or not 0 < cut <= 1:
            raise EventError(f"cut is the share of the field that goes on (0 to 1), not {cut!r}")
        best_of = options.get("best_of", 3 if name == "qualifier" else 1)
        allowed_lengths = (3, 5) if name == "qualifier" else (1, 3, 5)
        if best_of not in allowed_lengths or isinstance(best_of, bool):
            lengths = " or ".join(map(str, allowed_lengths))
            raise EventError(f"a {name}'s matches are best of {lengths}, not {best_of!r}")
        duplicate = options.get("duplicate", False)
        if not isinstance(duplicate, bool):
            raise EventError(f"duplicate is true or false, not {duplicate!r}")
        scoring_options = {key: options[key] for key in SCORING_OPTIONS if key in options}
        try:
            scoring = Scoring(**scoring_options)
        except TypeError as error:  # (a value of the wrong kind)
            raise EventError(f"a scoring option is not right: {error}") from None
        return cls(name, games, float(cut), best_of, duplicate, scoring)

    def options(self) -> dict[str, Any]:
        """The options as JSON (the ones this format takes, and the scoring's)."""
        taken = FORMATS[self.name]
        found: dict[str, Any] = {
            key: getattr(self, key)
            for key in ("games", "cut", "best_of", "duplicate")
            if key in taken
        }
        for key in SCORING_OPTIONS:
            found[key] = getattr(self.scoring, key)
        return found

    def playoff_size(self, field_size: int) -> int:
        """How many of a qualifier's ``field_size`` players make the playoff: the cut's share,
        two at least.

        >>> Format.parse("qualifier", {"cut": 0.3}).playoff_size(20)
        6
        """
        return max(2, math.floor(field_size * self.cut))

    def check_field(self, players: int) -> None:
        """Raise :class:`EventError` unless ``players`` players can play this format."""
        if self.name in ("night", "qualifier"):
            check_night(players, self.games)
        elif players < 2:
            raise EventError(f"an elimination needs two players at least, not {players}")

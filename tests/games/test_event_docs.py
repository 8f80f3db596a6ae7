"""docs/records.md lists every kind of event of every game, as the registry has them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cribkit.games import game_info, games

DOCS = Path(__file__).parents[2] / "docs" / "records.md"
#: The top-level section of docs/records.md where each game's events are described.
SECTIONS = {
    "classic": "# Game records",
    "tabletop": "## Table Top Cribbage",
    "solitaire": "## Cribbage Solitaire",
    "tiles": "## Cribbage Tiles",
}


def documented_types(game: str) -> set[str]:
    """The event types of the events table in a game's section."""
    text = DOCS.read_text(encoding="utf-8")
    starts = sorted(text.index(heading) for heading in SECTIONS.values())
    begin = text.index(SECTIONS[game])
    end = next((s for s in starts if s > begin), len(text))
    section = text[begin:end]
    events = section[section.index("| `type` | meaning |") :]
    table = events.split("\n\n", 1)[0]
    return set(re.findall(r"^\| `(\w+)` \|", table, re.M)) - {"type"}


@pytest.mark.parametrize("game", sorted(SECTIONS))
def test_every_event_kind_is_documented(game: str) -> None:
    kinds = {kind.type for kind in game_info(game).events}
    assert documented_types(game) == kinds


def test_every_game_has_its_section() -> None:
    assert set(SECTIONS) == set(games())

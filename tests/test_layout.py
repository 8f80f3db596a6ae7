"""The shape of the code: a package per game with the same rooms, and no file too long to read."""

from __future__ import annotations

from pathlib import Path

import pytest

from cribkit.games import games

ROOT = Path(__file__).parents[1]
GAMES = ROOT / "src" / "cribkit" / "games"
#: The modules every game's package has.
ROOMS = ("__init__.py", "rules.py", "state.py", "actions.py", "events.py", "view.py")
LONGEST = 800


@pytest.mark.parametrize("game", games())
def test_every_game_has_the_same_rooms(game: str) -> None:
    package = GAMES / game
    missing = [room for room in ROOMS if not (package / room).is_file()]
    assert not missing, f"games/{game} has no {', '.join(missing)}"


def test_no_source_file_is_over_800_lines() -> None:
    sources = [
        *ROOT.glob("src/**/*.py"),
        *ROOT.glob("tests/**/*.py"),
        *ROOT.glob("bench/*.py"),
        *ROOT.glob("src/cribkit/web/static/**/*.js"),
        *ROOT.glob("src/cribkit/web/static/**/*.css"),
        *ROOT.glob("tests/js/*.js"),
    ]
    assert len(sources) > 100
    long = {
        str(path.relative_to(ROOT)): lines
        for path in sources
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LONGEST
    }
    assert not long, f"over {LONGEST} lines: {long}"

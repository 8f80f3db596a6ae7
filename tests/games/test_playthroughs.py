"""The golden playthroughs still play out as written: a change of behaviour is a reviewed diff."""

from __future__ import annotations

import difflib

import pytest

from .playthroughs import FOLDER, PLAYTHROUGHS, playthrough


@pytest.mark.parametrize(("name", "spec", "seed"), PLAYTHROUGHS, ids=[p[0] for p in PLAYTHROUGHS])
def test_playthrough_is_unchanged(name: str, spec: str, seed: int) -> None:
    path = FOLDER / f"{name}.txt"
    assert path.exists(), f"{path} is missing: write it with tests/games/playthroughs.py"
    expected = path.read_text(encoding="utf-8")
    actual = playthrough(spec, seed)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), str(path), "now", lineterm="", n=1
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{name} plays differently (write it again after review):\n{shown}")


def test_every_game_has_a_playthrough() -> None:
    from cribkit.games import games

    assert {spec.partition(":")[0] for _, spec, _ in PLAYTHROUGHS} == set(games())

"""The coach's judge: the analysis' own decision, its hindsight never worked out."""

from __future__ import annotations

from dataclasses import replace
from typing import NoReturn

import pytest

from cribkit.analysis import classic, solitaire, tabletop
from cribkit.analysis.game import analyser, judge
from cribkit.games.records import steps

from .playing import play_out

#: Each game's hindsight functions (none in Tiles).
SEARCHES = {
    "classic": [(classic, "_lay_away_hindsight"), (classic, "_play_hindsight")],
    "tabletop": [(tabletop, "_hindsight")],
    "tiles": [],
    "solitaire": [(solitaire, "_hindsight")],
}


def _no_hindsight(*args: object, **kwargs: object) -> NoReturn:
    raise AssertionError("judge worked out a hindsight")


@pytest.mark.parametrize(
    ("spec", "seed"),
    [("classic:target=61", 4), ("tabletop:target=61", 3), ("tiles", 3), ("solitaire", 1)],
)
def test_judge_is_the_decision_without_its_hindsight(
    spec: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    played = list(steps(play_out(spec, seed)))[:80]
    game = played[0].state.rules.GAME
    moves = []
    for i in range(len(played) - 1):
        action = played[i + 1].action
        assert action is not None
        moves.append((played[i].state, action, i))
    full = [analyser(game).decision(before, action, i) for before, action, i in moves]
    assert any(d is not None and d.hindsight is not None for d in full) == bool(SEARCHES[game])
    for module, name in SEARCHES[game]:
        monkeypatch.setattr(module, name, _no_hindsight)
    for (before, action, i), whole in zip(moves, full, strict=True):
        judged = judge(before, action, i)
        assert judged == (None if whole is None else replace(whole, hindsight=None))

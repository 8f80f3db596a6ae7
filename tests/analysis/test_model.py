"""The analysis records: what a cost is called, the totals per phase, the JSON form."""

from __future__ import annotations

import pytest

from cribkit.analysis.model import Analysis, Choice, Decision, verdict


def decision(chosen: float, best: float, phase: str = "lay-away", index: int = 0) -> Decision:
    top = Choice({"type": "discard", "cards": ["2D", "TH"]}, "lay away 2♦ 10♥", best)
    mine = Choice({"type": "discard", "cards": ["2D", "2S"]}, "lay away 2♦ 2♠", chosen)
    return Decision(index, 0, phase, "points", mine, (top, mine), "why")


@pytest.mark.parametrize(
    ("cost", "name"),
    [
        (0.0, "best"),
        (0.004, "best"),
        (0.3, "good"),
        (0.5, "inaccuracy"),
        (1.49, "inaccuracy"),
        (1.5, "mistake"),
        (3.0, "blunder"),
        (9.0, "blunder"),
    ],
)
def test_a_cost_in_points_is_named_by_its_thresholds(cost: float, name: str) -> None:
    assert verdict(cost, "points") == name


def test_a_win_chance_cost_has_its_own_thresholds() -> None:
    assert [verdict(c, "win") for c in (0.001, 0.02, 0.05, 0.1, 0.2)] == [
        "best",
        "good",
        "inaccuracy",
        "mistake",
        "blunder",
    ]


def test_the_cost_is_the_best_value_less_the_chosen_and_never_negative() -> None:
    assert decision(4.10, 5.27).cost == pytest.approx(1.17)
    assert decision(4.10, 5.27).verdict == "inaccuracy"
    assert decision(5.0, 5.0).cost == 0.0


def test_totals_sum_each_phase_and_count_its_verdicts() -> None:
    decisions = (decision(4.1, 5.27), decision(1.0, 5.0, index=1), decision(2, 2, "play", 2))
    analysis = Analysis("classic", (0,), decisions)
    lay_away, play = analysis.totals(0)
    assert (lay_away.phase, lay_away.decisions) == ("lay-away", 2)
    assert lay_away.cost == pytest.approx(1.17 + 4.0)
    assert dict(lay_away.verdicts) == {"inaccuracy": 1, "blunder": 1}
    assert (play.phase, dict(play.verdicts)) == ("play", {"best": 1})
    form = analysis.to_json()
    assert form["decisions"][0]["best"]["words"] == "lay away 2♦ 10♥"
    assert form["decisions"][0]["verdict"] == "inaccuracy"
    assert form["totals"]["0"][0]["cost"] == pytest.approx(5.17)

"""The solitaire commands: the expert's report, simulation, and argument checks."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cribkit.ai.solitaire import best_possible_total
from cribkit.cli.app import app
from cribkit.games.solitaire.deal import solitaire_deck

runner = CliRunner()


def test_solitaire_auto_report_json() -> None:
    result = runner.invoke(app, ["solitaire", "--seed", "5", "--json"])
    assert result.exit_code == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["seed"] == 5
    assert report["best"] == best_possible_total(solitaire_deck(5))
    assert 0 <= report["total"] <= report["best"]
    shows = [e for e in report["events"] if e["type"] in ("show", "crib", "last_hand")]
    assert len(shows) == 13  # six hands, six cribs, the last hand
    assert report["total"] == sum(e["points"] for e in report["events"])


def test_solitaire_auto_text() -> None:
    result = runner.invoke(app, ["solitaire", "--seed", "5", "--auto"])
    assert result.exit_code == 0
    assert "best possible knowing the deck" in result.stdout.splitlines()[-1]


def test_simulate_solitaire_json() -> None:
    args = ["simulate", "solitaire", "--ai", "expert", "--games", "20", "--seed", "3", "--json"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["deals"] == 20
    assert data["mean_best"] >= data["mean_total"] > 0
    low, high = data["good_ci95"]
    assert low <= data["good_rate"] <= high


def test_solitaire_argument_errors() -> None:
    both = runner.invoke(app, ["solitaire", "--daily", "--seed", "3", "--auto"])
    assert both.exit_code == 2
    assert "not both" in both.stderr
    level = runner.invoke(app, ["simulate", "solitaire", "--ai", "wizard", "--games", "2"])
    assert level.exit_code == 2
    assert "unknown AI level" in level.stderr

"""``cribkit analyse``: a line per decision and the totals, JSON, and bad records refused."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cribkit.cli.app import app
from cribkit.core.cards import parse_cards
from cribkit.games import start
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Play
from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import start_game
from cribkit.games.records import dumps

runner = CliRunner()


def _classic_record() -> str:
    """Pone throws two fives from 5 5 5 J 7 9 (a blunder), then both lay a card."""
    rules = ClassicRules()
    deck = stacked_deck(
        rules, dealer=0, hands={1: "5h 5c 5d Js 7c 9h", 0: "Qh 9d 4h 3c 7s 8s"}, starter="As"
    )
    state = start_game(rules, decks=[deck], first_dealer=0).state
    for action in (
        Discard(1, tuple(parse_cards("5h 5c"))),
        Discard(0, tuple(parse_cards("7s 8s"))),
        Play(1, parse_cards("Js")[0]),
        Play(0, parse_cards("4h")[0]),
    ):
        state = state.apply(action).state
    return dumps(state.record())


def test_text_has_a_line_per_decision_then_totals_and_luck(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_classic_record())
    result = runner.invoke(app, ["analyse", str(path), "--seat", "1"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["#", "seat", "phase", "chosen", "best", "cost", "verdict"]
    first = lines[1].split()
    assert first[:3] == ["0", "1", "lay-away"]
    assert first[-1] == "blunder"
    assert "lay away 5♣ 5♥" in lines[1]
    assert any(line.startswith("seat 1 lay-away (points): 1 decisions") for line in lines)
    assert any(line.startswith("seat 1 luck, hand: 1 dealt") for line in lines)


def test_json_is_the_analysis(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_classic_record())
    result = runner.invoke(app, ["analyse", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "classic"
    assert data["seats"] == [0, 1]
    (laid,) = [d for d in data["decisions"] if d["seat"] == 1 and d["phase"] == "lay-away"]
    assert laid["chosen"]["action"]["cards"] == ["5c", "5h"]
    assert laid["verdict"] == "blunder"
    assert laid["cost"] == round(laid["best"]["value"] - laid["chosen"]["value"], 4)
    assert set(data["totals"]) == {"0", "1"}


def test_a_solitaire_record_from_standard_input() -> None:
    state = start("solitaire", seed=3).state
    state = state.apply(state.legal_actions()[0]).state
    result = runner.invoke(app, ["analyse", "-", "--json"], input=dumps(state.record()))
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "solitaire"
    assert len(data["decisions"]) == 1
    assert data["decisions"][0]["hindsight"]["words"].startswith("hindsight")
    assert data["notes"][0].startswith("hindsight: the best total this deck allowed is")


def test_a_broken_record_is_one_line_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(
        '{"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 0, "card": "5h"}]}'
    )
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"cribkit: error: {path}: action 0 "
        '{"type": "play", "seat": 0, "card": "5h"}: seat 0 cannot play a card now: '
        "the players are laying away to the crib"
    ]
    path.write_text("not json")
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2
    assert len(result.output.strip().splitlines()) == 1


def test_a_seat_not_at_the_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(_classic_record())
    result = runner.invoke(app, ["analyse", str(path), "--seat", "2"])
    assert result.exit_code == 2
    assert "seat 2 is not at this table" in result.output
    missing = runner.invoke(app, ["analyse", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    assert "cannot read" in missing.output

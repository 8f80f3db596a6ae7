"""The game commands: replay, simulate and play's argument checks."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cribkit.cli.app import app
from cribkit.cli.games_cmds import TERMINAL_GAMES
from cribkit.games import games, start
from cribkit.games.records import dumps, replay

runner = CliRunner()


def finished_record(seed: int, spec: str = "classic:target=61") -> dict[str, Any]:
    state = start(spec, seed=seed).state
    rng = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    record: dict[str, Any] = state.record()
    return record


def test_replay_json_lists_scoring_events_and_result(tmp_path: Path) -> None:
    record = finished_record(7)
    path = tmp_path / "game.json"
    path.write_text(dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    expected = replay(record)
    assert data["result"] == expected.to_dict()["result"]
    scoring = [e for e in data["events"] if e["points"]]
    assert {e["type"] for e in scoring} <= {"peg", "go", "last_card", "heels", "show", "crib"}
    # Running totals only grow, and the last one is the final score.
    final = scoring[-1]["scores"]
    assert max(final) >= 61
    assert final == data["result"]["scores"]
    assert all(e.get("words") for e in scoring if e["type"] in ("show", "crib"))


def test_replay_text_and_standard_input(tmp_path: Path) -> None:
    record = finished_record(3)
    result = runner.invoke(app, ["replay", "-"], input=dumps(record))
    assert result.exit_code == 0
    assert result.stdout.strip().splitlines()[-1].startswith("Result: seat ")


def test_replay_prints_the_result_once_with_the_numbers_of_the_json(tmp_path: Path) -> None:
    # A game whose last count passes the target: the board holds the winner at 61, the record
    # (and its JSON) keep the points counted: the one result line says both.
    seed = next(s for s in range(40) if max(_final_scores(finished_record(s))) > 61)
    path = tmp_path / "game.json"
    path.write_text(dumps(finished_record(seed)))
    text = runner.invoke(app, ["replay", str(path)])
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert text.exit_code == 0, text.stderr
    lines = text.stdout.splitlines()
    result = data["result"]
    scores = "-".join(map(str, result["scores"]))
    board = "-".join(str(min(score, 61)) for score in result["scores"])
    assert lines[-1] == f"Result: seat {result['winner']} wins, {board} (counted {scores})"
    # Once: no other line gives a final score (the win event is the result's line).
    assert not any(line.startswith("win ") or "wins" in line for line in lines[:-1])


def _final_scores(record: dict[str, Any]) -> tuple[int, ...]:
    result = replay(record).result
    assert result is not None
    return result.scores


def test_a_tie_and_an_unfinished_record_in_words() -> None:
    from cribkit.cli.games_cmds import result_line

    tie = {"winner": 0, "winners": [0, 1], "scores": [80, 80], "skunk": "", "tie": True}
    assert result_line(tie) == "Result: seats 0 and 1 tie, 80-80"
    assert result_line(None) == "The record ends before the game does."


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "solitaire", "--ai", "expert,easy", "--games", "2"], "give 1 AI level"),
        (["simulate", "solitaire", "--players", "2", "--games", "2"], "no option 'players'"),
        (["simulate", "solitaire:x=1", "--games", "2"], "no option 'x'"),
        (["simulate", "tabletop", "--ai", "expert", "--games", "2"], "give 2 AI levels"),
    ],
)
def test_simulate_checks_its_game_and_levels_before_playing(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "a record is JSON"),
        ('{"game": "poker", "seed": 1, "actions": []}', "poker"),
        (
            '{"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 0, "card": "5h"}]}',
            "action 0",
        ),
        (
            '{"game": "classic", "seed": 1, "actions": [{"type": "discard", "seat": 0, "cards": ["zz"]}]}',
            "'zz' is not a card",
        ),
    ],
)
def test_replay_refuses_bad_records(text: str, message: str) -> None:
    result = runner.invoke(app, ["replay", "-"], input=text)
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("text", "named"),
    [
        # A number is a card's index inside the engine, never a card of a record.
        (
            '{"game": "classic", "seed": 1, "actions": [{"type": "play", "seat": 1, "card": 26}]}',
            "26",
        ),
        (
            '{"game": "classic", "seed": 1, "actions": [{"type": "discard", "seat": 1, "cards": [3, 7]}]}',
            "not 3",
        ),
        ('{"game": "tabletop", "rules": {"x": 1}, "seed": 1, "actions": []}', "no option 'x'"),
        ('{"game": "tiles", "rules": {"joker": "maybe"}, "seed": 1, "actions": []}', "'maybe'"),
    ],
)
def test_a_bad_value_in_a_record_is_one_line_naming_it(text: str, named: str) -> None:
    result = runner.invoke(app, ["replay", "-"], input=text)
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert named in lines[0]


@pytest.mark.parametrize("spec", ["tabletop:x=1", "classic:players", "tiles:board_size=8"])
def test_a_bad_option_on_the_command_line_is_one_line(spec: str) -> None:
    result = runner.invoke(app, ["simulate", spec, "--games", "2"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert spec.partition(":")[2].partition("=")[0] in lines[0]


def test_replay_missing_file() -> None:
    result = runner.invoke(app, ["replay", "/nonexistent/game.json"])
    assert result.exit_code == 2
    assert "cannot read" in result.stderr


def test_simulate_json() -> None:
    args = [
        "simulate",
        "classic",
        "--ai",
        "medium,random",
        "--games",
        "6",
        "--seed",
        "4",
        "--target",
        "61",
    ]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games"] == 6
    assert sum(data["wins"]) == 6
    assert data["game"] == "classic:target=61"
    assert all(
        low <= rate <= high
        for rate, (low, high) in zip(data["win_rate"], data["ci95"], strict=True)
    )
    assert data["seconds"] > 0
    dealer = data["points_per_deal"][0]["dealer"]
    assert dealer["total"] == pytest.approx(dealer["pegging"] + dealer["hand"] + dealer["crib"])
    again = json.loads(runner.invoke(app, [*args, "--json"]).stdout)
    assert again["wins"] == data["wins"]  # the seed fixes every game


def test_simulate_text_and_errors() -> None:
    text = runner.invoke(
        app, ["simulate", "classic", "--ai", "easy,random", "--games", "2", "--target", "61"]
    )
    assert text.exit_code == 0
    assert "95% CI" in text.stdout
    assert "counted out (the deal each game ended in left out)" in text.stdout
    wrong = runner.invoke(app, ["simulate", "classic", "--ai", "easy", "--games", "2"])
    assert wrong.exit_code == 2
    assert "give 2 AI levels" in wrong.stderr
    unknown = runner.invoke(app, ["simulate", "classic", "--ai", "easy,genius", "--games", "2"])
    assert unknown.exit_code == 2
    assert "unknown AI level 'genius'" in unknown.stderr
    bad_game = runner.invoke(app, ["simulate", "classic:players=9", "--ai", "easy,easy"])
    assert bad_game.exit_code == 2
    assert "players" in bad_game.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess"], "cannot be played in the terminal"),
        (["play", "classic", "--ai", "godlike"], "unknown AI level"),
        (["play", "classic", "--players", "5"], "players"),
        (["play", "classic", "--target", "100"], "target"),
        (["play", "classic", "--resume", "/nonexistent.json"], "cannot read"),
    ],
)
def test_play_refuses_bad_options(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr


def test_play_refuses_a_broken_save(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "classic", "seed": 1, "actions": [{"type": "play"}]}')
    result = runner.invoke(app, ["play", "classic", "--resume", str(broken)])
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr


def test_play_help_names_every_game_as_the_registry_does() -> None:
    assert tuple(games()) == TERMINAL_GAMES
    result = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    help_text = " ".join(result.stdout.split())
    assert "The game: classic, solitaire, tabletop or tiles." in help_text
    assert "classic, tabletop or tiles against the computer, or solitaire" in help_text
    listing = runner.invoke(app, ["--help"], env={"COLUMNS": "200"})
    listed = " ".join(listing.stdout.split())
    assert "classic, tabletop or tiles against the computer, or solitaire." in listed
    refused = runner.invoke(app, ["play", "chess"])
    assert "the games are classic, solitaire, tabletop or tiles" in refused.stderr

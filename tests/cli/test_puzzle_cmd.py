"""``cribkit puzzle``: solving, a wrong answer, the streak kept across runs, a broken history,
a malformed answer, the daily puzzle and the daily deal."""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cribkit.analysis import puzzles as lib
from cribkit.cli.app import app

runner = CliRunner()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CRIBKIT_HOME", str(tmp_path))
    return tmp_path


def history(home: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((home / "puzzles.json").read_text())
    return data


LAY = next(p for p in lib.load() if p["kind"] == "lay-away")


def test_solving_a_puzzle_says_best_and_keeps_the_streak_across_runs(home: Path) -> None:
    result = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", LAY["answer"]])
    assert result.exit_code == 0, result.stderr
    assert (
        "♦" in result.stdout or "♥" in result.stdout or "♠" in result.stdout or "♣" in result.stdout
    )
    assert "What would you lay away?" in result.stdout
    assert "Best!" in result.stdout
    assert "Streak 1 (best 1)" in result.stdout
    again = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", LAY["answer"]])
    assert "Streak 2 (best 2)" in again.stdout
    assert history(home)["streak"] == 2


def test_a_wrong_answer_gives_the_values_and_ends_the_streak(home: Path) -> None:
    runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", LAY["answer"]])
    casual = LAY["casual"][0]
    result = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", casual])
    assert result.exit_code == 0, result.stderr
    assert f"Not the best: {lib.check(LAY, casual).verdict}, {LAY['margin']:.2f} points" in (
        result.stdout
    )
    assert "yours casual" in result.stdout
    assert "best" in result.stdout
    assert "Streak 0 (best 1)" in result.stdout
    saved = history(home)
    assert [a["correct"] for a in saved["answers"]] == [True, False]


def test_a_broken_history_is_reported_in_one_line_and_left_alone(home: Path) -> None:
    (home / "puzzles.json").write_text("{not json")
    result = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", LAY["answer"]])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("cribkit: error: the puzzle history")
    assert (home / "puzzles.json").read_text() == "{not json"


@pytest.mark.parametrize("answer", ["zz", "2c", "ks ks qh"])
def test_a_malformed_answer_is_one_clear_line_and_exit_2(home: Path, answer: str) -> None:
    result = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", answer])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("cribkit: error: ")
    assert not (home / "puzzles.json").exists()


def test_an_unknown_puzzle_or_game_is_one_line(home: Path) -> None:
    for args in (["--id", "nope-1"], ["--game", "chess"], ["--kind", "bid"]):
        result = runner.invoke(app, ["puzzle", *args])
        assert result.exit_code == 2
        assert result.stderr.count("\n") == 1


def test_the_prompt_asks_again_after_a_bad_answer(home: Path) -> None:
    result = runner.invoke(app, ["puzzle", "--id", LAY["id"]], input=f"zz\n{LAY['answer']}\n")
    assert result.exit_code == 0, result.stderr
    assert "cribkit: cannot read" in result.stderr
    assert "Best!" in result.stdout


def test_json_shows_the_puzzle_without_its_answer_then_the_verdict(home: Path) -> None:
    shown = json.loads(runner.invoke(app, ["puzzle", "--id", LAY["id"], "--json"]).stdout)
    assert shown["id"] == LAY["id"]
    assert "answer" not in shown
    assert "choices" not in shown
    assert shown["view"]["hand"] == LAY["view"]["hand"]
    judged = runner.invoke(app, ["puzzle", "--id", LAY["id"], "--answer", LAY["answer"], "--json"])
    data = json.loads(judged.stdout)
    assert data["correct"] is True
    assert data["verdict"] == "best"
    assert data["history"]["streak"] == 1


def test_the_next_puzzle_is_the_first_not_yet_answered(home: Path) -> None:
    first, second = lib.pick(kind="place")[:2]
    runner.invoke(app, ["puzzle", "--kind", "place", "--answer", first["answer"]])
    result = runner.invoke(app, ["puzzle", "--kind", "place", "--json"])
    assert json.loads(result.stdout)["id"] == second["id"]


def test_the_daily_puzzle_is_the_libraries_and_keeps_a_daily_streak(home: Path) -> None:
    day = datetime.date(2026, 12, 1)
    for n in range(2):
        date = (day + datetime.timedelta(days=n)).isoformat()
        expected = lib.daily(day + datetime.timedelta(days=n), "tabletop")
        args = ["puzzle", "--daily", "--game", "tabletop", "--date", date]
        result = runner.invoke(app, [*args, "--answer", expected["answer"]])
        assert result.exit_code == 0, result.stderr
        assert f"Puzzle {expected['id']} " in result.stdout
    assert "daily streak 2" in result.stdout
    assert history(home)["daily_streak"] == 2


def test_the_daily_deal_played_as_the_expert_matches_the_expert(home: Path) -> None:
    from cribkit.analysis import daily_deal

    day = datetime.date(2026, 12, 1)
    moves: list[str] = []
    state = daily_deal.start_deal(day)
    for action in daily_deal.expert_actions(day):
        if state.current_player == 0 and len(state.legal_actions()) > 1:
            form = action.to_dict()
            moves.append(" ".join(form["cards"]) if "cards" in form else form["card"])
        state = state.apply(action).state
    margin = daily_deal.expert_result(day)
    args = ["puzzle", "--deal", "--date", day.isoformat(), "--json"]
    result = runner.invoke(app, args, input="\n".join(moves) + "\n")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert (data["you"], data["expert"], data["difference"]) == (margin, margin, 0)
    assert history(home)["deals"][0]["seed"] == 20261201


def test_the_command_imports_little_until_it_runs() -> None:
    code = "import sys, cribkit.cli.app; print('cribkit.analysis.puzzles' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_table_top_and_tiles_puzzles_show_their_board(home: Path) -> None:
    place = next(p for p in lib.load() if p["kind"] == "place")
    shown = runner.invoke(app, ["puzzle", "--id", place["id"], "--answer", place["answer"]])
    assert shown.exit_code == 0, shown.stderr
    assert "     A    B    C    D    E" in shown.stdout
    assert shown.stdout.count("+") >= len(place["view"]["open_cells"])
    tiles = next(p for p in lib.load() if p["kind"] == "tiles")
    letter = "ABCDEFGHIJ"[[c["key"] for c in lib.options(tiles)].index(tiles["answer"])]
    shown = runner.invoke(app, ["puzzle", "--id", tiles["id"], "--answer", letter])
    assert shown.exit_code == 0, shown.stderr
    # The game once, then what the position asks for (as "(classic, lay-away)" does).
    assert shown.stdout.startswith(f"Puzzle {tiles['id']} (tiles, play)\n")
    assert f"  {letter}  {tiles['answer']}" in shown.stdout
    assert "Best!" in shown.stdout


def test_the_deal_is_asked_for_alone(home: Path) -> None:
    result = runner.invoke(app, ["puzzle", "--deal", "--game", "tiles"])
    assert result.exit_code == 2
    assert "--deal plays the day's deal" in result.stderr

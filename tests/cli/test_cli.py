"""The command line: each command's text and JSON output, and its errors."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest
from typer.testing import CliRunner

from cribkit.cli.app import app
from cribkit.core.scoring import score_hand

runner = CliRunner()


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def run_json(*args: str) -> Any:
    code, out, err = run(*args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_score_in_words_and_parts() -> None:
    code, out, _ = run("score", "5h", "5c", "5d", "js", "--starter", "5s")
    assert code == 0
    assert out.startswith("Hand 5h 5c 5d Js, starter 5s: 29 points")
    assert "four of a kind is twenty-eight, and his nobs is twenty-nine." in out


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["7h", "8d", "8s", "9c", "--starter", "kh"], (12, 4, 2, 6, 0, 0)),
        (["7h", "8d", "8s", "9c", "kh"], (12, 4, 2, 6, 0, 0)),
        (["2h", "4h", "6h", "8h", "--starter", "Kc"], (4, 0, 0, 0, 4, 0)),
        (["2h", "4h", "6h", "8h", "--starter", "Kc", "--crib"], (0, 0, 0, 0, 0, 0)),
        (["2h", "4h", "6h", "8h", "--starter", "Th", "--crib"], (5, 0, 0, 0, 5, 0)),
        (["2h", "3h", "6h", "Jc", "--starter", "Kc"], (5, 4, 0, 0, 0, 1)),
        (["2h", "3h", "6h", "Kc", "--starter", "Jc"], (4, 4, 0, 0, 0, 0)),
        (["3h", "3d", "3s", "4c", "--starter", "5h"], (21, 6, 6, 9, 0, 0)),
        (["--line", "4c", "5d", "5h", "6s", "6c"], (24, 8, 4, 12, 0, 0)),
        (["--line", "2h", "4h", "6h", "8h", "Th"], (5, 0, 0, 0, 5, 0)),
    ],
)
def test_score_json_fields_are_points(args: list[str], expected: tuple[int, ...]) -> None:
    data = run_json("score", *args)
    fields = ("total", "fifteens", "pairs", "runs", "flush", "nobs")
    assert tuple(data[f] for f in fields) == expected
    assert all(type(data[f]) is int for f in fields)


def test_score_four_cards_without_starter_is_refused() -> None:
    # A hand is counted with its starter: four cards alone would be a count no game makes.
    code, out, err = run("score", "2h", "3h", "4h", "Jh", "--json")
    assert (code, out) == (2, "")
    assert err == (
        "cribkit: error: a hand is counted with its starter: give 4 cards and --starter, "
        "or 5 cards the last being the starter\n"
    )
    counted = run_json("score", "2h", "3h", "4h", "Jh", "--starter", "Kc")["total"]
    assert counted == score_hand("2h 3h 4h Jh", "Kc").total


def test_score_stdin_writes_one_json_object_per_line() -> None:
    lines = "5h 5c 5d js 5s\n\n# a comment\n7h 8d 8s 9c kh\n2h 4h 6h 8h kh\n"
    code, out, _ = run("score", "-", "--crib", stdin=lines)
    assert code == 0
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["line"] for o in objects] == [1, 4, 5]
    assert [o["total"] for o in objects] == [29, 12, 5]
    assert all(o["kind"] == "crib" for o in objects)


def test_score_stdin_line_mode_and_bad_line() -> None:
    code, out, err = run("score", "-", "--line", stdin="4c 5d 5h 6s 6c\n4c 5d 5h 6s\n")
    assert code == 2
    first, second = (json.loads(line) for line in out.splitlines())
    assert first["total"] == 24
    assert "5 cards, not 4" in second["error"]
    assert "line 2" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["score", "5x", "5c", "5d", "js", "5s"], "'5x' is not a card"),
        (["score", "5h", "5h", "5d", "js", "5s"], "5h appears more than once"),
        (["score", "5h", "5c", "5d"], "not 3 cards"),
        (["score", "5h", "5c", "5d", "js", "--starter", "js"], "Js appears more than once"),
        (["score", "--line", "5h", "5c", "5d", "js"], "5 cards, not 4"),
        (["peg", "Kh", "Qh", "Jh", "2c"], "count would be 32"),
        (["peg", "Kh", "Kh"], "appears more than once"),
        (["discard", "5h", "5c", "5d", "js", "7c", "--dealer"], "6 cards, not 5"),
        (["discard", "5h", "5c", "5d", "js", "7c", "9h"], "--dealer or --pone"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.startswith("cribkit: error:")
    assert message in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("cards", "points", "count"),
    [("7d 8c 7h", 0, 22), ("4h 5d 6c", 5, 15), ("5h 5c 5d", 8, 15), ("Kh Qd 8c 3s", 2, 31)],
)
def test_peg_json(cards: str, points: int, count: int) -> None:
    data = run_json("peg", *cards.split())
    assert (data["points"], data["count"]) == (points, count)
    assert data["points"] == data["fifteen"] + data["thirty_one"] + data["pairs"] + data["runs"]


def test_peg_text() -> None:
    code, out, _ = run("peg", "4h", "5d", "6c")
    assert code == 0
    assert "count 15, 6c scores 5 (fifteen two, and a run of three is five)" in out


def test_discard_json_is_fifteen_options_best_first() -> None:
    options = run_json("discard", "5h", "5c", "5d", "js", "7c", "9h", "--dealer")
    assert len(options) == 15
    values = [o["value"] for o in options]
    assert values == sorted(values, reverse=True)
    best = options[0]
    assert (best["discard"], best["keep"]) == (["7c", "9h"], ["5c", "5d", "5h", "Js"])
    assert best["value"] == pytest.approx(best["hand"] + best["pegging"] + best["crib"], abs=1e-3)
    pone = run_json("discard", "5h", "5c", "5d", "js", "7c", "9h", "--pone")
    assert all(
        o["value"] == pytest.approx(o["hand"] + o["pegging"] - o["crib"], abs=1e-3) for o in pone
    )
    # The textbook's view: a uniform crib and no pegging term.
    uniform = run_json("discard", "5h", "5c", "5d", "js", "7c", "9h", "--pone", "--uniform")
    assert all(o["pegging"] == 0 for o in uniform)
    assert uniform[0]["crib"] != pytest.approx(pone[0]["crib"], abs=0.01)


def test_discard_hand_figures_match_the_explained_scorer() -> None:
    options = run_json("discard", "2c", "3d", "4h", "9s", "Tc", "Kd", "--pone")
    keep = options[0]["keep"]
    deal = {"2c", "3d", "4h", "9s", "Tc", "Kd"}
    deck = [f"{r}{s}" for r in "A23456789TJQK" for s in "cdhs"]
    totals = [score_hand(" ".join(keep), c).total for c in deck if c not in deal]
    assert options[0]["hand"] == pytest.approx(sum(totals) / len(totals), abs=1e-4)
    assert (options[0]["hand_min"], options[0]["hand_max"]) == (min(totals), max(totals))


def test_stats_hands_json_is_exact() -> None:
    data = run_json("stats", "hands")
    assert len(data["counts"]) == 30
    assert sum(data["counts"]) == 12_994_800
    assert data["counts"][29] == 4
    assert data["counts"][19] == 0
    assert round(data["mean"], 6) == 4.769152
    assert data["seconds"] >= 0
    assert data["seconds"] == round(data["seconds"], 3)  # to the millisecond, as the text
    crib = run_json("stats", "hands", "--crib")
    assert crib["counts"][0] == 1_022_208


def test_cards_may_be_given_in_one_argument_as_the_python_api_takes_them() -> None:
    assert run_json("score", "5h 5c 5d js 5s")["total"] == 29
    assert run_json("score", "5h,5c", "5d js", "--starter", "5s")["total"] == 29
    assert run_json("peg", "4h, 5d, 6c")["points"] == 5
    apart = run_json("discard", "2c", "3d", "4h", "9s", "Tc", "Kd", "--pone")
    assert run_json("discard", "2c 3d 4h", "9s,Tc,Kd", "--pone") == apart


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # The cards are named wrong before the crib is asked for: count, each card, twice.
        (["discard", "2c", "3d"], "a two-player deal has 6 cards, not 2"),
        (["discard", "2c 3d 4h 9s Tc zz"], "'zz' is not a card"),
        (["discard", "2c 3d 4h 9s Tc 2c"], "2c appears more than once"),
        (["score", "5h 5c 5d js", "--starter", "5s 6d"], "'5s 6d' is not a card"),
        (["score", "5h 5c 5d js 5s", "--starter", "6d"], "give the 4 cards of the hand, not 5"),
    ],
)
def test_the_cards_are_checked_first(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1


def test_module_and_script_entry_points() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "cribkit", "score", "5h", "5c", "5d", "js", "5s", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["total"] == 29
    bad = subprocess.run(
        [sys.executable, "-m", "cribkit", "peg", "zz"], capture_output=True, text=True
    )
    assert bad.returncode == 2
    assert "Traceback" not in bad.stderr
    assert "'zz' is not a card" in bad.stderr

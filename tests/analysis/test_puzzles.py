"""The puzzles: the shipped file's answers recomputed, the margins, no hidden card in a
position, the daily choice, the verdicts and the history's streaks."""

from __future__ import annotations

import datetime
import json
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from cribkit.ai.lay_away import lay_away_values
from cribkit.analysis import puzzles as lib
from cribkit.analysis.puzzle_values import GAPS, KINDS, MARGINS, is_best
from cribkit.core.cards import Card
from cribkit.games import start
from cribkit.games.classic.view import ClassicView
from cribkit.games.solitaire import daily_seed as solitaire_daily_seed

ALL = lib.load()


def sample(kind: str, n: int) -> list[dict[str, Any]]:
    """``n`` puzzles of ``kind`` spread over the file (the first, the last, between)."""
    mine = [p for p in ALL if p["kind"] == kind]
    step = max(1, len(mine) // n)
    return mine[::step][:n]


def test_the_file_ships_a_few_hundred_small_puzzles_with_unique_ids() -> None:
    text = resources.files("cribkit.analysis.data").joinpath("puzzles.json").read_bytes()
    assert len(text) < 800_000
    # More than 365: the mixed daily puzzle does not repeat within a year.
    assert 366 <= len(ALL) <= 400
    assert len({p["id"] for p in ALL}) == len(ALL)
    assert {p["kind"] for p in ALL} == set(KINDS)
    for puzzle in ALL:
        assert puzzle["game"] == KINDS[puzzle["kind"]]
        assert puzzle["margin"] >= MARGINS[puzzle["kind"]]
        assert puzzle["gap"] >= GAPS[puzzle["kind"]] >= 0.5  # half a point clear of the next
        assert puzzle["answer"] == puzzle["choices"][0]["key"]
        assert not set(puzzle["answers"]) & set(puzzle["casual"])


@pytest.mark.parametrize(
    "puzzle",
    [p for kind in KINDS for p in sample(kind, 3 if kind == "tiles" else 5)],
    ids=lambda p: p["id"],
)
def test_a_sample_of_answers_is_the_best_by_its_own_recomputation(puzzle: dict[str, Any]) -> None:
    entries, casual = lib.recompute(puzzle)
    assert entries[0].key == puzzle["answer"]
    assert sorted(e.key for e in entries if is_best(e, entries)) == sorted(puzzle["answers"])
    assert casual == set(puzzle["casual"])
    values = {e.key: e.value for e in entries}
    for choice in puzzle["choices"]:
        assert values[choice["key"]] == pytest.approx(choice["value"], abs=1e-3)
    casual_value = max(values[k] for k in casual)
    assert entries[0].value - casual_value >= MARGINS[puzzle["kind"]]
    second = next(e for e in entries if not is_best(e, entries))
    assert entries[0].value - second.value >= GAPS[puzzle["kind"]]


def _cards(value: Any) -> set[str]:
    """Every card text anywhere in a classic or Table Top view's JSON."""
    if isinstance(value, str):
        try:
            return {str(Card.parse(value))}
        except ValueError:
            return set()
    if isinstance(value, dict):
        return {c for v in value.values() for c in _cards(v)}
    if isinstance(value, list):
        return {c for v in value for c in _cards(v)}
    return set()


def test_a_position_holds_only_what_its_seat_knows() -> None:
    for puzzle in ALL:
        view = puzzle["view"]
        assert "deck" not in view
        assert "seed" not in view
        if puzzle["game"] == "classic":
            seen = set(view["hand"]) | set(view["laid_away"]) | set(view["kept"])
            seen |= {c for _, c in view["played"]} | ({view["starter"]} - {None})
            assert _cards(view) == {str(Card.parse(c)) for c in seen}
            assert "crib" not in view
        elif puzzle["game"] == "tabletop":
            grid = {c for row in view["grid"] for c in row if c}
            assert {str(Card.parse(c)) for c in grid | {view["turned"]}} == _cards(
                {"grid": view["grid"], "turned": view["turned"]}
            )
        else:
            assert view["racks"] is None
            unseen = sum(view["unseen"].values())
            opponent = sum(view["rack_sizes"]) - len(view["rack"])
            assert unseen == view["bag_size"] + opponent


def deck_with(pone: list[str], dealer: list[str], starter: str) -> list[str]:
    """A deck that deals ``pone`` to seat 0 and ``dealer`` to seat 1 (seat 1 deals), then the
    starter, the rest in card order."""
    top = [c for pair in zip(pone, dealer, strict=True) for c in pair] + [starter]
    names = [str(Card(i)) for i in range(52)]
    taken = {str(Card.parse(c)) for c in top}
    return [str(Card.parse(c)) for c in top] + [n for n in names if n not in taken]


MINE = ["7c", "8d", "Ts", "Jc", "Js", "Kc"]


def layaway_view(other: list[str]) -> Any:
    """Seat 0's view as the dealer holding :data:`MINE`, seat 1 (pone) holding ``other``."""
    deck = deck_with(other, MINE, "9c")
    state = start("classic", decks=[deck], first_dealer=0).state
    return state.observation(0)


def test_a_known_lay_away_is_made_a_puzzle_with_its_exact_values() -> None:
    view = layaway_view(["Ac", "2c", "3c", "4c", "6c", "5c"])
    assert [str(c) for c in view.hand] == ["7c", "8d", "Ts", "Jc", "Js", "Kc"]
    puzzle = lib.make_puzzle("lay-away", view, "test-1")
    assert puzzle is not None
    # Laying away 7-8 (a fifteen) in one's own crib beats keeping 7-8 with the jacks, what
    # the most points in hand (10-K away) would keep.
    assert puzzle["answer"] == "7c 8d"
    assert puzzle["casual"] == ["Ts Kc"]
    best, casual = puzzle["choices"][0], next(c for c in puzzle["choices"] if c["key"] == "Ts Kc")
    assert (best["hand"], best["pegging"], best["crib"], best["value"]) == pytest.approx(
        (4.804, 0.372, 6.663, 11.839), abs=1e-3
    )
    assert (casual["hand"], casual["value"]) == pytest.approx((6.022, 9.258), abs=1e-3)
    # The one valuation of a lay-away, the hint's and the expert's.
    ways = lay_away_values(view.hand, dealer=True)
    assert ways[0].value == pytest.approx(best["value"], abs=1e-3)
    assert puzzle["margin"] == pytest.approx(11.839 - 9.258, abs=2e-3)
    assert puzzle["question"].startswith("You are the dealer, 0 to 0 (first to 121)")
    assert puzzle["words"].startswith(
        "7♣ 8♦ keeps 10♠ J♣ J♠ K♣ (your crib): hand 4.81 + pegging 0.37 + crib 6.66 = 11.84; "
        "the casual lay-away (the most points in hand) 10♠ K♣ keeps 7♣ 8♦ J♣ J♠ (your crib): "
        "hand 6.02"
    )
    assert len(puzzle["choices"]) == 15


def test_a_puzzle_does_not_move_when_the_hidden_cards_change() -> None:
    one = lib.make_puzzle("lay-away", layaway_view(["Ac", "2c", "3c", "4c", "6c", "5c"]), "x")
    two = lib.make_puzzle("lay-away", layaway_view(["Kd", "Kh", "8h", "2d", "7s", "3d"]), "x")
    assert one == two
    # And the view rebuilt from the puzzle's JSON is the seat's view itself.
    view = layaway_view(["Ac", "2c", "3c", "4c", "6c", "5c"])
    assert ClassicView.from_json(view.to_json()) == view


def test_the_daily_puzzle_is_the_same_for_a_date_and_changes_with_the_date() -> None:
    day = datetime.date(2026, 12, 1)
    assert lib.daily(day) == lib.daily(datetime.date(2026, 12, 1))
    # Every day of a year has a puzzle of its own (2027, and any 365 days in a row).
    for first in (datetime.date(2027, 1, 1), datetime.date(2026, 7, 1)):
        ids = [lib.daily(first + datetime.timedelta(days=n))["id"] for n in range(365)]
        assert len(set(ids)) == 365
    # A game's own daily puzzle comes back only when all of its puzzles have come.
    tiles = [lib.daily(day + datetime.timedelta(days=n), "tiles")["id"] for n in range(60)]
    assert len(set(tiles[:50])) == 50 == len(lib.pick(game="tiles"))
    assert tiles[50:] == tiles[:10]
    for game in lib.GAMES:
        assert lib.daily(day, game)["game"] == game
    assert lib.daily_seed(day) == 20261201
    for n in range(0, 800, 37):
        date = day + datetime.timedelta(days=n)
        assert lib.daily_seed(date) == solitaire_daily_seed(date)


def test_check_judges_the_best_the_casual_and_bad_answers() -> None:
    puzzle = next(p for p in ALL if p["kind"] == "lay-away" and p["margin"] >= 1.5)
    best = lib.check(puzzle, puzzle["answer"].upper())
    assert best.correct
    assert best.verdict == "best"
    assert best.cost == 0
    assert best.words.startswith("Best. ")
    casual = lib.check(puzzle, puzzle["casual"][0])
    assert not casual.correct
    assert casual.cost == pytest.approx(puzzle["margin"], abs=2e-3)
    assert casual.verdict in ("mistake", "blunder")
    assert casual.words.startswith("Yours, ")
    hand = puzzle["view"]["hand"]
    for bad in ("zz", hand[0], " ".join(hand[:3]), "2c 2c" if "2c" not in hand else "ks ks"):
        with pytest.raises(lib.PuzzleError):
            lib.check(puzzle, bad)
    with pytest.raises(lib.PuzzleError, match="open cell"):
        lib.check(next(p for p in ALL if p["kind"] == "place"), "Z9")


def test_a_tiles_puzzle_is_answered_by_letter() -> None:
    puzzle = next(p for p in ALL if p["kind"] == "tiles")
    offered = lib.options(puzzle)
    letter = "ABCDEFGHIJ"[[c["key"] for c in offered].index(puzzle["answer"])]
    assert lib.check(puzzle, letter.lower()).correct
    assert lib.check(puzzle, puzzle["answer"]).correct
    with pytest.raises(lib.PuzzleError, match="letter"):
        lib.check(puzzle, "Z")


def test_pegging_puzzles_take_any_card_of_the_best_rank() -> None:
    puzzle = next(p for p in ALL if p["kind"] == "play")
    for key in puzzle["answers"]:
        assert key[0] == puzzle["answer"][0]
        assert lib.check(puzzle, key).correct


def test_the_history_keeps_the_streaks(tmp_path: Path) -> None:
    puzzle = ALL[0]
    right = lib.check(puzzle, puzzle["answer"])
    wrong = lib.check(puzzle, puzzle["casual"][0])
    day = datetime.date(2026, 12, 1)
    history = lib.load_history(tmp_path / "none.json")
    for n, result in enumerate((right, right, wrong, right)):
        history = lib.record_answer(
            history, result, date=day + datetime.timedelta(days=n), daily_puzzle=True
        )
    assert (history["streak"], history["best_streak"], history["daily_streak"]) == (1, 2, 1)
    # A day missed starts the daily streak again; a second answer the same day does not count.
    later = lib.record_answer(
        history, right, date=day + datetime.timedelta(days=6), daily_puzzle=True
    )
    again = lib.record_answer(
        later, right, date=day + datetime.timedelta(days=6), daily_puzzle=True
    )
    assert (later["daily_streak"], again["daily_streak"], again["streak"]) == (1, 1, 3)
    path = tmp_path / "puzzles.json"
    lib.save_history(path, again)
    assert lib.load_history(path) == again
    assert [p.name for p in tmp_path.iterdir()] == ["puzzles.json"]
    assert len(json.loads(path.read_text())["answers"]) == 6


def test_a_broken_history_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text("{broken")
    with pytest.raises(lib.HistoryError, match="cannot be read"):
        lib.load_history(path)
    path.write_text('{"format": 1, "streak": "x"}')
    with pytest.raises(lib.HistoryError, match="not one cribkit wrote"):
        lib.load_history(path)


def test_the_build_script_makes_the_shipped_puzzles_from_its_seed() -> None:
    from cribkit.analysis.data.build_puzzles import game_candidates

    # The first game of the classic build (seed 1, game 0): its puzzles open the file.
    made = game_candidates("classic", 1, 0, 2)
    assert made
    for kind in {p["kind"] for p in made}:
        mine = [p for p in made if p["kind"] == kind]
        shipped = [p for p in ALL if p["kind"] == kind][: len(mine)]
        assert [{**p, "id": s["id"]} for p, s in zip(mine, shipped, strict=True)] == shipped

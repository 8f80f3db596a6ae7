"""The Table Top terminal game, driven key by key through Textual's pilot at 80x24."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from cribkit.ai.tabletop import Position, TableTopPlayer
from cribkit.games.records import replay
from cribkit.games.tabletop.actions import CELLS, cell_name
from cribkit.games.tabletop.events import LineCounted
from cribkit.games.tabletop.rules import PLACEMENTS, TableTopRules
from cribkit.store.saves import load_record
from cribkit.tui.tabletop_app import TableTopApp
from tests.tui.whole_log import (
    assert_every_line_whole,
    lines_given_to_logs,
    widened_then_back,
)

Script = Callable[[TableTopApp, Pilot[None]], Awaitable[None]]


def run_app(app: TableTopApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def log_lines(app: TableTopApp) -> list[str]:
    return [strip.text for strip in app.query_one("#log", RichLog).lines]


def log_text(app: TableTopApp) -> str:
    """The whole log as one line of words (the log wraps its lines at spaces)."""
    return " ".join(" ".join(log_lines(app)).split())


def shown(app: TableTopApp, widget: str) -> str:
    return str(app.query_one(widget).render())


def cell_keys(cell: int) -> tuple[str, str]:
    """The keys that put the cursor on ``cell``: its column letter, then its row number."""
    name = cell_name(cell)
    return name[0].lower(), name[1]


async def place_on(pilot: Pilot[None], cell: int) -> None:
    await pilot.press(*cell_keys(cell), "enter")


async def play_deal(app: TableTopApp, pilot: Pilot[None], *, typed: bool = False) -> int:
    """Place until the deal is counted; the number of placements.

    Typed: on the first open cell, typed by name (``b2`` Enter); else where the cursor is
    (it moves to an open cell by itself), with Enter alone.
    """
    placed = 0
    for _ in range(PLACEMENTS):
        if app.review is not None or app.state.is_terminal:
            break
        assert app.state.current_player == 0
        assert app.cursor in app.state.open_cells()
        if typed:
            await place_on(pilot, app.state.open_cells()[0])
        else:
            await pilot.press("enter")
        placed += 1
    await pilot.pause()
    return placed


def test_a_full_deal_through_the_keyboard(tmp_path: Path) -> None:
    app = TableTopApp(ai="easy", seed=4, save_path=tmp_path / "game.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        assert "Deal 1" in str(app.query_one("#board").border_title)
        assert "Place " in shown(app, "#prompt")
        placed = await play_deal(app, pilot, typed=True)
        assert placed == 12  # 24 cards round the 5x5 grid's centre, 12 each
        review = app.review
        assert review is not None
        assert app.state.deal_no == 1
        assert -1 not in review.grid
        # The scores moved by the deal's count, shown on the board and the match panel.
        assert tuple(app.state.scores) == review.points
        assert sum(review.points) > 0
        assert "counted" in str(app.query_one("#board").border_title)
        assert f"Deal 1 counted: You +{review.points[0]}" in shown(app, "#prompt")
        assert f"You      {app.state.scores[0]:>2} " in shown(app, "#match")
        # The count, line by line in words, as the engine counts it.
        record = app.state.record()
        assert len(record["actions"]) == PLACEMENTS
        assert sum(a["seat"] == 0 for a in record["actions"]) == 12
        lines = [e for e in replay(record).events if isinstance(e, LineCounted)]
        assert len(lines) == 10
        text = log_text(app)
        for event in lines:
            label = event.name.replace("column ", "Col ").replace("row ", "Row ")
            assert f"{label} " in text
            assert " ".join(event.words().split()) in text
        assert "You count the" in text
        assert "Easy counts the" in text
        assert "Deal 2:" not in text  # the next deal waits until the count has been seen
        # Enter goes on to the next deal.
        await pilot.press("enter")
        assert app.review is None
        assert "Deal 2:" in log_text(app)
        assert "Deal 2" in str(app.query_one("#board").border_title)
        assert app.state.current_player == 0
        assert "Place " in shown(app, "#prompt")

    run_app(app, script)


def test_illegal_placements_show_an_error_and_change_nothing(tmp_path: Path) -> None:
    app = TableTopApp(ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        before = app.state
        board = shown(app, "#board")
        # The centre holds the centre card.
        await place_on(pilot, 12)
        assert app.state is before
        assert "You cannot place on C3: it already holds" in shown(app, "#prompt")
        # A cell that touches no card.
        closed = next(
            c for c in range(CELLS) if before.grid[c] == -1 and c not in before.open_cells()
        )
        await place_on(pilot, closed)
        assert app.state is before
        assert f"You cannot place on {cell_name(closed)}: it touches no card" in shown(
            app, "#prompt"
        )
        assert app.undo_stack == []
        assert app.review is None
        # Only the cursor moved: it marks the closed cell.
        assert shown(app, "#board") != board
        assert "✗" in shown(app, "#board")
        assert "✗" not in board
        # The arrows move the cursor; the prompt says what is under it.
        await pilot.press(*cell_keys(12))
        assert "C3 holds" in shown(app, "#prompt")
        await pilot.press("up")
        assert app.cursor == 7
        await pilot.press("left", "left", "left")
        assert app.cursor == 5  # the cursor stops at the edge

    run_app(app, script)


def test_undo_after_the_count_is_warned_of_and_the_count_stays(tmp_path: Path) -> None:
    app = TableTopApp(ai="easy", seed=6, save_path=tmp_path / "game.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        await play_deal(app, pilot)
        counted, review = app.state, app.review
        assert review is not None
        await pilot.press("u")
        assert app.state is counted
        assert app.review is review
        assert "this undo goes back past what you have seen" in shown(app, "#prompt")
        await pilot.press("enter")
        assert app.review is None
        assert app.state.deal_no == counted.deal_no

    run_app(app, script)


def test_save_and_resume_from_the_record(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    app = TableTopApp(ai="easy", seed=21, save_path=save)

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        for _ in range(3):
            await pilot.press("enter")
        await pilot.press("s")
        assert save.exists()
        assert "saved to" in shown(app, "#prompt")
        assert "--resume" in shown(app, "#prompt")

    run_app(app, script)
    record = load_record(save)
    assert record["game"] == "tabletop"
    assert record["seed"] == 21
    assert len(record["actions"]) == app.state.placed
    resumed = TableTopApp(ai="easy", record=record, save_path=save)
    assert resumed.state.record()["actions"] == record["actions"]
    assert resumed.state.grid == app.state.grid
    assert resumed.state.turned == app.state.turned

    async def more(app: TableTopApp, pilot: Pilot[None]) -> None:
        assert sum("You place" in line for line in log_lines(app)) == 3  # the replayed log
        await pilot.press("enter", "s")

    run_app(resumed, more)
    again = json.loads(save.read_text())
    assert again["actions"][: len(record["actions"])] == record["actions"]
    assert len(again["actions"]) == len(record["actions"]) + 2


def test_hint_names_the_experts_cell_its_value_and_the_runner_up(tmp_path: Path) -> None:
    app = TableTopApp(ai="easy", seed=8, save_path=tmp_path / "game.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        await pilot.press("enter", "enter")
        state = app.state
        cells = state.open_cells()
        values = TableTopPlayer("expert").expert_values(Position(state.observation(0)), cells)
        ranked = sorted(values, key=lambda c: (-values[c], c))
        await pilot.press("h")
        text = log_text(app)
        assert f"Hint: {shown_card(app)} on {cell_name(ranked[0])}" in text
        assert f"expected net {values[ranked[0]]:+.2f}" in text
        assert f"Runner-up: {cell_name(ranked[1])}, {values[ranked[1]]:+.2f}" in text
        assert "your row" in text or "your column" in text
        # The cursor goes to the hinted cell: Enter takes the hint.
        assert app.cursor == ranked[0]
        await pilot.press("enter")
        assert app.state.record()["actions"][-2]["cell"] == cell_name(ranked[0])

    run_app(app, script)


def shown_card(app: TableTopApp) -> str:
    turned = app.state.turned
    assert turned is not None
    rank = "10" if turned.rank == 10 else str(turned)[0]
    return f"{rank}{turned.suit.symbol}"


def test_a_finished_match_saves_its_record_and_n_starts_another(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    app = TableTopApp(TableTopRules(target=61), ai="easy", seed=2, save_path=save)

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        for _ in range(10):
            await play_deal(app, pilot)
            if app.state.is_terminal:
                break
            await pilot.press("n")
        assert app.state.is_terminal
        assert "n: new match" in shown(app, "#prompt")
        assert "the match, " in log_text(app)
        assert "Match record saved to" in log_text(app)
        final = replay(json.loads(save.read_text()))
        assert final.result == app.state.result
        await pilot.press("n")
        assert not app.state.is_terminal
        assert app.state.deal_no == 0
        assert app.state.scores == (0, 0)

    run_app(app, script)


def test_four_players_in_partnerships_play_a_deal(tmp_path: Path) -> None:
    app = TableTopApp(TableTopRules(players=4), ai="easy", seed=5, save_path=tmp_path / "g.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        placed = await play_deal(app, pilot)
        assert placed == 6
        assert app.review is not None
        match = shown(app, "#match")
        assert "Us" in match
        assert "Them" in match
        actions = app.state.record()["actions"]
        assert sorted({a["seat"] for a in actions}) == [0, 1, 2, 3]
        assert "Partner places" in log_text(app)
        assert "We count the" in log_text(app)

    run_app(app, script)


def test_at_80x24_every_log_line_is_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The lines counted in words and the hints wrap in the log beside the board."""
    with lines_given_to_logs(monkeypatch) as given:
        app = TableTopApp(ai="easy", seed=4, save_path=tmp_path / "game.json")

        async def deal_with_a_hint(pilot: Pilot[None]) -> None:
            await pilot.press("h")
            await play_deal(app, pilot)
            await pilot.press("enter")  # on from the deal's count

        async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
            for _ in range(2):
                await deal_with_a_hint(pilot)
            await assert_every_line_whole(app, pilot, given, at_least=30)
            await widened_then_back(pilot, deal_with_a_hint)
            await assert_every_line_whole(app, pilot, given, at_least=45)

        run_app(app, script)

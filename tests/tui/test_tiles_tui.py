"""The Cribbage Tiles terminal game, driven key by key through Textual's pilot at 80x24."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RichLog

from cribkit.games.records import replay
from cribkit.games.tiles.actions import PlayTiles
from cribkit.games.tiles.rules import tiles_text
from cribkit.games.tiles.state import TilesRules
from cribkit.store.saves import load_record
from cribkit.tui.tiles_app import TilesApp
from tests.tui.whole_log import (
    assert_every_line_whole,
    lines_given_to_logs,
    widened_then_back,
)

Script = Callable[[TilesApp, Pilot[None]], Awaitable[None]]


def run_app(app: TilesApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def log_text(app: TilesApp) -> str:
    lines = [strip.text for strip in app.query_one("#log", RichLog).lines]
    return " ".join(" ".join(lines).split())


def shown(app: TilesApp, widget: str) -> str:
    return str(app.query_one(widget).render())


def next_move(app: TilesApp) -> str:
    """The best-scoring play in the notation, else an exchange of the whole rack, else pass."""
    state = app.state
    plays = state.legal_plays()
    if plays:
        return state.notation(plays[0].play)
    rack = state.racks[0]
    if state.bag_sizes()[0] >= len(rack):
        return "exchange " + tiles_text(rack)
    return "pass"


async def type_move(pilot: Pilot[None], text: str) -> None:
    await pilot.press(*text, "enter")


def test_a_full_game_typed_against_the_easy_ai(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    app = TilesApp(TilesRules(board_size=7), ai="easy", seed=5, save_path=save)

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        assert "Cribbage Tiles 7x7" in str(app.query_one("#board").border_title)
        moves = 0
        while not app.state.is_terminal:
            assert app.state.current_player == 0
            text = next_move(app)
            before = len(app.state.history)
            if text.startswith(("exchange", "pass")):
                await type_move(pilot, text)
            else:
                # The preview shows the play's score before Enter commits it.
                await pilot.press(*text)
                points = app.state.preview(app.state.parse(text)).points
                assert f"Scores {points}:" in shown(app, "#preview")
                assert app.staged is not None
                await pilot.press("enter")
            assert len(app.state.history) > before, shown(app, "#prompt")
            assert app.query_one("#move", Input).value == ""
            moves += 1
            assert moves < 200
        assert app.state.result is not None
        assert "Game over" in shown(app, "#prompt")
        assert "Game record saved to" in log_text(app)
        final = replay(json.loads(save.read_text()))
        assert final.result == app.state.result
        assert sum(a["seat"] == 0 for a in app.state.record()["actions"]) == moves
        assert "You play" in log_text(app)
        assert "Easy plays" in log_text(app)
        # A new game after the end.
        await type_move(pilot, "new")
        assert not app.state.is_terminal
        assert app.state.current_player == 0

    run_app(app, script)


def test_an_illegal_move_shows_the_rule_and_changes_nothing(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=3, save_path=tmp_path / "g.json")

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        before = app.state
        await pilot.press(*"A1 across 2d 2l")
        assert "touches no tile" in shown(app, "#preview")
        await pilot.press("enter")
        assert app.state is before
        assert "touches no tile" in shown(app, "#prompt")
        await pilot.press("escape")
        await type_move(pilot, "G7 across Kd Kd")
        assert app.state is before
        assert "You hold no Kd" in shown(app, "#prompt")

    run_app(app, script)


def test_hint_fills_the_input(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=3, save_path=tmp_path / "g.json")

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        first = app.state
        await pilot.press("f1")
        hint = app.query_one("#move", Input).value
        assert hint
        assert f"Hint: {hint}" in log_text(app)
        assert "Scores " in shown(app, "#preview")
        await pilot.press("enter")
        assert app.state is not first
        mine = [a for a in app.state.history[len(first.history) :] if a.seat == 0]
        assert isinstance(mine[0], PlayTiles)
        assert app.state.current_player == 0

    run_app(app, script)


def test_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    app = TilesApp(ai="easy", seed=11, save_path=save)

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        await type_move(pilot, next_move(app))
        await pilot.press("f3")
        assert save.exists()
        assert "--resume" in shown(app, "#prompt")

    run_app(app, script)
    record = load_record(save)
    assert record["game"] == "tiles"
    resumed = TilesApp(ai="easy", record=record, save_path=save)
    assert resumed.state.board == app.state.board
    assert resumed.state.racks == app.state.racks
    assert resumed.state.current_player == 0


def test_at_80x24_every_log_line_is_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plays, their counts in words and the hints wrap in the narrow log beside the board."""
    with lines_given_to_logs(monkeypatch) as given:
        app = TilesApp(ai="easy", seed=5, save_path=tmp_path / "game.json")

        async def hinted_moves(pilot: Pilot[None]) -> None:
            for _ in range(3):
                await pilot.press("f1")  # the hint, into the input: Enter plays it
                await pilot.press("enter")

        async def script(app: TilesApp, pilot: Pilot[None]) -> None:
            await hinted_moves(pilot)
            await assert_every_line_whole(app, pilot, given, at_least=20)
            await widened_then_back(pilot, hinted_moves)
            await assert_every_line_whole(app, pilot, given, at_least=30)

        run_app(app, script)


def test_the_opening_is_logged_once(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=5, save_path=tmp_path / "game.json")

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        # Who plays first and the racks drawn: said once, not once per class that mounts.
        assert log_text(app).count("plays first") == 1, log_text(app)

    run_app(app, script)


def screen_text_of(app: TilesApp, selector: str) -> str:
    """What the screen shows inside a widget's region, row by row: a row cut at the screen's
    edge, or rows pushed off it, are missing here as they are for the player."""
    widget = app.query_one(selector)
    # The compositor's drawing of the whole screen, as the terminal is sent it.
    rows = app.screen._compositor.render_strips()
    region = widget.region.intersection(app.screen.region)
    return "\n".join(
        rows[y].crop(region.x, region.right).text for y in range(region.y, region.bottom)
    )


def squeezed(text: str) -> str:
    # Wrapping turns a space into a line break, and the border adds its own: compare letters.
    return "".join(ch for ch in text if ch.isalnum() or ch in "+:(),;")


def test_at_80x24_a_long_preview_is_shown_whole_beside_the_whole_board(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=3, save_path=tmp_path / "g.json")

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        await type_move(pilot, next_move(app))  # then the board has lines to play across
        state = app.state
        texts = {}
        for play in state.legal_plays()[:60]:  # the best first: the longest counts in words
            texts[state.notation(play.play)] = app._preview_text(play.play).plain
        app.staged = None
        move, words = max(texts.items(), key=lambda item: len(item[1]))
        # Longer than a row of the screen: the one-row preview under the board cut it.
        assert len(words) > 78, words
        await pilot.press(*move)
        await pilot.pause()
        assert str(app.query_one("#preview").render()) == words
        assert squeezed(words) in squeezed(screen_text_of(app, "#preview"))
        # The log beside it, shorter now, still shows its last line.
        log = app.query_one("#log", RichLog)
        assert log.scroll_offset.y == log.max_scroll_y
        # The board keeps its 13 rows, the rack and the legend on the screen.
        board = screen_text_of(app, "#board")
        for part in ("13", "Rack", "last play"):
            assert part in board, board
        # Cleared, the preview's panel goes and the log has the room again.
        await pilot.press("escape")
        await pilot.pause()
        assert not app.query_one("#preview").display

    run_app(app, script)


def test_h_u_and_s_are_hint_undo_and_save_as_in_the_other_games(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    app = TilesApp(ai="easy", seed=3, save_path=save)

    async def script(app: TilesApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        footer = app.screen._compositor.render_strips()[-1].text
        for keys in ("h⏎/F1", "u⏎/F2", "s⏎/F3"):
            assert keys in footer, footer
        assert "h hint · u undo · s save" in shown(app, "#prompt")
        # h: typed, the preview says what Enter does (h also starts a move from column H).
        await pilot.press("h")
        assert "Enter: the expert's move" in shown(app, "#preview")
        assert "a move from column H" in shown(app, "#preview")
        await pilot.press("enter")
        hint = app.query_one("#move", Input).value
        assert hint
        assert f"Hint: {hint}" in log_text(app)
        await pilot.press("enter")  # the hint's play: tiles are drawn after it
        assert app.state.current_player == 0
        played = app.state
        # u: undo, a practice undo past the tiles drawn: warned of first, nothing changed.
        await type_move(pilot, "u")
        assert app.state is played
        assert "this undo goes back past what you have seen" in shown(app, "#prompt").lower()
        # s: saved, with the command that resumes it.
        assert not save.exists()
        await pilot.press("s")
        assert "Enter: save the game" in shown(app, "#preview")
        await pilot.press("enter")
        assert save.exists()
        assert "--resume" in shown(app, "#prompt")
        # A move from column H still begins with h.
        await pilot.press(*"h7 down")
        assert "Enter: the expert's move" not in shown(app, "#preview")

    run_app(app, script)

"""Undo in the terminal games asks the protocol's one rule, as the web app does: it never goes
back past something hidden that has been shown since the move (a starter, a card the computer
played or turned up, a drawn tile), so nothing can be peeked at and played against again."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import RichLog

from cribkit.games.classic.rules import ClassicRules
from cribkit.games.protocol import game_info
from cribkit.games.undo import undo_refusal
from cribkit.tui.classic_app import ClassicApp
from cribkit.tui.solitaire_app import SolitaireApp
from cribkit.tui.tabletop_app import TableTopApp
from cribkit.tui.tiles_app import TilesApp


def run_app(app: App[None], script: Callable[[Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(pilot)

    asyncio.run(main())


def prompt(app: App[None]) -> str:
    """The prompt line, in lower case (Tiles writes its first letter in capitals)."""
    return str(app.query_one("#prompt").render()).lower()


def log_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.query_one("#log", RichLog).lines)


def test_the_classic_starter_cannot_be_peeked(tmp_path: Path) -> None:
    app = ClassicApp(ClassicRules(), ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert "no undo: you have no move to take back" in prompt(app)
        await pilot.press("1", "2", "enter")
        laid, starter = app.state, app.state.starter
        assert starter is not None  # both have laid away: the starter is shown
        await pilot.press("u")
        # Refused, naming what was seen, and nothing changed: the lay-away stands.
        assert app.state is laid
        assert "no undo: since your last move something hidden has been shown" in prompt(app)
        assert "the starter is" in prompt(app)
        assert "Undone" not in log_text(app)
        assert any(a["type"] == "discard" and a["seat"] == 0 for a in app.state.record()["actions"])
        # Pressing again walks no further back either: the same starter stays the starter.
        await pilot.press("u", "u")
        assert app.state is laid
        assert app.state.starter == starter

    run_app(app, script)


def test_classic_undo_takes_back_a_card_when_nothing_was_shown_since(tmp_path: Path) -> None:
    # Seed 6 against easy: the computer has said go, so after your third card of the play it
    # is your turn again and nothing hidden has been shown since that card.
    app = ClassicApp(ClassicRules(), ai="easy", seed=6, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter", "1", "1")
        before = app.state
        await pilot.press("1")
        assert app.state is not before
        assert app.state.phase == "play"
        assert app.state.current_player == 0
        await pilot.press("u")
        assert app.state is before
        assert "Undone" in log_text(app)
        # The card before it was answered by the computer's card: no further back.
        await pilot.press("u")
        assert app.state is before
        assert "something hidden has been shown" in prompt(app)

    run_app(app, script)


def test_table_top_undo_never_goes_back_past_the_computer_s_card(tmp_path: Path) -> None:
    app = TableTopApp(ai="medium", seed=11, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # your card, then the computer turns up and places its own
        placed = app.state
        assert placed.current_player == 0
        await pilot.press("u")
        assert app.state is placed
        assert "no undo: since your last move something hidden has been shown" in prompt(app)

    run_app(app, script)


def test_tiles_undo_never_goes_back_past_the_tiles_drawn(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=3, save_path=tmp_path / "g.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("f1", "enter")  # the hint's play: you draw tiles after it
        played = app.state
        assert played.current_player == 0
        await pilot.press("f2")
        assert app.state is played
        assert "no undo: since your last move something hidden has been shown" in prompt(app)

    run_app(app, script)


def test_solitaire_undo_never_goes_back_past_the_starter(tmp_path: Path) -> None:
    app = SolitaireApp(seed=3, save_path=tmp_path / "g.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert "no undo: you have no move to take back" in prompt(app)
        await pilot.press("1", "2", "enter")
        laid = app.state
        assert laid.round_no == 1
        await pilot.press("u")
        assert app.state is laid
        assert "the starter is" in prompt(app)
        assert app.undos == 0

    run_app(app, script)


def test_the_terminal_says_what_the_protocol_says(tmp_path: Path) -> None:
    """The refusal on the prompt is the protocol's own, for the events since the move."""
    app = ClassicApp(ClassicRules(), ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter")
        state, mark = app.undo_stack[-1]
        since: list[Any] = app.timeline[mark:]
        refusal = undo_refusal(game_info("classic"), 0, since, over=False)
        assert refusal is not None
        await pilot.press("u")
        assert app.names.sentence(f"no undo: {refusal}").lower() == prompt(app)
        assert state is not app.state

    run_app(app, script)

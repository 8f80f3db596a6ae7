"""Undo in the terminal games asks the protocol's one rule, as the web app does against the
computer: an undo back past something hidden that has been shown since the move (a starter, a
card the computer played or turned up, a drawn tile) is a practice undo: the first one is
warned of (u again takes it), the same cards come again, and the record says practice."""

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
from cribkit.games.undo import first_reveal, undo_refusal
from cribkit.tui.base import practice_warning
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


WARNED = "this undo goes back past what you have seen"


def test_a_classic_practice_undo_is_warned_of_and_the_same_starter_comes_again(
    tmp_path: Path,
) -> None:
    app = ClassicApp(ClassicRules(), ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert "no undo: you have no move to take back" in prompt(app)
        dealt = app.state
        await pilot.press("1", "2", "enter")
        laid, starter = app.state, app.state.starter
        assert starter is not None  # both have laid away: the starter is shown
        await pilot.press("u")
        # Warned first, naming what was seen, and nothing changed yet.
        assert app.state is laid
        assert WARNED in prompt(app)
        assert "the starter is" in prompt(app)
        assert "Undone" not in log_text(app)
        assert not app.practice
        # u again: back to the six cards; laid away otherwise, the same starter is turned.
        await pilot.press("u")
        assert app.state is dealt
        assert app.practice
        await pilot.press("3", "4", "enter")
        assert app.state.starter == starter
        assert app.game_record()["meta"] == {"practice": True}

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
        # The card before it was answered by the computer's card: going further back is a
        # practice undo, warned of first.
        await pilot.press("u")
        assert app.state is before
        assert WARNED in prompt(app)
        assert not app.practice

    run_app(app, script)


def test_table_top_practice_undo_takes_back_the_card_and_the_computer_s(tmp_path: Path) -> None:
    app = TableTopApp(ai="medium", seed=11, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        before = app.state
        await pilot.press("enter")  # your card, then the computer turns up and places its own
        placed = app.state
        assert placed.current_player == 0
        await pilot.press("u")
        assert app.state is placed
        assert WARNED in prompt(app)
        await pilot.press("u")
        assert app.state is before
        assert app.practice

    run_app(app, script)


def test_tiles_practice_undo_goes_back_past_the_tiles_drawn(tmp_path: Path) -> None:
    app = TilesApp(ai="easy", seed=3, save_path=tmp_path / "g.json")

    async def script(pilot: Pilot[None]) -> None:
        before = app.state
        await pilot.press("f1", "enter")  # the hint's play: you draw tiles after it
        played = app.state
        assert played.current_player == 0
        await pilot.press("f2")
        assert app.state is played
        assert WARNED in prompt(app)
        await pilot.press("f2")
        assert app.state is before

    run_app(app, script)


def test_solitaire_practice_undo_turns_the_same_starter_again(tmp_path: Path) -> None:
    app = SolitaireApp(seed=3, save_path=tmp_path / "g.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("u")
        assert "no undo: you have no move to take back" in prompt(app)
        dealt = app.state
        await pilot.press("1", "2", "enter")
        laid = app.state
        assert laid.round_no == 1
        starter = laid.rounds[-1].starter
        await pilot.press("u")
        assert app.state is laid
        assert WARNED in prompt(app)
        assert "the starter is" in prompt(app)
        assert app.undos == 0
        await pilot.press("u")
        assert app.state is dealt
        assert app.undos == 1
        await pilot.press("3", "4", "enter")
        assert app.state.rounds[-1].starter == starter
        assert app._record()["meta"] == {"undos": 1, "practice": True}

    run_app(app, script)


def test_the_terminal_says_what_the_protocol_says(tmp_path: Path) -> None:
    """The warning on the prompt names what the protocol says was shown since the move."""
    app = ClassicApp(ClassicRules(), ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter")
        state, mark = app.undo_stack[-1]
        since: list[Any] = app.timeline[mark:]
        assert undo_refusal(game_info("classic"), 0, since, over=False) is not None
        assert undo_refusal(game_info("classic"), 0, since, over=False, past_reveals=True) is None
        seen = first_reveal(0, since)
        assert seen is not None
        await pilot.press("u")
        assert app.names.sentence(practice_warning(seen)).lower() == prompt(app)
        assert state is not app.state

    run_app(app, script)

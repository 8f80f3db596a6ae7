"""A key pressed while a deal's end is being counted does not act in the next deal (issue 36).

The terminal counts the show and lets the computer open the next deal in one go; a key the
player presses meanwhile waits in the terminal's queue, stamped with the moment it was pressed.
Here such a key is made just before the move that ends the deal (so it is stamped before the
end was drawn, as a key pressed during the count is) and reaches the app after it: it must be
dropped. A key pressed after the new deal is drawn acts as usual. In Table Top the counted deal
stays on the screen until the player goes on: keys that move the cursor wait for that too.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from textual.app import App
from textual.events import Key
from textual.pilot import Pilot

from cribkit.games.classic.rules import ClassicRules
from cribkit.tui.classic_app import ClassicApp
from cribkit.tui.solitaire_app import SolitaireApp
from cribkit.tui.tabletop_app import TableTopApp

A = TypeVar("A", bound=App[None])


def run_app(app: A, script: Callable[[A, Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def key(name: str) -> Key:
    """A key as the terminal's driver makes it: stamped with the moment it is made."""
    return Key(name, name if len(name) == 1 else None)


async def arrives_late(app: App[None], pilot: Pilot[None], pressed: Key) -> None:
    """``pressed`` reaches the app now, however long ago it was pressed."""
    app.post_message(pressed)
    await pilot.pause()


def prompt(app: App[None]) -> str:
    return str(app.query_one("#prompt").render())


def test_classic_a_key_pressed_during_the_show_picks_no_card_of_the_next_deal(
    tmp_path: Path,
) -> None:
    app = ClassicApp(ClassicRules(), ai="easy", seed=4, save_path=tmp_path / "game.json")

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        deal = app.state.deal_no
        await pilot.press("1", "2", "enter")
        during_the_show = key("1")
        for _ in range(12):
            if app.state.deal_no != deal:
                break
            # Made before each card of the play: the one before the last card that ends the
            # deal is a key pressed while that deal's show was being counted.
            during_the_show = key("1")
            await pilot.press("1")
        assert app.state.deal_no == deal + 1
        assert app.state.phase == "discard"
        assert app.state.current_player == 0
        await arrives_late(app, pilot, during_the_show)
        assert app.selected == set()
        assert "Pick 2 cards" in prompt(app)
        # Pressed once the new deal is drawn, the same key picks the first card.
        await pilot.press("1")
        assert len(app.selected) == 1

    run_app(app, script)


def test_table_top_keys_during_the_count_move_nothing_and_skip_nothing(tmp_path: Path) -> None:
    app = TableTopApp(ai="easy", seed=4, save_path=tmp_path / "game.json")

    async def script(app: TableTopApp, pilot: Pilot[None]) -> None:
        during_the_count = key("enter")
        while app.review is None:
            during_the_count = key("enter")
            await pilot.press("enter")
        review = app.review
        # An Enter pressed while the deal was counted does not skip the count unseen.
        await arrives_late(app, pilot, during_the_count)
        assert app.review is review
        # Keys pressed while the count is shown leave the next deal's cursor where it was.
        cursor = app.cursor
        await pilot.press("a", "1", "up", "left", "e", "5")
        assert app.cursor == cursor
        assert app.review is review
        assert "Enter or n: next deal" in prompt(app)
        await pilot.press("enter")
        assert app.review is None
        assert app.state.current_player == 0
        assert app.cursor in app.state.open_cells()
        # In the new deal the keys move the cursor again.
        before = app.cursor
        await pilot.press("up")
        assert app.cursor == (before - 5 if before >= 5 else before)

    run_app(app, script)


def test_solitaire_a_key_pressed_during_a_round_s_count_picks_nothing_in_the_next(
    tmp_path: Path,
) -> None:
    app = SolitaireApp(seed=3, save_path=tmp_path / "g.json")

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "2")
        during_the_count = key("3")
        await pilot.press("enter")
        assert app.state.round_no == 1
        await arrives_late(app, pilot, during_the_count)
        assert app.selected == set()
        await pilot.press("3")
        assert app.selected == {app.state.hand[2]}

    run_app(app, script)

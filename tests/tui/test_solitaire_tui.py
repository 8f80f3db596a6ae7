"""The Cribbage Solitaire terminal game, driven key by key through Textual's pilot at 80x24."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from cribkit.ai.solitaire import SolitairePlayer, best_possible_total, options_for
from cribkit.games.records import replay
from cribkit.games.solitaire.state import start_solitaire
from cribkit.tui.solitaire_app import SolitaireApp
from tests.tui.whole_log import (
    assert_every_line_whole,
    lines_given_to_logs,
    widened_then_back,
)

Script = Callable[[SolitaireApp, Pilot[None]], Awaitable[None]]


def run_app(app: SolitaireApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def log_lines(app: SolitaireApp) -> list[str]:
    return [strip.text for strip in app.query_one("#log", RichLog).lines]


def shown(app: SolitaireApp, widget: str) -> str:
    return str(app.query_one(widget).render())


def test_a_whole_game_through_the_keyboard(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    app = SolitaireApp(seed=20250314, save_path=save)
    expert_total = 0

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        nonlocal expert_total
        for round_no in range(6):
            assert app.state.round_no == round_no
            assert f"Round {round_no + 1} of 6" in shown(app, "#status")
            # Lay away what the expert would: pick its two cards by their numbers.
            best = options_for(app.state.observation(0))[0].discard
            keys = [str(app.state.hand.index(card) + 1) for card in best]
            await pilot.press(*keys)
            assert "▒▒ ▒▒" in shown(app, "#crib")
            await pilot.press("enter")
        await pilot.pause()
        assert app.state.is_terminal
        lines = "\n".join(log_lines(app))
        # Every count in words, as it happened: hands, cribs and the last hand.
        assert lines.count("Hand ") == 6
        assert lines.count("Crib ") == 6
        assert "Last hand " in lines
        assert "fifteen two" in lines
        assert "The game ends with" in lines
        top = best_possible_total(app.state.deck)
        assert f"Best possible total knowing the deck: {top}" in lines
        assert f"Total {app.state.total}" in shown(app, "#status")
        assert f"Best possible total for this deal: {top}" in shown(app, "#crib")
        assert "q: quit" in shown(app, "#prompt")
        expert_total = app.state.total

    run_app(app, script)
    final = replay(json.loads(save.read_text()))
    assert final.result is not None
    assert final.result.scores == (expert_total,)
    # The same seed played by the expert from the engine gives the same total.
    state = start_solitaire(seed=20250314).state
    while not state.is_terminal:
        state = state.apply(
            SolitairePlayer("expert").choose(state.observation(0), state.legal_actions())
        ).state
    assert state.total == expert_total


def test_two_cards_are_needed_and_a_second_press_puts_one_back(tmp_path: Path) -> None:
    app = SolitaireApp(seed=3, save_path=tmp_path / "g.json")

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        hand = app.state.hand
        await pilot.press("1", "enter")
        assert app.state.hand == hand  # one card is not a lay-away
        assert "pick 2 cards" in shown(app, "#prompt")
        await pilot.press("1")  # put it back
        assert app.selected == set()
        await pilot.press("2", "3", "4")
        assert app.selected == {hand[1], hand[2]}
        assert "already" in shown(app, "#prompt")
        await pilot.press("enter")
        assert app.state.round_no == 1
        assert app.state.rounds[0].laid == (hand[1], hand[2])
        assert "(last round's)" in shown(app, "#crib")
        # The stock line, from the view: 44 cards less the 8 dealt, the starter at the bottom.
        assert "Stock: 36 cards; at the bottom, as you saw them go:" in shown(app, "#stock")

    run_app(app, script)


def test_hint_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    app = SolitaireApp(seed=42, save_path=save)

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        hints = [line for line in log_lines(app) if "lay away" in line or "next best" in line]
        best, second = options_for(app.state.observation(0))[:2]
        assert any(f"= {best.value:.2f}" in line for line in hints)
        assert any(f"= {second.value:.2f}" in line for line in hints)
        await pilot.press("1", "2", "enter", "s")
        assert save.exists()
        assert "saved to" in shown(app, "#prompt")

    run_app(app, script)
    record = json.loads(save.read_text())
    assert record["game"] == "solitaire"
    assert record["seed"] == 42
    assert len(record["actions"]) == 1
    resumed = SolitaireApp(record=record, save_path=save)
    assert resumed.state.round_no == 1
    assert resumed.state.record()["actions"] == record["actions"]

    async def more(app: SolitaireApp, pilot: Pilot[None]) -> None:
        assert "Round 2 of 6" in shown(app, "#status")
        assert any("Round 1:" in line for line in log_lines(app))  # the replayed log
        for _ in range(5):
            await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert app.state.is_terminal

    run_app(resumed, more)
    assert replay(json.loads(save.read_text())).result == resumed.state.result


def test_at_80x24_every_log_line_is_shown_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The counts in words and the closing comparison with the best play are shown whole."""
    with lines_given_to_logs(monkeypatch) as given:
        app = SolitaireApp(seed=20250314, save_path=tmp_path / "end.json")

        async def rounds(pilot: Pilot[None], count: int) -> None:
            for _ in range(count):
                await pilot.press("h", "1", "2", "enter")

        async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
            await rounds(pilot, 3)
            await assert_every_line_whole(app, pilot, given, at_least=15)
            await widened_then_back(pilot, lambda pilot: rounds(pilot, 3))
            assert app.state.is_terminal
            await assert_every_line_whole(app, pilot, given, at_least=30)

        run_app(app, script)


def test_the_daily_deal_ends_beside_the_experts_total(tmp_path: Path) -> None:
    from cribkit.sim.solitaire import deal_report

    app = SolitaireApp(seed=20261201, save_path=tmp_path / "d.json", title="daily deal 2026-12-01")

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        for _ in range(6):
            await pilot.press("1", "2", "enter")
        await pilot.pause()
        assert app.state.is_terminal
        expert = deal_report(20261201)["total"]
        lines = "\n".join(log_lines(app))
        assert (
            f"The expert made {expert} on the same deal: you {app.state.total - expert:+d}."
            in lines
        )

    run_app(app, script)

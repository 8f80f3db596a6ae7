"""The classic terminal game, driven key by key through Textual's pilot at 80x24."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import RichLog

from cribkit.games.classic.rules import ClassicRules
from cribkit.games.records import replay
from cribkit.tui.classic_app import ClassicApp
from tests.tui.whole_log import (
    assert_every_line_whole,
    lines_given_to_logs,
    widened_then_back,
)

Script = Callable[[ClassicApp, Pilot[None]], Awaitable[None]]


def run_app(app: ClassicApp, script: Script) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def log_lines(app: ClassicApp) -> list[str]:
    return [strip.text for strip in app.query_one("#log", RichLog).lines]


async def play_deal(app: ClassicApp, pilot: Pilot[None]) -> None:
    """Lay away the first two cards, then always lead the lowest card, until the deal ends."""
    deal = app.state.deal_no
    assert app.state.phase == "discard"
    await pilot.press("1", "2", "enter")
    for _ in range(12):
        if app.state.deal_no != deal or app.state.is_terminal:
            break
        # Cards are shown lowest first: if the first cannot be played, none can.
        await pilot.press("1")
    await pilot.pause()


def test_a_whole_deal_through_the_keyboard(tmp_path: Path) -> None:
    app = ClassicApp(ClassicRules(), ai="easy", seed=4, save_path=tmp_path / "game.json")

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        first_deal = app.state.deal_no
        await play_deal(app, pilot)
        assert app.state.deal_no == first_deal + 1
        lines = "\n".join(log_lines(app))
        # The play and the show, in words, and the scores on the board.
        assert "You play" in lines
        assert "shows hand" in lines or "show hand" in lines
        assert "shows crib" in lines or "show crib" in lines
        assert sum(app.state.scores) > 0
        board = str(app.query_one("#board").render())
        assert f"{app.state.scores[0]:>4}" in board
        # Every card the human laid away or played is in the game's record.
        record = app.state.record()
        human_plays = [a for a in record["actions"] if a["seat"] == 0]
        assert human_plays[0]["type"] == "discard"
        assert len(human_plays) >= 2

    run_app(app, script)


def test_discard_needs_two_cards(tmp_path: Path) -> None:
    app = ClassicApp(ClassicRules(), ai="medium", seed=9, save_path=tmp_path / "game.json")

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        hand_before = app.state.hands[0]
        await pilot.press("1", "enter")
        assert app.state.hands[0] == hand_before  # one card is not a discard
        assert "pick 2 cards to lay away first" in str(app.query_one("#prompt").render())
        await pilot.press("2", "enter")
        assert app.state.phase in ("play", "discard")
        assert app.state.hands[0] != hand_before

    run_app(app, script)


def test_hint_save_and_resume(tmp_path: Path) -> None:
    save = tmp_path / "saved.json"
    app = ClassicApp(ClassicRules(), ai="easy", seed=21, save_path=save)

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        assert any("Hint: lay away" in line for line in log_lines(app))
        await pilot.press("1", "2", "enter", "s")
        assert save.exists()

    run_app(app, script)
    record = json.loads(save.read_text())
    resumed = ClassicApp(record=record, save_path=save)
    assert resumed.state.record()["actions"] == record["actions"]
    assert replay(record).state.scores == resumed.state.scores


def test_a_finished_game_saves_its_record(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    rules = ClassicRules(target=61)
    app = ClassicApp(rules, ai="random", seed=2, save_path=save)

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        for _ in range(40):
            if app.state.is_terminal:
                break
            await play_deal(app, pilot)
        assert app.state.is_terminal
        assert "n: new game" in str(app.query_one("#prompt").render())

    run_app(app, script)
    final = replay(json.loads(save.read_text()))
    assert final.result is not None
    assert final.result == app.state.result


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_play_a_deal(players: int, tmp_path: Path) -> None:
    app = ClassicApp(
        ClassicRules(players=players), ai="easy", seed=5, save_path=tmp_path / "g.json"
    )

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        deal = app.state.deal_no
        await pilot.press("1", "enter")
        for _ in range(10):
            if app.state.deal_no != deal:
                break
            await pilot.press("1")
        assert app.state.deal_no == deal + 1

    run_app(app, script)


def test_manual_counting_declare_and_muggins(tmp_path: Path) -> None:
    rules = ClassicRules(manual_counting=True, muggins=True)
    app = ClassicApp(rules, ai="medium", seed=12, save_path=tmp_path / "m.json")

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        deal = app.state.deal_no
        declared = 0
        await pilot.press("1", "2", "enter")
        for _ in range(40):
            state = app.state
            if state.deal_no != deal or state.is_terminal:
                break
            if state.phase == "declare" and state.claim is not None:
                # Declare one point short when possible: the count stands, short.
                points = max(0, state.claim.correct - 1)
                before = state.scores[0]
                await pilot.press(*str(points), "enter")
                assert app.state.scores[0] == before + points
                declared += 1
            elif state.phase == "muggins":
                await pilot.press("enter")  # let the computer's count stand
            else:
                await pilot.press("1")
        assert declared > 0
        lines = "\n".join(log_lines(app))
        assert "You declare" in lines
        # Every short declaration is taken by the computer's muggins call.
        assert lines.count("muggins") >= declared

    run_app(app, script)


@pytest.mark.parametrize("players", [2, 4])
def test_at_80x24_every_log_line_is_shown_whole(
    players: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands and cribs counted in words, and the hints, are longer than the log is wide."""
    rules = ClassicRules(players=players)
    with lines_given_to_logs(monkeypatch) as given:
        app = ClassicApp(rules, ai="easy", seed=4, save_path=tmp_path / "game.json")

        async def deal_with_hints(pilot: Pilot[None]) -> None:
            deal = app.state.deal_no
            await pilot.press("h", "1", "2" if players == 2 else "h", "enter")
            for _ in range(12):
                if app.state.deal_no != deal or app.state.is_terminal:
                    break
                await pilot.press("h", "1")

        async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
            for _ in range(2):
                await deal_with_hints(pilot)
            await assert_every_line_whole(app, pilot, given, at_least=40)
            await widened_then_back(pilot, deal_with_hints)
            await assert_every_line_whole(app, pilot, given, at_least=50)

        run_app(app, script)

"""The final line over the game hole (issue 15): the terminal writes the scores as the board holds
them, the winner's peg in the game hole ("Random wins 47 - 61", not "47 - 62"), as the browser's
``pegged`` does; the record keeps the scores as counted."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import RichLog
from typer.testing import CliRunner

from cribkit.cli.app import app as cli
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.protocol import pegged, pegged_text
from cribkit.games.records import replay
from cribkit.games.tabletop import TableTopRules
from cribkit.tui.classic_app import ClassicApp
from cribkit.tui.tabletop_app import TableTopApp
from tests.tui.test_classic_tui import play_deal
from tests.tui.test_tabletop_tui import play_deal as place_deal


def test_classic_final_line_stops_the_winner_in_the_game_hole(tmp_path: Path) -> None:
    save = tmp_path / "end.json"
    # Seed 2 at random, to 61: the computer counts out to 62.
    app = ClassicApp(ClassicRules(target=61), ai="random", seed=2, save_path=save)

    async def main() -> tuple[str, list[str]]:
        async with app.run_test(size=(80, 24)) as pilot:
            for _ in range(40):
                if app.state.is_terminal:
                    break
                await play_deal(app, pilot)
            log = [strip.text for strip in app.query_one("#log", RichLog).lines]
            return str(app.query_one("#prompt").render()), log

    prompt, log = asyncio.run(main())
    result = app.state.result
    assert result is not None
    assert max(result.scores) > 61, "the seed no longer counts past 61"
    assert f"{pegged_text(result.scores, 61)} (game)" in prompt
    assert str(max(result.scores)) not in prompt
    # The log's last word on the game says the same.
    won = next(line for line in reversed(log) if " win" in line)
    assert won.endswith("-".join(map(str, pegged(result.scores, 61)))), won
    # The saved record replays to the count; `cribkit replay` writes it as pegged, once, and
    # the count as the JSON gives it beside.
    assert replay(json.loads(save.read_text())).result == result
    replayed = CliRunner().invoke(cli, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    board, counted = ("-".join(map(str, s)) for s in (pegged(result.scores, 61), result.scores))
    assert replayed.output.rstrip().endswith(f"wins, {board} (counted {counted})")
    assert replayed.output.count(" wins") == 1


def test_table_top_final_line_stops_the_winner_in_the_game_hole(tmp_path: Path) -> None:
    app = TableTopApp(TableTopRules(target=61), ai="easy", seed=2, save_path=tmp_path / "m.json")

    async def main(pilot_app: TableTopApp) -> tuple[str, list[str]]:
        async with pilot_app.run_test(size=(80, 24)) as pilot:
            await finish(pilot_app, pilot)
            log = [strip.text for strip in pilot_app.query_one("#log", RichLog).lines]
            return str(pilot_app.query_one("#prompt").render()), log

    prompt, log = asyncio.run(main(app))
    result = app.state.result
    assert result is not None
    assert max(result.scores) > 61, "the seed no longer counts past 61"
    assert pegged_text(result.scores, 61) in prompt
    assert str(max(result.scores)) not in prompt.split(".")[0]
    won = next(line for line in log if "the match, " in line)
    assert won.endswith(f"{'-'.join(map(str, pegged(result.scores, 61)))}!"), won


async def finish(app: TableTopApp, pilot: Pilot[None]) -> None:
    """Place every card until the match is over (a new deal by n)."""
    for _ in range(10):
        await place_deal(app, pilot)
        if app.state.is_terminal:
            return
        await pilot.press("n")
    raise AssertionError("the match did not end in ten deals")

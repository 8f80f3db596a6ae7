"""Articles and plurals in the terminal's words (issue 36: "play a ace", "Pick 2 card(s)")."""

from __future__ import annotations

import asyncio
import re
import tokenize
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import RichLog

import cribkit.tui
from cribkit.games.classic.rules import ClassicRules
from cribkit.tui.classic_app import ClassicApp
from cribkit.tui.naming import counted, with_article
from cribkit.tui.solitaire_app import SolitaireApp

A = TypeVar("A", bound=App[None])
#: A plural hedged in brackets: "card(s)", "box(es)".
_HEDGED = re.compile(r"[a-z]\((?:s|es)\)")
#: An f-string's expression, ``{self.seat_name(s)}``: code, not words.
_EXPRESSION = re.compile(r"\{[^{}]*\}")


def run_app(app: A, script: Callable[[A, Pilot[None]], Awaitable[None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            await script(app, pilot)

    asyncio.run(main())


def prompt(app: App[None]) -> str:
    return str(app.query_one("#prompt").render())


def test_a_or_an_as_the_word_is_said() -> None:
    ranks = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
    assert [with_article(rank) for rank in ranks] == [
        "an ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a jack",
        "a queen", "a king",
    ]  # fmt: skip
    assert with_article("11") == "an 11"
    assert with_article("eighteen") == "an eighteen"


def test_one_is_singular_every_other_count_plural() -> None:
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "more card", "more cards") == "1 more card"


def test_no_word_of_the_terminal_hedges_its_plural() -> None:
    """No "card(s)": every count in the terminal's words says one or many."""
    folder = Path(cribkit.tui.__file__).parent
    hedged = []
    for path in sorted(folder.glob("*.py")):
        with path.open("rb") as source:
            for token in tokenize.tokenize(source.readline):
                # The words are in the strings (an f-string is one token before Python 3.12).
                if token.type in (tokenize.STRING, getattr(tokenize, "FSTRING_MIDDLE", -1)):
                    words = _EXPRESSION.sub(" ", token.string)
                    hedged += [f"{path.name}: {m}" for m in _HEDGED.findall(words)]
    assert hedged == []


def test_classic_asks_for_two_cards_or_one(tmp_path: Path) -> None:
    two = ClassicApp(ClassicRules(), ai="easy", seed=4, save_path=tmp_path / "two.json")

    async def pick_two(app: ClassicApp, pilot: Pilot[None]) -> None:
        assert re.match(r"Pick 2 cards for (your|Easy's) crib", prompt(app)), prompt(app)
        await pilot.press("1", "enter")
        assert "pick 2 cards to lay away first" in prompt(app)

    run_app(two, pick_two)
    three = ClassicApp(ClassicRules(players=3), ai="easy", seed=4, save_path=tmp_path / "3.json")

    async def pick_one(app: ClassicApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert re.match(r"Pick 1 card for (your|Easy \d's) crib", prompt(app)), prompt(app)
        await pilot.press("enter")
        assert "pick 1 card to lay away first" in prompt(app)

    run_app(three, pick_one)


def test_solitaire_counts_down_the_cards_to_pick(tmp_path: Path) -> None:
    app = SolitaireApp(seed=3, save_path=tmp_path / "g.json")

    async def script(app: SolitaireApp, pilot: Pilot[None]) -> None:
        assert "Pick 2 more cards for the crib" in prompt(app)
        await pilot.press("1")
        assert "Pick 1 more card for the crib" in prompt(app)

    run_app(app, script)


def test_the_pegging_hint_says_an_8(tmp_path: Path) -> None:
    # Seed 8 against easy: after laying away the first two cards, the expert would lead an 8.
    app = ClassicApp(ClassicRules(), ai="easy", seed=8, save_path=tmp_path / "g.json")

    async def script(app: ClassicApp, pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter", "h")
        log = " ".join(strip.text for strip in app.query_one("#log", RichLog).lines)
        assert "Hint: play an 8. Searching" in log, log

    run_app(app, script)

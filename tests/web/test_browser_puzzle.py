"""The puzzles page, ``#/puzzle`` (the day's) and ``#/puzzle/ID``, in Debian's Chromium against a
real ``cribkit serve``: the answers come from the library (:mod:`cribkit.analysis.puzzles`)."""

from __future__ import annotations

import datetime
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from cribkit.analysis import puzzles

from .browsing import watched_page

SIZES = [pytest.param((1280, 800), id="desktop"), pytest.param((390, 844), id="phone")]


@pytest.fixture(params=SIZES)
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    width, height = request.param
    yield from watched_page(browser, viewport={"width": width, "height": height})


def choose(page: Page, puzzle: Mapping[str, Any], key: str) -> None:
    """Pick the choice ``key`` on the page as a player would: the cards, the cell or the play."""
    if puzzle["kind"] in ("lay-away", "play"):
        hand = {card.lower(): card for card in puzzle["view"]["hand"]}
        for card in key.split():
            page.click(f"[data-testid=hand-card][data-card='{hand[card.lower()]}']")
    elif puzzle["kind"] == "place":
        page.click(f"[data-testid=puzzle-cell][data-cell={key}]")
    else:
        page.locator("[data-testid=puzzle-option]").filter(has_text=key).first.click()
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=puzzle-verdict]")


def no_horizontal_scroll(page: Page) -> bool:
    # (the page's width, and every part of the puzzle and its verdict inside the window)
    fits: bool = page.evaluate(
        """() => document.documentElement.scrollWidth <= window.innerWidth
            && [...document.querySelectorAll('main *')]
                .every((el) => el.getBoundingClientRect().right <= window.innerWidth + 0.5)"""
    )
    return fits


def test_the_daily_puzzle_solved_shows_right_and_the_values(
    sized_page: Page, live_server: str
) -> None:
    page = sized_page
    page.goto(f"{live_server}/#/puzzle")
    page.wait_for_selector("[data-testid=puzzle]")
    today = datetime.datetime.now(datetime.UTC).date()
    puzzle = puzzles.daily(today)
    assert page.get_attribute("[data-testid=puzzle]", "data-id") == puzzle["id"]
    assert page.inner_text("[data-testid=puzzle-question]") == puzzle["question"]
    assert no_horizontal_scroll(page)
    choose(page, puzzle, puzzle["answer"])
    assert page.get_attribute("[data-testid=puzzle-verdict]", "data-correct") == "true"
    assert page.inner_text("[data-testid=verdict-heading]").startswith("Right")
    rows = page.locator("[data-testid=value-row]")
    assert rows.count() == len(puzzle["choices"])
    assert rows.first.get_attribute("data-key") == puzzle["choices"][0]["key"]
    assert f"{puzzle['choices'][0]['value']:.2f}" in rows.first.inner_text()
    assert page.inner_text("[data-testid=puzzle-streak]").startswith("Streak 1 (best 1)")
    assert no_horizontal_scroll(page)


def test_a_wrong_lay_away_shows_the_better_choice(sized_page: Page, live_server: str) -> None:
    page = sized_page
    page.goto(f"{live_server}/#/puzzle/lay-away-001")
    page.wait_for_selector("[data-testid=puzzle]")
    choose(page, puzzles.by_id("lay-away-001"), "Jc Js")
    assert page.get_attribute("[data-testid=puzzle-verdict]", "data-correct") == "false"
    heading = page.inner_text("[data-testid=verdict-heading]")
    assert heading == "Not the best: 2.41 points less (a mistake)."
    best = page.locator("[data-testid=value-row]").first
    assert best.get_attribute("data-key") == "7c 8d"
    assert "11.84" in best.inner_text()
    assert "(yours)" in page.inner_text("[data-testid=value-row][data-key='Jc Js']")
    assert page.inner_text("[data-testid=puzzle-streak]").startswith("Streak 0")
    assert no_horizontal_scroll(page)


@pytest.mark.parametrize("puzzle_id", ["play-001", "place-001", "tiles-001"])
def test_each_kind_answered_right(browser: Browser, live_server: str, puzzle_id: str) -> None:
    for page in watched_page(browser, viewport={"width": 390, "height": 844}):
        page.goto(f"{live_server}/#/puzzle/{puzzle_id}")
        page.wait_for_selector("[data-testid=puzzle]")
        puzzle = puzzles.by_id(puzzle_id)
        choose(page, puzzle, puzzle["answer"])
        assert page.get_attribute("[data-testid=puzzle-verdict]", "data-correct") == "true"
        # "Next puzzle" opens the next one in the file.
        page.click("[data-testid=puzzle-next]")
        page.wait_for_function(
            f"() => document.querySelector('[data-testid=puzzle]')?.dataset.id !== '{puzzle_id}'"
        )
        assert no_horizontal_scroll(page)


def test_the_header_and_the_lobby_link_to_the_puzzles(browser: Browser, live_server: str) -> None:
    for page in watched_page(browser):
        page.goto(f"{live_server}/")
        page.click("nav a[href='#/puzzle']")
        page.wait_for_selector("[data-testid=puzzle]")
        page.click("nav a[href='#/']")
        page.click("[data-testid=puzzle-link]")
        page.wait_for_selector("[data-testid=puzzle]")


def laid(play: str) -> int:
    """How many tiles a play in the notation lays ("A9 across Ad (3l) Kl": 2)."""
    words = play.split()[1:]
    if words and words[0] in ("across", "down"):
        words = words[1:]
    return len([w for w in words if w != "." and not w.startswith("(")])


def test_a_tiles_puzzle_lays_each_play_on_its_board(sized_page: Page, live_server: str) -> None:
    # The play chosen is drawn on the board as tiles not played yet; after the verdict the
    # best is, and each other play when it is picked.
    page = sized_page
    puzzle = next(p for p in puzzles.pick(kind="tiles") if len(p["choices"]) >= 3)
    page.goto(f"{live_server}/#/puzzle/{puzzle['id']}")
    page.wait_for_selector("[data-testid=puzzle-board]")
    assert page.locator("[data-testid=puzzle-board] .tb-cell.staged").count() == 0
    other = next(c["key"] for c in puzzle["choices"] if c["key"] not in puzzle["answers"])
    tiles = laid(other)
    page.locator("[data-testid=puzzle-option]").filter(has_text=other).first.click()
    assert page.locator("[data-testid=puzzle-board] .tb-cell.staged").count() == tiles
    assert page.inner_text("[data-testid=puzzle-board-shows]") == f"On the board: {other}"
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=puzzle-verdict]")
    best = puzzle["answer"]
    page.wait_for_function(
        "(best) => document.querySelector('[data-testid=puzzle-board-shows]')"
        "?.textContent === `On the board: ${best} (the best)`",
        arg=best,
    )
    assert page.locator("[data-testid=puzzle-board] .tb-cell.staged").count() == laid(best)
    page.locator("[data-testid=puzzle-option]").filter(has_text=other).first.click()
    assert page.inner_text("[data-testid=puzzle-board-shows]") == f"On the board: {other}"
    assert no_horizontal_scroll(page)

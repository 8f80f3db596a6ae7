"""The review of a game in the browser (issue 16): play a short classic game against the
computer, open its review from the result, see the timeline and click the costliest decision to
see the better choice named, on a desktop and on a 390x844 phone (no sideways scrolling)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .browsing import start_game, wait_for_turn_or_result, watched_page
from .test_browser import play_classic_turn

SIZES = [pytest.param((1280, 800), id="desktop"), pytest.param((390, 844), id="phone")]
#: A folder to keep screenshots of the review in (unset: none are taken).
SHOTS = os.environ.get("CRIBKIT_REVIEW_SHOTS")
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


@pytest.fixture(params=SIZES)
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page of each size; JavaScript errors fail the test."""
    width, height = request.param
    yield from watched_page(browser, viewport={"width": width, "height": height})


def test_the_review_of_a_game_names_the_better_choice(sized_page: Page, live_server: str) -> None:
    page = sized_page
    # Always the first cards: a game full of poor choices, to 61 so that it is short.
    start_game(page, live_server, "classic", {"target": "61"}, "easy")
    turns = 0
    while not wait_for_turn_or_result(page):
        play_classic_turn(page)
        turns += 1
        assert turns < 400
    page.click("[data-testid=open-review]")
    page.wait_for_selector("[data-testid=review-mark]")
    marks = page.locator("[data-testid=review-mark]")
    # One mark per decision, each with its verdict in words (not colour alone).
    assert marks.count() > 10
    for label, verdict in zip(
        marks.all_inner_texts(),
        [marks.nth(i).get_attribute("data-verdict") for i in range(marks.count())],
        strict=True,
    ):
        assert verdict in VERDICTS
        assert label.endswith(f": {verdict}")
    assert page.locator("[data-testid=score-chart] polyline").count() == 2
    assert page.locator("[data-testid=loss-chart] polyline").count() == 1
    assert "lay-away:" in page.inner_text("[data-testid=review-totals]")
    assert "hand:" in page.inner_text("[data-testid=review-luck]")
    # Click a mistake (or the worst there is): the better choice is named, first in the table.
    costly = page.locator(
        "[data-testid=review-mark][data-verdict=blunder], "
        "[data-testid=review-mark][data-verdict=mistake], "
        "[data-testid=review-mark][data-verdict=inaccuracy]"
    )
    assert costly.count() > 0, "first cards every time made no poor choice"
    costly.first.click()
    assert costly.first.get_attribute("aria-pressed") == "true"
    verdict = page.inner_text("[data-testid=review-verdict]")
    rows = page.locator("[data-testid=review-choices] tbody tr")
    best = rows.nth(0).inner_text()
    assert "(best)" in best
    assert "(chosen)" not in best
    better = best.split("\t")[0].replace(" (best)", "").strip()
    assert f"better was {better}." in verdict
    assert page.locator("[data-testid=review-choices] tr[data-chosen=true]").count() == 1
    assert page.inner_text("[data-testid=review-why]").startswith("Why: ")
    # The position as the seat saw it: its hand drawn by the game's own table.
    assert page.locator("[data-testid=review-position] [data-testid=hand-card]").count() > 0
    # The keyboard moves along the timeline.
    page.keyboard.press("ArrowRight")
    pressed = page.locator("[data-testid=review-mark][aria-pressed=true]")
    assert pressed.count() == 1
    assert pressed.evaluate("(el) => el === document.activeElement")
    # The page fits its window's width (no scrolling sideways), phone included.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        width = (page.viewport_size or {"width": 0})["width"]
        costly.first.click()
        page.screenshot(path=f"{SHOTS}/review-{width}.png", full_page=True)

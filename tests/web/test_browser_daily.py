"""The daily classic deal in Debian's Chromium against a real ``cribkit serve`` (issue 16): from
the lobby, one deal against the expert, then "your result against the expert's on the same cards",
kept in the browser's history and shown on the puzzles page; and the daily Solitaire deal's total
beside the expert's."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from cribkit.analysis import daily_deal
from cribkit.sim.solitaire import deal_report

from .browsing import assert_no_error, final_scores, wait_for_turn_or_result, watched_page
from .test_browser import play_classic_turn, play_solitaire


def play_the_daily_deal(page: Page) -> None:
    """Play the daily deal's first cards at each turn until its result is shown."""
    laid_away = 0
    while not page.locator("[data-testid=daily-result]").is_visible():
        wait_for_turn_or_result(page)
        if page.locator("[data-action=discard]").count():
            if laid_away:  # the next deal's lay-away: the daily deal is over
                page.wait_for_selector("[data-testid=daily-result]:visible")
                return
            laid_away += 1
        play_classic_turn(page)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    yield from watched_page(browser, viewport={"width": 1280, "height": 900})


def test_the_daily_deal_ends_with_the_result_beside_the_experts(
    page: Page, live_server: str
) -> None:
    page.goto(f"{live_server}/")
    page.click("[data-testid=daily-classic]")
    page.wait_for_selector("[data-testid=daily-deal]:visible")
    assert "against the expert" in page.inner_text("[data-testid=daily-deal]")
    # No hints in the daily deal: the result would be the expert's own.
    assert not page.locator("[data-action=hint]").is_visible()
    play_the_daily_deal(page)
    assert_no_error(page)
    game_id = page.evaluate("() => location.hash.split('/').pop()")
    asked = page.request.get(f"{live_server}/api/games/{game_id}/daily-deal")
    assert asked.ok, asked.text()
    result = asked.json()
    today = page.evaluate(
        "() => { const d = new Date(); const two = (n) => String(n).padStart(2, '0');"
        " return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`; }"
    )
    assert result["date"] == today
    assert result["expert"] == daily_deal.expert_result(datetime.date.fromisoformat(today))
    shown = page.inner_text("[data-testid=daily-result]")
    assert shown == result["words"]
    assert "the expert in your seat ended it" in shown
    # The puzzles page keeps it: today's result in the same words, and the deals played.
    page.goto(f"{live_server}/#/puzzle")
    history = page.inner_text("[data-testid=classic-deal-history]")
    assert f"Today: you ended the deal {daily_deal.margin_words(result['you'])}, " in history
    assert "Daily deals: 1 played" in history
    assert "1 day in a row" in history


def test_the_daily_solitaire_is_set_beside_the_experts_total(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/#/puzzle")
    assert "Daily Solitaire: none played yet." in page.inner_text(
        "[data-testid=solitaire-deal-history]"
    )
    page.click("[data-testid=puzzle-solitaire-start]")
    page.wait_for_selector("[data-testid=hand-card]")
    # The line naming the deal may be drawn a moment after the cards.
    page.wait_for_selector("[data-testid=daily-deal]:has-text('daily Solitaire deal')")
    play_solitaire(page)
    game_id = page.evaluate("() => location.hash.split('/').pop()")
    record = page.request.get(f"{live_server}/api/games/{game_id}/record").json()
    expert = deal_report(record["seed"])["total"]
    assert f"The expert made {expert} on it." in page.inner_text(
        "[data-testid=result] [data-testid=best-possible]"
    )
    total = final_scores(page)[0]
    assert page.inner_text("[data-testid=daily-result]").startswith(
        f"You {total}, the expert {expert}: "
    )
    page.goto(f"{live_server}/#/puzzle")
    history = page.inner_text("[data-testid=solitaire-deal-history]")
    assert f"Today: you {total}, the expert {expert}." in history
    assert "Daily Solitaire: 1 played" in history
    # The classic deals are kept apart.
    assert "Daily deals: none played yet." in page.inner_text("[data-testid=classic-deal-history]")

"""Muggins without a click per point (issue 15): after each count the others declare, the call
stays open a few seconds and then the count stands by itself; a call made in time is taken.
In Debian's Chromium against a real ``cribkit serve``."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, Page

from .browsing import (
    TURN_TIMEOUT_MS,
    assert_no_error,
    shown_seq,
    wait_for_change,
    wait_for_turn_or_result,
)
from .test_browser import play_classic_turn

WINDOW = "[data-testid=muggins-window]"


def until_muggins(page: Page) -> None:
    """Play (declaring nothing of one's own) until a muggins call is open."""
    for _ in range(200):
        assert not wait_for_turn_or_result(page), "the game ended before any muggins call"
        if page.locator(WINDOW).count():
            return
        if page.locator("[data-testid=declare]").count():
            seq = shown_seq(page)
            page.fill("[data-testid=declare-points]", "0")
            page.keyboard.press("Enter")
            wait_for_change(page, seq)
            continue
        play_classic_turn(page)
    pytest.fail("no muggins call in 200 turns")


def test_the_count_stands_by_itself_unless_muggins_is_called(
    browser: Browser, live_server: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(TURN_TIMEOUT_MS)
    try:
        page.goto(f"{live_server}/")
        page.wait_for_selector("[data-testid=start-classic]")
        page.select_option("[data-testid=level-classic]", "random")
        page.check("[data-testid=option-classic-manual_counting]")
        page.check("[data-testid=option-classic-muggins]")
        page.click("[data-testid=start-classic]")
        page.wait_for_selector("[data-testid=status]")
        until_muggins(page)
        assert "unless you call muggins" in page.inner_text(WINDOW)
        # No click: within the window and a little more, the count stands and the game goes on.
        seq, started = shown_seq(page), time.monotonic()
        wait_for_change(page, seq)
        waited = time.monotonic() - started
        assert 2.0 <= waited <= 10.0, waited
        assert_no_error(page)
        # A call in time is taken at once (or refused, when the count was right, with why).
        until_muggins(page)
        seq = shown_seq(page)
        page.click("[data-action=muggins]")
        page.wait_for_function(
            f"() => Number(document.querySelector('[data-testid=app]').dataset.seq) > {seq}"
            " || !document.querySelector('[data-testid=error]').hidden"
        )
    finally:
        context.close()

"""Abandoning games in the browser, through Debian's Chromium against a real ``cribkit serve``:
the lobby lists only the newest unfinished games (the others behind a button), "Abandon" asks
first, an abandoned game moves to the games that are over (tagged), an open game page is told,
and the statistics say the loss was an abandoned game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from .browsing import watched_page

#: What the lobby lists of the unfinished games before "Show ... older" (logic/lobby.js).
UNFINISHED_SHOWN = 5


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-size page of a new player (a context of its own); JavaScript errors fail the
    test."""
    yield from watched_page(browser, viewport={"width": 1280, "height": 900})


def status_of(page: Page, base: str, game_id: str) -> str:
    saved = page.request.get(f"{base}/api/games/saved").json()
    return str(next(game["status"] for game in saved if game["id"] == game_id))


def test_abandon_asks_first_and_the_unfinished_list_stays_short(
    page: Page, live_server: str
) -> None:
    # (made before the page opens: its own first requests would race these for the cookie)
    made = [
        page.request.post(f"{live_server}/api/games", data={"game": "solitaire"}).json()["id"]
        for _ in range(UNFINISHED_SHOWN + 2)
    ]
    newest = made[-1]
    page.goto(f"{live_server}/")
    unfinished = page.locator("[data-testid=unfinished] [data-testid=saved-game]")
    unfinished.first.wait_for()
    assert unfinished.count() == UNFINISHED_SHOWN
    assert unfinished.first.get_attribute("data-game-id") == newest
    page.click("[data-action=show-all-unfinished]")
    assert unfinished.count() == len(made)
    assert page.locator("[data-action=show-all-unfinished]").count() == 0

    # The game is open in another tab of the same player when it is abandoned.
    game_tab = page.context.new_page()
    game_tab.goto(f"{live_server}/#/")
    game_tab.locator(
        f"[data-testid=unfinished] [data-game-id='{newest}'] [data-action=resume]"
    ).click()
    game_tab.wait_for_selector("[data-testid=hand-card]")

    row = page.locator(f"[data-testid=unfinished] [data-game-id='{newest}']")
    row.locator("[data-action=abandon]").click()
    assert "It counts as lost" in row.locator("[data-testid=abandon-question]").inner_text()
    row.locator("[data-action=keep]").click()  # changed its mind: nothing happens
    assert row.locator("[data-action=resume]").is_visible()
    assert status_of(page, live_server, newest) == "playing"

    row.locator("[data-action=abandon]").click()
    row.locator("[data-action=confirm-abandon]").click()
    over = page.locator(f"[data-testid=finished] [data-game-id='{newest}']")
    over.wait_for()
    assert over.get_attribute("data-status") == "abandoned"
    assert over.locator("[data-testid=abandoned-tag]").inner_text() == "abandoned"
    assert over.locator("[data-action=replay]").is_visible()
    assert page.locator(f"[data-testid=unfinished] [data-game-id='{newest}']").count() == 0
    assert unfinished.count() == len(made) - 1  # "show all" stays chosen
    assert status_of(page, live_server, newest) == "abandoned"

    # The open page is told: its game is over, abandoned.
    headline = game_tab.locator("[data-testid=result-headline]")
    headline.wait_for()
    assert headline.inner_text() == "Game abandoned"
    game_tab.close()

    # The statistics count it as a loss, said to be an abandoned game.
    page.click("[data-testid=stats-link]")
    stats_row = page.locator("[data-testid=stats-row][data-game=solitaire]")
    stats_row.wait_for()
    assert "1 (1 abandoned)" in stats_row.inner_text()

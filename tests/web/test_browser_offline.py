"""With the server down the page says it is offline and takes no move, and it comes back by
itself when the server does (issue 15), in Debian's Chromium against a real ``cribkit serve``
stopped and started again on the same port and store."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Browser, Page

from cribkit.deploy.launch import ServerProcess

from .browsing import (
    TURN_TIMEOUT_MS,
    assert_no_error,
    servers_on_one_port,
    shown_seq,
    start_game,
    wait_for_change,
    wait_for_turn_or_result,
)

BADGE = "[data-testid=connection]"


def test_the_page_is_offline_while_the_server_is_down_and_recovers(
    browser: Browser, tmp_path: Path
) -> None:
    server = servers_on_one_port(tmp_path)

    first = server()
    base = first.start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page: Page = context.new_page()
    page.set_default_timeout(TURN_TIMEOUT_MS)
    second: ServerProcess | None = None
    try:
        start_game(page, base, "tabletop", {"target": "61"}, "random")
        wait_for_turn_or_result(page)
        seq = shown_seq(page)
        first.kill()
        page.wait_for_selector(f"{BADGE}[data-status=reconnecting]")
        assert page.inner_text(BADGE) == "offline"
        assert page.inner_text("[data-testid=status]").startswith("Offline")
        assert page.get_attribute("[data-testid=app]", "data-offline") == "true"
        # A click on a lit cell does nothing: the table takes no move while offline.
        page.locator("[data-testid=cell].legal").first.click(force=True)
        page.wait_for_timeout(300)
        assert shown_seq(page) == seq
        assert page.locator("[data-testid=cell] svg").count() >= 1
        # The server comes back on the same port and store: the page reconnects by itself.
        second = server()
        second.start()
        page.wait_for_selector(f"{BADGE}[data-status=online]", timeout=30_000)
        assert page.get_attribute("[data-testid=app]", "data-offline") is None
        assert "Offline" not in page.inner_text("[data-testid=status]")
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)
        assert_no_error(page)
    finally:
        context.close()
        first.stop()
        if second is not None:
            second.stop()

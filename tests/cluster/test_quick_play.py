"""Quick play across a cluster (issue 38): two accounts in separate Chromium contexts, each on
its own server of two, press "Play someone now" and are paired into one game: the pool is the
store's, the news of the pairing crosses servers on Redis."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

from tests.web.browsing import launch_browser
from tests.web.signedin import Person


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    yield from launch_browser()


def test_two_accounts_on_two_servers_are_paired_into_one_game(
    cluster_factory: Any, browser: Browser
) -> None:
    cluster = cluster_factory(servers=2, redis=True)
    first, second = cluster.server_urls
    tag = secrets.token_hex(3)
    ann = Person(browser, first, f"Ann{tag}")
    bob = Person(browser, second, f"Bob{tag}")
    try:
        ann_page, bob_page = ann.open("#/"), bob.open("#/")
        ann_page.click("[data-action=play-someone][data-pool=classic]")
        ann_page.locator("[data-testid=quick-waiting]").wait_for()
        bob_page.click("[data-action=play-someone][data-pool=classic]")
        # Ann, on the other server, hears of it through Redis (her page is not asking then).
        ann_page.wait_for_url("**/#/game/*", timeout=10_000)
        bob_page.wait_for_url("**/#/game/*", timeout=10_000)
        game = ann_page.url.split("#/game/")[1]
        assert bob_page.url.split("#/game/")[1] == game
        for page, other in ((ann_page, bob.name), (bob_page, ann.name)):
            page.wait_for_function(
                "name => document.querySelector('[data-testid=scores]')?.innerText.includes(name)",
                arg=other,
            )
            assert page.locator("[data-testid=rated-tag]").is_visible()
    finally:
        for person in (ann, bob):
            person.context.close()
    assert ann.errors == []
    assert bob.errors == []

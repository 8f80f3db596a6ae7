"""A club night in Debian's Chromium (issue 39): the director opens it from the event's page and
gives out its link; four players register from it (one on a phone); the director starts it; a
player's page is sent to their first game by the inbox, and the event's page shows their game
and the live standings."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from .test_browser_quick import Person, unique


@pytest.fixture
def people(browser: Browser, live_server: str) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for person in made:
        person.context.close()
    assert [p.errors for p in made] == [[] for _ in made]


def test_a_night_opened_filled_and_started_from_its_page(
    browser: Browser, live_server: str, people: list[Person]
) -> None:
    director = Person(browser, live_server, unique("Dana"))
    people.append(director)
    body = {"name": "Tuesday night", "game": "classic:target=61", "format": "night",
            "options": {"games": 3}, "starts": time.time()}  # fmt: skip
    made = director.page.request.post(f"{live_server}/api/events", data=body).json()
    page = director.open(f"#/event/{made['id']}")
    page.click("[data-action=event-open]")
    link = page.locator("[data-testid=event-link] strong").inner_text()
    assert link.startswith(f"{live_server}/#/event/{made['id']}/")
    players = []
    for index in range(4):
        person = Person(browser, live_server, unique("Pat"), phone=index == 0)
        people.append(person)
        person.page.goto(link)
        person.page.reload()
        person.page.click("[data-action=event-register]")
        person.page.locator("[data-testid=standing]", has_text=person.name).wait_for()
        players.append(person)
    page.click("[data-action=event-start]")
    page.locator("[data-testid=event-games] li").first.wait_for()
    assert page.locator("[data-testid=event-games] li").count() == 2
    phone = players[0]
    phone.page.wait_for_url("**/#/game/*")  # (told by the inbox, on the event's page)
    game = phone.page.url
    phone.page.goto(f"{live_server}/#/event/{made['id']}")
    go = phone.page.locator("[data-testid=event-next] a")
    go.wait_for()
    assert go.get_attribute("href") == "#" + game.split("#", 1)[1]
    lines = phone.page.locator("[data-testid=standing]")
    assert lines.count() == 4
    # Every player's 3 games are still to be played (one of them being played now).
    assert [line.locator("td").nth(6).inner_text() for line in lines.all()] == ["3"] * 4

"""A club night in Debian's Chromium (issue 39): the director makes it from the account page,
opens it from the event's page and gives out its link; four players register from it (one on a phone); the director starts it; a
player's page is sent to their first game by the inbox, and the event's page shows their game
and the live standings."""

from __future__ import annotations

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
    # Made from the account page's form: its own page follows.
    page = director.open("#/account")
    form = page.locator("[data-testid=new-event]")
    form.locator("input[name=name]").fill("Tuesday night")
    page.select_option("[data-testid=new-event-game]", "classic:target=61")
    form.locator("input[name=games]").fill("3")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/#/event/*")
    made = {"id": page.url.split("#/event/")[1]}
    assert page.inner_text("[data-testid=event-name]") == "Tuesday night"
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

"""A club night's players in Debian's Chromium (issue 39): the director makes and starts it
through the API; two players, one on a phone, have the event's page open: each is sent to their
first game by the inbox, and back on the event's page sees "Your game is on" with its table;
when the director awards a game, both pages show the new standings without being reloaded."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, Page

from .signedin import Person, unique


def _game_points(page: Page, name: str) -> str:
    line = page.locator("[data-testid=standing]", has_text=name)
    return line.locator("td").nth(1).inner_text()


def test_two_players_pages_show_their_games_and_the_live_standings(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    director = Person(browser, live_server, unique("Dana"))
    ann = Person(browser, live_server, unique("Ann"))
    bob = Person(browser, live_server, unique("Bob"))
    cal = Person(browser, live_server, unique("Cal"), phone=True)
    dee = Person(browser, live_server, unique("Dee"))
    signed_in += [director, ann, bob, cal, dee]
    api = director.page.request
    body = {"name": "Live night", "game": "classic:target=61", "format": "night",
            "options": {"games": 3}, "starts": time.time()}  # fmt: skip
    event_id = api.post(f"{live_server}/api/events", data=body).json()["id"]
    code = api.post(f"{live_server}/api/events/{event_id}/open", data={}).json()["code"]
    for person in (ann, bob, cal, dee):
        answer = person.page.request.post(f"{live_server}/api/events/register",
                                          data={"code": code})  # fmt: skip
        assert answer.ok, answer.text()
    watching = [(ann, ann.open(f"#/event/{event_id}")), (cal, cal.open(f"#/event/{event_id}"))]
    for _, page in watching:
        page.locator("[data-testid=standing]").nth(3).wait_for()
    assert api.post(f"{live_server}/api/events/{event_id}/start", data={}).ok
    games = {}
    for person, page in watching:
        page.wait_for_url("**/#/game/*")  # (told by the inbox)
        page.wait_for_selector("[data-testid=scores]")
        games[person.name] = page.url.split("#/game/")[1]
        page.goto(f"{live_server}/#/event/{event_id}")
        go = page.locator("[data-testid=event-next] a")
        go.wait_for()
        assert go.get_attribute("href") == f"#/game/{games[person.name]}"
    assert games[ann.name] != games[cal.name]  # (Ann v Bob, Cal v Dee)
    for _, page in watching:
        assert _game_points(page, cal.name) == "0"
    awarded = api.post(f"{live_server}/api/events/{event_id}/games/2/award",
                       data={"winner": cal.name})  # fmt: skip
    assert awarded.ok, awarded.text()
    [line] = [line for line in awarded.json()["standings"] if line["name"] == cal.name]
    assert line["game_points"] in (2, 3)  # (a win, or a skunk by the score Dee had)
    for _, page in watching:  # (read again every few seconds: no reload)
        page.wait_for_function(
            """([name, points]) => [...document.querySelectorAll('[data-testid=standing]')]
                .some(row => row.innerText.includes(name) && row.querySelectorAll('td')[1]
                .innerText === points)""",
            arg=[cal.name, str(line["game_points"])],
            timeout=10_000,
        )
        assert page.locator("[data-testid=standing]").first.locator("th").inner_text() == cal.name
    cal_page = watching[1][1]
    cal_page.locator("[data-testid=event-next]").wait_for(state="detached", timeout=10_000)
    assert watching[0][1].locator("[data-testid=event-next]").is_visible()

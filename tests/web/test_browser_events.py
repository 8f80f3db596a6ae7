"""Club nights and tournaments in Debian's Chromium (issue 39). A club night: the director makes
it from the account page, opens it from the event's page and gives out its link; four players
register from it (one on a phone); the director starts it; a player's page is sent to their
first game by the inbox, and the event's page shows their game and the live standings. A single
elimination of four played out through the API and the players' sockets: its page draws the
bracket and names the champion, at a desktop's size and a phone's, the page never scrolling
sideways. A public event in the lobby, joined from its page without a code. The new-event form
with a format's own options: a qualifier's cut and matches, a night's duplicate deals and
season."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import httpx
from playwright.sync_api import Browser, Locator, Page
from websockets.sync.client import ClientConnection, connect

from .conftest import WS_LOCAL, cookie_header
from .signedin import PASSWORD, Person, unique
from .test_events import play_event

if TYPE_CHECKING:
    from starlette.testclient import TestClient


def event_form(
    browser: Browser, site: str, signed_in: list[Person], name: str
) -> tuple[Person, Page, Locator]:
    """A director on the account page, the new-event form named ``name``."""
    director = Person(browser, site, unique("Dana"))
    signed_in.append(director)
    page = director.open("#/account")
    form = page.locator("[data-testid=new-event]")
    form.locator("input[name=name]").fill(name)
    return director, page, form


def test_a_night_opened_filled_and_started_from_its_page(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    # Made from the account page's form: its own page follows.
    _, page, form = event_form(browser, live_server, signed_in, "Tuesday night")
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
        signed_in.append(person)
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


#: Where the screenshots of the bracket go when asked for (``CRIBKIT_SHOTS=docs/screenshots``).
SHOTS = Path(os.environ["CRIBKIT_SHOTS"]) if os.environ.get("CRIBKIT_SHOTS") else None
SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
}
#: The page's width beyond the window's (none: the page never scrolls sideways).
SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


class LiveSocket:
    """A socket of the live server as a test client's (``receive_text``, ``send_json``): a
    message refused for coming faster than a person plays is sent again a moment later."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.sent = ""

    def send_json(self, data: Any) -> None:
        self.sent = json.dumps(data)
        self.socket.send(self.sent)

    def receive_text(self) -> str:
        while True:
            text = str(self.socket.recv(timeout=30))
            message = json.loads(text)
            if message.get("type") == "error" and message.get("code") == "rate_limited":
                time.sleep(0.3)
                self.socket.send(self.sent)
                continue
            return text


class LiveClient(httpx.Client):
    """An account's session at the live server, as ``play_event`` asks of its test clients:
    ``get`` and ``websocket_connect`` (at the live server's address, not the test client's).
    Named ``name`` (the name with a suffix if it is taken already)."""

    def __init__(self, site: str, name: str) -> None:
        super().__init__(base_url=site, timeout=30)
        self.site = site
        self.get("/api/me")  # (the guest's cookie first)
        made = self.post("/api/account", json={"name": name, "password": PASSWORD})
        if made.status_code == 409:
            name = unique(name)
            made = self.post("/api/account", json={"name": name, "password": PASSWORD})
        assert made.status_code == 200, made.text
        self.name: str = made.json()["account"]["name"]

    @contextlib.contextmanager
    def websocket_connect(self, url: str) -> Iterator[LiveSocket]:
        address = url.replace(WS_LOCAL, self.site.replace("http://", "ws://"))
        headers = cookie_header(self.cookies)
        with connect(address, open_timeout=10, additional_headers=headers) as socket:
            yield LiveSocket(socket)


def finished_cup(site: str) -> dict[str, Any]:
    """A single elimination of four made, filled and played to its champion through the API
    and the players' sockets: the event as its page reads it."""
    director = LiveClient(site, "Dana")
    players = [LiveClient(site, name) for name in ("Alice", "Brenda", "Carlos", "Devi")]
    body = {
        "name": "Winter Cup",
        "game": "classic:target=61",
        "format": "single",
        "starts": time.time(),
    }
    event_id = director.post("/api/events", json=body).json()["id"]
    code = director.post(f"/api/events/{event_id}/open", json={}).json()["code"]
    for player in players:
        assert player.post("/api/events/register", json={"code": code}).status_code == 200
    assert director.post(f"/api/events/{event_id}/start", json={}).status_code == 200
    # (play_event asks of its clients only what a LiveClient does the same way)
    clients = cast("dict[str, TestClient]", {player.name: player for player in players})
    deadline = time.monotonic() + 120
    while True:
        event: dict[str, Any] = director.get(f"/api/events/{event_id}").json()
        if event["bracket"]["champion"] is not None:
            break
        assert time.monotonic() < deadline, "the cup did not end"
        if not play_event(cast("TestClient", director), clients, event_id):
            time.sleep(0.1)  # (the next match's game is being made)
    for client in (director, *players):
        client.close()
    return event


def test_a_single_elimination_played_out_shows_its_bracket_and_champion(
    browser: Browser, live_server: str
) -> None:
    event = finished_cup(live_server)
    champion = event["bracket"]["champion"]
    final = event["games"][2]
    errors: list[str] = []
    for size, options in SIZES.items():
        context = browser.new_context(**options)
        try:
            page = context.new_page()
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(f"{live_server}/#/event/{event['id']}")
            crowned = page.locator("[data-testid=bracket-champion]")
            crowned.wait_for()
            assert crowned.inner_text() == f"\u2605 Champion: {champion}"
            columns = page.locator("[data-testid=bracket-column] .bracket-round")
            assert columns.all_text_contents() == ["Semi-finals", "Final"]
            matches = page.locator("[data-testid=bracket-match]")
            assert matches.count() == 3
            assert [m.get_attribute("data-state") for m in matches.all()] == ["decided"] * 3
            # Each match's winner marked, its score beside each side; seeds beside the names.
            won = page.locator("[data-testid=bracket-side][data-won=true] .bracket-name")
            assert won.all_inner_texts()[2] == champion
            last = matches.nth(2).locator("[data-testid=bracket-side]")
            scores = {
                side.locator(".bracket-name").inner_text(): side.locator(
                    ".bracket-score"
                ).inner_text()
                for side in last.all()
            }
            assert scores == {final["first"]: str(final["result"]["scores"][0]),
                              final["second"]: str(final["result"]["scores"][1])}  # fmt: skip
            seeds = matches.first.locator(".bracket-seed").all_inner_texts()
            assert seeds == ["1", "4"]
            assert page.evaluate(SIDEWAYS) <= 0, size
            # Four players' bracket fits a phone: nothing to scroll, no cue.
            frame = page.locator("[data-testid=bracket-scroll]")
            assert frame.evaluate("(e) => e.scrollWidth - e.clientWidth") <= 0, size
            assert page.locator("[data-testid=bracket-cue]").is_hidden()
            csv = page.get_attribute("[data-testid=event-csv]", "href")
            assert csv == f"/api/events/{event['id']}/standings.csv"
            assert page.request.get(f"{live_server}{csv}").text().startswith("place,name,")
            if SHOTS is not None:
                page.screenshot(path=str(SHOTS / f"event-bracket-{size}.png"))
        finally:
            context.close()
    assert errors == []


def test_a_public_event_is_in_the_lobby_and_a_player_registers_without_a_code(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    player = Person(browser, live_server, unique("Pat"), phone=True)
    signed_in.append(player)
    player.page.clock.install()
    page = player.open("#/")  # (the lobby open before the event is)
    director = LiveClient(live_server, unique("Dana"))
    name = unique("Open night ")
    body = {"name": name, "game": "classic", "format": "night", "options": {"games": 1},
            "public": True, "starts": time.time()}  # fmt: skip
    event_id = director.post("/api/events", json=body).json()["id"]
    director.post(f"/api/events/{event_id}/open", json={})
    try:
        listed = page.locator("[data-testid=lobby-event]", has_text=name)
        page.clock.fast_forward("00:16")  # (the lobby reads its events again every 15 s)
        listed.wait_for()
        assert "registration open" in listed.inner_text()
        listed.locator("a").click()
        page.wait_for_url(f"**/#/event/{event_id}")
        page.click("[data-action=event-register]")
        page.locator("[data-testid=standing]", has_text=player.name).wait_for()
        assert page.locator("[data-action=event-register]").count() == 0
        assert page.evaluate(SIDEWAYS) <= 0
    finally:
        # (closed: out of the lobby of the tests to come)
        director.post(f"/api/events/{event_id}/close", json={})
        director.close()


def test_the_form_makes_a_qualifier_with_its_cut_and_matches_and_a_night_of_a_season(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    director, page, form = event_form(browser, live_server, signed_in, "Spring qualifier")
    page.select_option("[data-testid=new-event-format]", "qualifier")
    best_of = page.locator("[data-testid=new-event-best-of] option")
    assert best_of.all_inner_texts() == ["3", "5"]
    assert form.locator("input[name=duplicate]").is_hidden()
    form.locator("input[name=games]").fill("4")
    form.locator("input[name=cut]").fill("50")
    page.select_option("[data-testid=new-event-best-of]", "5")
    form.locator("input[name=public]").check()
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/#/event/*")
    event_id = page.url.split("#/event/")[1]
    made = page.request.get(f"{live_server}/api/events/{event_id}").json()
    assert (made["format"], made["public"]) == ("qualifier", True)
    assert {key: made["options"][key] for key in ("games", "cut", "best_of")} == {
        "games": 4,
        "cut": 0.5,
        "best_of": 5,
    }
    assert "the top 50% on, best of 5" in page.inner_text("[data-testid=event]")
    # A night of duplicate deals in a season: its page says both.
    page = director.open("#/account")
    form = page.locator("[data-testid=new-event]")
    form.locator("input[name=name]").fill("Friday")
    assert form.locator("input[name=cut]").is_hidden()
    form.locator("input[name=games]").fill("3")
    form.locator("input[name=duplicate]").check()
    form.locator("input[name=season]").fill("Spring 2027")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/#/event/*")
    page.locator("[data-testid=event-season] h3", has_text="Season: Spring 2027").wait_for()
    assert "every table of a round plays the same cards" in page.inner_text(
        "[data-testid=event-duplicate]"
    )

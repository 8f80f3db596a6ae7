"""Nobody is held hostage, in the browser (``docs/web.md``, "Away from the table"): two people in
browser contexts of their own, one at a desktop's size and one on a phone (touch), against a
``cribkit serve`` whose absence window is short. A friend who closes his page can be claimed
against once the window has passed, and the result names the winner; the computer can be let
play his seat, and the game goes on; and a table's clock starts only when every seat is taken.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from cribkit.deploy.launch import ServerProcess
from cribkit.store.base import open_store

from .browsing import Person, continue_show, people
from .test_browser import play_classic_turn
from .test_browser_people import accept, seat_line, wait_connected, wait_for_state

#: The server's absence window in these tests, in seconds (2 minutes by default).
WINDOW = 1.5
DESKTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 900}}
PHONE: dict[str, Any] = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
}
#: Where the screenshots of these tests go when asked for (``CRIBKIT_SHOTS=DIR``), to be looked at.
SHOTS = Path(os.environ["CRIBKIT_SHOTS"]) if os.environ.get("CRIBKIT_SHOTS") else None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A ``cribkit serve`` with a short absence window: its base URL and its store's URL."""
    folder = tmp_path_factory.mktemp("absence")
    store = f"sqlite:///{folder / 'games.db'}"
    process = ServerProcess(
        store, folder / "server.log", "--absence-window", str(WINDOW), "--ai-workers", "0"
    )
    try:
        yield process.start(), store
    finally:
        process.stop()


@pytest.fixture
def person(browser: Browser, server: tuple[str, str]) -> Iterator[Person]:
    """Make a person going by ``name`` on a page of a context of their own (``size``: DESKTOP
    or PHONE); a JavaScript error on any page fails the test."""
    with people(browser, server[0], DESKTOP) as make:
        yield make


def table_with_a_friend(host: Page, base: str, **body: Any) -> tuple[str, str]:
    """The host's new table of classic to 61 with a friend's seat 1, opened on her page: the
    game's id and the invitation's code."""
    made = host.request.post(
        f"{base}/api/games",
        data={"game": "classic", "options": {"target": 61}, "ai": "random",
              "seats": [{"kind": "me"}, {"kind": "friend"}], **body},
    ).json()  # fmt: skip
    host.goto(f"{base}/#/game/{made['id']}")
    wait_for_state(host)
    return str(made["id"]), str(made["invites"]["1"]["code"])


def shoot(page: Page, name: str) -> None:
    if SHOTS is not None:
        page.screenshot(path=str(SHOTS / f"{name}.png"))


def test_a_friend_who_left_is_claimed_against_and_the_result_names_the_winner(
    person: Person, server: tuple[str, str]
) -> None:
    base = server[0]
    ann = person("Ann", DESKTOP)
    game_id, code = table_with_a_friend(ann, base)
    bob = person("Bob", PHONE)
    bob.goto(f"{base}/#/join/{code}")
    accept(bob)
    wait_connected(ann, 1)
    shoot(bob, "absence-phone-bob-seated")
    bob.context.close()  # Bob's phone goes away

    # Ann is told Bob is away, and how long until she may choose; then the choices.
    wait_connected(ann, 1, connected=False)
    away = ann.locator("[data-testid=away-entry][data-seat='1']")
    away.wait_for()
    claim = away.locator("[data-action=claim]")
    if not claim.count():
        assert re.fullmatch(
            r"Bob is away\. If Bob is not back in 0:0\d, you may claim the game or let the "
            r"computer play for Bob\.",
            away.inner_text().strip(),
        ), away.inner_text()
    claim.wait_for()
    assert away.locator("[data-action=hand-to-computer]").is_visible()
    assert away.locator("[data-action=keep-waiting]").is_visible()
    assert "Bob has been away 0:0" in away.inner_text()
    assert seat_line(ann, 1).inner_text().count("away") == 1
    shoot(ann, "absence-desktop-choices")

    claim.click()
    headline = ann.locator("[data-testid=result-headline]")
    headline.wait_for()
    assert headline.inner_text() == "You won: Bob was away, and you claimed the game"
    assert ann.locator("[data-testid=away]").is_hidden()
    assert ann.locator("[data-testid=rematch]").count() == 0  # (none after a game claimed)
    assert ann.locator("[data-testid=seat-turn]").count() == 0  # nobody is to play any more
    shoot(ann, "absence-desktop-claimed")
    saved = ann.request.get(f"{base}/api/games/saved").json()
    [entry] = [game for game in saved if game["id"] == game_id]
    assert entry["status"] == "abandoned"
    assert entry["result"]["winners"] == [0]


def test_keep_waiting_then_the_computer_plays_the_seat_and_the_game_goes_on(
    person: Person, server: tuple[str, str]
) -> None:
    base, store_url = server
    ann = person("Ann", PHONE)
    game_id, code = table_with_a_friend(ann, base)
    bob = person("Bob", DESKTOP)
    bob.goto(f"{base}/#/join/{code}")
    accept(bob)
    wait_connected(ann, 1)
    bob.close()  # Bob's tab closed

    away = ann.locator("[data-testid=away-entry][data-seat='1']")
    away.locator("[data-action=keep-waiting]").wait_for()
    shoot(ann, "absence-phone-choices")
    box = ann.locator("[data-testid=away]").bounding_box()
    assert box is not None
    assert box["y"] < 844  # on the first screen of the phone, above the table
    away.locator("[data-action=keep-waiting]").tap()
    assert ann.locator("[data-testid=away]").is_hidden()  # asked again in 2 minutes
    assert "away" in seat_line(ann, 1).inner_text()

    # Keep waiting puts the choices away on this page only: opened again, it asks again.
    ann.reload()
    wait_for_state(ann)
    hand = ann.locator("[data-testid=away-entry][data-seat='1'] [data-action=hand-to-computer]")
    hand.wait_for()
    hand.tap()
    seat_line(ann, 1).get_by_text("away \u00b7 the computer plays").wait_for()
    assert ann.locator("[data-testid=away]").is_hidden()
    # The game goes on: Ann plays her turns, the computer plays Bob's.
    store = open_store(store_url)
    try:
        deadline = time.monotonic() + 30
        while not any(action["seat"] == 1 for action in store.load_actions(game_id)):
            assert time.monotonic() < deadline, "the computer never played Bob's seat"
            continue_show(ann)
            if ann.get_attribute("[data-testid=app]", "data-my-turn") == "true":
                play_classic_turn(ann)
            else:
                ann.wait_for_timeout(100)
        assert store.load_game(game_id).status == "playing"  # type: ignore[union-attr]
    finally:
        store.close()
    log = ann.inner_text("[data-testid=log]")
    assert "computer stops" not in log
    shoot(ann, "absence-phone-handed")


def test_a_tables_clock_starts_only_when_every_seat_is_taken(
    person: Person, server: tuple[str, str]
) -> None:
    base = server[0]
    ann = person("Ann", DESKTOP)
    _, code = table_with_a_friend(ann, base, clock=30)
    chip = ann.locator("[data-testid=clock]")
    chip.wait_for()
    assert chip.inner_text() == "30 s clock: starts when every seat is taken"
    ann.wait_for_timeout(600)  # time enough for a running clock to tick: none does
    assert ann.locator("[data-testid=seat-clock]").count() == 0
    shoot(ann, "absence-desktop-clock-waits")
    bob = person("Bob", PHONE)
    bob.goto(f"{base}/#/join/{code}")
    accept(bob)
    # Every seat taken: the clocks run for the people to move (both lay away at once, each on a
    # clock of their own), on both pages.
    for page in (ann, bob):
        ticking = page.locator(
            "[data-testid=seat-line][data-to-move=true] [data-testid=seat-clock]"
        )
        ticking.first.wait_for()
        texts = ticking.all_inner_texts()
        assert len(texts) == 2, texts
        assert all(re.fullmatch(r"0:[23]\d", text) for text in texts), texts
    assert "every seat" not in chip.inner_text()
    shoot(bob, "absence-phone-clock-runs")

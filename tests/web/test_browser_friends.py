"""Friends and spectators in the browser (issue 36): a friend who opens his invitation link
again goes back to his seat, and before he joins the host's page says that the table waits for
him (his empty seat is not "to play"); a spectator follows a match into its next game; the end of
a game leads with what to do next, the fair deal's proof folded below it.

Each at a desktop's size (1366x900) and a phone's (390x844, touch), each person a browser
context of their own, in Debian's Chromium against a real ``cribkit serve``. The match's first
game is played by a script on seat 0's socket (at machine speed): the pages only watch it.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from websockets.sync.client import ClientConnection, connect

from .browsing import Person, assert_no_error, continue_show, people, shown_seq
from .test_browser import play_classic_turn
from .test_browser_people import APP, my_turn, seat_line, wait_for_state

SIZES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": {"width": 1366, "height": 900}},
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True},
}
#: The longest the script's game may take, in seconds of the clock on the wall.
GAME_SECONDS = 60


@pytest.fixture(params=sorted(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def person(browser: Browser, live_server: str, size: str) -> Iterator[Person]:
    """Make a person of the test's size going by ``name``: a browser context of their own.
    JavaScript errors fail the test."""
    with people(browser, live_server, SIZES[size]) as make:
        yield make


def new_game(page: Page, base: str, **body: Any) -> dict[str, Any]:
    """``POST /api/games`` as the page's player: the answer."""
    answer = page.request.post(f"{base}/api/games", data=body)
    assert answer.ok, answer.text()
    made: dict[str, Any] = answer.json()
    return made


def seat_socket(page: Page, base: str, game_id: str, token: str) -> ClientConnection:
    """Seat 0's socket, as the player of the page's session (its cookie)."""
    cookies = "; ".join(f"{c['name']}={c['value']}" for c in page.context.cookies())
    url = f"{base.replace('http://', 'ws://')}/ws/{game_id}?seat=0&token={token}"
    return connect(url, open_timeout=10, additional_headers={"Cookie": cookies})


def play_seat_zero(socket: ClientConnection, pages: list[Page]) -> None:
    """Play seat 0's first legal move at each of its turns until the game is over (the computer
    plays the other seat); the pages' shows are continued as they come."""
    deadline = time.monotonic() + GAME_SECONDS
    sent = ""
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        message = json.loads(socket.recv(timeout=20))
        if message["type"] == "error" and message["code"] == "rate_limited":
            # Against an instant computer the moves can outrun the socket's limit, as no person
            # could: the move was not read, so it is sent again a moment later.
            time.sleep(0.2)
            socket.send(sent)
            continue
        if message["type"] == "error":
            assert message["code"] == "stale", message  # (a fresh state follows)
            continue
        if message["type"] != "state":
            continue
        if message["result"] is not None:
            return
        if message["legal"]:
            action = {"type": "action", "seq": message["seq"], "action": message["legal"][0]}
            sent = json.dumps(action)
            socket.send(sent)
            for page in pages:
                continue_show(page)


def wait_for_result(page: Page) -> None:
    """Wait until the page shows the result (its shows continued as they wait)."""
    deadline = time.monotonic() + GAME_SECONDS
    while not page.locator("[data-testid=result-headline]").is_visible():
        assert time.monotonic() < deadline, "no result on the page"
        continue_show(page)
        page.wait_for_timeout(50)


def test_a_friend_reopening_his_invitation_link_returns_to_his_seat(
    person: Person, live_server: str, size: str
) -> None:
    ann = person("Ann")
    seats = [{"kind": "me"}, {"kind": "friend"}]
    made = new_game(ann, live_server, game="classic", options={"target": 61}, seats=seats)
    game_id = made["id"]
    link = f"{live_server}/#/join/{made['invites']['1']['code']}"
    ann.goto(f"{live_server}/#/game/{game_id}")
    wait_for_state(ann)
    if my_turn(ann):
        play_classic_turn(ann)
    # Before Bob sits down, Ann's page says the table waits for him, and his seat is empty, not
    # "to play".
    expected = "Waiting for the friend invited to seat 2 to join the table\u2026"
    ann.wait_for_function(
        "(words) => document.querySelector('[data-testid=status]').innerText === words",
        arg=expected,
    )
    empty = seat_line(ann, 1)
    assert empty.get_attribute("data-kind") == "invited"
    assert empty.get_attribute("data-to-move") == "false"
    assert empty.locator("[data-testid=seat-turn]").count() == 0
    assert "invited: not joined yet" in empty.inner_text()

    bob = person("Bob")
    bob.goto(link)
    bob.click("[data-testid=join-button]")
    bob.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    wait_for_state(bob)
    ann.wait_for_selector("[data-testid=seat-line][data-seat='1'][data-kind=person]")
    ann.wait_for_function(
        "(words) => document.querySelector('[data-testid=status]').innerText !== words",
        arg=expected,
    )

    # Bob opens his link again (another tab, the next day): it leads back to his seat.
    bob.goto(link)
    back = bob.locator("[data-testid=to-table]")
    back.wait_for()
    assert "You already play seat 2 at this table." in bob.inner_text("[data-testid=invitation]")
    assert bob.locator("[data-testid=join-button]").count() == 0
    bob.evaluate(f"() => localStorage.removeItem('cribkit:tokens:{game_id}')")
    back.click()
    bob.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    wait_for_state(bob)
    assert bob.get_attribute(APP, "data-seat") == "1"
    # (anyone else who opens it is told it cannot be used, as before: test_browser_people.py)

    # Ann says something while Bob's talk is off his screen (a phone: below the table): a pill
    # at the foot of his screen says so, and brings the talk into view.
    bob.evaluate("window.scrollTo(0, 0)")
    talk_in_view = "() => { const b = document.querySelector('[data-testid=chat-lines]')" + (
        ".getBoundingClientRect(); return b.bottom > 0 && b.top < window.innerHeight; }"
    )
    off_screen = not bob.evaluate(talk_in_view)
    assert off_screen == (size == "phone")
    bob.wait_for_timeout(1600)  # (the talk so far comes with the connection: no news; chat.js)
    ann.click("[data-action=phrase]")
    bob.wait_for_selector("[data-testid=chat-line][data-kind=chat]")
    pill = bob.locator("[data-testid=chat-pill]")
    if off_screen:
        pill.wait_for()
        assert pill.inner_text() == "\u2193 Ann said something"
        pill.click()
        bob.wait_for_function(talk_in_view)
        assert pill.is_hidden()
    else:
        assert pill.is_hidden()


def test_two_people_lay_away_at_the_same_moment(person: Person, live_server: str) -> None:
    ann = person("Ann")
    made = new_game(ann, live_server, game="classic", options={"target": 61},
                    seats=[{"kind": "me"}, {"kind": "friend"}])  # fmt: skip
    game_id = made["id"]
    bob = person("Bob")
    bob.goto(f"{live_server}/#/join/{made['invites']['1']['code']}")
    bob.click("[data-testid=join-button]")
    bob.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    ann.goto(f"{live_server}/#/game/{game_id}")
    pages = [ann, bob]
    for page in pages:
        wait_for_state(page)
        page.wait_for_selector("[data-testid=seat-line][data-seat='1'][data-kind=person]")
    # Both are asked to lay away at once, the dealer too; each sees both seats to play.
    for page in pages:
        assert page.inner_text("[data-testid=status]").startswith("Lay away 2 cards to ")
        assert [seat_line(page, seat).get_attribute("data-to-move") for seat in (0, 1)] == [
            "true",
            "true",
        ]
        cards = page.locator("[data-testid=hand-card]")
        cards.nth(0).click()
        cards.nth(1).click()
    # Both press "Lay away" at the same moment, neither page having heard of the other's.
    seqs = [shown_seq(page) for page in pages]
    for page in pages:
        page.evaluate("() => document.querySelector('[data-action=discard]').click()")
    for page in pages:
        page.wait_for_selector("[data-testid=starter]")
        assert_no_error(page)
        assert shown_seq(page) >= max(seqs) + 2  # (both lay-aways taken)


def test_a_spectator_follows_a_match_into_game_2(
    person: Person, live_server: str, size: str
) -> None:
    ann = person("Ann")
    made = new_game(
        ann,
        live_server,
        game="classic",
        options={"target": 61, "skunks": False},
        seats=[{"kind": "me"}, {"kind": "computer", "level": "random"}],
        match=3,
    )
    first, watch, token = made["id"], made["watch"], made["tokens"]["0"]
    eve = person("Eve")
    eve.goto(f"{live_server}/#/watch/{first}/{watch}")
    wait_for_state(eve)
    assert eve.locator("[data-testid=watching]").is_visible()
    assert eve.inner_text("[data-testid=match-line]") == "Game 1 \u00b7 first to 2"

    with seat_socket(ann, live_server, first, token) as socket:
        play_seat_zero(socket, [eve])
    following = ann.request.get(f"{live_server}/api/games/{first}/table").json()["table"]["next"]
    assert following

    # The player's result (her page opened on the game over, with her seat's token) leads with
    # what to do next; the seed and its check are folded below.
    ann.goto(f"{live_server}/")
    ann.evaluate(
        "([id, token]) => localStorage.setItem(`cribkit:tokens:${id}`, JSON.stringify({ 0: token }))",
        [first, token],
    )
    ann.goto(f"{live_server}/#/game/{first}")
    wait_for_result(ann)
    actions = ann.locator("[data-testid=result-actions] > *")
    assert actions.all_inner_texts()[:3] == ["Next game", "New game", "Review"]
    fairness = ann.locator("[data-testid=fairness]")
    assert fairness.get_attribute("open") is None
    assert not ann.locator("[data-testid=seed]").is_visible()
    # (on the first screen of the result, above the folded section)
    lead = ann.locator("[data-testid=next-game]").bounding_box()
    folded = fairness.bounding_box()
    assert lead is not None
    assert folded is not None
    assert lead["y"] >= 0
    assert lead["y"] + lead["height"] <= SIZES[size]["viewport"]["height"]
    assert lead["y"] + lead["height"] <= folded["y"]
    ann.click("[data-testid=fairness-summary]")
    assert re.fullmatch(r"fair1:[0-9a-f]{64}", ann.inner_text("[data-testid=seed]"))
    assert ann.locator("[data-action=verify-deal]").is_visible()

    # The spectator's page: the result, then the match's next game, by the button or by itself.
    wait_for_result(eve)
    go = eve.locator("[data-testid=watch-next]")
    go.wait_for()
    assert go.inner_text() == "Watch game 2"
    assert eve.locator("[data-testid=result-actions] > *").first.inner_text() == "Watch game 2"
    assert eve.inner_text("[data-testid=status]").startswith("Game 2 is dealt:")
    if size == "desktop":
        go.click()
    eve.wait_for_url(re.compile(rf"#/watch/{following}/{watch}$"), timeout=15_000)
    wait_for_state(eve)
    eve.wait_for_selector("[data-testid=match-line]:text('Game 2')")
    assert eve.locator("[data-testid=watching]").is_visible()
    assert eve.locator("[data-testid=hand-card]").count() == 0
    assert not eve.locator("[data-testid=result]").is_visible()

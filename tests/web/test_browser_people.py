"""The browser client at a table of people, through Debian's Chromium: invitations by link and by
join code, games between people (classic, Tiles, partners with the computer), a page closed and
reopened, a spectator, a match, the table talk, and strangers kept out.

Each person is a browser context of their own (their own cookies, so their own session and
player), against a real ``cribkit serve`` (the ``live_server`` fixture); they play through the
pages by clicks and keys, as ``test_browser.py`` does against the computer.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from cribkit.games.classic.events import HandDealt
from cribkit.games.records import replay
from cribkit.store.base import open_store
from cribkit.web.routes.saved import full_record

from .browsing import (
    TURN_TIMEOUT_MS,
    Person,
    assert_no_error,
    continue_show,
    final_scores,
    people,
    shown_seq,
    wait_for_change,
    watch_errors,
)
from .test_browser import CARD_TEXT, cards_written, play_classic_turn

APP = "[data-testid=app]"
#: The longest a game between people may take here, in seconds of the clock on the wall.
GAME_SECONDS = 150


@pytest.fixture
def person(browser: Browser, live_server: str) -> Iterator[Person]:
    """Make a person: a browser context of their own with a desktop-size page, going by
    ``name`` when one is given (set in their session). JavaScript errors fail the test."""
    with people(browser, live_server, {"viewport": {"width": 1280, "height": 900}}) as make:
        yield make


# -- helpers ----------------------------------------------------------------------------------


def new_table(
    page: Page,
    base: str,
    game: str,
    seats: list[str],
    *,
    options: dict[str, str] | None = None,
    checks: dict[str, bool] | None = None,
    match: int = 1,
    clock: int | None = None,
    public: bool = False,
    rated: bool = False,
) -> str:
    """Make a table with the lobby's "New table" form: ``seats`` one kind a seat ("me",
    "friend", or "computer" at the level random); the new game's id."""
    page.goto(f"{base}/")
    form = page.locator("[data-testid=new-table]")
    form.wait_for()
    page.select_option("[data-testid=table-game]", game)
    for name, label in (options or {}).items():
        page.select_option(f"[data-testid=table-option-{game}-{name}]", label=label)
    for name, checked in (checks or {}).items():
        page.set_checked(f"[data-testid=table-option-{game}-{name}]", checked)
    assert page.locator("[data-testid=seat-row]").count() == len(seats)
    for seat, kind in enumerate(seats):
        page.select_option(f"[data-testid=seat-kind-{seat}]", kind)
        if kind == "computer":
            page.select_option(f"[data-testid=seat-level-{seat}]", "random")
    page.select_option("[data-testid=table-match]", str(match))
    if clock is not None:
        page.select_option("[data-testid=table-clock]", str(clock))
    if public:
        page.check("[data-testid=table-public]")
    if rated:
        page.check("[data-testid=table-rated]")
    page.click("[data-testid=create-table]")
    page.wait_for_url(re.compile(r"#/game/"))
    wait_for_state(page)
    return page.url.split("#/game/")[1]


def wait_for_state(page: Page) -> None:
    """Wait until the page shows a state of its game."""
    page.wait_for_function(
        "() => document.querySelector('[data-testid=app]').dataset.seq !== undefined"
    )


def wait_for_another_game(page: Page, game_id: str) -> str:
    """Wait until the page shows a game other than ``game_id``; the new game's id."""
    page.wait_for_url(lambda url: "#/game/" in url and not url.endswith(f"/{game_id}"))
    wait_for_state(page)
    return page.url.split("#/game/")[1]


def invite_link(page: Page, seat: int) -> str:
    """The invitation link the host's page shows for a seat."""
    field = page.locator(f"[data-testid=invite][data-seat='{seat}'] [data-testid=invite-link]")
    return field.input_value()


def join_code(page: Page, seat: int) -> str:
    """The join code the host's page shows for a seat."""
    return page.inner_text(f"[data-testid=invite][data-seat='{seat}'] [data-testid=join-code]")


def accept(page: Page, name: str | None = None) -> None:
    """On an invitation's page: give a name if it is asked, join, and wait for the table."""
    page.wait_for_selector("[data-testid=join-button]")
    if name is not None:
        page.fill("[data-testid=join-name]", name)
    page.click("[data-testid=join-button]")
    page.wait_for_url(re.compile(r"#/game/"))
    wait_for_state(page)


def seat_line(page: Page, seat: int) -> Any:
    """The line of a seat in the page's "At the table" panel."""
    return page.locator(f"[data-testid=seat-line][data-seat='{seat}']")


def wait_connected(page: Page, seat: int, connected: bool = True) -> None:
    """Wait until the page shows a seat connected (or not)."""
    page.wait_for_selector(
        f"[data-testid=seat-line][data-seat='{seat}'][data-connected='{str(connected).lower()}']"
    )


def result_shown(page: Page) -> bool:
    return page.locator("[data-testid=result]").is_visible()


def my_turn(page: Page) -> bool:
    # (a show waits on each page until its player continues: the play loops continue it)
    continue_show(page)
    return page.get_attribute(APP, "data-my-turn") == "true"


def play_to_the_end(pages: list[Page], turn: Callable[[Page], None] = play_classic_turn) -> int:
    """Play every page's turns, as they come, until each page shows the result; the moves made."""
    deadline = time.monotonic() + GAME_SECONDS
    moves = 0
    while not all(result_shown(page) for page in pages):
        acted = False
        for page in pages:
            if my_turn(page) and not result_shown(page):
                turn(page)
                acted = True
                moves += 1
        if not acted:
            pages[0].wait_for_timeout(30)
        assert time.monotonic() < deadline, f"no end after {moves} moves"
    return moves


def play_turns(pages: list[Page], count: int) -> None:
    """Make ``count`` moves on these pages, each when its turn comes, in whatever order."""
    deadline = time.monotonic() + GAME_SECONDS
    while count:
        acted = False
        for page in pages:
            if count and my_turn(page):
                play_classic_turn(page)
                count -= 1
                acted = True
        if not acted:
            pages[0].wait_for_timeout(30)
        assert time.monotonic() < deadline


def two_at_a_table(person: Person, base: str, **table: Any) -> tuple[Page, Page, str]:
    """Ann makes a classic table to 61 for two and invites Bob, who joins by the link."""
    ann = person("Ann")
    game_id = new_table(ann, base, "classic", ["me", "friend"], options={"target": "61"}, **table)
    bob = person("Bob")
    bob.goto(invite_link(ann, 1))
    accept(bob)
    wait_connected(ann, 1)
    return ann, bob, game_id


def stored(live_store: Path, game_id: str) -> tuple[Any, list[dict[str, Any]]]:
    """A game's row and its actions, read from the server's store as its operator could."""
    store = open_store(f"sqlite:///{live_store}")
    row = store.load_game(game_id)
    assert row is not None
    return row, store.load_actions(game_id)


def current_state(live_store: Path, game_id: str) -> Any:
    """The true state of a game now: its record in the store, played again."""
    row, actions = stored(live_store, game_id)
    return replay(full_record(row, actions)).state


# -- invitations ------------------------------------------------------------------------------


def test_an_invitation_by_link_a_game_to_the_end_the_talk_and_a_rematch(
    person: Person, live_server: str
) -> None:
    # Ann names herself in the lobby and makes a table for two with a friend's seat.
    ann = person()
    ann.goto(f"{live_server}/")
    ann.fill("[data-testid=name-input]", "Ann")
    ann.click("[data-testid=name-save]")
    ann.wait_for_selector("[data-testid=player-name]")
    game_id = new_table(ann, live_server, "classic", ["me", "friend"], options={"target": "61"})
    invite = ann.locator("[data-testid=invite]")
    invite.first.wait_for()
    assert invite.count() == 1
    link = invite_link(ann, 1)
    assert link == f"{live_server}/#/join/{link.rsplit('/', 1)[1]}"
    assert re.fullmatch(r"[0-9A-Z]{4}-[0-9A-Z]{4}", join_code(ann, 1))
    assert ann.locator("[data-action=cancel-invite]").is_visible()
    assert seat_line(ann, 1).get_attribute("data-kind") == "invited"
    # No hints nor undo at a table of people.
    assert not ann.locator("[data-action=hint]").is_visible()
    assert not ann.locator("[data-action=undo]").is_visible()

    # Bob opens the link in his own browser: the invitation says who invites him to what.
    bob = person()
    bob.goto(link)
    headline = bob.locator("[data-testid=invite-headline]")
    headline.wait_for()
    assert headline.inner_text() == "Ann invites you to play Cribbage to 61, seat 2"
    accept(bob, "Bob")
    assert bob.url.endswith(f"#/game/{game_id}")
    # The invitation is gone from Ann's page once the seat is taken; each sees the other.
    invite.wait_for(state="detached")
    wait_connected(ann, 1)
    assert seat_line(ann, 1).locator("[data-testid=seat-name]").inner_text() == "Bob"
    assert seat_line(bob, 0).locator("[data-testid=seat-name]").inner_text() == "Ann"
    assert "Bob" in ann.inner_text("[data-testid=scores]")

    # The talk: markup is written as text, a quick phrase, and a mute.
    bob.fill("[data-testid=chat-input]", "<b>hi</b>")
    bob.keyboard.press("Enter")
    said = ann.locator("[data-testid=chat-line][data-kind=chat] [data-testid=chat-text]")
    said.first.wait_for()
    assert said.first.inner_text() == "<b>hi</b>"
    assert ann.locator("[data-testid=chat-lines] b").count() == 0
    assert "Bob:" in ann.inner_text("[data-testid=chat-lines]")
    ann.click("[data-action=phrase][data-phrase=good_luck]")
    bob.wait_for_function(
        "() => document.querySelector('[data-testid=chat-lines]').innerText.includes('Good luck!')"
    )
    assert "You:" in bob.inner_text("[data-testid=chat-lines]")
    bob.click("[data-testid=seat-line][data-seat='0'] [data-action=mute]")
    bob.wait_for_selector("[data-action=mute][aria-pressed=true]")
    ann.fill("[data-testid=chat-input]", "muted words")
    ann.click("[data-action=send-chat]")
    ann.wait_for_function(
        "() => document.querySelector('[data-testid=chat-lines]').innerText.includes('muted words')"
    )
    bob.wait_for_timeout(300)
    assert "muted words" not in bob.inner_text("[data-testid=chat-lines]")

    # They play to the end through their pages.
    assert play_to_the_end([ann, bob]) > 10
    headlines = {ann.inner_text("[data-testid=result-headline]")}
    headlines.add(bob.inner_text("[data-testid=result-headline]"))
    assert headlines in ({"You win!", "Bob wins"}, {"You win!", "Ann wins"}), headlines
    assert max(final_scores(ann)) >= 61
    assert final_scores(ann) == final_scores(bob)

    # Ann asks for a rematch; Bob's page offers to follow her there.
    ann.click("[data-testid=rematch]")
    rematch_id = wait_for_another_game(ann, game_id)
    follow = bob.locator("[data-testid=next-game]")
    follow.wait_for()
    assert follow.inner_text() == "Join the rematch"
    follow.click()
    bob.wait_for_url(re.compile(rf"#/game/{rematch_id}$"))
    wait_for_state(bob)
    wait_connected(ann, 1)
    wait_connected(bob, 0)

    # Ann's statistics count the game against Bob, by name.
    ann.goto(f"{live_server}/#/stats")
    against = ann.locator("[data-testid=against-row][data-kind=person]")
    against.wait_for()
    assert against.locator("td").first.inner_text() == "Bob"
    assert against.locator("td").nth(1).inner_text() == "1"


def test_an_invitation_by_code_typed_in_the_lobby_one_cancelled_and_the_clock(
    person: Person, live_server: str
) -> None:
    ann = person("Ann")
    new_table(
        ann, live_server, "classic", ["me", "friend", "friend"], options={"players": "3"}, clock=30
    )
    ann.locator("[data-testid=invite]").first.wait_for()
    assert ann.locator("[data-testid=invite]").count() == 2
    code = join_code(ann, 1)

    # Cy types the code as it was read to him: small letters, no dash.
    cy = person("Cy")
    cy.goto(f"{live_server}/")
    cy.fill("[data-testid=join-code-input]", code.replace("-", "").lower())
    cy.click("[data-testid=join-code-button]")
    cy.wait_for_url(re.compile(r"#/join/"))
    headline = cy.locator("[data-testid=invite-headline]")
    headline.wait_for()
    assert headline.inner_text() == "Ann invites you to play Cribbage to 121, 3 players, seat 2"
    assert cy.inner_text("[data-testid=join-as]") == "Cy"
    accept(cy)
    wait_connected(ann, 1)
    assert ann.locator("[data-testid=invite]").count() == 1

    # Ann cancels the other invitation: the computer takes seat 3, on every page.
    ann.click("[data-testid=invite][data-seat='2'] [data-action=cancel-invite]")
    ann.locator("[data-testid=invite]").wait_for(state="detached")
    for page in (ann, cy):
        page.wait_for_selector("[data-testid=seat-line][data-seat='2'][data-kind=computer]")
    assert seat_line(cy, 2).locator("[data-testid=seat-name]").inner_text() == "Computer"
    # With every seat taken, the move clock runs for each person to move (an open invitation
    # is not timed; both lay away at once, each on a clock): on its line and in the head,
    # counting down.
    ticking = ann.locator(
        "[data-testid=seat-line][data-to-move=true] [data-testid=seat-clock]"
    ).first
    ticking.wait_for()
    before = ticking.inner_text()
    assert re.fullmatch(r"0:[0-3]\d", before), before
    assert ann.locator("[data-testid=clock]").is_visible()
    ann.wait_for_function(
        "(before) => document.querySelector('[data-testid=seat-clock]').innerText !== before",
        arg=before,
    )
    assert ticking.inner_text() < before
    # The code is spent: typed again by Cy, it leads back to his seat; by anyone else, nowhere.
    cy.goto(f"{live_server}/#/join/{code}")
    cy.wait_for_selector("[data-testid=to-table]")
    dee = person("Dee")
    dee.goto(f"{live_server}/#/join/{code}")
    dee.wait_for_selector("[data-testid=invitation-missing]")


def test_a_game_of_tiles_between_two_people(
    person: Person, live_server: str, live_store: Path
) -> None:
    ann = person("Ann")
    game_id = new_table(ann, live_server, "tiles", ["me", "friend"], options={"board_size": "9"})
    bob = person("Bob")
    bob.goto(invite_link(ann, 1))
    accept(bob)
    wait_connected(ann, 1)
    pages = {0: ann, 1: bob}

    # Two plays typed in the move box (the true rack and board from the store give a legal
    # one: there are no hints at a table of people), then each passes: the game is over.
    plays = 0
    passes = 0
    deadline = time.monotonic() + GAME_SECONDS
    while not all(result_shown(page) for page in pages.values()):
        assert time.monotonic() < deadline
        state = current_state(live_store, game_id)
        if state.is_terminal:
            pages[0].wait_for_timeout(50)
            continue
        page = pages[state.current_player]
        if not my_turn(page):
            page.wait_for_timeout(30)
            continue
        seq = shown_seq(page)
        legal = state.legal_plays()
        if plays < 2 and legal:
            page.fill("[data-testid=move-input]", state.notation(legal[0].play))
            page.click("[data-action=enter-move]")
            page.wait_for_selector("[data-testid=preview-points]")
            page.click("[data-action=commit]")
            plays += 1
        else:
            page.click("[data-action=pass]")
            passes += 1
        wait_for_change(page, seq)
        assert_no_error(page)
    assert plays == 2
    assert passes >= 2
    for page in pages.values():
        assert page.locator("[data-testid=result-headline]").is_visible()
        assert page.locator("[data-testid=tile-cell] svg").count() >= 3
    assert final_scores(ann) == final_scores(bob)
    assert "pass" in ann.inner_text("[data-testid=log]")


def test_two_friends_against_two_computers_in_partners(person: Person, live_server: str) -> None:
    ann = person("Ann")
    ann.goto(f"{live_server}/")
    ann.select_option("[data-testid=table-option-classic-players]", label="4")
    labels = ann.locator("[data-testid=seat-row] .seat-label").all_inner_texts()
    assert [label.split("\n")[0].strip() for label in labels] == [
        "Seat 1 \u00b7 team 1",
        "Seat 2 \u00b7 team 2",
        "Seat 3 \u00b7 team 1",
        "Seat 4 \u00b7 team 2",
    ]
    assert "seats 1 & 3" in ann.inner_text("[data-testid=teams-note]")
    game_id = new_table(
        ann,
        live_server,
        "classic",
        ["me", "computer", "friend", "computer"],
        options={"players": "4", "target": "61"},
        public=True,
    )
    # Bob finds the public table in his lobby and takes its free seat.
    bob = person("Bob")
    bob.goto(f"{live_server}/")
    listed = bob.locator(f"[data-testid=public-table][data-game-id='{game_id}']")
    listed.wait_for()
    assert "Cribbage to 61, 4 players in partners" in listed.inner_text()
    assert "1 seat open" in listed.inner_text()
    assert listed.locator("[data-action=watch-table]").is_visible()
    listed.locator("[data-action=join-table]").click()
    bob.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    wait_for_state(bob)
    assert bob.get_attribute(APP, "data-seat") == "2"
    wait_connected(ann, 2)
    assert ann.locator("[data-testid=seat-line] .team-tag").count() == 4
    assert "You & Bob" in ann.inner_text("[data-testid=scores]")
    assert "Ann & You" in bob.inner_text("[data-testid=scores]")
    assert seat_line(ann, 1).get_attribute("data-kind") == "computer"

    play_to_the_end([ann, bob])
    headline_ann = ann.inner_text("[data-testid=result-headline]")
    headline_bob = bob.inner_text("[data-testid=result-headline]")
    assert headline_ann == headline_bob
    assert headline_ann in ("You win!", "Computer 2 & Computer 4 win")


def test_a_page_closed_and_opened_again_goes_back_to_its_table(
    person: Person, live_server: str
) -> None:
    ann, bob, game_id = two_at_a_table(person, live_server)
    # Bob closes his page, and forgets his seat's token as a new browser tab would not.
    context = bob.context
    bob.evaluate(f"() => localStorage.removeItem('cribkit:tokens:{game_id}')")
    bob.close()
    wait_connected(ann, 1, connected=False)
    assert "away" in seat_line(ann, 1).inner_text()

    # Opening the site again takes him back to the table, his seat's token asked again.
    errors: list[str] = []
    again = watch_errors(context.new_page(), errors)
    again.goto(f"{live_server}/")
    again.wait_for_url(re.compile(rf"#/game/{game_id}$"))
    wait_for_state(again)
    wait_connected(ann, 1)
    assert again.get_attribute(APP, "data-seat") == "1"
    # The game goes on: each lays away.
    play_turns([ann, again], 2)
    assert "lay away" in ann.inner_text("[data-testid=log]")
    assert not errors, errors


def clear_deal(page: Page, base: str, live_store: Path) -> tuple[str, dict[int, list[str]]]:
    """A table of Ann (seat 0) and an invited friend, classic to 61, whose first deal holds no
    card the public log names (the cuts for the deal); the hands of that deal."""
    body = {
        "game": "classic",
        "options": {"target": 61},
        "seats": [{"kind": "me"}, {"kind": "friend"}],
    }
    for _ in range(50):
        answer = page.request.post(f"{base}/api/games", data=body)
        assert answer.ok, answer.text()
        game_id: str = answer.json()["id"]
        row, _ = stored(live_store, game_id)
        events = replay(
            {"game": "classic", "rules": row.rules, "seed": row.seed, "actions": []}
        ).events
        hands = {e.seat or 0: [str(c) for c in e.cards] for e in events if isinstance(e, HandDealt)}
        public = {card for e in events if not e.private for card in CARD_TEXT.findall(e.text())}
        if not public & {card for hand in hands.values() for card in hand}:
            return game_id, hands
    raise AssertionError("no deal clear of the cuts")


def private_cards(live_store: Path, game_id: str) -> list[str]:
    """The cards of the game no spectator may know now: every hand and the crib."""
    state = current_state(live_store, game_id)
    cards: list[str] = []
    for seat in range(2):
        view = state.observation(seat).to_json()
        cards += view["hand"] + view["laid_away"]
    return cards


def test_a_spectator_sees_the_table_but_no_hand_and_cannot_act_or_chat(
    person: Person, live_server: str, live_store: Path
) -> None:
    ann = person("Ann")
    ann.goto(f"{live_server}/")
    game_id, hands = clear_deal(ann, live_server, live_store)
    ann.goto(f"{live_server}/#/game/{game_id}")
    wait_for_state(ann)
    bob = person("Bob")
    bob.goto(invite_link(ann, 1))
    accept(bob)
    watch_link = ann.locator("[data-testid=watch-link]").input_value()
    assert f"#/watch/{game_id}/" in watch_link

    eve = person("Eve")
    eve.goto(watch_link)
    wait_for_state(eve)
    assert eve.locator("[data-testid=watching]").is_visible()
    ann.wait_for_selector("[data-testid=spectators]:text('1 watching')")
    assert eve.locator("[data-testid=opponent-hand-0]").is_visible()
    assert eve.locator("[data-testid=opponent-hand-1]").is_visible()

    def assert_nothing_private() -> None:
        assert eve.locator("[data-testid=hand-card]").count() == 0
        assert cards_written(eve.content(), private_cards(live_store, game_id)) == []
        for control in ("hint", "undo", "discard"):
            assert not eve.locator(f"[data-action={control}]").is_visible()
        assert eve.locator("[data-testid=chat-input]").count() == 0
        assert eve.locator("[data-action=phrase]").count() == 0

    assert sorted(private_cards(live_store, game_id)) == sorted(hands[0] + hands[1])
    assert_nothing_private()
    # The players' chat does not reach the spectator.
    ann.fill("[data-testid=chat-input]", "my crib is strong")
    ann.keyboard.press("Enter")
    bob.wait_for_selector("[data-testid=chat-line][data-kind=chat]")
    # Both lay away: the crib and the hands are still nobody's business but their own.
    play_turns([ann, bob], 2)
    eve.wait_for_function(
        "() => document.querySelector('[data-testid=starter]') !== null", timeout=TURN_TIMEOUT_MS
    )
    assert_nothing_private()
    assert "my crib is strong" not in eve.content()
    assert eve.locator("[data-testid=chat-line][data-kind=chat]").count() == 0
    # A spectator's socket is refused any action.
    eve.evaluate(
        "() => window.cribkitPage().connections.get(-1).send("
        "{ type: 'chat', text: 'hello from the rail' })"
    )
    eve.wait_for_selector("[data-testid=error]:visible")
    assert "a spectator watches" in eve.inner_text("[data-testid=error]").lower()


def test_a_best_of_three_match_its_tally_and_the_next_game(
    person: Person, live_server: str
) -> None:
    ann = person("Ann")
    first = new_table(
        ann,
        live_server,
        "classic",
        ["me", "computer"],
        options={"target": "61"},
        checks={"skunks": False},
        match=3,
    )
    tally = ann.locator("[data-testid=tally-text]")
    assert tally.inner_text() == "Match, best of 3: You 0 \u2013 0 Computer"
    assert ann.inner_text("[data-testid=match-line]") == "Game 1 \u00b7 first to 2"
    play_to_the_end([ann])
    won = ann.inner_text("[data-testid=result-headline]") == "You win!"
    expected = "You 1 \u2013 0 Computer" if won else "You 0 \u2013 1 Computer"
    assert expected in ann.inner_text("[data-testid=result-tally]")
    assert tally.inner_text() == f"Match, best of 3: {expected}"

    # The match's next game is there already: the button takes the player to it.
    follow = ann.locator("[data-testid=next-game]")
    assert follow.inner_text() == "Next game"
    follow.click()
    wait_for_another_game(ann, first)
    ann.wait_for_selector("[data-testid=match-line]:text('Game 2')")
    assert tally.inner_text() == f"Match, best of 3: {expected}"
    play_to_the_end([ann])
    tallied = ann.inner_text("[data-testid=result-tally]")
    if "wins the match" in tallied or "You win the match!" in tallied:
        assert ann.inner_text("[data-testid=rematch]") == "Rematch"
    else:
        assert "1 \u2013 1" in tallied
        assert ann.inner_text("[data-testid=next-game]") == "Next game"


def test_a_stranger_cannot_join_without_an_invitation_nor_watch_without_the_code(
    person: Person, live_server: str
) -> None:
    ann = person("Ann")
    ann.goto(f"{live_server}/")
    body = {"game": "classic", "seats": [{"kind": "me"}, {"kind": "friend"}]}
    answer = ann.request.post(f"{live_server}/api/games", data=body)
    assert answer.ok, answer.text()
    game_id = answer.json()["id"]

    mallory = person("Mallory")
    mallory.goto(f"{live_server}/")
    error = mallory.locator("[data-testid=join-code-error]")
    mallory.fill("[data-testid=join-code-input]", "hello")
    mallory.click("[data-testid=join-code-button]")
    error.wait_for()
    assert "8 letters and digits" in error.inner_text()
    mallory.fill("[data-testid=join-code-input]", "ZZZZ-ZZZZ")
    mallory.click("[data-testid=join-code-button]")
    mallory.wait_for_selector("[data-testid=join-code-error]:text('no open invitation')")
    assert "#/join/" not in mallory.url
    # The private table is not listed, and neither its game nor its spectators' page opens.
    assert mallory.locator(f"[data-testid=public-table][data-game-id='{game_id}']").count() == 0
    mallory.goto(f"{live_server}/#/watch/{game_id}/not-the-code")
    mallory.wait_for_selector("[data-testid=error]:visible")
    assert "cannot be watched" in mallory.inner_text("[data-testid=error]")
    assert mallory.locator("[data-testid=hand-card]").count() == 0
    mallory.goto(f"{live_server}/#/game/{game_id}")
    mallory.wait_for_selector("[data-testid=game-error]")
    assert "cannot be joined" in mallory.inner_text("[data-testid=game-error]")
    mallory.goto(f"{live_server}/#/join/not-an-invitation-code")
    mallory.wait_for_selector("[data-testid=invitation-missing]")

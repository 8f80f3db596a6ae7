"""Quick play and challenges in Debian's Chromium against a real ``cribkit serve`` (issue 38): a
friend's challenge arrives on whatever page they are on, with a badge, and accepting it sits both
at the table; a player waiting for a stranger is offered the computer after 30 s, plays it
meanwhile, and is told on that game's page when an opponent is found. (Two servers of a cluster:
``tests/cluster/test_quick_play.py``.)"""

from __future__ import annotations

from playwright.sync_api import Browser

from .signedin import Person, unique
from .test_browser_people import accept, invite_link, new_table


def test_a_challenge_arrives_on_any_page_with_a_badge_and_starts_the_table(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    ann = Person(browser, live_server, unique("Ann"))
    bob = Person(browser, live_server, unique("Bob"), phone=True)
    signed_in += [ann, bob]
    bob_page = bob.open("#/stats")  # (any page: the statistics)
    page = ann.open("#/account")
    page.fill("[data-testid=add-friend] input", bob.name)
    page.click("[data-testid=add-friend] button")
    friend = page.locator("[data-testid=friend]")
    friend.wait_for()
    assert friend.get_attribute("data-online") == "true"
    page.select_option("[data-testid=challenge-game]", "classic-61")
    page.click("[data-action=challenge]")
    page.wait_for_url("**/#/game/*")
    challenge = bob_page.locator("[data-testid=challenge]")
    challenge.wait_for()
    assert challenge.inner_text().startswith(f"{ann.name} challenges you: Classic to 61")
    assert bob_page.inner_text("[data-testid=inbox-badge]") == "1"
    bob_page.click("[data-action=accept-challenge]")
    bob_page.wait_for_url(page.url)
    assert bob_page.locator("[data-testid=inbox-badge]").is_hidden()
    for seen in (page, bob_page):
        seen.wait_for_selector("[data-testid=scores]")
        seen.wait_for_function(
            "name => document.querySelector('[data-testid=scores]').innerText.includes(name)",
            arg=bob.name if seen is page else ann.name,
        )


def test_a_waiting_player_plays_the_computer_meanwhile_and_is_told_of_the_opponent(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    ann = Person(browser, live_server, unique("Ann"))
    bob = Person(browser, live_server, unique("Bob"))
    signed_in += [ann, bob]
    # A fake clock for Ann's page (its context is not kept for another test: an init script).
    ann.context.add_init_script("/* this context has a fake clock */")
    ann.page.clock.install()
    page = ann.open("#/")
    page.click("[data-action=play-someone][data-pool=tiles]")
    waiting = page.locator("[data-testid=quick-waiting]")
    waiting.wait_for()
    assert "Looking for an opponent: Tiles" in waiting.inner_text()
    assert page.locator("[data-action=computer-meanwhile]").count() == 0
    page.clock.fast_forward("00:31")
    meanwhile = page.locator("[data-action=computer-meanwhile]")
    meanwhile.wait_for()
    meanwhile.click()
    page.wait_for_url("**/#/game/*")
    computer_game = page.url
    assert waiting.is_visible()  # (still waiting, on the computer's game page)
    bob.open("#/").click("[data-action=play-someone][data-pool=tiles]")
    bob.page.wait_for_url("**/#/game/*")
    found = page.locator("[data-testid=quick-found]")
    found.wait_for()
    assert page.url == computer_game
    assert waiting.count() == 0
    page.click("[data-action=quick-go]")
    page.wait_for_url(bob.page.url)


def test_a_rated_table_from_the_new_table_form_between_two_accounts(
    browser: Browser, live_server: str, signed_in: list[Person]
) -> None:
    ann = Person(browser, live_server, unique("Ann"))
    bob = Person(browser, live_server, unique("Bob"))
    signed_in += [ann, bob]
    page = ann.open("#/")
    new_table(page, live_server, "classic", ["me", "friend"], options={"target": "61"}, rated=True)
    assert page.locator("[data-testid=rated-tag]").is_visible()
    bob.page.goto(invite_link(page, 1))
    accept(bob.page)
    for seen in (page, bob.page):
        assert seen.locator("[data-testid=rated-tag]").is_visible()
        assert seen.locator("[data-action=coach]").is_hidden()  # (no coach in a rated game)

"""The pace of the table and its motion (issue 15, "Pacing and motion"), in Debian's Chromium
against a real ``cribkit serve``: the computer's moves drawn at the pace of the speed setting,
the show laid out hand by hand with a Skip button (then held for Continue), and no animation when the system asks for
reduced motion. The pages here keep the default pace (``paced=True``) and choose their speed
through the settings panel, as a player does."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page

from .browsing import (
    assert_no_error,
    start_game,
    start_seeded_game,
    wait_for_turn_or_result,
    watched_page,
)

#: The paces of logic/settings.js (PACE_MS), in milliseconds.
SLOW_MS = 1400
NORMAL_MS = 750

#: Records, in the page, when each version (data-seq) is first drawn and when the show's counts
#: are laid out (their number): performance.now() in a MutationObserver on the page.
RECORD_DRAWS = """() => {
    window.paceDraws = [];
    window.paceCounts = [];
    const app = document.querySelector('[data-testid=app]');
    let seq = app.dataset.seq, counts = 0;
    new MutationObserver(() => {
        const now = performance.now();
        if (app.dataset.seq !== seq) {
            seq = app.dataset.seq;
            window.paceDraws.push([Number(seq), now]);
        }
        const shown = document.querySelectorAll('[data-testid=show] [data-testid=show-entry]').length;
        if (shown !== counts) {
            counts = shown;
            window.paceCounts.push([shown, now]);
        }
    }).observe(app, {attributes: true, childList: true, subtree: true});
}"""


@pytest.fixture
def paced_page(browser: Browser) -> Iterator[Page]:
    """A desktop page at the default pace ("normal"); JavaScript errors fail the test."""
    # (`paced` is the fixture's own keyword, browsing.launch_browser: Playwright's types lack it.)
    yield from watched_page(browser, paced=True, viewport={"width": 1280, "height": 900})


def choose_speed(page: Page, speed: str) -> None:
    """Set the computer's pace in the header's settings panel, and close it."""
    page.click("[data-action=settings]")
    page.select_option("[data-testid=setting-speed]", speed)
    page.click("[data-action=settings]")
    assert page.evaluate("document.documentElement.dataset.speed") == speed


def seq_of(page: Page) -> int:
    return int(page.get_attribute("[data-testid=app]", "data-seq") or -1)


def wait_for_seq(page: Page, seq: int) -> None:
    page.wait_for_function(
        "(seq) => Number(document.querySelector('[data-testid=app]').dataset.seq) >= seq", arg=seq
    )


def lay_away(page: Page) -> None:
    """Lay away the first cards asked for (drawn when this returns)."""
    seq = seq_of(page)
    discard = page.locator("[data-action=discard]")
    need = int(discard.inner_text().split("/")[1].rstrip(")"))
    cards = page.locator("[data-testid=hand-card]")
    for index in range(need):
        cards.nth(index).click()
    discard.click()
    wait_for_seq(page, seq + 1)


def answer_time(page: Page, act: str, meanwhile: Callable[[], None] | None = None) -> float:
    """Make the player's move (`act`: "discard" or "play"), then wait for the state after it,
    which is the computer's move: the time between the two drawings, in ms. `meanwhile` runs
    once the player's move is drawn."""
    seq = seq_of(page)
    if act == "discard":
        lay_away(page)
    else:
        page.locator("[data-testid=hand-card]:enabled").first.click()
    if meanwhile is not None:
        meanwhile()
    wait_for_seq(page, seq + 2)
    draws = dict(page.evaluate("window.paceDraws.splice(0)"))
    assert seq + 1 in draws, draws
    assert seq + 2 in draws, draws
    gap: float = draws[seq + 2] - draws[seq + 1]
    return gap


def impatient_player(page: Page) -> None:
    """While the computer's answer waits to be drawn: keys and clicks at the table."""
    page.wait_for_timeout(200)
    for key in ["1", "2", "Enter", "h"]:
        page.keyboard.press(key)
    page.locator("[data-testid=hand-card]").first.click(force=True)


def test_the_speed_setting_paces_the_computers_answer(paced_page: Page, live_server: str) -> None:
    page = paced_page
    sent: list[str] = []
    page.on(
        "websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(str(frame)))
    )
    # A deal the player deals: the computer, pone, lays away beside the player (drawn first,
    # awaited here), then leads the play once the player has laid away.
    start_seeded_game(page, live_server, {"game": "classic", "ai": "random", "seed": 4})
    assert not wait_for_turn_or_result(page)
    assert "You (dealer)" in page.inner_text("[data-testid=table]")
    page.wait_for_selector("[data-testid=crib-cards] > :nth-child(2)")
    choose_speed(page, "slow")
    page.evaluate(RECORD_DRAWS)
    # The lay-away: the computer's next move (the first card of the play) is drawn no sooner
    # than the slow pace after the player's.
    before = len(sent)
    slow = answer_time(page, "discard", meanwhile=lambda: impatient_player(page))
    assert slow >= SLOW_MS - 2, slow  # (the observer's own timing: a millisecond or so)
    # Nothing the player did while it waited was sent (but the lay-away), and no error shows.
    moves = [json.loads(frame)["type"] for frame in sent[before:]]
    assert [kind for kind in moves if kind in ("action", "hint")] == ["action"], moves
    assert_no_error(page)
    assert not wait_for_turn_or_result(page)
    # Instant: the first card of the play, answered (the computer always can) as it comes.
    choose_speed(page, "instant")
    while page.locator("[data-action=discard]").count():
        lay_away(page)
        assert not wait_for_turn_or_result(page)
    page.evaluate("window.paceDraws = []")
    instant = answer_time(page, "play")
    # (the server's own answer, no pace: under the normal pace even on a loaded machine)
    assert instant < NORMAL_MS, instant
    assert instant < slow / 2
    assert_no_error(page)


def test_the_show_is_laid_out_hand_by_hand_and_skip_lays_out_the_rest(
    paced_page: Page, live_server: str
) -> None:
    page = paced_page
    start_game(page, live_server, "classic", {}, "random")
    # Through the first deal at once, to the player's last card.
    choose_speed(page, "instant")
    for _ in range(20):
        assert not wait_for_turn_or_result(page)
        if page.locator("[data-action=discard]").count():
            lay_away(page)
        elif page.locator("[data-testid=hand-card]").count() == 1:
            break
        else:
            seq = seq_of(page)
            page.locator("[data-testid=hand-card]:enabled").first.click()
            wait_for_seq(page, seq + 1)
    else:
        pytest.fail("no last card in 20 turns")
    choose_speed(page, "normal")
    page.evaluate(RECORD_DRAWS)
    page.locator("[data-testid=hand-card]:enabled").first.click()
    # The first count alone, with Skip; then the second, a pace later.
    entries = page.locator("[data-testid=show] [data-testid=show-entry]")
    page.wait_for_selector("[data-action=skip-show]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=show] [data-testid=show-entry]').length === 2"
    )
    counts = page.evaluate("window.paceCounts")
    shown = [number for number, _ in counts]
    assert shown[:2] == [1, 2], counts
    assert counts[1][1] - counts[0][1] >= NORMAL_MS - 2, counts
    # While the show is laid out, no hand is drawn and nothing can be played.
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert page.get_attribute("[data-testid=app]", "data-my-turn") == "false"
    # Skip: the crib at once; the show, laid out whole, waits for Continue (no next hand yet).
    page.click("[data-action=skip-show]")
    assert entries.count() == 3
    assert page.locator("[data-action=skip-show]").count() == 0
    assert page.locator("[data-action=continue-show]").is_visible()
    assert page.locator("[data-testid=hand-card]").count() == 0
    # Continue: the next hand, the show under it.
    page.click("[data-action=continue-show]")
    page.wait_for_selector("[data-testid=hand-card]")
    assert page.locator("[data-testid=hand-card]").count() >= 5
    assert "crib" in page.inner_text("[data-testid=show]")
    assert_no_error(page)


#: Records, in the page, how many animations run as each version (data-seq) is drawn (taken in
#: the MutationObserver, right after the drawing: a slow test machine cannot miss them).
RECORD_ANIMATIONS = """() => {
    window.paceAnimations = {};
    const app = document.querySelector('[data-testid=app]');
    new MutationObserver(() => {
        const seq = app.dataset.seq;
        if (!(seq in window.paceAnimations)) window.paceAnimations[seq] = document.getAnimations().length;
    }).observe(app, {attributes: true, attributeFilter: ['data-seq']});
}"""


def animations_after_a_play(page: Page) -> int:
    """Play a card: the number of animations running as it is drawn on the pile."""
    while page.locator("[data-action=discard]").count():
        lay_away(page)
        assert not wait_for_turn_or_result(page)
    page.evaluate(RECORD_ANIMATIONS)
    seq = seq_of(page)
    page.locator("[data-testid=hand-card]:enabled").first.click()
    wait_for_seq(page, seq + 1)
    count: int = page.evaluate("(seq) => window.paceAnimations[seq]", str(seq + 1))
    assert not wait_for_turn_or_result(page)
    return count


def test_reduced_motion_turns_every_animation_off(paced_page: Page, live_server: str) -> None:
    page = paced_page
    start_game(page, live_server, "classic", {}, "random")
    assert not wait_for_turn_or_result(page)
    choose_speed(page, "fast")
    # The card played goes to the pile: an animation runs.
    assert animations_after_a_play(page) > 0
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    assert animations_after_a_play(page) == 0

"""The show stays until the player continues (issue 36), in Debian's Chromium against a real
``cribkit serve``: in classic, Table Top (its finished grid and ten lines in words) and
Solitaire, at desktop 1366x900 and 1280x800 and on a phone (390x844, touch), its cards in the
window; continued by Enter, by a click and by a tap; by itself with the "The show continues"
setting; and at a table of two people each page continues on its own. The pages run at the
instant pace: a show that stays there stays at every pace (``tests/js/pacing.test.js``)."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, Page

from .browsing import (
    CONTINUE_SHOW,
    Person,
    assert_no_error,
    shown_seq,
    start_game,
    start_seeded_game,
    wait_for_change,
    watched_page,
)
from .test_browser import play_classic_turn
from .test_browser_people import (  # (person: the fixture of a person in a browser of their own)
    accept,
    invite_link,
    new_table,
    person,  # noqa: F401
    wait_connected,
)

#: How long a held show is watched to stay: at the instant pace the next deal would come at once.
STAYS_MS = 800


def held(page: Page) -> bool:
    """Whether a show laid out whole waits on the page for its player."""
    return page.locator(CONTINUE_SHOW).count() > 0


def play_to_the_show(page: Page, act: object, turns: int = 80) -> None:
    """Make the player's moves (``act(page)``) until a show waits for Continue."""
    for _ in range(turns):
        page.wait_for_function(
            """(selector) => document.querySelector(selector) !== null
                || document.querySelector('[data-testid=app]').dataset.myTurn === 'true'""",
            arg=CONTINUE_SHOW,
            polling=50,
        )
        if held(page):
            return
        act(page)  # type: ignore[operator]
    pytest.fail(f"no show in {turns} turns")


def place_first_legal(page: Page) -> None:
    seq = shown_seq(page)
    page.locator("[data-testid=cell].legal").first.click()
    wait_for_change(page, seq)


def lay_away_two(page: Page) -> None:
    seq = shown_seq(page)
    for key in ("1", "2", "Enter"):
        page.keyboard.press(key)
    wait_for_change(page, seq)


def cards_outside_window(page: Page, selector: str) -> list[str]:
    """The cards of ``selector`` not wholly in the window as the page stands (not scrolled by
    the test: where the page put them)."""
    outside: list[str] = page.evaluate(
        """(selector) => {
            const height = window.innerHeight, width = window.innerWidth;
            return [...document.querySelectorAll(selector)]
                .map((el) => [el, el.getBoundingClientRect()])
                .filter(([, r]) => r.top < -0.5 || r.bottom > height + 0.5 || r.left < -0.5 || r.right > width + 0.5)
                .map(([el, r]) => `${el.dataset.card || el.dataset.cell || el.className} at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.bottom)}`);
        }""",
        selector,
    )
    return outside


def continue_by(page: Page, how: str) -> None:
    """Continue the show held: by Enter, a click or a tap of Continue; the next state drawn."""
    seq = shown_seq(page)
    if how == "enter":
        page.keyboard.press("Enter")
    elif how == "tap":
        page.tap(CONTINUE_SHOW)
    else:
        page.click(CONTINUE_SHOW)
    page.wait_for_selector(CONTINUE_SHOW, state="detached")
    assert shown_seq(page) >= seq


def assert_stays(page: Page) -> int:
    """The show held stays: the same version, nothing to play, Continue still there."""
    seq = shown_seq(page)
    page.wait_for_timeout(STAYS_MS)
    assert held(page)
    assert shown_seq(page) == seq
    assert page.get_attribute("[data-testid=app]", "data-my-turn") == "false"
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert "continue" in page.inner_text("[data-testid=status]")
    return seq


def how_to_continue(page: Page, desktop: str) -> str:
    size = page.viewport_size
    return "tap" if size is not None and size["width"] < 600 else desktop


def test_the_classic_show_stays_until_continued(sized_page: Page, live_server: str) -> None:
    page = sized_page
    start_game(page, live_server, "classic", {}, "random")
    play_to_the_show(page, play_classic_turn)
    assert_stays(page)
    show = page.locator("[data-testid=show]")
    # Hand by hand: both hands and the crib, each in words, its cards in the window.
    assert show.locator("[data-testid=show-entry]").count() == 3
    assert "crib" in show.inner_text()
    assert cards_outside_window(page, "[data-testid=show] .card") == []
    continue_by(page, how_to_continue(page, "enter"))
    # The next deal: the hand to lay away, the show (read) under it, the hand in the window.
    page.wait_for_selector("[data-action=discard]")
    assert cards_outside_window(page, "[data-testid=hand] .card") == []
    assert_no_error(page)


def test_table_top_gets_a_show_of_its_ten_lines(sized_page: Page, live_server: str) -> None:
    page = sized_page
    start_game(page, live_server, "tabletop", {}, "random")
    play_to_the_show(page, place_first_legal, turns=20)
    assert_stays(page)
    # The finished grid, every cell a card, each line's points at its end, in the window.
    grid = page.locator("[data-testid=grid]")
    assert grid.locator(".tt-cell svg").count() == 25
    scores = page.locator(".tt-line-score.rows, .tt-line-score.columns").all_inner_texts()
    assert len(scores) == 10
    assert all(score.isdigit() for score in scores), scores
    assert cards_outside_window(page, "[data-testid=grid] .tt-cell") == []
    # Ten lines in the show, five rows and five columns, each with its points and words.
    lines = page.locator("[data-testid=show-line]")
    names = lines.evaluate_all("(items) => items.map((item) => item.dataset.line)")
    assert [name for name in names if name != "heels"] == [
        *(f"row {n}" for n in range(1, 6)),
        *(f"column {c}" for c in "ABCDE"),
    ]
    for name in names:
        text = page.locator(f"[data-testid=show-line][data-line='{name}']").inner_text()
        title = "His heels" if name == "heels" else name[0].upper() + name[1:]
        assert text.startswith(f"{title}: "), text
        # its points, and the words of how they count (a line of none says "no points")
        assert text.endswith("no points") or re.search(r": \S+ points? \u2014 \S.*\.$", text), text
    # Each side's heading totals its lines as the grid's ends do.
    row_scores = page.locator(".tt-line-score.rows").all_inner_texts()
    column_scores = page.locator(".tt-line-score.columns").all_inner_texts()
    for kind, side_scores in (("rows", row_scores), ("columns", column_scores)):
        heading = page.inner_text(f"[data-testid=show-{kind}] h4")
        total = sum(map(int, side_scores))
        assert heading.endswith(f"the {kind}: {total} point{'' if total == 1 else 's'}"), heading
    continue_by(page, how_to_continue(page, "click"))
    # The next deal: the grid holds the centre card only.
    page.wait_for_selector("[data-testid=cell].legal")
    assert page.locator("[data-testid=grid] .tt-cell svg").count() <= 2
    assert_no_error(page)


#: Samples, every animation frame, the score chip's number against the Solitaire table's total.
SAME_TOTAL_SAMPLER = """() => {
    window.totalSamples = [];
    window.totalMismatches = [];
    const sample = () => {
        const chip = document.querySelector('[data-testid=score-0] strong');
        const total = document.querySelector('[data-testid=total]');
        if (chip && total) {
            window.totalSamples.push(total.textContent);
            if (chip.textContent !== total.textContent)
                window.totalMismatches.push([chip.textContent, total.textContent]);
        }
        requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
}"""


def test_the_solitaire_count_stays_until_continued(sized_page: Page, live_server: str) -> None:
    page = sized_page
    start_game(page, live_server, "solitaire", {}, "")
    play_to_the_show(page, lay_away_two, turns=2)
    assert_stays(page)
    show = page.locator("[data-testid=show]")
    assert show.locator("[data-testid=show-entry]").count() == 2  # the hand and the crib
    assert cards_outside_window(page, "[data-testid=show] .card") == []
    continue_by(page, how_to_continue(page, "enter"))
    page.wait_for_selector("[data-testid=hand-card]")
    assert page.locator("[data-testid=hand-card]").count() == 6
    assert_no_error(page)


def test_the_solitaire_total_counts_up_with_its_score_chip(
    browser: Browser, live_server: str
) -> None:
    # At the default pace the scores count up: the score bar's chip and the table's total say
    # the same number at every moment of the count, sampled every frame. (A chosen deal: its
    # hand and crib count 8 with the first two cards laid away; a random one may count 0.)
    for page in watched_page(browser, paced=True, viewport={"width": 1366, "height": 900}):
        start_seeded_game(page, live_server, {"game": "solitaire", "seed": 5})
        page.evaluate(SAME_TOTAL_SAMPLER)
        play_to_the_show(page, lay_away_two, turns=2)
        assert_stays(page)
        samples = page.evaluate("() => window.totalSamples")
        assert len(set(samples)) > 2, samples  # (it counted up through numbers between)
        assert page.evaluate("() => window.totalMismatches") == []


def test_the_show_continues_by_itself_with_the_setting(browser: Browser, live_server: str) -> None:
    for page in watched_page(browser, viewport={"width": 1280, "height": 800}):
        page.goto(f"{live_server}/")
        page.click("[data-action=settings]")
        page.select_option("[data-testid=setting-continueAfter]", "5")
        page.keyboard.press("Escape")
        start_game(page, live_server, "solitaire", {}, "")
        play_to_the_show(page, lay_away_two, turns=2)
        shown = time.monotonic()
        assert "by itself in 5 s" in page.inner_text("[data-testid=continue-note]")
        # Nobody presses anything: the next round's cards come after the five seconds.
        page.wait_for_selector(CONTINUE_SHOW, state="detached", timeout=15_000)
        waited = time.monotonic() - shown
        assert 4.0 <= waited < 10, waited
        page.wait_for_selector("[data-testid=hand-card]")


def test_at_a_table_of_two_each_page_continues_on_its_own(
    person: Person,  # noqa: F811 (the fixture imported above)
    live_server: str,
) -> None:
    ann = person("Ann")
    game_id = new_table(ann, live_server, "classic", ["me", "friend"])
    bob = person("Bob")
    bob.goto(invite_link(ann, 1))
    accept(bob)
    wait_connected(ann, 1)
    assert game_id in bob.url
    # Both play the first deal through, each on their turn, until both pages hold the show.
    deadline = time.monotonic() + 60
    while not (held(ann) and held(bob)):
        acted = False
        for page in (ann, bob):
            if not held(page) and page.get_attribute("[data-testid=app]", "data-my-turn") == "true":
                play_classic_turn(page)
                acted = True
        if not acted:
            ann.wait_for_timeout(30)
        assert time.monotonic() < deadline, "no show for both"
    bob_seq = shown_seq(bob)
    # Ann continues: her next deal comes without Bob's click; Bob's show stays.
    continue_by(ann, "click")
    ann.wait_for_selector("[data-testid=hand-card]")
    bob.wait_for_timeout(STAYS_MS)
    assert held(bob)
    assert shown_seq(bob) == bob_seq
    assert bob.locator("[data-testid=hand-card]").count() == 0
    # Bob reads on, then continues by Enter: his hand of the next deal.
    continue_by(bob, "enter")
    bob.wait_for_selector("[data-testid=hand-card]")
    assert_no_error(ann)
    assert_no_error(bob)

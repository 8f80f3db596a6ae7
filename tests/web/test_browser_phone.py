"""A phone, 390x844 (issue 15): the hint in view when it arrives in every game, Solitaire's
meter whole, Tiles' cells big enough for a finger (the board scrolling in its panel, the rack
in view), and in the browser too the daily and seeded Solitaire deals and the replay's crib.
In Debian's Chromium against a real ``cribkit serve``."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize

from cribkit.games.protocol import game_info, lookup

from .browsing import (
    open_rules,
    start_game,
    start_seeded_game,
    wait_for_turn_or_result,
    watched_page,
)
from .test_browser import play_solitaire
from .test_browser_layout import outside_window

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    """A phone-size page; JavaScript errors fail the test."""
    yield from watched_page(browser, viewport=PHONE, has_touch=True)


@pytest.mark.parametrize("game", ["classic", "tabletop", "tiles", "solitaire"])
def test_the_hint_is_in_view_when_it_arrives(phone: Page, live_server: str, game: str) -> None:
    page = phone
    start_game(page, live_server, game, {}, "" if game == "solitaire" else "random")
    assert not wait_for_turn_or_result(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    hint = page.locator("[data-testid=hint]")
    # In view wherever the page is scrolled: where the player tapped, and at the top with the
    # hand (the hint lies over the foot of the screen).
    assert outside_window(page, hint) == []
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    box = hint.bounding_box()
    assert box is not None
    assert box["y"] >= 0
    assert box["y"] + box["height"] <= PHONE["height"]
    # Its button too, and it closes.
    page.evaluate("window.scrollTo(0, 0)")
    if page.locator("[data-action=apply-hint]").count():
        assert outside_window(page, page.locator("[data-action=apply-hint]")) == []
    page.click("[data-action=close-hint]")
    assert not hint.is_visible()


def test_solitaire_meter_shows_121_whole(phone: Page, live_server: str) -> None:
    page = phone
    start_game(page, live_server, "solitaire", {}, "")
    marks = page.locator("[data-testid=total-meter] .meter-mark")
    assert marks.all_inner_texts() == ["91", "121"]
    meter = page.locator("[data-testid=total-meter]").bounding_box()
    last = marks.nth(1).bounding_box()
    assert meter is not None
    assert last is not None
    # Inside the meter (so inside the screen), not half past its end.
    assert last["x"] + last["width"] <= meter["x"] + meter["width"] + 0.5
    assert outside_window(page, marks) == []


def across_the_screen(page: Page, selector: str) -> bool:
    """Whether every element of ``selector`` is within the screen's width (as scrolled now)."""
    inside: bool = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].every((element) => {
            const box = element.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth + 0.5;
        })""",
        selector,
    )
    return inside


def in_view_now(page: Page, selector: str) -> bool:
    """Whether the element of ``selector`` is wholly on the screen as the page is scrolled now."""
    inside: bool = page.evaluate(
        """(selector) => {
            const box = document.querySelector(selector).getBoundingClientRect();
            return box.top >= -0.5 && box.left >= -0.5 && box.bottom <= window.innerHeight + 0.5
                && box.right <= window.innerWidth + 0.5;
        }""",
        selector,
    )
    return inside


def test_tiles_cells_fit_a_finger_and_the_board_scrolls_in_its_panel(
    phone: Page, live_server: str
) -> None:
    page = phone
    start_seeded_game(page, live_server, {"game": "tiles", "ai": "random", "seed": 3})
    assert not wait_for_turn_or_result(page)
    cell = page.locator("[data-testid=tile-cell]").first.bounding_box()
    assert cell is not None
    assert min(cell["width"], cell["height"]) >= 32
    # The 13 columns are wider than the phone: the board scrolls inside its panel, the page does
    # not, and the rack is in view.
    scroll = page.evaluate(
        """() => { const s = document.querySelector('.board-scroll');
                   return [s.scrollWidth, s.clientWidth, s.scrollLeft, document.documentElement.scrollWidth]; }"""
    )
    assert scroll[0] > scroll[1]
    assert scroll[2] > 0, "the board opens on its centre"
    assert scroll[3] <= PHONE["width"]
    assert outside_window(page, page.locator("[data-testid=rack-tile]")) == []
    # Scrolled to the right edge, the board stays there when the page draws it again.
    page.evaluate("document.querySelector('.board-scroll').scrollLeft = 10000")
    right = page.evaluate("document.querySelector('.board-scroll').scrollLeft")
    page.locator("[data-testid=rack-tile]").first.click()
    assert page.evaluate("document.querySelector('.board-scroll').scrollLeft") == right
    # The row numbers stay at the panel's left edge.
    head = page.locator(".tb-row").first.bounding_box()
    panel = page.locator(".board-scroll").bounding_box()
    assert head is not None
    assert panel is not None
    assert abs(head["x"] - panel["x"]) < 12
    # Below the board, which way more columns are; at each edge every cell of that side is
    # within the screen (every cell can be reached).
    cue = page.locator("[data-testid=board-scroll-cue]")
    assert cue.inner_text() == "\u25c0 swipe the board for more columns"
    size = int(
        page.evaluate("document.querySelector('.tiles-board').style.getPropertyValue('--size')")
    )
    last = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[size - 1]
    assert across_the_screen(page, f"[data-testid=tile-cell][data-cell^={last}]")
    page.evaluate("document.querySelector('.board-scroll').scrollLeft = 0")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=board-scroll-cue]').textContent.endsWith('\u25b6')"
    )
    assert cue.inner_text() == "swipe the board for more columns \u25b6"
    assert across_the_screen(page, "[data-testid=tile-cell][data-cell^=A]")
    # A tile placed off the centre: the rule's error is brought into the screen; a play that
    # scores, the preview of its points.
    corner = page.locator("[data-testid=tile-cell][data-cell=A1]")
    page.locator("[data-testid=rack-tile]").first.click()
    corner.click()
    page.wait_for_selector("[data-testid=preview-error]")
    assert in_view_now(page, "[data-testid=preview-error]")
    page.keyboard.press("Escape")
    page.evaluate("window.scrollTo(0, 0)")
    # (the expert's play, staged by the hint: a play that scores. The game is seeded: a rack of
    # the random game it was once could hold no play that scores, and the hint was an exchange.)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-action=apply-hint]")
    if not page.locator("[data-testid=staged] li").count():
        page.click("[data-action=apply-hint]")
    page.wait_for_selector("[data-testid=preview-points]")
    assert in_view_now(page, "[data-testid=preview-points]")


def test_the_daily_deal_and_a_named_seed_from_the_lobby(phone: Page, live_server: str) -> None:
    page = phone
    page.goto(f"{live_server}/")
    page.click("[data-testid=daily-solitaire]")
    page.wait_for_selector("[data-testid=hand-card]")
    game_id = page.url.rsplit("/", 1)[-1]
    play_solitaire(page)
    day = page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate(); })()"
    )
    record = page.request.get(f"{live_server}/api/games/{game_id}/record").json()
    assert record["seed"] == day
    assert record["meta"]["deal"].startswith("daily deal ")

    page.goto(f"{live_server}/")
    # On a phone the rules options are folded: the Start buttons come first.
    first_start = page.locator("[data-testid^=start-]").first
    box = first_start.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= PHONE["height"], "the first Start is below the fold"
    assert not page.locator("[data-testid=seed-solitaire]").is_visible()
    open_rules(page, "solitaire")
    page.fill("[data-testid=seed-solitaire]", "seven")
    page.click("[data-testid=start-solitaire]")
    assert "A seed is a whole number" in page.inner_text("body")
    page.fill("[data-testid=seed-solitaire]", "7")
    page.click("[data-testid=start-solitaire]")
    page.wait_for_selector("[data-testid=hand-card]")
    game_id = page.url.rsplit("/", 1)[-1]
    play_solitaire(page)
    record = page.request.get(f"{live_server}/api/games/{game_id}/record").json()
    assert record["seed"] == 7
    assert record["meta"]["deal"] == "seed 7 chosen by the player"


def test_the_replay_draws_the_crib_laid_away_face_down(
    phone: Page, live_server: str, tmp_path: Path
) -> None:
    page = phone
    state = game_info("classic").start(lookup("classic:target=61"), seed=11).state
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0]).state
    path = tmp_path / "classic.json"
    path.write_text(json.dumps(state.record()))
    page.goto(f"{live_server}/")
    page.set_input_files("[data-testid=upload-record]", str(path))
    page.wait_for_selector("[data-testid=replay-step]")
    crib = page.locator("[data-testid=crib-cards]")
    assert crib.locator(".laid-away").count() == 0, "nothing is laid away at the deal"
    # After both lay-aways (steps 1 and 2) the record knows the four cards: face down.
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert crib.get_attribute("data-face-up") == "false"
    laid = crib.locator(".laid-away")
    assert laid.count() == 4
    discards = [a["cards"] for a in state.record()["actions"][:2]]
    assert sorted(laid.evaluate_all("(cards) => cards.map((c) => c.dataset.card)")) == sorted(
        card for cards in discards for card in cards
    )

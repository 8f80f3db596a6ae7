"""What a person needs is on screen without scrolling at the moments that matter (issue 15), at
desktop 1280x800 and phone 390x844, in Debian's Chromium against a real ``cribkit serve``: the
hand while the player must act (two, three and four players, the partner marked), the show
and then the next hand, Table Top's column totals and its match board, and where each score
came from. Each check reads the elements' boxes against the window with the page at its top. A
game is played once and each moment checked at both sizes, the page resized between them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Locator, Page

from .browsing import (
    TURN_TIMEOUT_MS,
    shown_seq,
    start_game,
    wait_for_change,
    wait_for_turn_or_result,
    watched_page,
)
from .test_browser import play_classic_turn

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

#: Where the scoring list may say points came from in classic (logic/frame.js's scoreSource).
CLASSIC_SOURCES = {"play", "go", "last card", "his heels", "hand", "crib"}


@pytest.fixture
def sized_page(browser: Browser) -> Iterator[Page]:
    """A desktop-size page (:func:`at_each_size` resizes it); JavaScript errors fail the test."""
    yield from watched_page(browser, viewport=DESKTOP)


def at_each_size(page: Page, check: Callable[[], None]) -> None:
    """``check`` the page at the phone's size and then at the desktop's: the same page resized,
    as a window is (the layout is the style sheets', which follow the window). A game is
    played once and looked at in both."""
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)  # type: ignore[arg-type]
        check()


#: Each element's box in the window (None while it is not drawn: no size, or hidden) and the
#: start of its text, read in the page at once (one round trip, not three an element).
BOXES = """(elements) => elements.map((element) => {
    const box = element.getBoundingClientRect();
    if ((!box.width && !box.height) || getComputedStyle(element).visibility === 'hidden') return null;
    return { x: box.x, y: box.y, width: box.width, height: box.height,
             text: (element.innerText || element.textContent || '').slice(0, 40) };
})"""


def outside_window(page: Page, locator: Locator) -> list[str]:
    """Each element of ``locator`` not wholly inside the window, with the page at its top (as it
    opens: the player has not scrolled)."""
    page.evaluate("window.scrollTo(0, 0)")
    size = page.viewport_size
    assert size is not None
    # (The table may be drawing afresh as the turn arrives: the elements are waited for.)
    boxes = locator.evaluate_all(BOXES)
    for _ in range(100):
        if None not in boxes:
            break
        page.wait_for_timeout(50)
        boxes = locator.evaluate_all(BOXES)
    assert None not in boxes, f"{locator} is not drawn: {boxes}"
    outside = []
    for box in boxes:
        x, y, w, h = box["x"], box["y"], box["width"], box["height"]
        if x < 0 or y < 0 or x + w > size["width"] + 0.5 or y + h > size["height"] + 0.5:
            outside.append(f"{box['text']!r} at x {x:.0f}-{x + w:.0f}, y {y:.0f}-{y + h:.0f}")
    return outside


def act_in_view(page: Page, players: int = 2) -> None:
    """The hand and what the player acts with are in view: the lay-away button, or the cards
    that may be played; and Hint and Undo (on a phone, a bar at the foot of the screen); with
    four players, the partner."""
    if players == 4:
        # The partner, across the table, is marked as such and in view.
        partner = page.locator("[data-testid=opponent-2] .seat-name")
        assert partner.inner_text().startswith("Partner")
        assert outside_window(page, partner) == []
    hand = page.locator("[data-testid=hand]")
    assert outside_window(page, hand) == []
    assert outside_window(page, page.locator("[data-action=hint], [data-action=undo]")) == []
    discard = page.locator("[data-action=discard]")
    if discard.count():
        assert outside_window(page, discard) == []
        # No count before the play; the crib's place shows nothing until a card is in it.
        assert not page.locator("[data-testid=count]").is_visible()
        laid = page.locator("[data-testid=crib-cards] > *").count()
        assert page.locator("[data-testid=crib] .label").is_visible() == (laid > 0)
    else:
        assert outside_window(page, page.locator("[data-testid=hand-card]:enabled")) == []
        # The count the card goes on, too.
        assert outside_window(page, page.locator("[data-testid=count]")) == []


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hand_is_in_view_whenever_the_player_must_act_in_classic(
    sized_page: Page, live_server: str, players: int
) -> None:
    page = sized_page
    start_game(page, live_server, "classic", {"players": str(players)}, "random")
    played = 0
    second_deal = False
    for _ in range(60):
        if wait_for_turn_or_result(page):
            break
        at_each_size(page, lambda: act_in_view(page, players))
        if "Deal 2" in page.inner_text("[data-testid=log]"):
            # The show of the first deal is still there, and the next hand in view over it.
            assert page.locator("text=The show").count() >= 1
            second_deal = True
            break
        play_classic_turn(page)
        played += 1
    assert played >= 4
    assert second_deal, "no second deal"
    # Every score line names where its points came from.
    sources = page.locator("[data-testid=score-source]").all_inner_texts()
    assert sources, "no score in a whole deal"
    assert set(sources) <= CLASSIC_SOURCES, sources
    assert {"hand", "crib"} <= set(sources)


def test_table_top_grid_totals_and_match_board_stay_in_view(
    sized_page: Page, live_server: str
) -> None:
    page = sized_page
    start_game(page, live_server, "tabletop", {}, "random")
    for turn in range(16):
        if wait_for_turn_or_result(page):
            break
        page.wait_for_selector("[data-testid=match-board]")

        def in_view(turn: int = turn) -> None:
            for selector in (
                ".tt-line-score.columns",
                ".tt-line-score.rows",
                "[data-testid=cell].legal",
                "[data-testid=turned]",
                "[data-testid=match-board]",
            ):
                assert outside_window(page, page.locator(selector)) == [], (turn, selector)

        at_each_size(page, in_view)
        seq = shown_seq(page)
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)
    # Into the second deal: the first one's count did not push the grid away.
    assert "Deal 2" in page.inner_text("[data-testid=log]")
    # The board's pegs stand at the sides' match scores, each of the two lanes.
    board = page.locator("[data-testid=match-board]")
    scores = [int(text) for text in page.locator("[data-testid=scores] strong").all_inner_texts()]
    holes = [
        int(board.locator(f"[data-testid=peg-front-{lane}]").get_attribute("data-hole") or "-1")
        for lane in (0, 1)
    ]
    assert holes == [min(score, 121) for score in scores]


def test_a_scored_table_top_row_is_named_in_the_scoring_list(
    sized_page: Page, live_server: str
) -> None:
    page = sized_page
    start_game(page, live_server, "tabletop", {"target": "61"}, "random")
    for _ in range(40):
        if wait_for_turn_or_result(page) or page.locator("[data-testid=score-source]").count():
            break
        seq = shown_seq(page)
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)

    def named() -> None:
        sources = page.locator("[data-testid=score-source]").all_inner_texts()
        assert sources
        assert all(s.startswith(("row ", "column ", "his heels")) for s in sources), sources

    at_each_size(page, named)


def test_the_logs_last_line_stops_the_winner_in_the_game_hole(
    browser: Browser, live_server: str
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(TURN_TIMEOUT_MS)
    start_game(page, live_server, "tabletop", {"target": "61"}, "random")
    for _ in range(400):
        if wait_for_turn_or_result(page):
            break
        seq = shown_seq(page)
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)
    shown = [int(text) for text in page.locator("[data-testid=scores] strong").all_inner_texts()]
    assert max(shown) == 61
    # Table Top counts both sides at the deal's end: the winner's peg stops in the hole, and the
    # log's line of the win says the scores as the board does.
    won = page.locator("[data-testid=log] li").filter(has_text=" win").last.inner_text()
    assert won.endswith("-".join(map(str, shown))), won
    context.close()


#: Where the cards played before this count lie against the pile's room and the crib.
EARLIER_BOXES = """() => {
    const box = (selector) => {
        const found = document.querySelector(selector);
        return found ? found.getBoundingClientRect().toJSON() : null;
    };
    return { earlier: box('.earlier'), pile: box('[data-testid=pile]'),
             crib: box('[data-testid=crib]'), count: document.querySelectorAll('.earlier .card').length };
}"""


def test_four_players_cards_played_before_stay_in_the_piles_room(
    browser: Browser, live_server: str
) -> None:
    # Up to 15 cards before a count with four players: fanned closer, never over the crib or
    # into the side column (issue 36), at the narrower desktop.
    for page in watched_page(browser, viewport={"width": 1280, "height": 800}):
        start_game(page, live_server, "classic", {"players": "4"}, "random")
        most = 0
        for _ in range(40):
            if wait_for_turn_or_result(page):
                break
            boxes = page.evaluate(EARLIER_BOXES)
            if boxes["earlier"] is not None:
                earlier, pile, crib = boxes["earlier"], boxes["pile"], boxes["crib"]
                most = max(most, boxes["count"])
                assert pile["left"] - 1 <= earlier["left"] <= earlier["right"] <= pile["right"] + 1
                assert earlier["left"] >= crib["right"] or earlier["top"] >= crib["bottom"]
            if page.locator("[data-action=continue-show]").count():
                break
            play_classic_turn(page)
        assert most >= 4  # (the first deal's play went past a count of 31 or a go)


def test_the_solitaire_hand_and_the_tiles_rack_are_in_view_while_the_player_acts(
    sized_page: Page, live_server: str
) -> None:
    page = sized_page
    start_game(page, live_server, "solitaire", {}, "")
    for round_number in range(6):
        if wait_for_turn_or_result(page):
            break
        # From the second round the last count is on the table too, under the six cards.
        assert page.locator("[data-testid=show]").count() == (1 if round_number else 0)

        def hand_in_view() -> None:
            assert outside_window(page, page.locator("[data-testid=hand-card]")) == []
            assert outside_window(page, page.locator("[data-action=discard]")) == []

        at_each_size(page, hand_in_view)
        seq = shown_seq(page)
        for key in ("1", "2", "Enter"):
            page.keyboard.press(key)
        wait_for_change(page, seq)
    start_game(page, live_server, "tiles", {}, "random")
    for _ in range(3):
        if wait_for_turn_or_result(page):
            break

        def rack_in_view() -> None:
            assert outside_window(page, page.locator("[data-testid=rack-tile]")) == []

        at_each_size(page, rack_in_view)
        seq = shown_seq(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        page.click("[data-action=apply-hint]")
        if page.locator("[data-action=commit]:enabled").count():
            page.click("[data-action=commit]")
        wait_for_change(page, seq)

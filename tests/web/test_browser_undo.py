"""Undo against the computer, in Debian's Chromium at each of the table's sizes (issue 36): a
practice undo goes back past what was seen, and the same cards come again."""

from __future__ import annotations

from playwright.sync_api import Page

from .browsing import shown_seq, start_game, wait_for_change, wait_for_turn_or_result


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("[data-testid=hand-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    return sorted(cards)


def lay_away_the_first_two(page: Page) -> None:
    """Keyboard play: digits pick cards, Enter lays them away (on a phone, taps on the cards
    and the button); until the starter is turned."""
    seq = shown_seq(page)
    if touching(page):
        cards = page.locator("[data-testid=hand-card]")
        cards.nth(0).tap()
        cards.nth(1).tap()
        page.locator("[data-action=discard]").tap()
    else:
        page.keyboard.press("1")
        page.keyboard.press("2")
        page.keyboard.press("Enter")
    wait_for_change(page, seq)
    page.wait_for_selector("[data-testid=starter] [data-card]")


def touching(page: Page) -> bool:
    """Whether the page is a phone's, played by touch."""
    return bool(page.evaluate("() => navigator.maxTouchPoints > 0"))


def press(page: Page, selector: str) -> None:
    """Tap ``selector`` on a phone, click it elsewhere."""
    if touching(page):
        page.locator(selector).tap()
    else:
        page.click(selector)


def undo_anyway(page: Page) -> None:
    """Press Undo, see the question before an undo back past what was seen, and confirm it."""
    seq = shown_seq(page)
    press(page, "[data-action=undo]")
    ask = page.locator("[data-testid=undo-ask]")
    assert "practice game" in ask.inner_text()
    press(page, "[data-action=undo-anyway]")
    wait_for_change(page, seq)
    assert ask.is_hidden()


def test_a_practice_undo_goes_back_past_the_starter_and_a_play_and_the_same_cards_come_again(
    sized_page: Page, live_server: str
) -> None:
    page = sized_page
    start_game(page, live_server, "classic", {"target": "61"}, "easy")
    wait_for_turn_or_result(page)
    hand = hand_cards(page)
    assert len(hand) == 6
    # A hint names a lay-away and marks its cards.
    press(page, "[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    assert page.locator("[data-testid=hand-card].hinted").count() == 2
    # Nothing to take back yet, and the words beside the button say so.
    note = page.locator("[data-testid=undo-note]")
    assert not page.locator("[data-action=undo]").is_enabled()
    assert note.inner_text() == "Nothing to undo yet: you have not made a move."
    page.evaluate("document.activeElement.blur()")  # Enter is for the lay-away, not the hint
    lay_away_the_first_two(page)
    starter = page.get_attribute("[data-testid=starter] [data-card]", "data-card")
    # Against the computer an undo may go back past the starter: the words say so, and the
    # page asks before the first such undo (U asks too, or a tap on a phone; "Keep playing" changes nothing).
    assert "goes back past what you have seen (the starter is" in note.inner_text()
    if touching(page):
        press(page, "[data-action=undo]")
    else:
        page.keyboard.press("u")
    ask = page.locator("[data-testid=undo-ask]")
    assert "becomes a practice game" in ask.inner_text()
    press(page, "text=Keep playing")
    assert ask.is_hidden()
    assert len(hand_cards(page)) == 4
    undo_anyway(page)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand-card]').length === 6"
    )
    assert hand_cards(page) == hand, "the same six cards come back"
    assert page.locator("[data-testid=practice-tag]").is_visible()
    # Laid away again, the same starter is turned: nothing new was dealt.
    page.evaluate("document.activeElement.blur()")
    lay_away_the_first_two(page)
    assert page.get_attribute("[data-testid=starter] [data-card]", "data-card") == starter
    # A play and the computer's reply taken back: the card is in the hand again, the pile as
    # it was, and the same reply comes to the same play (the game is practice already: no
    # question this time).
    assert not wait_for_turn_or_result(page)
    before = hand_cards(page)
    pile = page.locator("[data-testid=pile] [data-card]").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    card = page.locator("[data-testid=hand-card]:enabled").first.get_attribute("data-card")
    seq = shown_seq(page)
    press(page, f"[data-testid=hand-card][data-card='{card}']")
    wait_for_change(page, seq)
    wait_for_turn_or_result(page)
    replied = page.locator("[data-testid=pile] [data-card]").evaluate_all(
        "cs => cs.map(c => c.dataset.card)"
    )
    seq = shown_seq(page)
    press(page, "[data-action=undo]")
    wait_for_change(page, seq)
    assert page.locator("[data-testid=undo-ask]").is_hidden()
    wait_for_turn_or_result(page)
    assert hand_cards(page) == before
    assert (
        page.locator("[data-testid=pile] [data-card]").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        == pile
    )
    seq = shown_seq(page)
    press(page, f"[data-testid=hand-card][data-card='{card}']")
    wait_for_change(page, seq)
    wait_for_turn_or_result(page)
    assert (
        page.locator("[data-testid=pile] [data-card]").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        == replied
    )

"""The coach in the browser (issue 16): turned on at the table, it speaks at once after a bad
lay-away, naming the better choice, in a real ``cribkit serve`` on Debian's Chromium; its note
goes at the next move, and it passes axe's scan in every theme."""

from __future__ import annotations

from itertools import combinations

from playwright.sync_api import Page

from cribkit.ai.crib_table import TableCribModel
from cribkit.core.analysis import analyse_discards
from cribkit.core.cards import Card

from .browsing import assert_no_error, shown_seq, start_game, wait_for_change
from .browsing import wait_for_turn_or_result as wait_for_turn
from .test_browser_a11y import assert_accessible, page, scan
from .test_coach import expert_value

__all__ = ["page"]  # the a11y scan's page: themed, no sound, at the instant pace


def bad_lay_away(hand: list[Card]) -> tuple[frozenset[Card], dict[bool, frozenset[Card]]]:
    """The lay-away that costs most whether or not the seat deals (the page does not say which
    at a glance): the one whose smaller cost of the two is largest; and the best of each role."""
    costs: dict[frozenset[Card], float] = {
        frozenset(p): float("inf") for p in combinations(hand, 2)
    }
    best = {}
    for dealer in (False, True):
        found = analyse_discards(hand, dealer=dealer, crib_model=TableCribModel())
        # As the expert values them: hand and crib, plus the kept hand's pegging.
        values = {frozenset(o.discard): expert_value(o, dealer) for o in found}
        top = max(values.values())
        best[dealer] = max(values, key=values.__getitem__)
        for key, value in values.items():
            cost = top - value
            costs[key] = min(costs[key], cost)
    worst = max(costs, key=lambda cards: costs[cards])
    assert costs[worst] >= 0.5, "no lay-away of this deal is an inaccuracy either way"
    return worst, best


def test_the_coach_speaks_after_a_bad_lay_away(page: Page, live_server: str) -> None:
    start_game(page, live_server, "classic", {}, "random")
    toggle = page.locator("[data-action=coach]")
    assert toggle.get_attribute("aria-pressed") == "false"  # off by default
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    # Remembered in this browser's settings.
    assert "coach" in (page.evaluate("localStorage.getItem('cribkit:settings')") or "")
    assert not wait_for_turn(page)
    cards = page.locator("[data-testid=hand-card]")
    hand = [
        Card.parse(text) for text in cards.evaluate_all("(els) => els.map((e) => e.dataset.card)")
    ]
    worst, best = bad_lay_away(hand)
    for card in worst:
        page.click(f"[data-testid=hand-card][data-card='{card}']")
    seq = shown_seq(page)
    page.click("[data-action=discard]")
    wait_for_change(page, seq)
    assert_no_error(page)
    text = page.locator("[data-testid=coach-text]").inner_text()
    verdict = text.partition(" (")[0]
    assert verdict in ("Inaccuracy", "Mistake", "Blunder"), text
    better = {" ".join(c.symbol for c in sorted(cards)) for cards in best.values()}
    assert any(f"): {cards} was better." in text for cards in better), (text, better)
    assert page.locator(".coach-region[role=status] [data-testid=coach]").is_visible()
    assert_accessible(scan(page, "classic, the coach's note shown"))
    # Closed by its x; and the next move would take it away in any case.
    page.click("[data-action=close-coach]")
    assert not page.locator("[data-testid=coach]").is_visible()

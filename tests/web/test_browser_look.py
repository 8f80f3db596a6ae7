"""The look and sound of the table (issue 15): the mute of the game page is remembered by the
browser, and each theme of the settings panel changes the page's colours (the felt, the suits of
the four-colour deck, the card backs, high contrast) at once and after a reload. In Debian's
Chromium against a real ``cribkit serve``; no sound is heard, the page records what it played
(``window.cribkitSounds``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from .browsing import start_game, wait_for_turn_or_result, watched_page
from .test_browser import play_classic_turn

MUTE = "[data-action=mute]"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-size page; JavaScript errors fail the test."""
    yield from watched_page(browser, viewport={"width": 1280, "height": 800})


def played(page: Page) -> list[str]:
    """The sounds the page has played since it was loaded."""
    sounds: list[str] = page.evaluate("() => window.cribkitSounds || []")
    return sounds


def play_turn(page: Page) -> None:
    """Play the player's next turn of a classic game (which must not be over)."""
    assert not wait_for_turn_or_result(page), "the game ended too soon"
    play_classic_turn(page)


def test_the_mute_is_remembered_and_a_muted_page_plays_nothing(
    page: Page, live_server: str
) -> None:
    start_game(page, live_server, "classic", {}, "random")
    # Sound on (the default): the cards laid away to the crib sound a card.
    assert page.get_attribute(MUTE, "aria-pressed") == "false"
    play_turn(page)
    assert "card" in played(page)
    assert page.get_attribute("html", "data-last-sound") in {"card", "go", "points"}
    page.click(MUTE)
    assert page.get_attribute(MUTE, "aria-pressed") == "true"
    assert page.get_attribute("html", "data-sound") == "off"
    # The browser keeps it: after a reload the page is muted and a play is silent.
    page.reload()
    page.wait_for_selector("[data-testid=hand-card]")
    assert page.get_attribute(MUTE, "aria-pressed") == "true"
    play_turn(page)
    assert played(page) == []
    assert page.get_attribute("html", "data-last-sound") is None
    # The settings panel says the same, and the key M turns the sound on again.
    page.click("[data-action=settings]")
    assert page.input_value("[data-testid=setting-sound]") == "off"
    page.click("[data-action=settings]")
    page.keyboard.press("m")
    assert page.get_attribute(MUTE, "aria-pressed") == "false"
    assert page.input_value("[data-testid=setting-sound]") == "on"
    play_turn(page)
    assert "card" in played(page)


def colours(page: Page) -> dict[str, Any]:
    """The computed colours a theme changes: the felt under the page, the heading on it, each
    suit's ink on the cards held in ``window.probes`` (the same elements all along: a theme
    does not draw them again), a back's fill and the pattern it shows, a panel's border."""
    probe: dict[str, Any] = page.evaluate(
        """() => {
            const style = (element) => getComputedStyle(element);
            const back = document.querySelector('.card-svg.back');
            const shown = back
                ? [...back.querySelectorAll('.back-pattern')].filter((path) => style(path).display !== 'none')
                : [];
            const suits = Object.entries(window.probes || {}).map(([suit, svg]) => [suit, style(svg).color]);
            return {
                felt: style(document.body).backgroundImage + ' ' + style(document.body).backgroundColor,
                title: style(document.querySelector('.hero h2, .game-title')).color,
                suits: Object.fromEntries(suits),
                back: back && style(back.querySelector('.back-body')).fill,
                pattern: shown.map((path) => path.classList[1]).join(' '),
                panelBorder: style(document.querySelector('.panel')).borderTopWidth,
            };
        }"""
    )
    return probe


def keep_probes(page: Page) -> None:
    """Hold a card of each suit on the page (the lobby's games show all four), by element."""
    page.evaluate(
        """() => {
            window.probes = {};
            for (const svg of document.querySelectorAll('.card-svg:not(.back)')) {
                const suit = [...svg.classList].find((name) => name.startsWith('suit-'));
                if (suit && !window.probes[suit.slice(5)]) window.probes[suit.slice(5)] = svg;
            }
        }"""
    )


def choose(page: Page, key: str, value: str) -> None:
    """Choose a setting in the header's settings panel (opened, then closed again)."""
    page.click("[data-action=settings]")
    page.select_option(f"[data-testid=setting-{key}]", value)
    page.click("[data-action=settings]")
    assert page.get_attribute("html", f"data-{key}") == value


RED, BLACK, BLUE, GREEN = (
    "rgb(192, 38, 45)",
    "rgb(29, 29, 36)",
    "rgb(31, 91, 196)",
    "rgb(22, 122, 57)",
)
KEPT = ("felt", "title", "back", "pattern", "panelBorder")


def test_each_theme_changes_the_colours_of_the_page_and_survives_a_reload(
    page: Page, live_server: str
) -> None:
    page.goto(f"{live_server}/")
    page.wait_for_selector("[data-testid=start-classic]")
    keep_probes(page)
    green = colours(page)
    assert green["suits"] == {"h": RED, "d": RED, "s": BLACK, "c": BLACK}
    assert green["panelBorder"] == "0px"
    # The tables: a light felt with dark words on it, a near-black one with light words.
    choose(page, "table", "light")
    light = colours(page)
    assert light["felt"] != green["felt"]
    assert "rgb(228, 235, 227)" in light["felt"]
    assert light["title"] == "rgb(27, 42, 34)"
    choose(page, "table", "dark")
    dark = colours(page)
    assert dark["felt"] not in {green["felt"], light["felt"]}
    assert "rgb(18, 24, 22)" in dark["felt"]
    assert dark["title"] == "rgb(232, 228, 218)"
    # Four colours: the diamonds turn blue and the clubs green on the cards already drawn.
    choose(page, "deck", "four-colour")
    assert colours(page)["suits"] == {"h": RED, "d": BLUE, "s": BLACK, "c": GREEN}
    # Each back its own colour and pattern (on a game's table: the computer's hand).
    start_game(page, live_server, "classic", {}, "random")
    page.wait_for_selector(".card-svg.back")
    # The open panel closes with Escape wherever the focus is, and with a click outside it.
    panel = page.locator("[data-testid=settings-panel]")
    page.click("[data-action=settings]")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Escape")
    assert panel.is_hidden()
    page.click("[data-action=settings]")
    assert panel.is_visible()
    page.click("[data-testid=status]")
    assert panel.is_hidden()
    assert (colours(page)["back"], colours(page)["pattern"]) == ("rgb(43, 74, 155)", "blue")
    choose(page, "back", "red")
    assert (colours(page)["back"], colours(page)["pattern"]) == ("rgb(158, 31, 42)", "red")
    choose(page, "back", "green")
    assert (colours(page)["back"], colours(page)["pattern"]) == ("rgb(30, 107, 67)", "green")
    # High contrast: a solid black table (the dark one), white words, panels outlined.
    choose(page, "contrast", "high")
    high = colours(page)
    assert high["felt"] == "none rgb(0, 0, 0)"
    assert high["title"] == "rgb(255, 255, 255)"
    assert high["panelBorder"] == "2px"
    # All of it is this browser's: a reload draws the same page.
    page.reload()
    page.wait_for_selector(".card-svg.back")
    again = colours(page)
    assert {key: again[key] for key in KEPT} == {key: high[key] for key in KEPT}
    settings = {
        key: page.get_attribute("html", f"data-{key}")
        for key in ("table", "deck", "back", "contrast")
    }
    assert settings == {"table": "dark", "deck": "four-colour", "back": "green", "contrast": "high"}

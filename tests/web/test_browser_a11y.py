"""An automated accessibility scan (issue 15): axe-core, installed from the npm registry as a
development dependency (``package.json``), run in Debian's Chromium on every page a player sees
(the lobby, each game while there are legal moves and the hint is open, the classic show and
result, the statistics, the replay viewer, the review, an invitation, the hot-seat cover, an
event's page with its bracket, a phone's layout),
in every theme that changes colours. A violation of impact "serious" or "critical" fails the
test, with its rule, its help, the elements it found and the themes it was found in.

Each test plays to a moment once and then scans it in every theme (``SCANNED``), switching the
theme in the page itself (``changeSettings``): every theme is an attribute of ``<html>``, so
the page need not be loaded again. The contrast over the felt's gradient, which axe cannot read,
is checked over each end of it (``FLATTEN_GRADIENTS``). See docs/web.md, "Accessibility".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize

from cribkit.analysis import puzzles

from .browsing import (
    require_installed,
    shown_seq,
    start_game,
    wait_for_change,
    wait_for_turn_or_result,
    watched_page,
)
from .test_browser import finished_record, play_classic_turn
from .test_browser_daily import play_the_daily_deal
from .test_browser_events import finished_cup
from .test_browser_people import invite_link, new_table
from .test_browser_review import page_player, stored_game

#: axe-core's script, as ``npm ci`` installs it from ``package-lock.json``.
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: The impacts that fail a page (axe's others are "moderate" and "minor").
FAILING = ("serious", "critical")

#: Every combination of the settings that change colours: the table's colour and the contrast,
#: each with both decks (the four-colour deck draws the suits in four colours).
THEMES = [
    {"table": table, "contrast": contrast, "deck": deck}
    for table in ("green", "light", "dark")
    for contrast in ("normal", "high")
    for deck in ("two-colour", "four-colour")
]
#: The themes a page is scanned in: the deck changes only the colours drawn inside the cards'
#: SVG, whose text axe leaves undecided (never failing, never passing): the decks' colours are
#: read on the cards themselves instead (:func:`test_the_cards_read_in_every_theme`), and each
#: page is scanned in one deck.
SCANNED = [theme for theme in THEMES if theme["deck"] == "two-colour"]


#: A card as its drawing names it ("five of diamonds").
CARD_NAME = r"(ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king) of (clubs|diamonds|hearts|spades)"


def theme_name(theme: dict[str, str]) -> str:
    return "/".join(theme.values())


def require_axe() -> None:
    """Fail in CI, skip elsewhere, when axe-core is not installed (``npm ci``)."""
    require_installed(AXE, f"{AXE} is missing: install the client's development tools (npm ci)")


DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}

#: A scan's context: no motion (a colour caught in the middle of a transition is no colour the
#: player reads), and not browsing.launch_browser's default pace: :data:`FIRST_SETTINGS` are
#: its settings.
THEMED: dict[str, Any] = {"paced": True, "reduced_motion": "reduce"}
#: The instant pace in the first theme, with no sound.
FIRST_SETTINGS = "localStorage.setItem('cribkit:settings', {})".format(
    json.dumps(json.dumps({"speed": "instant", "sound": "off", **THEMES[0]}))
)


def themed_context(browser: Browser, viewport: ViewportSize = DESKTOP) -> BrowserContext:
    """A context (desktop-size unless told) of :data:`THEMED` with :data:`FIRST_SETTINGS`."""
    context: BrowserContext = browser.new_context(viewport=viewport, **THEMED)
    context.add_init_script(FIRST_SETTINGS)
    return context


@pytest.fixture
def page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page as :func:`themed_context` makes it (of the size a test's ``viewport`` parameter
    names), watched as every test page is (:func:`~tests.web.browsing.watched_page`: JavaScript
    errors fail the test)."""
    require_axe()
    viewport = getattr(request, "param", DESKTOP)
    for page in watched_page(browser, viewport=viewport, **THEMED):
        page.add_init_script(FIRST_SETTINGS)
        yield page


def axe_violations(
    page: Page, rules: list[str] | None = None, skip: tuple[str, ...] = ()
) -> list[dict[str, Any]]:
    """axe's violations of impact serious or critical on the page as it is now (of ``rules``
    only, when given; never of the rules in ``skip``)."""
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    if rules is not None:
        rules, skip = [rule for rule in rules if rule not in skip], ()
    violations: list[dict[str, Any]] = page.evaluate(
        """async ([failing, rules, skip]) => {
            const options = { resultTypes: ['violations'] };
            if (rules) options.runOnly = { type: 'rule', values: rules };
            options.rules = Object.fromEntries(skip.map((rule) => [rule, { enabled: false }]));
            const results = await axe.run(document, options);
            return results.violations.filter((v) => failing.includes(v.impact));
        }""",
        [list(FAILING), rules, list(skip)],
    )
    return violations


#: Paint every background gradient (the felt, ...) a solid colour: its lightest opaque colour
#: or its darkest. axe cannot read a text's contrast over a gradient (it leaves it "incomplete",
#: which fails nothing), so the contrast is checked again over each end of every gradient.
#: Answers how many were painted, and the elements whose gradient has no colour written as
#: rgb() (a colour space this reading does not know: those would pass unchecked).
FLATTEN_GRADIENTS = r"""(end) => {
    const luminance = ([r, g, b]) => [r, g, b]
        .map((c) => c / 255)
        .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
        .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i], 0);
    const flattened = [];
    const unread = [];
    for (const element of document.querySelectorAll('*')) {
        const image = getComputedStyle(element).backgroundImage;
        if (!image.includes('gradient')) continue;
        const colours = [...image.matchAll(/rgba?\(([^)]*)\)/g)]
            .map((match) => match[1].split(',').map(Number))
            .filter((numbers) => numbers.length === 3 || numbers[3] === 1);
        if (!colours.length) {
            if (/(lab|lch|color)\(/.test(image)) unread.push(`${element.tagName} ${element.getAttribute("class")}`);
            continue;
        }
        colours.sort((a, b) => luminance(a) - luminance(b));
        const [r, g, b] = end === 'lightest' ? colours[colours.length - 1] : colours[0];
        flattened.push([element, element.getAttribute('style')]);
        element.style.setProperty('background-image', 'none', 'important');
        element.style.setProperty('background-color', `rgb(${r}, ${g}, ${b})`, 'important');
    }
    window.cribkitFlattened = flattened;
    return { painted: flattened.length, unread };
}"""

#: Give the flattened elements their own style back.
RESTORE_GRADIENTS = """() => {
    for (const [element, style] of window.cribkitFlattened) {
        if (style === null) element.removeAttribute('style');
        else element.setAttribute('style', style);
    }
}"""


def contrast_over_gradients(page: Page) -> list[tuple[str, dict[str, Any]]] | None:
    """The contrast violations with the page's gradients painted at each end: (which end,
    violation); None when the page has no gradient to paint."""
    found = []
    for end in ("lightest", "darkest"):
        flattened = page.evaluate(FLATTEN_GRADIENTS, end)
        try:
            assert not flattened["unread"], f"gradients of unread colours: {flattened['unread']}"
            if not flattened["painted"]:
                return None
            found += [(end, v) for v in axe_violations(page, ["color-contrast"])]
        finally:
            page.evaluate(RESTORE_GRADIENTS)
    return found


def set_theme(page: Page, theme: dict[str, str]) -> None:
    """Switch the page's theme as the settings panel does; wait until <html> shows it and no
    colour is still on its way (a CSS transition)."""
    page.evaluate("(theme) => import('/settings.js').then((m) => m.changeSettings(theme))", theme)
    page.wait_for_function(
        """(theme) => Object.entries(theme).every(
            ([key, value]) => document.documentElement.dataset[key] === value)
            && !document.getAnimations().some((a) => a instanceof CSSTransition)""",
        arg=theme,
        # (polled on a timer: polling on animation frames hung on the table waiting for a friend)
        polling=50,
    )


#: axe's rules that read the colours (its "cat.color" rules run by default): all that a theme
#: of the same contrast can change, as themes.css changes the colours only, but for the high
#: contrast's borders (and what their sizes move).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]


def scan(page: Page, where: str) -> list[str]:
    """Scan the page in every theme: one line for each violation (its rule, help, the elements
    and the themes it was found in), none when the page passes. Every rule runs in the first
    theme of each contrast; the other themes, colours apart the same page, run the colour rules
    (:data:`COLOUR_RULES`). With the gradients painted at each end, the contrast of every text
    is read twice, those over no gradient alike both times: the page as it is is not read a
    third time (axe leaves the text over a gradient undecided, and decides the rest the same)."""
    found: dict[tuple[str, str, str], list[str]] = {}
    contrasts: set[str] = set()
    for theme in SCANNED:
        set_theme(page, theme)
        rules = COLOUR_RULES if theme["contrast"] in contrasts else None
        contrasts.add(theme["contrast"])
        painted = contrast_over_gradients(page)
        skip = ("color-contrast",) if painted is not None else ()
        every = [("", v) for v in axe_violations(page, rules, skip)] + (painted or [])
        for end, violation in every:
            nodes = "; ".join(
                " ".join(node["target"]) + f" ({summary(node)})" for node in violation["nodes"][:6]
            )
            if len(violation["nodes"]) > 6:
                nodes += f"; and {len(violation['nodes']) - 6} more"
            rule = f"{violation['id']} [{violation['impact']}]"
            if end:
                rule += f" (the gradients at their {end})"
            found.setdefault((rule, violation["help"], nodes), []).append(theme_name(theme))
    return [
        f"{where}: {rule}: {help_text}: {nodes} -- in {', '.join(themes)}"
        for (rule, help_text, nodes), themes in found.items()
    ]


def scan_both_sizes(page: Page, where: str) -> list[str]:
    """:func:`scan` at the desktop's size, then at the phone's (the same page resized: the
    layout is the style sheets', which follow the window), and back."""
    problems = scan(page, where)
    page.set_viewport_size(PHONE)
    problems += scan(page, f"phone: {where}")
    page.set_viewport_size(DESKTOP)
    return problems


def summary(node: dict[str, Any]) -> str:
    """What axe says is wrong with a node, on one line (the colours of a contrast failure)."""
    text = re.sub(r"\s+", " ", node.get("failureSummary") or "").strip()
    return text.removeprefix("Fix any of the following: ").removeprefix(
        "Fix all of the following: "
    )[:240]


def assert_accessible(problems: list[str]) -> None:
    assert not problems, "\n".join(["axe finds serious or critical violations:", *problems])


def test_the_lobby_and_its_settings_panel(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.wait_for_selector("[data-testid=start-classic]")
    problems = scan(page, "lobby")
    page.click("[data-action=settings]")
    page.wait_for_selector("[data-testid=settings-panel]:visible")
    problems += scan(page, "lobby, settings open")
    assert_accessible(problems)


#: The colours a card's suit is drawn in, and its face's, for each suit on the table.
CARD_COLOURS = """() => Object.fromEntries(['s', 'h', 'd', 'c'].map((suit) => {
    const svg = document.querySelector(`.card-svg.suit-${suit}`);
    return [suit, svg && [getComputedStyle(svg).color,
                          getComputedStyle(svg.querySelector('.card-face')).fill]];
}))"""


def contrast_ratio(first: str, second: str) -> float:
    """WCAG's contrast ratio of two colours written as CSS writes them ("rgb(192, 38, 45)")."""

    def luminance(colour: str) -> float:
        red, green, blue = (int(part) / 255 for part in re.findall(r"\d+", colour)[:3])
        linear = [
            c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (red, green, blue)
        ]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_cards_read_in_every_theme(page: Page, live_server: str) -> None:
    # axe leaves the text inside a card's SVG undecided: each suit's colour is read against the
    # card's face here, in every theme and both decks, at the 4.5:1 of the corner's small rank.
    page.goto(f"{live_server}/")
    page.wait_for_selector(".card-svg.suit-c")
    low = []
    for theme in THEMES:
        set_theme(page, theme)
        for suit, colours in page.evaluate(CARD_COLOURS).items():
            assert colours is not None, f"no {suit} card in the lobby to read"
            ratio = contrast_ratio(*colours)
            if ratio < 4.5:
                low.append(
                    f"{theme_name(theme)}: the {suit} suit {colours[0]} on {colours[1]}: {ratio:.2f}:1"
                )
    assert not low, "\n".join(["suits that do not read on their cards:", *low])


@pytest.mark.parametrize("page", [DESKTOP, PHONE], ids=["desktop", "phone"], indirect=True)
def test_the_puzzles_page_of_each_kind_and_a_verdict(page: Page, live_server: str) -> None:
    first, second = puzzles.by_id("lay-away-001")["view"]["hand"][3:5]
    page.goto(f"{live_server}/#/puzzle/lay-away-001")
    page.wait_for_selector("[data-testid=puzzle]")
    page.click(f"[data-testid=hand-card][data-card='{first}']")
    problems = scan(page, "puzzle, a card picked")
    page.click(f"[data-testid=hand-card][data-card='{second}']")
    page.click("[data-testid=puzzle-check]")
    page.wait_for_selector("[data-testid=puzzle-verdict]")
    problems += scan(page, "puzzle, its verdict")
    page.goto(f"{live_server}/#/puzzle/place-001")
    page.wait_for_selector("[data-testid=puzzle-cell]")
    open_cell = puzzles.by_id("place-001")["view"]["open_cells"][0]
    page.click(f"[data-testid=puzzle-cell][data-cell={open_cell}]")
    problems += scan(page, "Table Top puzzle, a cell picked")
    page.goto(f"{live_server}/#/puzzle/tiles-001")
    page.wait_for_selector("[data-testid=puzzle-option]")
    page.locator("[data-testid=puzzle-option]").first.click()
    problems += scan(page, "Tiles puzzle, a play picked")
    assert_accessible(problems)


@pytest.mark.parametrize("page", [PHONE], ids=["phone"], indirect=True)
def test_a_classic_lay_away_with_a_hint_on_a_phone(page: Page, live_server: str) -> None:
    # Below 900 pixels the side panel goes under the table: other backgrounds behind its words.
    start_game(page, live_server, "classic", {"target": "61"}, "random")
    assert not wait_for_turn_or_result(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    assert_accessible(scan(page, "phone: classic lay-away, hint open"))


def test_classic_from_the_lay_away_to_the_show_then_a_result_replay_and_statistics(
    page: Page, live_server: str, live_store: Path
) -> None:
    start_game(page, live_server, "classic", {"target": "61"}, "random")
    assert not wait_for_turn_or_result(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    problems = scan(page, "classic lay-away, hint open")
    # The hand's cards are named as a player says them, with their keys (not "2♣").
    assert page.get_by_role("button", name=re.compile(rf"^{CARD_NAME} \(key 1\)$")).count() == 1
    play_classic_turn(page)
    # The play: the pile, the board's pegs, the cards that may be played.
    while True:
        assert not wait_for_turn_or_result(page), "the game ended in its first deal"
        if page.locator("[data-testid=pile] [data-card]").count():
            break
        play_classic_turn(page)
    problems += scan(page, "classic play")
    # The show, still on the table while the next hand is laid away.
    for _ in range(80):
        assert not wait_for_turn_or_result(page), "the game ended in its first deal"
        if page.locator("[data-testid=show]:visible").count():
            break
        play_classic_turn(page)
    else:
        pytest.fail("no show in 80 turns")
    problems += scan(page, "classic show")
    # The result, its replay and review, the lobby and the statistics: of a game of this
    # player's near its end, stored as the server stores one, finished through the page.
    player = page_player(page, live_server)
    game_id = stored_game(live_store, "classic", player, {"target": 61}, finished=False)
    page.goto(f"{live_server}/#/game/{game_id}")
    while not wait_for_turn_or_result(page):
        play_classic_turn(page)
    problems += scan(page, "classic result")
    page.click("[data-testid=open-replay]")
    page.wait_for_selector("[data-testid=replay-step]")
    page.click("[data-action=replay-next]")
    problems += scan(page, "replay viewer")
    # The review, from the replay viewer: the timeline, the charts, a decision opened.
    page.click("[data-testid=replay-review]")
    page.wait_for_selector("[data-testid=review-mark][aria-pressed=true]")
    problems += scan(page, "review")
    page.goto(f"{live_server}/")
    page.wait_for_selector("[data-testid=start-classic]")
    problems += scan(page, "lobby with a game over")
    page.click("[data-testid=stats-link]")
    page.wait_for_selector("[data-testid=hand-chart] rect.bar")
    problems += scan(page, "statistics")
    assert_accessible(problems)


def test_table_top_with_its_legal_cells_and_a_hint(page: Page, live_server: str) -> None:
    start_game(page, live_server, "tabletop", {"target": "61"}, "random")
    assert not wait_for_turn_or_result(page)
    page.wait_for_selector("[data-testid=cell].legal")
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    problems = scan(page, "Table Top, hint open")
    # A cell says where it is and what it holds, or that it takes the card.
    assert page.get_by_role("button", name=re.compile(rf"^C3: {CARD_NAME}$")).count() == 1
    assert page.get_by_role("button", name=re.compile(r"^[A-E][1-5]: place here$")).count() >= 1
    assert_accessible(problems)


def test_tiles_with_a_hint_staged_and_previewed(page: Page, live_server: str) -> None:
    start_game(page, live_server, "tiles", {"board_size": "9"}, "random")
    # The deal is the server's own: a hint to exchange is taken and the next turn's hint asked
    # for, until one is a play. The hint's play is staged by "Use this hint" (the hint stages it
    # too, but a state arriving after it would clear the staging).
    for _ in range(6):
        assert not wait_for_turn_or_result(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        playing = page.locator("[data-testid=hint-text]").inner_text().startswith("Play ")
        seq = shown_seq(page)
        page.click("[data-action=apply-hint]")
        if playing:
            break
        wait_for_change(page, seq)
    page.wait_for_selector("[data-testid=preview-error], [data-testid=preview-points]")
    problems = scan(page, "Tiles, hint staged")
    # A staged tile's cell says where it is, the tile, and that it is not played yet.
    staged = page.locator("[data-testid=staged] li").count()
    named = page.get_by_role(
        "button", name=re.compile(r"^[A-Z]\d+: \S+ (dark|light).* \(not played yet\)$")
    )
    assert named.count() == staged
    assert_accessible(problems)


def test_solitaire_with_a_hint(page: Page, live_server: str) -> None:
    start_game(page, live_server, "solitaire", {}, "")
    assert not wait_for_turn_or_result(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    assert_accessible(scan(page, "Solitaire, hint open"))


@pytest.mark.parametrize("game", ["tabletop", "tiles", "solitaire"])
def test_the_replay_viewer_of_each_other_game(
    page: Page, live_server: str, tmp_path: Path, game: str
) -> None:
    record, _ = finished_record(game)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record))
    page.goto(f"{live_server}/")
    page.set_input_files("[data-testid=upload-record]", str(path))
    page.wait_for_selector("[data-testid=replay-step]")
    page.keyboard.press("End")
    assert_accessible(scan(page, f"replay viewer, {game}"))


def test_the_hot_seat_cover(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.select_option("[data-testid=mode-classic]", "hotseat")
    page.click("[data-testid=start-classic]")
    page.wait_for_selector("[data-testid=handover]")
    assert_accessible(scan(page, "hot-seat cover"))


def test_an_invitation_and_the_table_waiting_for_the_friend(
    page: Page, browser: Browser, live_server: str
) -> None:
    assert page.request.post(f"{live_server}/api/me", data={"name": "Ann"}).ok
    new_table(page, live_server, "classic", ["me", "friend"], options={"target": "61"})
    problems = scan(page, "a table waiting for a friend")
    # The friend's page: the invitation, asking a name (a new session has none).
    other = themed_context(browser)
    try:
        guest = other.new_page()
        guest.goto(invite_link(page, 1))
        guest.wait_for_selector("[data-testid=join-name]")
        problems += scan(guest, "invitation")
    finally:
        other.close()
    assert_accessible(problems)


def test_the_daily_deal_its_line_and_its_result_and_the_puzzles_pages_deals(
    page: Page, live_server: str
) -> None:
    # The deal is played once, each moment scanned at both sizes (the page resized).
    page.goto(f"{live_server}/#/puzzle")
    page.wait_for_selector("[data-testid=puzzle-deal]")
    problems = scan_both_sizes(page, "the puzzles page's daily deals")
    page.click("[data-testid=puzzle-classic-start]")
    page.wait_for_selector("[data-testid=daily-deal]:visible")
    problems += scan_both_sizes(page, "the daily deal's line")
    play_the_daily_deal(page)
    problems += scan_both_sizes(page, "the daily deal's result")
    assert_accessible(problems)


def test_an_events_page_with_its_bracket_drawn(page: Page, live_server: str) -> None:
    event = finished_cup(live_server)
    page.goto(f"{live_server}/#/event/{event['id']}")
    page.wait_for_selector("[data-testid=bracket-champion]")
    assert_accessible(scan_both_sizes(page, "an event's page with its bracket"))

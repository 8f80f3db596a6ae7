"""What every browser test shares: Debian's Chromium at the instant pace, and the waits on what
the page shows (its version, the player's turn, the result)."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

from cribkit.deploy.launch import CHROMIUM, CHROMIUM_ARGS, ServerProcess

# A full game's moves can wait on the computer players and, in Tiles, on the expert's hint.
TURN_TIMEOUT_MS = 60_000


#: Makes a person's page: ``make(name=None, size=None)`` (``size``: a context's arguments).
Person = Callable[..., Page]


def watch_errors(page: Page, errors: list[str]) -> Page:
    """Collect the page's JavaScript errors; answers the page."""
    page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))
    page.set_default_timeout(TURN_TIMEOUT_MS)
    return page


@contextmanager
def people(browser: Browser, base: str, size: dict[str, Any]) -> Iterator[Person]:
    """Make people: each page in a browser context of its own (``size`` unless the call gives
    another), going by ``name`` when one is given (set in their session at ``base``). Every
    context is closed at the end, and a JavaScript error on any page fails the test."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def make(name: str | None = None, own: dict[str, Any] | None = None) -> Page:
        context = browser.new_context(**(own or size))
        contexts.append(context)
        page = watch_errors(context.new_page(), errors)
        if name:
            answer = page.request.post(f"{base}/api/me", data={"name": name})
            assert answer.ok, answer.text()
        return page

    try:
        yield make
    finally:
        for context in contexts:
            context.close()
    assert not errors, errors


def require_installed(path: Path, reason: str) -> None:
    """Fail in CI, skip elsewhere, for ``reason`` when ``path`` (a program, a script the tests
    load) is not installed."""
    if path.exists():
        return
    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


def require_chromium() -> None:
    """Fail in CI, skip elsewhere, when Debian's Chromium is not installed."""
    require_installed(
        CHROMIUM, f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
    )


#: Every test page starts at the "instant" pace (the computer's moves drawn as they come) unless
#: the test chose its settings: the tests wait on states, not on a person's reading time.
INSTANT_PACE = """try {
    if (localStorage.getItem('cribkit:settings') === null)
        localStorage.setItem('cribkit:settings', '{"speed":"instant"}');
} catch (error) {}"""


def launch_browser() -> Iterator[Browser]:
    """Debian's Chromium, headless; never a downloaded browser. Its new contexts start at the
    instant pace (:data:`INSTANT_PACE`); ``new_context(paced=True)`` leaves the default."""
    require_chromium()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        plain_context = browser.new_context
        # Closed contexts wait here, emptied, for the next test that asks for the same options.
        pool: dict[str, list[ReusedContext]] = {}

        def new_context(paced: bool = False, **options: Any) -> Any:
            key = repr((paced, sorted(options.items())))
            if pool.get(key):
                return pool[key].pop().reopen()
            context = plain_context(**options)
            if not paced:
                context.add_init_script(INSTANT_PACE)
            return ReusedContext(context, pool.setdefault(key, [])).reopen()

        browser.new_context = new_context  # type: ignore[method-assign]
        try:
            yield browser
        finally:
            browser.close()


class ReusedContext:
    """A browser context whose ``close()`` closes its pages and forgets all a player leaves
    behind (the cookies, every visited site's storage, service workers and caches, permissions,
    offline), then waits in ``pool`` for another test instead of ending. A context given
    anything an emptying cannot take back (an init script, a route, a binding, headers, a
    DevTools session) is ended for real.

    Why: a new context costs Chromium about 2 CPU-seconds before its first page is drawn (a
    renderer started, every module of the client fetched and compiled afresh); in an emptied
    one, kept with a page open on the test servers' site, the next page starts in the same
    renderer with the code it compiled, and is a new player to the server all the same (no
    cookie). The browser tests' Chromium time falls by about a fifth."""

    TAINTING = (
        "add_init_script",
        "route",
        "route_from_har",
        "expose_binding",
        "expose_function",
        "set_extra_http_headers",
        "set_geolocation",
        # (a DevTools session may leave anything behind: a virtual authenticator, ...)
        "new_cdp_session",
    )

    def __init__(self, context: BrowserContext, pool: list[ReusedContext]) -> None:
        self.context, self.pool = context, pool
        self.origins: set[str] = set()
        self.keeper: Page | None = None
        self.open = False
        self.tainted = False
        self.end = context.close
        self.devtools = context.new_cdp_session  # (the emptying's own, which taints nothing)
        context.on("page", self.watch)
        context.close = self.close  # type: ignore[method-assign]
        for name in self.TAINTING:
            setattr(context, name, self.tainting(getattr(context, name)))

    def reopen(self) -> BrowserContext:
        self.open = True
        return self.context

    def tainting(self, method: Callable[..., Any]) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            self.tainted = True
            return method(*args, **kwargs)

        return call

    def watch(self, page: Page) -> None:
        def navigated(frame: Any) -> None:
            if frame.url.startswith("http"):
                self.origins.add("/".join(frame.url.split("/")[:3]))

        page.on("framenavigated", navigated)

    def close(self, **options: Any) -> None:
        if not self.open:
            return  # closed already (a test's own close, then its fixture's)
        self.open = False
        if self.tainted:
            self.end(**options)
            return
        if self.origins and self.keeper is None:
            # Chromium runs a site's pages in one renderer while one of them is open.
            self.keeper = self.context.new_page()
            try:
                self.keeper.goto(f"{min(self.origins)}/favicon.svg")
            except PlaywrightError:  # that server is gone: no keeping, then
                self.end(**options)
                return
        for page in list(self.context.pages):
            if page is not self.keeper:
                page.close()
        self.context.clear_cookies()
        self.context.clear_permissions()
        self.context.set_offline(False)
        if self.keeper is not None and self.origins:
            cdp = self.devtools(self.keeper)
            for origin in sorted(self.origins):
                cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
            cdp.detach()
            self.origins.clear()
        self.pool.append(self)


def shown_seq(page: Page) -> int:
    """The version of the game the page shows (``seq`` of the last state drawn)."""
    value = page.get_attribute("[data-testid=app]", "data-seq")
    return int(value) if value is not None else -1


def wait_for_change(page: Page, seq: int) -> None:
    """Wait until the page shows a newer state than ``seq``, or an error."""
    page.wait_for_function(
        """(seq) => {
            const app = document.querySelector('[data-testid=app]');
            const error = document.querySelector('[data-testid=error]');
            return Number(app.dataset.seq) > seq || (error && !error.hidden);
        }""",
        arg=seq,
        timeout=TURN_TIMEOUT_MS,
        polling=50,
    )


#: The button of a show laid out whole, which waits until the player continues.
CONTINUE_SHOW = "[data-action=continue-show]"


def wait_for_turn_or_result(page: Page) -> bool:
    """Wait until it is the player's turn or the game is over, continuing past every show (which
    waits for the player); True when it is over."""
    while True:
        page.wait_for_function(
            """(continueShow) => {
                const app = document.querySelector('[data-testid=app]');
                const result = document.querySelector('[data-testid=result]');
                return (result && !result.hidden) || app.dataset.myTurn === 'true'
                    || document.querySelector(continueShow) !== null;
            }""",
            arg=CONTINUE_SHOW,
            timeout=TURN_TIMEOUT_MS,
            polling=50,
        )
        if not continue_show(page):
            return page.locator("[data-testid=result]").is_visible()


def continue_show(page: Page) -> bool:
    """Press the show's Continue when a show waits for it; whether one did (in one step in the
    page: the button cannot go between finding and pressing it)."""
    pressed: bool = page.evaluate(
        "(selector) => { const button = document.querySelector(selector); button?.click(); return Boolean(button); }",
        CONTINUE_SHOW,
    )
    return pressed


def start_game(page: Page, base_url: str, game: str, options: dict[str, str], level: str) -> None:
    """From the lobby, start ``game`` against the computer at ``level`` with ``options``."""
    page.goto(f"{base_url}/")
    page.wait_for_selector(f"[data-testid=start-{game}]")
    if level:
        page.select_option(f"[data-testid=level-{game}]", level)
    if options:
        open_rules(page, game)
    for name, value in options.items():
        page.select_option(f"[data-testid=option-{game}-{name}]", label=value)
    page.click(f"[data-testid=start-{game}]")
    page.wait_for_selector("[data-testid=status]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=app]').dataset.seq !== undefined", polling=50
    )


def start_seeded_game(page: Page, base_url: str, body: dict[str, Any]) -> None:
    """Start the game of ``body`` (``POST /api/games``: a chosen ``seed`` makes it the same
    game every time) as the page's player, and open it."""
    answer = page.request.post(f"{base_url}/api/games", data=body)
    assert answer.ok, answer.text()
    made = answer.json()
    page.goto(f"{base_url}/")
    page.evaluate(
        "([id, tokens]) => localStorage.setItem(`cribkit:tokens:${id}`, JSON.stringify(tokens))",
        [made["id"], made["tokens"]],
    )
    page.goto(f"{base_url}/#/game/{made['id']}")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=app]').dataset.seq !== undefined", polling=50
    )


def open_rules(page: Page, game: str) -> None:
    """Unfold a lobby game card's rules options (folded on a phone) as a player does: a tap
    on their summary."""
    fold = page.locator(f"[data-testid=options-{game}]")
    if fold.get_attribute("open") is None:
        fold.locator("summary").click()


def assert_no_error(page: Page) -> None:
    """The page shows no error line."""
    error = page.locator("[data-testid=error]")
    assert not error.is_visible(), error.inner_text()


def final_scores(page: Page) -> list[int]:
    """The scores in the score bar."""
    chips = page.locator("[data-testid=scores] strong").all_inner_texts()
    return [int(text) for text in chips]


def watched_page(browser: Browser, paced: bool = False, **options: Any) -> Iterator[Page]:
    """A page of a new context (a new player) with ``options`` (its viewport...), waiting up to
    a turn's time; a JavaScript error on it fails the test. ``paced``: the default pace, not
    the instant one."""
    context = browser.new_context(paced=paced, **options)  # type: ignore[call-arg]
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.set_default_timeout(TURN_TIMEOUT_MS)
    yield page
    context.close()
    assert not errors, errors


#: The sizes the table's tests are played at (issue 36): two desktops and a phone, by touch.
TABLE_SIZES = [
    pytest.param({"width": 1366, "height": 900}, id="desktop-1366"),
    pytest.param({"width": 1280, "height": 800}, id="desktop-1280"),
    pytest.param({"width": 390, "height": 844}, id="phone"),
]


@pytest.fixture(params=TABLE_SIZES)
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page of each of the table's sizes (the phone's by touch); JavaScript errors fail the
    test."""
    size = request.param
    yield from watched_page(browser, viewport=size, has_touch=size["width"] < 600)


def free_port() -> int:
    """A TCP port free on this machine now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def servers_on_one_port(folder: Path) -> Callable[[], ServerProcess]:
    """A maker of ``cribkit serve`` processes on one port and one store in ``folder``: stop one
    and start the next, and the page finds the same server back."""
    port = free_port()
    store = f"sqlite:///{folder / 'games.db'}"
    return lambda: ServerProcess(store, folder / "server.log", "--port", str(port))

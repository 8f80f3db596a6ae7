"""The installable client (issue 15): the manifest Chromium installs it from, the service worker
that keeps the client so the page opens with the server down and says so, and recovers by
itself when the server is back; the API never answered from the worker's cache. In Debian's
Chromium against real ``cribkit serve`` processes."""

from __future__ import annotations

import json
import shutil
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from playwright.sync_api import Browser, Page, Response

from cribkit.deploy.launch import CHROMIUM, CHROMIUM_ARGS, ServerProcess
from cribkit.web.app import create_app
from cribkit.web.routes.client import STATIC, client_files

from .browsing import free_port, servers_on_one_port

UNREACHABLE = "[data-testid=unreachable]"
#: Whether the service worker answers the page's requests.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"
#: What the worker's caches hold: their names and the paths of their requests.
CACHED = """async () => {
    const out = {};
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        out[name] = (await cache.keys()).map((request) => new URL(request.url).pathname);
    }
    return out;
}"""


def new_game(page: Page, base: str) -> str:
    """A classic game against the computer, made as the page's player (its cookie): its id."""
    answer = page.request.post(
        f"{base}/api/games", data={"game": "classic", "mode": "ai", "ai": "random"}
    )
    assert answer.ok, answer.text()
    game_id: str = answer.json()["id"]
    return game_id


def saved_row(game_id: str) -> str:
    return f"[data-testid=saved-game][data-game-id='{game_id}']"


def test_the_client_is_installable(browser: Browser, live_server: str, tmp_path: Path) -> None:
    # A test's usual context is incognito, where Chromium installs nothing ("in-incognito"):
    # a profile of its own is a browser as a player has it.
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server}/")
        page.wait_for_selector("[data-testid=start-classic]")
        assert page.get_attribute("link[rel=manifest]", "href") == "manifest.webmanifest"
        assert page.get_attribute("meta[name=theme-color]", "content") == "#174a36"
        touch = page.get_attribute("link[rel=apple-touch-icon]", "href")
        assert page.request.get(f"{live_server}/{touch}").headers["content-type"] == "image/png"
        page.wait_for_function(CONTROLLED)
        cdp = context.new_cdp_session(page)
        manifest: dict[str, Any] = cdp.send("Page.getAppManifest")
        assert manifest["errors"] == []
        assert manifest["url"] == f"{live_server}/manifest.webmanifest"
        shown = manifest["manifest"]
        assert (shown["name"], shown["display"]) == ("cribkit", "kStandalone")
        assert shown["startUrl"] == shown["scope"] == f"{live_server}/"
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()


def test_the_page_opens_with_the_server_down_says_so_and_recovers(
    browser: Browser, tmp_path: Path
) -> None:
    server = servers_on_one_port(tmp_path)

    first = server()
    base = first.start()
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    second: ServerProcess | None = None
    try:
        page.goto(f"{base}/")
        page.wait_for_selector("[data-testid=start-classic]")
        page.wait_for_function(CONTROLLED)
        game_id = new_game(page, base)
        first.stop()

        # The page opens from the worker's cache, and says why it shows no game.
        responses: list[Response] = []
        page.on("response", lambda r: responses.append(r))
        page.reload()
        page.wait_for_selector(UNREACHABLE)
        words = page.inner_text(UNREACHABLE)
        assert "the server cannot be reached, trying again" in words
        assert "Failed to fetch" not in page.inner_text("[data-testid=app]")
        assert page.get_attribute("[data-testid=app]", "data-offline") == "true"
        kept = {r.url.removeprefix(base) for r in responses if r.from_service_worker}
        assert {"/", "/app.js", "/style.css", "/lobby.js"} <= kept
        # Every page that asks the server first says it in the same words.
        page.evaluate("location.hash = '#/stats'")
        page.wait_for_function(
            "() => document.querySelector('[data-testid=app]').dataset.page === 'stats'"
        )
        assert page.inner_text(UNREACHABLE) == words
        page.evaluate("window.sameDocument = true; location.hash = '#/'")
        page.wait_for_selector(UNREACHABLE)

        # The server is back on the same port: the lobby draws itself, with no reload.
        second = server()
        second.start()
        page.wait_for_selector("[data-testid=start-classic]", timeout=30_000)
        assert page.evaluate("window.sameDocument") is True
        assert page.locator(UNREACHABLE).count() == 0
        assert page.get_attribute("[data-testid=app]", "data-offline") is None
        assert page.locator(saved_row(game_id)).is_visible()
    finally:
        context.close()
        first.stop()
        if second is not None:
            second.stop()


def test_the_worker_keeps_the_client_and_never_the_api(browser: Browser, live_server: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{live_server}/")
        page.wait_for_selector("[data-testid=saved-games]")
        page.wait_for_function(CONTROLLED)
        # Only the client's files are kept: the API, the records, the docs, the operations never.
        cached = page.evaluate(CACHED)
        assert len(cached) == 1
        (paths,) = cached.values()
        assert sorted(paths) == sorted(f"/{name}" for name in client_files(STATIC))

        answers: list[Response] = []
        page.on("response", lambda r: answers.append(r) if "/api/" in r.url else None)
        page.reload()
        page.wait_for_selector("[data-testid=saved-games]")
        # A game made after the lobby was drawn is in the list the next lobby asks for.
        game_id = new_game(page, live_server)
        page.evaluate("window.sameDocument = true; location.hash = '#/stats'")
        page.wait_for_selector("[data-testid=hand-chart]")
        page.evaluate("location.hash = '#/'")
        page.wait_for_selector(saved_row(game_id))
        assert page.evaluate("window.sameDocument") is True
        assert answers
        assert not [r.url for r in answers if r.from_service_worker]
        # The worker itself is the server's, made afresh: checked on every visit.
        worker = page.request.get(f"{live_server}/sw.js")
        assert worker.headers["cache-control"] == "no-cache"
        assert json.dumps(client_files(STATIC)) in worker.text()
    finally:
        context.close()


@contextmanager
def served(app: Any) -> Iterator[str]:
    """``app`` served by uvicorn in a thread of the test; its base URL."""
    # (log_config=None: uvicorn leaves the test process's logging as it found it)
    config = uvicorn.Config(
        app, host="127.0.0.1", port=free_port(), log_level="warning", log_config=None
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{config.port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def test_an_upgraded_client_takes_over_at_the_next_page(
    browser: Browser, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A client of its own, to upgrade while it is served.
    static = tmp_path / "static"
    shutil.copytree(STATIC, static)
    monkeypatch.setattr("cribkit.web.app.STATIC", static)
    monkeypatch.setattr("cribkit.web.routes.client.STATIC", static)
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}")
    context = browser.new_context()
    page = context.new_page()
    with served(app) as base:
        try:
            page.goto(f"{base}/")
            page.wait_for_selector("[data-testid=start-classic]")
            page.wait_for_function(CONTROLLED)
            (old,) = page.evaluate(CACHED)

            # The upgrade: a module changes; the browser looks at the worker again (as a visit does).
            with (static / "lobby.js").open("a", encoding="utf-8") as lobby:
                lobby.write("\nwindow.cribkitUpgraded = true;\n")
            page.evaluate(
                """() => {
                    window.sameDocument = true;
                    const workers = navigator.serviceWorker;
                    workers.addEventListener("controllerchange", () => (window.tookOver = true));
                    return workers.getRegistration().then((registration) => registration.update());
                }"""
            )
            page.wait_for_function("() => window.tookOver === true")
            # The page shown stays as it is; the next one the player opens is the new client's.
            assert page.evaluate("[window.sameDocument, window.cribkitUpgraded]") == [True, None]
            page.evaluate("location.hash = '#/stats'")
            page.wait_for_function(
                "() => window.sameDocument === undefined && document.querySelector('[data-testid=hand-chart]')"
            )
            assert page.evaluate("window.cribkitUpgraded") is True
            (new,) = page.evaluate(CACHED)
            assert new != old
        finally:
            context.close()

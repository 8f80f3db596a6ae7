"""No seat token and no session secret in any address the page asks for (issue 35): the seat's
socket carries its token in the ``Sec-WebSocket-Protocol`` header, so that no request line in a
proxy's or a server's log holds one. In Debian's Chromium against a real ``cribkit serve``, a
game started, a move made, the page reloaded and the game resumed on a new socket."""

from __future__ import annotations

import base64
import json
from pathlib import Path

from playwright.sync_api import Browser, Page, WebSocket

from cribkit.deploy.launch import ServerProcess

from .browsing import (
    TURN_TIMEOUT_MS,
    assert_no_error,
    shown_seq,
    start_game,
    wait_for_change,
    wait_for_turn_or_result,
)


def test_no_token_or_secret_in_any_address_the_page_asks_for(
    browser: Browser, tmp_path: Path
) -> None:
    secret = tmp_path / "session-secret"
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'games.db'}", tmp_path / "server.log",
        "--ai-workers", "0", "--secret-file", str(secret),
    )  # fmt: skip
    base = server.start()
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page: Page = context.new_page()
    page.set_default_timeout(TURN_TIMEOUT_MS)
    addresses: list[str] = []
    sockets: list[WebSocket] = []
    page.on("request", lambda request: addresses.append(request.url))

    def opened(socket: WebSocket) -> None:
        addresses.append(socket.url)
        sockets.append(socket)

    page.on("websocket", opened)
    try:
        start_game(page, base, "tabletop", {"target": "61"}, "random")
        wait_for_turn_or_result(page)
        seq = shown_seq(page)
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)
        # A new socket: the page reloaded resumes the game.
        page.reload()
        wait_for_turn_or_result(page)
        assert_no_error(page)
        tokens: dict[str, str] = {}
        for key, value in page.evaluate("() => Object.entries(localStorage)"):
            if key.startswith("cribkit:tokens:"):
                tokens.update(json.loads(value))
        cookies = [c["value"] for c in context.cookies()]
        # (the session secret is bytes: as text it would be hex or base64)
        key = secret.read_bytes()
        written = [key.hex(), base64.urlsafe_b64encode(key).decode().rstrip("="),
                   base64.b64encode(key).decode().rstrip("=")]  # fmt: skip
        secrets = [*tokens.values(), *cookies, *written]
        assert tokens
        assert cookies
        assert len(sockets) >= 2
        assert all(len(s) >= 16 for s in secrets)
        for address in addresses:
            for held in secrets:
                assert held not in address, f"a secret in {address}"
        seat_sockets = [s.url for s in sockets if "/ws/" in s.url]
        assert seat_sockets
        assert all(url.endswith("?seat=0") for url in seat_sockets)
        log = (tmp_path / "server.log").read_text()
        for held in secrets:
            assert held not in log
    finally:
        context.close()
        server.stop()

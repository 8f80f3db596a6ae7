"""Your account in Debian's Chromium against a real ``cribkit serve`` (issue 38): a guest who
has played claims a name and keeps the game; registers a passkey with Chromium's virtual
authenticator (the DevTools ``WebAuthn`` domain); signs out; on a second browser, to which the
passkey is copied as a synced passkey would be, signs in with it; a third signs in by the code
the first shows; signing out everywhere makes them all guests. The page is opened as
``http://localhost:PORT``: WebAuthn takes no IP address as its relying party."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page

from .browsing import start_game, wait_for_turn_or_result


def on_localhost(live_server: str) -> str:
    return live_server.replace("127.0.0.1", "localhost")


class Device:
    """A browser context (a device) with a page on the site and a virtual authenticator."""

    def __init__(self, browser: Browser, site: str) -> None:
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{site}/")
        self.cdp: CDPSession = self.context.new_cdp_session(self.page)
        self.cdp.send("WebAuthn.enable")
        self.authenticator = self.cdp.send(
            "WebAuthn.addVirtualAuthenticator",
            {
                "options": {
                    "protocol": "ctap2",
                    "transport": "internal",
                    "hasResidentKey": True,
                    "hasUserVerification": True,
                    "isUserVerified": True,
                    "automaticPresenceSimulation": True,
                }
            },
        )["authenticatorId"]
        self.site = site

    def credentials(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = self.cdp.send(
            "WebAuthn.getCredentials", {"authenticatorId": self.authenticator}
        )["credentials"]
        return found

    def account_page(self) -> Page:
        """The account page as the server has it now (drawn afresh)."""
        if self.page.url.endswith("#/account"):
            self.page.reload()
        else:
            self.page.goto(f"{self.site}/#/account")
        self.page.wait_for_selector("[data-testid=account] form, [data-testid=account-name]")
        return self.page

    def signed_in_as(self) -> str | None:
        page = self.account_page()
        name = page.locator("[data-testid=account-name]")
        return name.inner_text() if name.count() else None


@pytest.fixture
def devices(browser: Browser, live_server: str) -> Iterator[list[Device]]:
    made: list[Device] = []
    yield made
    for device in made:
        device.context.close()
    assert [d.errors for d in made] == [[] for _ in made]


def test_a_passkey_signs_in_another_browser_and_a_code_a_third(
    browser: Browser, live_server: str, devices: list[Device]
) -> None:
    site = on_localhost(live_server)
    phone = Device(browser, site)
    devices.append(phone)
    # A guest plays a little first.
    start_game(phone.page, site, "solitaire", {}, "")
    assert not wait_for_turn_or_result(phone.page)
    game = phone.page.url.rsplit("/", 1)[-1]
    page = phone.account_page()
    page.fill("[data-testid=claim-form] input[name=name]", "Ann")
    page.click("[data-testid=claim-form] button[type=submit]")
    page.wait_for_selector("[data-testid=account-name]")
    assert phone.signed_in_as() == "Ann"
    saved = page.request.get(f"{site}/api/games/saved").json()
    assert game in {entry["id"] for entry in saved}
    # Her profile, as anyone sees it (no game finished yet, no rating).
    page.click("[data-action=profile]")
    page.wait_for_selector("[data-testid=profile-name]")
    assert page.inner_text("[data-testid=profile-name]") == "Ann"
    shown = page.inner_text("[data-testid=profile]")
    assert "Member since" in shown
    assert "No rated game yet." in shown
    page = phone.account_page()
    # A passkey, made by the phone's authenticator: a resident key for this site.
    page.click("[data-action=add-passkey]")
    page.wait_for_selector("[data-testid=passkey]")
    [credential] = phone.credentials()
    assert credential["isResidentCredential"]
    assert credential["rpId"] == "localhost"
    page.click("[data-action=sign-out]")
    page.wait_for_selector("[data-testid=claim-form]")
    assert phone.signed_in_as() is None

    # The laptop: the passkey synced to its authenticator; no name typed.
    laptop = Device(browser, site)
    devices.append(laptop)
    laptop.cdp.send(
        "WebAuthn.addCredential",
        {"authenticatorId": laptop.authenticator, "credential": credential},
    )
    page = laptop.account_page()
    page.click("[data-action=passkey-sign-in]")
    page.wait_for_selector("[data-testid=account-name]")
    assert laptop.signed_in_as() == "Ann"
    saved = page.request.get(f"{site}/api/games/saved").json()
    assert game in {entry["id"] for entry in saved}
    assert "last used never" not in page.inner_text("[data-testid=passkey]")

    # The tablet: signed in by the code the laptop shows.
    page.click("[data-action=show-link-code]")
    page.wait_for_selector("[data-testid=link-code]:visible")
    code = page.inner_text("[data-testid=link-code]").split(":")[0]
    tablet = Device(browser, site)
    devices.append(tablet)
    form = tablet.account_page()
    form.fill("[data-testid=link-form] input[name=code]", code.lower())
    form.click("[data-testid=link-form] button[type=submit]")
    form.wait_for_selector("[data-testid=account-name]")
    assert len(form.locator("[data-testid=device]").all()) == 2

    # Signed out everywhere from the tablet: the laptop is a guest at its next page.
    form.click("[data-action=sign-out-everywhere]")
    form.wait_for_selector("[data-testid=claim-form]")
    assert laptop.signed_in_as() is None
    saved = laptop.page.request.get(f"{site}/api/games/saved").json()
    assert saved == []

"""Your account in Debian's Chromium against a real ``cribkit serve`` (issue 38): a guest who
has played claims a name and keeps the game; registers a passkey with Chromium's virtual
authenticator (the DevTools ``WebAuthn`` domain); signs out; on a second browser, to which the
passkey is copied as a synced passkey would be, signs in with it; a third signs in by the code
the first shows; signing out everywhere makes them all guests. The page is opened as
``http://localhost:PORT``: WebAuthn takes no IP address as its relying party."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, CDPSession, Page

from .browsing import start_game, wait_for_turn_or_result

PASSWORD = "a long pass phrase 9"


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
    code = page.inner_text("[data-testid=link-code-text]")
    tablet = Device(browser, site)
    devices.append(tablet)
    form = tablet.account_page()
    form.fill("[data-testid=link-form] input[name=code]", code.lower())
    form.click("[data-testid=link-form] button[type=submit]")
    form.wait_for_selector("[data-testid=account-name]")
    assert len(form.locator("[data-testid=device]").all()) == 2

    # The phone again, by the QR code the laptop shows: its camera opens the code's address.
    with laptop.page.expect_response("**/api/account/link-code") as answer:
        laptop.account_page().click("[data-action=show-link-code]")
    link = answer.value.json()["link"]
    assert link == f"{site}/#/link/{laptop.page.inner_text('[data-testid=link-code-text]')}"
    qr = laptop.page.locator("[data-testid=link-qr]")
    assert qr.evaluate("image => image.complete && image.naturalWidth > 100")
    phone.page.goto(link)
    phone.page.wait_for_selector("[data-testid=account-name]")
    assert phone.page.url.endswith("#/account")  # (the code is not kept in the address)
    assert phone.signed_in_as() == "Ann"

    # Signed out everywhere from the tablet: the laptop is a guest at its next page.
    form.click("[data-action=sign-out-everywhere]")
    form.wait_for_selector("[data-testid=claim-form]")
    assert laptop.signed_in_as() is None
    saved = laptop.page.request.get(f"{site}/api/games/saved").json()
    assert saved == []


def test_a_password_signs_in_and_the_account_is_exported_then_deleted(
    browser: Browser, live_server: str, devices: list[Device]
) -> None:
    site = on_localhost(live_server)
    first = Device(browser, site)
    devices.append(first)
    name = f"Pat{secrets.token_hex(3)}"
    page = first.account_page()
    page.fill("[data-testid=claim-form] input[name=name]", name)
    page.fill("[data-testid=claim-form] input[name=password]", PASSWORD)
    page.click("[data-testid=claim-form] button[type=submit]")
    page.wait_for_selector("[data-testid=account-name]")
    page.click("[data-action=sign-out]")
    page.wait_for_selector("[data-testid=claim-form]")
    # A wrong password and an unknown name get the same one line; the right one signs in.
    answers = []
    for tried_name, password in ((name, "not the password 1"), (f"{name}x", PASSWORD)):
        page.fill("[data-testid=sign-in-form] input[name=name]", tried_name)
        page.fill("[data-testid=sign-in-form] input[name=password]", password)
        page.click("[data-testid=sign-in-form] button[type=submit]")
        page.wait_for_selector("[data-testid=account-error]:visible")
        answers.append(page.inner_text("[data-testid=account-error]"))
    assert answers[0] == answers[1]
    assert "no account has that name and password" in answers[0]
    page.fill("[data-testid=sign-in-form] input[name=name]", name.upper())
    page.fill("[data-testid=sign-in-form] input[name=password]", PASSWORD)
    page.click("[data-testid=sign-in-form] button[type=submit]")
    page.wait_for_selector("[data-testid=account-name]")
    assert first.signed_in_as() == name
    # Export: a JSON file of the account.
    with page.expect_download() as download:
        page.click("[data-action=export]")
    exported = json.loads(Path(download.value.path()).read_text())
    assert exported["account"]["name"] == name
    # Delete: the name typed again; a guest after, the profile gone.
    page.fill("[data-testid=delete-form] input[name=confirm]", name)
    page.click("[data-testid=delete-form] button[type=submit]")
    page.wait_for_selector("[data-testid=claim-form]")
    assert page.request.get(f"{site}/api/players/{name}").status == 404

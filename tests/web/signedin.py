"""Browser contexts each signed in to a new account (the accounts' browser tests), and the
fixture that closes them: ``signed_in`` (a list the test adds its people to; a JavaScript
error on any of their pages fails the test)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

__all__ = ["PASSWORD", "Person", "signed_in", "unique"]

PASSWORD = "a long pass phrase 9"


def unique(name: str) -> str:
    return f"{name}{secrets.token_hex(3)}"


class Person:
    """A browser context signed in to a new account."""

    def __init__(self, browser: Browser, site: str, name: str, phone: bool = False) -> None:
        width, height = (390, 844) if phone else (1280, 800)
        self.context: BrowserContext = browser.new_context(
            viewport={"width": width, "height": height}
        )
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.site, self.name = site, name
        self.page.goto(f"{site}/#/")
        made = self.page.request.post(
            f"{site}/api/account", data={"name": name, "password": PASSWORD}
        )
        assert made.status == 200, made.text()

    def open(self, route: str) -> Page:
        self.page.goto(f"{self.site}/{route}")
        self.page.reload()  # (the page drawn afresh, signed in)
        return self.page


@pytest.fixture
def signed_in(browser: Browser, live_server: str) -> Iterator[list[Person]]:
    made: list[Person] = []
    yield made
    for person in made:
        person.context.close()
    assert [p.errors for p in made] == [[] for _ in made]

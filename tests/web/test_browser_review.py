"""The review of a game in the browser (issue 16): a finished classic game of the page's
player, its timeline, the costliest decision clicked to see the better choice named, on a
desktop and on a 390x844 phone (no sideways scrolling)."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from cribkit.games.protocol import game_info, start
from cribkit.store.base import new_row, open_store

from .browsing import watched_page

SIZES = [pytest.param((1280, 800), id="desktop"), pytest.param((390, 844), id="phone")]
#: A folder to keep screenshots of the review in (unset: none are taken).
SHOTS = os.environ.get("CRIBKIT_REVIEW_SHOTS")
VERDICTS = ("best", "good", "inaccuracy", "mistake", "blunder")


@pytest.fixture(params=SIZES)
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    """A page of each size; JavaScript errors fail the test."""
    width, height = request.param
    yield from watched_page(browser, viewport={"width": width, "height": height})


def test_the_review_of_a_game_names_the_better_choice(
    sized_page: Page, live_server: str, live_store: Path
) -> None:
    page = sized_page
    # A game to 61 of the first cards every time (full of poor choices), stored finished as
    # this page's player's game against the computer; the browser game that ends in a result
    # and its Review button are test_browser.py's.
    game_id = stored_finished_game(
        live_store, "classic", page_player(page, live_server), {"target": 61}
    )
    page.goto(f"{live_server}/#/review/{game_id}")
    page.wait_for_selector("[data-testid=review-mark]")
    # The game is named in words, not by its spec ("classic:target=61").
    assert page.inner_text(".game-head") == "Review: Cribbage to 61"
    marks = page.locator("[data-testid=review-mark]")
    # One mark per decision, each with its verdict in words (not colour alone).
    assert marks.count() > 10
    for label, verdict in zip(
        marks.all_inner_texts(),
        [marks.nth(i).get_attribute("data-verdict") for i in range(marks.count())],
        strict=True,
    ):
        assert verdict in VERDICTS
        assert label.endswith(f": {verdict}")
    assert page.locator("[data-testid=score-chart] polyline").count() == 2
    assert page.locator("[data-testid=loss-chart] polyline").count() == 1
    assert "lay-away:" in page.inner_text("[data-testid=review-totals]")
    assert "hand:" in page.inner_text("[data-testid=review-luck]")
    # Click a mistake (or the worst there is): the better choice is named, first in the table.
    costly = page.locator(
        "[data-testid=review-mark][data-verdict=blunder], "
        "[data-testid=review-mark][data-verdict=mistake], "
        "[data-testid=review-mark][data-verdict=inaccuracy]"
    )
    assert costly.count() > 0, "first cards every time made no poor choice"
    costly.first.click()
    assert costly.first.get_attribute("aria-pressed") == "true"
    verdict = page.inner_text("[data-testid=review-verdict]")
    rows = page.locator("[data-testid=review-choices] tbody tr")
    best = rows.nth(0).inner_text()
    assert "(best)" in best
    assert "(chosen)" not in best
    better = best.split("\t")[0].replace(" (best)", "").strip()
    assert f"better was {better}." in verdict
    assert page.locator("[data-testid=review-choices] tr[data-chosen=true]").count() == 1
    assert page.inner_text("[data-testid=review-why]").startswith("Why: ")
    # The position as the seat saw it: its hand drawn by the game's own table.
    assert page.locator("[data-testid=review-position] [data-testid=hand-card]").count() > 0
    # The keyboard moves along the timeline.
    page.keyboard.press("ArrowRight")
    pressed = page.locator("[data-testid=review-mark][aria-pressed=true]")
    assert pressed.count() == 1
    assert pressed.evaluate("(el) => el === document.activeElement")
    # A lay-away has 15 choices: the best five and the chosen one shown, then all of them.
    page.locator("[data-testid=review-mark]", has_text="lay-away").first.click()
    assert rows.count() in (5, 6)
    page.click("[data-testid=review-all-choices]")
    assert rows.count() == 15
    # The lobby's saved games open it too.
    page.goto(f"{live_server}/")
    page.locator("[data-testid=saved-game] [data-action=review]").first.click()
    page.wait_for_selector("[data-testid=review-mark][aria-pressed=true]")
    # The page fits its window's width (no scrolling sideways), phone included.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        width = (page.viewport_size or {"width": 0})["width"]
        costly.first.click()
        page.screenshot(path=f"{SHOTS}/review-{width}.png", full_page=True)


def page_player(page: Page, base: str) -> str:
    """The player of the page's session (the lobby drawn first: its cookie is set, asked at
    once; a second request without it could be given another player)."""
    page.goto(f"{base}/")
    page.wait_for_selector("[data-testid=player]")
    player: str = page.request.get(f"{base}/api/me").json()["player"]
    return player


def stored_finished_game(
    store_file: Path, game: str, player: str, options: dict[str, Any] | None = None
) -> str:
    """A game of ``game`` (with ``options``) played to its end by always taking the first legal
    action, stored as ``player``'s game against the computer (as the server would have): a
    finished game the statistics count; its id."""
    return stored_game(store_file, game, player, options)


def stored_game(
    store_file: Path,
    game: str,
    player: str,
    options: dict[str, Any] | None = None,
    *,
    finished: bool = True,
) -> str:
    """:func:`stored_finished_game`, or (``finished=False``) the same game stopped at seat 0's
    last turn before its end, against the random computer: a game the page can open and
    finish in a few moves; its id."""
    state = start(game_info(game).rules_type.from_options(options or {}), seed=4).state
    actions: list[dict[str, Any]] = []
    after: list[list[int]] = []  # the scores after each action
    last_turn = 0
    while not state.is_terminal:
        if state.current_player == 0:
            last_turn = len(actions)
        action = state.legal_actions()[0]
        actions.append(action.to_dict())
        state = state.apply(action).state
        after.append(list(state.scores))
    assert state.result is not None
    result: dict[str, Any] | None = state.result.to_dict()
    if not finished:
        actions, result = actions[:last_turn], None
    game_id = f"review-{game}-{uuid.uuid4().hex[:8]}"
    store = open_store(f"sqlite:///{store_file}")
    try:
        rules = state.record()["rules"]
        scores = tuple(after[len(actions) - 1]) if actions else tuple(0 for _ in state.scores)
        store.create_game(new_row(game_id, game=game, spec=state.rules.spec(), rules=rules,
                                  seed=4, owners={0: player}, ai="random", scores=scores,
                                  tokens={0: uuid.uuid4().hex}))  # fmt: skip
        for index, action in enumerate(actions):
            last = index == len(actions) - 1
            store.append_action(game_id, index, action, version=index + 1, scores=after[index],
                                result=result if last else None)  # fmt: skip
    finally:
        store.close()
    return game_id


@pytest.mark.parametrize("game", ["tabletop", "tiles", "solitaire"])
def test_the_review_of_each_other_game(
    sized_page: Page, live_server: str, live_store: Path, game: str
) -> None:
    page = sized_page
    game_id = stored_finished_game(live_store, game, page_player(page, live_server))
    page.goto(f"{live_server}/#/review/{game_id}")
    page.wait_for_selector(
        "[data-testid=review-mark][aria-pressed=true], [data-testid=review-error]"
    )
    assert page.locator("[data-testid=review-error]").count() == 0, page.inner_text("#app")
    assert page.locator("[data-testid=review-mark]").count() > 0
    assert page.locator("[data-testid=review-choices] tbody tr").count() > 0
    # The position is drawn by the game's own table (no "no picture").
    assert "no picture" not in page.inner_text("[data-testid=review-position]")
    assert page.locator("[data-testid=review-position] *").count() > 5
    assert page.locator("[data-testid=score-chart] polyline").count() == (
        1 if game == "solitaire" else 2
    )
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if SHOTS:
        width = (page.viewport_size or {"width": 0})["width"]
        page.screenshot(path=f"{SHOTS}/review-{game}-{width}.png", full_page=True)

"""The browser client, played through Debian's Chromium: a full game of each of the four games
against the computer, hot-seat hand-over, undo, the replay viewer, records and statistics.

The tests drive the page as a player would (clicks, taps, keys) through its ``data-testid`` and
``data-action`` attributes, against a real ``cribkit serve`` (the ``live_server`` fixture).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, Route

from cribkit.games import start
from cribkit.games.classic.events import HandDealt
from cribkit.games.records import replay
from cribkit.store.base import open_store

from .browsing import (
    assert_no_error,
    final_scores,
    shown_seq,
    start_game,
    wait_for_change,
    wait_for_turn_or_result,
    watched_page,
)


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    """A desktop-size page; JavaScript errors fail the test."""
    yield from watched_page(browser, viewport={"width": 1280, "height": 900}, accept_downloads=True)


def play_classic_turn(page: Page) -> None:
    """Lay away the first cards asked for, or play the first card that may be played."""
    seq = shown_seq(page)
    discard = page.locator("[data-action=discard]")
    if discard.count():
        text = discard.inner_text()
        need = int(text.split("/")[1].rstrip(")"))
        cards = page.locator("[data-testid=hand-card]")
        for index in range(need):
            cards.nth(index).click()
        assert discard.is_enabled()
        discard.click()
    else:
        page.locator("[data-testid=hand-card]:enabled").first.click()
    wait_for_change(page, seq)
    assert_no_error(page)


def test_classic_full_game_against_the_computer_then_replay_record_and_stats(
    page: Page, live_server: str, tmp_path: Path
) -> None:
    start_game(page, live_server, "classic", {"target": "61"}, "random")
    board_target = page.locator("[data-testid=board] .board-label.target").text_content()
    assert board_target is not None
    assert "61" in board_target
    turns = 0
    while not wait_for_turn_or_result(page):
        play_classic_turn(page)
        turns += 1
        assert turns < 400
    scores = final_scores(page)
    assert max(scores) >= 61
    headline = page.inner_text("[data-testid=result-headline]")
    assert headline in ("You win!", "Computer wins")
    assert (headline == "You win!") == (scores[0] >= 61)
    # The front pegs stand in each side's score hole (the board ends at 121).
    for side, score in enumerate(scores):
        hole = page.get_attribute(f"[data-testid=peg-front-{side}]", "data-hole")
        assert hole == str(score)
    # The show was counted in words, and the log tells the game.
    log = page.inner_text("[data-testid=log]")
    assert "fifteen two" in log or "a pair is two" in log
    assert " win" in log  # (You win, Computer wins)

    # The record downloads, and the replay viewer steps through it.
    with page.expect_download() as download_info:
        page.click("[data-testid=download-record]")
    record_path = tmp_path / "record.json"
    download_info.value.save_as(record_path)
    record = json.loads(record_path.read_text())
    assert record["game"] == "classic"
    assert record["rules"]["target"] == 61
    page.click("[data-testid=open-replay]")
    page.wait_for_selector("[data-testid=replay-step]")
    moves = len(record["actions"])
    assert page.inner_text("[data-testid=replay-step]") == f"Step 0 / {moves}"
    page.click("[data-action=replay-next]")
    assert page.inner_text("[data-testid=replay-step]").startswith("Step 1 /")
    assert "lays away" in page.inner_text("[data-testid=replay-action]")
    assert page.is_hidden("[data-testid=replay-result]")  # the result is told at the end only
    page.click("[data-action=replay-last]")
    last_scores = page.inner_text("[data-testid=replay-scores]")
    assert last_scores == f"Scores: {scores[0]} \u2013 {scores[1]}"
    assert page.inner_text("[data-testid=replay-result]").startswith("Result: ")
    page.keyboard.press("ArrowLeft")
    assert page.inner_text("[data-testid=replay-step]") == f"Step {moves - 1} / {moves}"
    page.click("[data-action=replay-first]")
    assert page.inner_text("[data-testid=replay-step]").startswith("Step 0 /")

    # The same record uploaded from the lobby opens in the viewer too.
    page.goto(f"{live_server}/")
    page.set_input_files("[data-testid=upload-record]", str(record_path))
    page.wait_for_selector("[data-testid=replay-step]")
    page.click("[data-action=replay-last]")
    assert page.inner_text("[data-testid=replay-scores]") == last_scores
    # A broken record is refused with the server's reason.
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**record, "actions": record["actions"][:1] * 2}))
    page.goto(f"{live_server}/")
    page.set_input_files("[data-testid=upload-record]", str(broken))
    page.wait_for_selector("[data-testid=upload-error]:visible")
    assert "action 1" in page.inner_text("[data-testid=upload-error]")

    # The statistics count the game, with both charts drawn.
    page.click("[data-testid=stats-link]")
    row = page.locator("[data-testid=stats-row][data-game=classic][data-ai=random]")
    row.wait_for()
    cells = row.locator("td").all_inner_texts()
    assert int(cells[2]) >= 1
    assert int(cells[3]) + int(cells[4]) == int(cells[2])
    assert page.locator("[data-testid=hand-chart] rect.bar").count() >= 1
    assert page.locator("[data-testid=hand-chart] circle.exact-dot").count() == 30
    assert page.locator("[data-testid=results-chart] rect.bar").count() >= 1


def test_table_top_full_game_against_the_computer(page: Page, live_server: str) -> None:
    start_game(page, live_server, "tabletop", {"target": "61"}, "random")
    placed = 0
    while not wait_for_turn_or_result(page):
        legal = page.locator("[data-testid=cell].legal")
        assert legal.count() >= 1
        seq = shown_seq(page)
        legal.first.click()
        wait_for_change(page, seq)
        assert_no_error(page)
        placed += 1
        assert placed < 400
    scores = final_scores(page)
    assert max(scores) >= 61
    log = page.inner_text("[data-testid=log]")
    assert "row 1 " in log  # (You score, Computer scores row 1 ...)
    assert "column A " in log


def test_tiles_full_game_with_hints_a_drag_and_a_typed_move(page: Page, live_server: str) -> None:
    start_game(page, live_server, "tiles", {"board_size": "9"}, "random")
    assert page.locator("[data-testid=tile-cell].centre").get_attribute("data-cell") == "E5"
    assert not wait_for_turn_or_result(page)
    # Drag a rack tile onto the board: it is staged, and the server previews it.
    tile = page.locator("[data-testid=rack-tile]").first
    # The centre when the board is empty (the computer may have played first), else any free cell.
    target = page.locator("[data-testid=tile-cell]:enabled").first
    if page.locator("[data-testid=tile-cell][data-cell=E5] svg").count() == 0:
        target = page.locator("[data-testid=tile-cell][data-cell=E5]")
    tile.drag_to(target)
    assert page.locator("[data-testid=staged] li").count() == 1
    page.wait_for_selector("[data-testid=preview-error], [data-testid=preview-points]")
    page.click("[data-action=clear]")
    assert page.locator("[data-testid=staged] li").count() == 0
    # A typed move off the board is refused before it reaches the server.
    page.fill("[data-testid=move-input]", "Z99 5d")
    page.click("[data-action=enter-move]")
    assert "not a cell" in page.inner_text("[data-testid=preview-error]")
    # Exchange one tile: the turn passes, and the log says so.
    seq = shown_seq(page)
    page.click("[data-action=exchange-mode]")
    page.locator("[data-testid=rack-tile]").first.click()
    page.click("[data-action=exchange]")
    wait_for_change(page, seq)
    assert_no_error(page)
    assert "You pass and exchange" in page.inner_text("[data-testid=log]")
    plays = 0
    while not wait_for_turn_or_result(page):
        seq = shown_seq(page)
        page.click("[data-action=hint]")
        page.wait_for_selector("[data-action=apply-hint]")
        if page.locator("[data-testid=staged] li").count():
            page.wait_for_selector("[data-testid=preview-points]")
            points = int(page.inner_text("[data-testid=preview-points]").split()[0])
            assert points > 0
            before = final_scores(page)[0]
            page.click("[data-action=commit]")
            wait_for_change(page, seq)
            # The play scores what the preview said (only the end deducts from a score).
            if not wait_for_turn_or_result(page):
                assert final_scores(page)[0] == before + points
        else:
            page.click("[data-action=apply-hint]")
        wait_for_change(page, seq)
        assert_no_error(page)
        plays += 1
        assert plays < 200
    assert page.locator("[data-testid=result-headline]").is_visible()
    log = page.inner_text("[data-testid=log]")
    assert "the game" in log or " win" in log


def test_solitaire_full_game_with_the_keyboard(page: Page, live_server: str) -> None:
    start_game(page, live_server, "solitaire", {}, "")
    for round_number in range(1, 7):
        assert not wait_for_turn_or_result(page)
        assert page.locator("[data-testid=hand-card]").count() == 6
        seq = shown_seq(page)
        page.keyboard.press("1")
        page.keyboard.press("2")
        page.keyboard.press("Enter")
        wait_for_change(page, seq)
        assert_no_error(page)
        done = page.locator(f"[data-testid=round-{round_number}] .round-points").inner_text()
        assert done.isdigit()
    assert wait_for_turn_or_result(page)
    rows = page.locator("[data-testid=rounds-table] tbody tr")
    assert rows.count() == 6
    round_points = [int(rows.nth(i).locator("td").last.inner_text()) for i in range(6)]
    last = int(page.locator("[data-testid=rounds-table] tfoot td").last.inner_text())
    total = int(page.inner_text("[data-testid=total]"))
    assert total == sum(round_points) + last
    assert page.inner_text("[data-testid=result-headline]").startswith(f"{total} points")
    # The best total the deal allowed, shown once it is over (the deck is no secret then).
    best = page.locator("[data-testid=best-possible]").first.inner_text()
    best_total = re.search(r"\d+", best)
    assert best_total is not None, best
    assert int(best_total.group()) >= total


def test_hot_seat_hides_each_hand_until_its_player_is_ready(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.select_option("[data-testid=mode-classic]", "hotseat")
    page.select_option("[data-testid=option-classic-target]", label="61")
    page.click("[data-testid=start-classic]")
    cover = page.locator("[data-testid=handover]")
    cover.wait_for()
    first = cover.inner_text()
    assert "Player" in first
    assert (
        page.locator("[data-testid=table]").evaluate("el => getComputedStyle(el).visibility")
        == "hidden"
    )
    page.click("[data-action=reveal]")
    seat = page.get_attribute("[data-testid=app]", "data-seat")
    play_classic_turn(page)
    # The other player lays away next: the screen hides the hand and asks to pass it on.
    cover.wait_for()
    other = "2" if seat == "0" else "1"
    assert f"Pass the device to Player {other}" in cover.inner_text()
    page.click("[data-action=reveal]")
    assert page.get_attribute("[data-testid=app]", "data-seat") == str(int(other) - 1)
    assert page.locator("[data-action=discard]").is_visible()
    assert not page.locator("[data-action=undo]").is_visible()


SUIT_SYMBOLS = {"c": "\u2663", "d": "\u2666", "h": "\u2665", "s": "\u2660"}
SUIT_NAMES = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
RANK_NAMES = {
    "A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven",
    "8": "eight", "9": "nine", "T": "ten", "J": "jack", "Q": "queen", "K": "king",
}  # fmt: skip
CARD_TEXT = re.compile(r"\b(?:[2-9TJQKA])[cdhs]\b")


def card_forms(card: str) -> list[str]:
    """The ways the page may write a card: ``Th``, ``10♥`` and ``ten of hearts``."""
    rank, suit = card[0], card[1]
    label = f"{'10' if rank == 'T' else rank}{SUIT_SYMBOLS[suit]}"
    return [card, label, f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"]


def cards_written(html: str, cards: list[str]) -> list[str]:
    """The forms of ``cards`` that ``html`` holds (each form standing alone)."""
    return [
        form
        for card in cards
        for form in card_forms(card)
        if re.search(rf"(?<![0-9A-Za-z]){re.escape(form)}(?![0-9A-Za-z])", html)
    ]


def hot_seat_deal(
    page: Page, live_server: str, live_store: Path
) -> tuple[str, dict[int, list[str]]]:
    """A new hot-seat game (classic to 61) whose first deal holds no card the public log names
    (the cuts for the deal), and each seat's six cards of that deal: its fair seed read from
    the server's store, as its operator could, and dealt by the engine."""
    for _ in range(50):
        answer = page.request.post(
            f"{live_server}/api/games",
            data={"game": "classic", "options": {"target": 61}, "mode": "hotseat"},
        )
        assert answer.ok, answer.text()
        game_id = answer.json()["id"]
        row = open_store(f"sqlite:///{live_store}").load_game(game_id)
        assert row is not None
        events = replay(
            {"game": "classic", "rules": {"target": 61}, "seed": row.seed, "actions": []}
        ).events
        hands = {e.seat or 0: [str(c) for c in e.cards] for e in events if isinstance(e, HandDealt)}
        public = {card for e in events if not e.private for card in CARD_TEXT.findall(e.text())}
        if not public & {card for hand in hands.values() for card in hand}:
            return game_id, hands
    raise AssertionError("no deal clear of the cuts")


def hand_shown(page: Page) -> list[str]:
    """The cards of the hand the page shows."""
    cards = page.locator("[data-testid=hand-card]")
    cards.first.wait_for()
    return sorted(card for card in (c.get_attribute("data-card") for c in cards.all()) if card)


def assert_cover_hides_the_page(page: Page) -> None:
    """The cover is up, opaque, over the whole window, and its confirm button has the focus."""
    cover = page.locator("[data-testid=handover]")
    cover.wait_for()
    looks = cover.evaluate(
        """el => {
            const style = getComputedStyle(el);
            const colour = style.backgroundColor.match(/[\\d.]+/g).map(Number);
            const box = el.getBoundingClientRect();
            const points = [[2, 2], [innerWidth - 3, 2], [innerWidth / 2, innerHeight / 2],
                            [2, innerHeight - 3], [innerWidth - 3, innerHeight - 3]];
            return {
                alpha: colour.length > 3 ? colour[3] : 1,
                opacity: style.opacity,
                filter: style.backdropFilter,
                covers: box.left <= 0 && box.top <= 0 && box.right >= innerWidth
                    && box.bottom >= innerHeight,
                onTop: points.every(([x, y]) => el.contains(document.elementFromPoint(x, y))),
                focused: document.activeElement && document.activeElement.dataset.action,
            };
        }"""
    )
    assert looks == {
        "alpha": 1,
        "opacity": "1",
        "filter": "none",
        "covers": True,
        "onTop": True,
        "focused": "reveal",
    }, looks


def test_hot_seat_cover_is_opaque_and_the_page_under_it_tells_no_hand(
    page: Page, live_server: str, live_store: Path
) -> None:
    game_id, hands = hot_seat_deal(page, live_server, live_store)
    every_card = hands[0] + hands[1]
    page.goto(f"{live_server}/#/game/{game_id}")
    cover = page.locator("[data-testid=handover]")
    # Before anyone has looked: neither hand is anywhere in the DOM.
    assert_cover_hides_the_page(page)
    assert cards_written(page.content(), every_card) == []
    page.keyboard.press("Enter")
    assert cover.is_hidden()
    first = int(page.get_attribute("[data-testid=app]", "data-seat") or "0")
    assert hand_shown(page) == sorted(hands[first])
    assert f"Player {first + 1} is dealt" in page.inner_text("[data-testid=log]")
    play_classic_turn(page)

    # The hand-over: the first player's six cards and the next player's are nowhere in the DOM.
    assert_cover_hides_the_page(page)
    other = 1 - first
    assert cover.inner_text().startswith(f"Pass the device to Player {other + 1}")
    assert page.get_attribute("[data-testid=app]", "data-seat") == str(other)
    covered = page.content()
    assert page.locator("[data-testid=table] *").count() == 0
    assert page.locator("[data-testid=hand-card]").count() == 0
    assert cards_written(covered, every_card) == []
    assert "is dealt" not in covered
    assert "lays away" not in covered
    # At a phone's size too the cover fills the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    assert_cover_hides_the_page(page)
    page.set_viewport_size({"width": 1280, "height": 900})

    # Enter confirms: only then is the next player's hand drawn.
    page.keyboard.press("Enter")
    assert cover.is_hidden()
    assert hand_shown(page) == sorted(hands[other])
    assert page.locator("[data-action=discard]").is_visible()
    assert f"Player {other + 1} is dealt" in page.inner_text("[data-testid=log]")


def test_phone_layout_and_touch_play(browser: Browser, live_server: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    phone = context.new_page()
    try:
        start_game(phone, live_server, "tabletop", {}, "random")
        wait_for_turn_or_result(phone)
        width = phone.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390
        seq = shown_seq(phone)
        phone.locator("[data-testid=cell].legal").first.tap()
        wait_for_change(phone, seq)
        assert_no_error(phone)
        assert phone.locator("[data-testid=cell] svg").count() >= 2
        # Unfinished, the game waits in the lobby to be resumed.
        game_id = phone.url.split("#/game/")[1]
        phone.goto(f"{live_server}/")
        resume = phone.locator(
            f"[data-testid=unfinished] [data-game-id='{game_id}'] [data-action=resume]"
        )
        resume.tap()
        phone.wait_for_selector("[data-testid=grid]")
        assert phone.locator("[data-testid=cell] svg").count() >= 2
    finally:
        context.close()


def test_a_dropped_connection_reconnects_and_the_game_goes_on(page: Page, live_server: str) -> None:
    start_game(page, live_server, "tabletop", {"target": "61"}, "random")
    wait_for_turn_or_result(page)
    seq = shown_seq(page)
    log_before = page.locator("[data-testid=log] li").count()
    page.evaluate(
        "() => { for (const c of window.cribkitPage().connections.values()) c.socket.close(); }"
    )
    page.wait_for_selector("[data-testid=connection][data-status=reconnecting]")
    page.wait_for_selector("[data-testid=connection][data-status=online]")
    # On reconnecting the server sends every event again: the log is replaced, not doubled.
    page.wait_for_function(
        f"() => Number(document.querySelector('[data-testid=app]').dataset.seq) >= {seq}"
    )
    assert page.locator("[data-testid=log] li").count() == log_before
    page.locator("[data-testid=cell].legal").first.click()
    wait_for_change(page, seq)
    assert_no_error(page)


def test_the_tiles_notation_is_read_against_the_board(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.wait_for_selector("[data-testid=start-tiles]")
    answers = page.evaluate(
        """async () => {
            const { parseMove } = await import('/tiles.js');
            const board = Array.from({ length: 13 }, () => new Array(13).fill(null));
            board[6][6] = '5d'; board[6][7] = 'Tl'; board[6][8] = '5l';
            const read = (text) => {
                try { return parseMove(text, board); } catch (error) { return error.message; }
            };
            return [
                read('F7 across Kd (5d) (Tl) (5l) Kl'),
                read('F7 across Kd Kl'),
                read('H6 down 9=6d . Jd'),
                read('G8 5d'),
                read('exchange 5d Kl'),
                read('pass'),
                read('N1 5d'),
                read('G8 5d 6d'),
                read('F7 across Kd (6d)'),
            ];
        }"""
    )
    assert answers[0] == {"type": "play_tiles", "cells": ["F7", "J7"], "tiles": ["Kd", "Kl"]}
    # A cell holding a tile is passed over without brackets too.
    assert answers[1] == answers[0]
    assert answers[2] == {"type": "play_tiles", "cells": ["H6", "H8"], "tiles": ["9=6d", "Jd"]}
    assert answers[3] == {"type": "play_tiles", "cells": ["G8"], "tiles": ["5d"]}
    assert answers[4] == {"type": "exchange", "tiles": ["5d", "Kl"]}
    assert answers[5] == {"type": "pass"}
    assert answers[6] == "N1 is off the board: the cells are A1 to M13"
    assert answers[7] == "more than one tile needs a direction: across or down"
    assert answers[8] == "G7 holds 5d, not 6d"


def test_table_top_hot_seat_passes_the_screen_between_players(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.select_option("[data-testid=mode-tabletop]", "hotseat")
    page.click("[data-testid=start-tabletop]")
    cover = page.locator("[data-testid=handover]")
    cover.wait_for()
    for _ in range(3):
        page.click("[data-action=reveal]")
        seat = page.get_attribute("[data-testid=app]", "data-seat")
        assert seat is not None
        assert "Player" in page.inner_text("[data-testid=scores]")
        seq = shown_seq(page)
        page.locator("[data-testid=cell].legal").first.click()
        wait_for_change(page, seq)
        assert_no_error(page)
        # Table Top has no hidden cards, but the turn still passes with the screen.
        cover.wait_for()
        assert f"Pass the device to Player {2 - int(seat)}" in cover.inner_text()
        # Under the cover the grid is not drawn at all.
        assert page.locator("[data-testid=cell]").count() == 0
    page.click("[data-action=reveal]")
    assert page.locator("[data-testid=cell] svg").count() == 4


def test_manual_counting_declares_through_the_page(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.wait_for_selector("[data-testid=start-classic]")
    page.select_option("[data-testid=level-classic]", "random")
    page.check("[data-testid=option-classic-manual_counting]")
    page.click("[data-testid=start-classic]")
    page.wait_for_selector("[data-testid=status]")
    for _ in range(60):
        assert not wait_for_turn_or_result(page)
        if page.locator("[data-testid=declare]").count():
            break
        play_classic_turn(page)
    else:
        pytest.fail("no count to declare in 60 turns")
    # Too many is refused, and the refusal gives the true count.
    page.fill("[data-testid=declare-points]", "29")
    page.click("[data-action=declare]")
    error = page.locator("[data-testid=error]")
    error.wait_for()
    found = re.search(r"it scores (\d+)", error.inner_text())
    assert found is not None, error.inner_text()
    before = final_scores(page)[0]
    seq = shown_seq(page)
    page.fill("[data-testid=declare-points]", found.group(1))
    page.keyboard.press("Enter")
    wait_for_change(page, seq)
    assert_no_error(page)
    # (a go or last card may follow at once, scored by the engine)
    assert final_scores(page)[0] >= before + int(found.group(1))
    assert "declare" in page.inner_text("[data-testid=log]")  # (You declare, Computer declares)


def finished_record(game: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A game played to its end by always taking the first legal action: its record, and
    every seat's final view."""
    state = start(game, seed=4).state
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0]).state
    return state.record(), state.observation(0).to_json()


@pytest.mark.parametrize("game", ["tabletop", "tiles", "solitaire"])
def test_the_replay_viewer_draws_each_game(
    page: Page, live_server: str, tmp_path: Path, game: str
) -> None:
    record, final = finished_record(game)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(record))
    page.goto(f"{live_server}/")
    page.set_input_files("[data-testid=upload-record]", str(path))
    page.wait_for_selector("[data-testid=replay-step]")
    assert page.inner_text("[data-testid=replay-step]") == f"Step 0 / {len(record['actions'])}"
    # The game is named in words, never by its spec.
    heading = page.inner_text(".game-head")
    assert heading.startswith("Replay: ")
    assert ":" not in heading.removeprefix("Replay: ")
    page.keyboard.press("End")
    assert page.inner_text("[data-testid=replay-step]") == (
        f"Step {len(record['actions'])} / {len(record['actions'])}"
    )
    scores = " \u2013 ".join(str(min(s, final.get("target") or s)) for s in final["scores"])
    assert page.inner_text("[data-testid=replay-scores]") == f"Scores: {scores}"
    table = page.locator("[data-testid=replay-table]")
    if game == "tabletop":
        assert table.locator("[data-testid=cell] svg").count() == 25
    elif game == "tiles":
        on_board = sum(1 for row in final["board"] for tile in row if tile)
        assert table.locator("[data-testid=tile-cell] svg").count() == on_board
    else:
        assert "Last hand" in table.inner_text()
    page.keyboard.press("Home")
    assert page.inner_text("[data-testid=replay-step]").startswith("Step 0 /")


def test_the_lobby_asks_a_name_and_keeps_it_in_the_session(page: Page, live_server: str) -> None:
    page.goto(f"{live_server}/")
    page.fill("[data-testid=name-input]", "Ann")
    page.click("[data-testid=name-save]")
    assert page.inner_text("[data-testid=player-name]") == "Ann"
    page.reload()
    assert page.inner_text("[data-testid=player-name]") == "Ann"
    cookie = next(c for c in page.context.cookies() if c["name"] == "cribkit_session")
    assert cookie["httpOnly"]
    assert cookie["sameSite"] == "Lax"
    assert page.evaluate("document.cookie") == ""


def play_solitaire(page: Page, rounds: int = 7) -> None:
    """Lay away the first two cards of the next ``rounds`` (to the end), with the keyboard."""
    for _ in range(rounds):
        if wait_for_turn_or_result(page):
            return
        seq = shown_seq(page)
        for key in ("1", "2", "Enter"):
            page.keyboard.press(key)
        wait_for_change(page, seq)
        assert_no_error(page)


def test_the_deal_commitment_is_shown_from_the_start_and_verified_at_the_end(
    page: Page, live_server: str
) -> None:
    start_game(page, live_server, "solitaire", {}, "")
    line = page.locator("[data-testid=commitment]")
    # Folded away in the side panel ("Fairness") from the start, for whoever opens it.
    assert page.locator("[data-testid=fair-panel]").is_visible()
    assert not line.is_visible()
    page.click("[data-testid=fair-panel-summary]")
    assert line.is_visible()
    shown = line.get_attribute("data-commitment") or ""
    assert re.fullmatch(r"[0-9a-f]{64}", shown), shown
    assert page.inner_text("[data-testid=commitment-hex]") == f"{shown[:12]}\u2026"
    assert page.get_attribute("[data-testid=commitment-hex]", "title") == shown
    assert "fixed before the first card" in line.inner_text()
    undo = page.locator("[data-action=undo]")
    assert (undo.get_attribute("title") or "").startswith("Nothing to undo yet")
    play_solitaire(page, 1)
    # The starter and the next hand have been seen: an undo would be a practice undo, and the
    # words beside the button say what it would go back past (none is made: the seed stays fair).
    assert not wait_for_turn_or_result(page)  # (the count continued: the next round's turn)
    assert undo.is_enabled()
    words = page.inner_text("[data-testid=undo-note]")
    assert "goes back past what you have seen (the starter is" in words
    assert undo.get_attribute("title") == words
    play_solitaire(page)

    # The result leads with what to do next; the seed and its check are folded below.
    actions = page.locator("[data-testid=result-actions] > *").all_inner_texts()
    assert actions[:3] == ["Rematch", "New game", "Review"]
    assert not page.locator("[data-testid=seed]").is_visible()
    page.click("[data-testid=fairness-summary]")
    seed = page.inner_text("[data-testid=seed]")
    assert re.fullmatch(r"fair1:[0-9a-f]{64}", seed), seed
    assert hashlib.sha256(seed.encode()).hexdigest() == shown
    assert line.get_attribute("data-state") == "ok"
    assert page.inner_text("[data-testid=seed-kind]").startswith("A fair seed")
    page.click("[data-action=verify-deal]")
    verdict = page.locator("[data-testid=verify-result]")
    verdict.wait_for()
    assert verdict.get_attribute("data-verdict") == "verified"
    assert page.inner_text("[data-testid=verify-headline]") == "\u2713 Verified"
    assert f"verified: the deck from seed {seed}; commitment {shown}" in verdict.inner_text()
    # A state carrying another commitment is a red warning, and the deal no longer verifies.
    page.evaluate(
        """() => { const game = window.cribkitPage(), state = game.states.get(0);
            game.receiveState({ ...state, events: [], commitment: 'ab'.repeat(32) },
                              { seat: 0, full: false }); }"""
    )
    assert line.get_attribute("data-state") == "changed"
    assert "the deal commitment changed" in line.inner_text()
    assert page.get_attribute("[data-testid=fair-panel]", "open") is not None  # (never folded)
    page.click("[data-action=verify-deal]")
    page.wait_for_selector("[data-testid=verify-result][data-verdict=failed]")
    assert "another commitment" in page.inner_text("[data-testid=verify-problem]")


def test_a_practice_game_is_tagged_and_its_chosen_seed_is_said(
    page: Page, live_server: str
) -> None:
    # (the games are made before the page opens: its own first requests would otherwise race
    # these for the new session's cookie)
    games = [
        page.request.post(f"{live_server}/api/games", data=body).json()
        for body in ({"game": "solitaire", "seed": 5}, {"game": "solitaire"})
    ]
    assert [game["practice"] for game in games] == [True, False]
    page.goto(f"{live_server}/")
    rows = [page.locator(f"[data-testid=saved-game][data-game-id='{g['id']}']") for g in games]
    tag = rows[0].locator("[data-testid=practice-tag]")
    assert tag.inner_text() == "practice"
    assert "or seed chosen): kept out of the statistics" in str(tag.get_attribute("title"))
    assert rows[1].is_visible()
    assert rows[1].locator("[data-testid=practice-tag]").count() == 0

    rows[0].locator("[data-action=resume]").click()
    page.wait_for_selector("[data-testid=hand-card]")
    play_solitaire(page)
    page.click("[data-testid=fairness-summary]")
    assert page.inner_text("[data-testid=seed]") == "5"
    assert "practice seed, chosen by the player" in page.inner_text("[data-testid=seed-kind]")

    # A record whose deck is not the seed's is refused by the server, in red.
    def tamper(route: Route) -> None:
        response = route.fetch()
        record = response.json()
        route.fulfill(response=response, json={**record, "deck": record["deck"][::-1]})

    page.route("**/api/games/*/record", tamper)
    page.click("[data-action=verify-deal]")
    page.wait_for_selector("[data-testid=verify-result][data-verdict=failed]")
    assert page.inner_text("[data-testid=verify-problem]") == "the deck is not the seed's"
    color = page.locator("[data-testid=verify-problem]").evaluate("e => getComputedStyle(e).color")
    assert color == "rgb(138, 31, 24)"
    page.unroute("**/api/games/*/record")
    page.click("[data-action=verify-deal]")
    page.wait_for_selector("[data-testid=verify-result][data-verdict=verified]")
    assert "not a fair seed" in page.inner_text("[data-testid=verify-result]")

"""Events in the store, on SQLite and PostgreSQL (issue 39): a director makes, opens, starts,
pauses and closes one; players register by its code; every step that cannot be taken is
refused in one line and writes nothing."""

from __future__ import annotations

import pytest

from cribkit.accounts.store import AccountStore
from cribkit.events import EventError
from cribkit.events.store import OVERLAP_SECONDS, EventStore
from cribkit.store.base import Store


def accounts(store: Store, count: int) -> list[str]:
    made = AccountStore(store)
    return [made.claim(f"p-{i}", f"Player{i:02d}").id for i in range(count)]


def refused(words: str) -> pytest.RaisesExc[EventError]:
    return pytest.raises(EventError, match=words)


def test_a_night_is_made_opened_filled_started_paused_and_closed(store: Store) -> None:
    director, *players = accounts(store, 11)
    events = EventStore(store)
    night = events.create(director, "  Tuesday   night ", "classic", "night", {}, starts=1000.0)
    assert (night.name, night.status, night.format.games, night.code) == (
        "Tuesday night", "draft", 9, None,
    )  # fmt: skip
    code = events.open(night.id, director)
    assert len(code) == 6
    with refused("not enough|needs 10 players at least, not 9"):
        for player in players[:9]:
            events.register(code.lower(), player)
        events.start(night.id, director)
    assert events.event(night.id).status == "open"  # type: ignore[union-attr]
    events.register(code, players[9])
    assert events.players(night.id) == players
    started = events.start(night.id, director)
    assert started.status == "running"
    with refused("registration for Tuesday night is closed: it is running"):
        events.register(code, director)
    with refused("only the director of Tuesday night may pause it"):
        events.pause(night.id, players[0])
    events.pause(night.id, director)
    with refused("Tuesday night is paused: it cannot pause now"):
        events.pause(night.id, director)
    events.resume(night.id, director)
    events.close(night.id, director)
    assert events.event(night.id).status == "closed"  # type: ignore[union-attr]


def test_a_player_is_in_one_of_two_events_that_overlap(store: Store) -> None:
    director, ann = accounts(store, 2)
    events = EventStore(store)
    first = events.create(director, "Early", "tiles", "single", {}, starts=0.0)
    second = events.create(director, "Late", "tiles", "double", {"best_of": 3}, starts=3600.0)
    third = events.create(
        director, "Next day", "tiles", "single", {}, starts=3600.0 + OVERLAP_SECONDS
    )
    codes = [events.open(e.id, director) for e in (first, second, third)]
    events.register(codes[0], ann)
    with refused("you are registered for Early already"):
        events.register(codes[0], ann)
    with refused("you are registered for Early, which overlaps Late"):
        events.register(codes[1], ann)
    events.register(codes[2], ann)
    events.withdraw(first.id, ann)
    events.register(codes[1], ann)
    with refused("you are not registered for Early"):
        events.withdraw(first.id, ann)
    with refused("no event has this code"):
        events.register("ZZZZZZ", ann)


@pytest.mark.parametrize(
    ("spec", "format_name", "options", "words"),
    [
        ("chess", "night", {}, "an event is played in classic"),
        ("classic:players=3", "night", {}, "not 'classic:players=3'"),
        ("classic", "swiss", {}, "the formats are night, qualifier, single, double"),
        ("classic", "night", {"games": 0}, "games is a whole number from 1 to 30"),
        ("classic", "night", {"rounds": 3}, "a night takes no option rounds"),
        ("classic", "qualifier", {"cut": 1.5}, "cut is the share of the field"),
        ("classic", "qualifier", {"best_of": 1}, "best of 3 or 5, not 1"),
        ("classic", "double", {"double_skunk_points": 5}, "3 or 4 game points"),
    ],
)
def test_impossible_settings_are_refused_in_one_line_and_nothing_is_made(
    store: Store, spec: str, format_name: str, options: dict[str, object], words: str
) -> None:
    [director] = accounts(store, 1)
    events = EventStore(store)
    with refused(words) as raised:
        events.create(director, "Night", spec, format_name, options, starts=0.0)
    assert "\n" not in str(raised.value)
    with store.transaction(read=True) as db:
        assert db.exec_driver_sql("SELECT count(*) FROM events").scalar() == 0

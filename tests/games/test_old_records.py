"""Records written by the engines of earlier commits replay with today's engine into the same
games: the same results and scores, a Tiles record with exchanges by the convention its engine
had (``tests/data/records``, written by ``tests/data/records/make_old_records.py``)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any, Final

import pytest

from cribkit.analysis.game import analyse
from cribkit.games.errors import RecordError
from cribkit.games.records import dumps, loads, replay
from cribkit.games.tiles.state import TilesState
from cribkit.games.verification import verifiable_record, verify_record

RECORDS: Final = Path(__file__).parents[1] / "data" / "records"
#: When the engine began to put exchanged tiles at the bottom of the bag (commit b33789e): a
#: Tiles record of an engine before it was written with the bag reshuffled after exchanges.
ENGINE_CHANGE: Final = "2026-12-01T08:02:50+00:00"
#: The commits the set must hold at least, on both sides of the change.
REQUIRED: Final = {"c1205c2", "cefe75f", "3301ffa", "fe38743", "df0ea35", "b33789e", "8a0f875"}


@cache
def expected(commit: str) -> dict[str, Any]:
    """The folder's ``expected.json``: what the old engine made of each record."""
    data: dict[str, Any] = json.loads((RECORDS / commit / "expected.json").read_text())
    return data


def commits() -> list[str]:
    return sorted(p.name for p in RECORDS.iterdir() if (p / "expected.json").is_file())


def stored() -> list[tuple[str, str]]:
    return [(c, name) for c in commits() for name in expected(c)["records"]]


def read(commit: str, name: str) -> dict[str, Any]:
    return loads((RECORDS / commit / name).read_text(encoding="utf-8"))


def before_the_change(commit: str) -> bool:
    return str(expected(commit)["date"]) < ENGINE_CHANGE


def test_the_set_holds_records_of_every_kind_from_both_sides_of_the_change() -> None:
    assert set(commits()) >= REQUIRED
    assert all(expected(c)["version"] == 1 for c in commits())  # every old engine wrote 1
    names = {name for _, name in stored()}
    for kind in ("classic-4p", "classic-muggins", "tabletop-4p", "solitaire", "tiles-joker"):
        assert f"{kind}.json" in names
    exchanged_before = [
        (c, n)
        for c, n in stored()
        if before_the_change(c) and expected(c)["records"][n]["exchanges"]
    ]
    exchanged_after = [
        (c, n)
        for c, n in stored()
        if not before_the_change(c) and expected(c)["records"][n]["exchanges"]
    ]
    assert len(exchanged_before) >= 20
    assert len(exchanged_after) >= 20
    size = sum(p.stat().st_size for p in RECORDS.rglob("*.json"))
    assert size < 1_500_000


@pytest.mark.parametrize(("commit", "name"), stored())
def test_an_old_record_replays_to_the_old_engines_result(commit: str, name: str) -> None:
    record = read(commit, name)
    old = expected(commit)["records"][name]
    assert record.get("version") == 1
    assert len(record["actions"]) == old["actions"]
    again = replay(record)
    assert (None if again.result is None else again.result.to_dict()) == old["result"]
    assert list(again.state.scores) == old["scores"]
    assert again.state.is_terminal == (old["result"] is not None)
    if "result" in record:  # a web download: its result is checked on the way
        assert record["result"] == old["result"]


def tiles_with_exchanges(*, before: bool) -> list[tuple[str, str]]:
    return [
        (c, n)
        for c, n in stored()
        if n.startswith("tiles")
        and before_the_change(c) == before
        and expected(c)["records"][n]["exchanges"]
        and "seed" in read(c, n)
    ]


@pytest.mark.parametrize(("commit", "name"), tiles_with_exchanges(before=True))
def test_a_tiles_record_from_before_the_change_replays_with_the_reshuffle(
    commit: str, name: str
) -> None:
    record = read(commit, name)
    again = replay(record)
    assert again.convention is not None
    assert again.convention.name == "reshuffle"
    assert again.note is not None
    assert again.note.startswith(
        "a version-1 Tiles record: the bag was reshuffled after each exchange"
    )
    assert "as before 2026-12-01; replayed with exchanged tiles at the bottom" in again.note
    assert again.to_dict()["note"] == again.note
    # Read as today's (version 2), the same record is another game, which breaks.
    with pytest.raises(RecordError, match="you hold"):
        replay({**record, "version": 2})


@pytest.mark.parametrize(("commit", "name"), tiles_with_exchanges(before=False))
def test_a_tiles_record_from_after_the_change_replays_with_the_bottom_of_the_bag(
    commit: str, name: str
) -> None:
    record = read(commit, name)
    again = replay(record)
    assert again.convention is not None
    assert again.convention.name == "bottom"
    assert again.note is not None
    assert again.note.startswith(
        "a version-1 Tiles record: exchanged tiles went to the bottom of the bag"
    )
    if "result" in record:
        assert again.note.endswith("; its result matches")
    else:
        assert "; replayed with the bag reshuffled after each exchange" in again.note
    as_today = replay({**record, "version": 2})
    assert as_today.result == again.result
    assert as_today.note is None


def test_the_solitaire_end_of_the_old_engine_is_kept() -> None:
    # Dark played out while light's bag still held tiles: that engine ended the game there.
    record = read("df0ea35", "tiles-solitaire-2.json")
    again = replay(record)
    ended = [e for e in again.events if e.type == "end"]
    assert [e.to_json()["kind"] for e in ended] == ["played_out"]
    assert isinstance(again.state, TilesState)
    assert again.state.rack_sizes()[0] == 0
    assert again.state.bag_sizes() == (0, 5)
    assert again.note is not None
    assert "the game was over once a colour played out" in again.note


def test_a_tiles_record_that_fails_both_ways_names_the_likelier_error() -> None:
    record = read("df0ea35", "tiles.json")
    late = len(record["actions"]) - 3
    broken = {**record, "actions": [*record["actions"][:late], {"type": "pass", "seat": 7}]}
    with pytest.raises(RecordError) as error:
        replay(broken)
    message = str(error.value)
    assert "\n" not in message
    # The reshuffled replay got further: its error is the record's, the other failed too.
    assert error.value.index == late
    assert message.startswith(f"action {late} ")
    assert "(replayed with the bag reshuffled after each exchange, as before 2026-12-01)" in message
    assert message.endswith(
        "; replayed with exchanged tiles at the bottom of the bag, as since 2026-12-01, "
        "it fails too at action 3"
    )


def test_an_old_result_that_differs_is_still_an_error() -> None:
    record = read("df0ea35", "tiles-download.json")
    record["result"] = {**record["result"], "scores": [0, 0]}
    with pytest.raises(RecordError, match="is not what its actions give"):
        replay(record)


def test_a_state_replayed_by_the_old_convention_records_itself_as_version_1() -> None:
    record = read("fe38743", "tiles-3p.json")
    state = replay(record).state
    again = state.record()
    assert again["version"] == 1
    assert again["actions"] == record["actions"]
    assert replay(loads(dumps(again))).state == state


def test_verify_and_analyse_replay_old_records_by_their_convention() -> None:
    old = replay(read("3301ffa", "tiles-unfinished.json"))
    check = verify_record(verifiable_record(old.state))
    assert check.ok, check.problem
    assert check.note is not None
    assert check.note.startswith("a version-1 Tiles record: the bag was reshuffled")
    found = analyse(read("3301ffa", "tiles-unfinished.json"), seats=[])
    assert found.notes[:1] == (old.note,)
    assert analyse(read("df0ea35", "classic-61.json"), seats=[]).notes == ()

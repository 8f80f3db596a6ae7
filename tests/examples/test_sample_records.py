"""The sample records of ``examples/records/`` (one of each game, for trying ``cribkit replay``,
``analyse`` and ``verify``): each is what ``examples/make_records.py`` writes today, a finished
game of the current record version that verifies against its fair seed."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from cribkit.games.chance import is_fair_seed
from cribkit.games.records import VERSION, dumps, replay
from cribkit.games.verification import verify_record

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def make_records() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_records", EXAMPLES / "make_records.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_there_is_a_sample_of_every_game() -> None:
    from cribkit.games import games

    shipped = {path.stem for path in (EXAMPLES / "records").glob("*.json")}
    assert shipped == set(games()) == set(make_records().SAMPLES)


@pytest.mark.parametrize("name", ["classic", "tabletop", "tiles", "solitaire"])
def test_a_sample_is_what_the_script_writes_and_verifies(name: str) -> None:
    text = (EXAMPLES / "records" / f"{name}.json").read_text(encoding="utf-8")
    record = json.loads(text)
    assert record["version"] == VERSION
    assert is_fair_seed(record["seed"])
    assert verify_record(record).ok
    assert replay(record).result is not None  # played to the end
    assert text == dumps(make_records().played(name)) + "\n"

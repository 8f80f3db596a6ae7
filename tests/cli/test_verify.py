"""``cribkit verify``: fair deals anybody can check, and the first deal that is not the seed's."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cribkit.cli.app import app
from cribkit.games import start
from cribkit.games.chance import commitment, new_fair_seed
from cribkit.games.records import dumps, replay
from cribkit.games.verification import verifiable_record, verify_record

runner = CliRunner()
SPECS = [
    "classic:target=61",
    "classic:players=3,target=61",
    "classic:players=4,target=61",
    "tabletop:target=61",
    "tabletop:players=4,target=61",
    "solitaire",
    "tiles:board_size=9",
    "tiles:players=3,board_size=9",
    "tiles:solitaire=true,board_size=9",
]


def fixed_fair_seed(spec: str) -> str:
    """A fair seed of its own for each game, the same every run (so the tests are too)."""
    return "fair1:" + hashlib.sha256(spec.encode()).hexdigest()


def finished(spec: str, seed: int | str, play: int = 1) -> dict[str, Any]:
    state = start(spec, seed=seed).state
    rng = random.Random(play)
    while not state.is_terminal:
        state = state.apply(rng.choice(state.legal_actions())).state
    return verifiable_record(state)


def run(tmp_path: Path, record: dict[str, Any]) -> Any:
    path = tmp_path / "game.json"
    path.write_text(dumps(record))
    return runner.invoke(app, ["verify", str(path)])


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {spec: finished(spec, fixed_fair_seed(spec)) for spec in SPECS}


@pytest.mark.parametrize("spec", SPECS)
def test_a_finished_fair_game_verifies(
    spec: str, records: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    record = records[spec]
    assert record["commitment"] == commitment(record["seed"])
    assert replay(record).result is not None
    result = run(tmp_path, record)
    assert result.exit_code == 0, result.stderr
    line = result.stdout.strip()
    assert line.startswith("verified: ")
    assert f"from seed {record['seed']}; commitment {record['commitment']}" in line
    if spec.startswith(("classic", "tabletop")):
        assert f"verified: {len(record['decks'])} deal" in line
        keys = list(record)
        assert keys.index("commitment") == keys.index("seed") + 1
        assert keys.index("decks") == keys.index("seed") + 2


def test_an_altered_deck_names_its_deal(records: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    record = json.loads(json.dumps(records["classic:target=61"]))
    assert len(record["decks"]) >= 3
    deck = record["decks"][2]
    deck[0], deck[1] = deck[1], deck[0]
    result = run(tmp_path, record)
    assert result.exit_code == 1
    assert "deal 2: the deck is not the seed's" in result.stderr
    assert verify_record(record).problem == "deal 2: the deck is not the seed's"


def test_an_altered_seed_does_not_match_the_commitment(
    records: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    for spec in ("tabletop:target=61", "solitaire", "tiles:board_size=9"):
        record = {**records[spec], "seed": new_fair_seed()}
        result = run(tmp_path, record)
        assert result.exit_code == 1
        assert "the commitment does not match the seed" in result.stderr


@pytest.mark.parametrize(("spec", "field"), [("solitaire", "deck"), ("tiles:board_size=9", "bag")])
def test_an_altered_deck_or_bag_fails(
    spec: str, field: str, records: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    record = json.loads(json.dumps(records[spec]))
    dealt = record[field]
    other = next(i for i in range(1, len(dealt)) if dealt[i] != dealt[0])
    dealt[0], dealt[other] = dealt[other], dealt[0]
    result = run(tmp_path, record)
    assert result.exit_code == 1
    assert f"the {field} is not the seed's" in result.stderr


def test_an_illegal_action_fails(records: dict[str, dict[str, Any]], tmp_path: Path) -> None:
    record = json.loads(json.dumps(records["solitaire"]))
    record["actions"][0], record["actions"][1] = record["actions"][1], record["actions"][0]
    result = run(tmp_path, record)
    assert result.exit_code == 1
    assert "action 0" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"commitment": None}, "the commitment of its seed"),
        ({"seed": None}, "has its seed"),
        ({"decks": None}, "has the decks as dealt"),
        ({"decks": [["Ac"]]}, "deck 0 has 1 cards, not 52"),
        ({"game": "chess"}, "a verifiable record is of classic"),
        ({"colour": "red"}, "no field 'colour'"),
    ],
)
def test_a_malformed_record_exits_2(
    change: dict[str, Any], message: str, records: dict[str, dict[str, Any]], tmp_path: Path
) -> None:
    record = {**records["classic:target=61"], **change}
    record = {k: v for k, v in record.items() if v is not None}
    result = run(tmp_path, record)
    assert result.exit_code == 2
    assert result.stderr.startswith("cribkit: error: ")
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_an_old_seed_verifies_with_a_note(tmp_path: Path) -> None:
    record = finished("classic:target=61", 7)
    result = run(tmp_path, record)
    assert result.exit_code == 0, result.stderr
    assert "not a fair seed" in result.stdout
    assert verifiable_record(start("classic", seed=7).state)["decks"] == [
        [str(c) for c in start("classic", seed=7).state.deck]
    ]


def test_verify_reads_standard_input_and_answers_json(records: dict[str, dict[str, Any]]) -> None:
    record = records["tiles:board_size=9"]
    result = runner.invoke(app, ["verify", "-", "--json"], input=dumps(record))
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["verified"] is True
    assert data["seed"] == record["seed"]
    assert data["problem"] is None


def test_an_unseeded_game_has_no_verifiable_record() -> None:
    from cribkit.core.cards import DECK
    from cribkit.games.errors import GameError

    state = start("solitaire", deck=[str(c) for c in DECK]).state
    with pytest.raises(GameError, match="of a seeded game"):
        verifiable_record(state)

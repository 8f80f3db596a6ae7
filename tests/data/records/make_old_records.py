"""Write game records with the engine of an old commit, for ``tests/games/test_old_records.py``.

The records in this folder were written by the engines of earlier commits, exactly as their
``state.record()`` gave them, so that the tests can check that today's engine replays every
record any version ever wrote into the same game. Each commit has a folder named by its short
hash, holding one ``<name>.json`` per game (the record as the old ``records.dumps`` wrote it),
a few ``<name>-download.json`` (the same record with the old engine's ``result`` in it, as the
web app's download carries it), and ``expected.json``: for each record, what the old engine
made of it (its result as ``result.to_dict()`` gave it, or None for a game stopped on the way,
its scores, how many actions and exchanges).

To rebuild the records of a commit, run from the repository's root with today's virtualenv
(the old engine's code is imported from the work tree, put first on the path, not from the
installed package; ``--few`` writes only the games marked ``few`` below):

    git worktree add /tmp/oldengine-df0ea35 df0ea35
    .venv/bin/python tests/data/records/make_old_records.py /tmp/oldengine-df0ea35
    git worktree remove /tmp/oldengine-df0ea35

The games are played by seeded random players (a Tiles player exchanges a quarter of the time
when the bag allows, so that the records hold exchanges), so the same commit writes the same
records again. The commits in this folder and why: ``README.md`` here.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

HERE: Final = Path(__file__).resolve().parent
#: A Tiles player exchanges this often when the bag allows it (and it has not run out of plays).
EXCHANGE_CHANCE: Final = 0.25
#: No game here is longer than this many actions (a cap that no finished game reaches).
MOST_ACTIONS: Final = 600
RANKS: Final = "A23456789TJQK"


@dataclass(frozen=True)
class Case:
    """One game to play: its registry spec, its setup (seed, decks, bag...), where to stop (None:
    at the end) and whether to write its web download too."""

    name: str
    spec: str
    setup: Mapping[str, Any]
    stop: int | None = None
    download: bool = False
    #: Only for the Tiles games: the game must hold an exchange before it may stop.
    wants_exchange: bool = False
    #: Written with ``--few`` too (the commits that changed little get only these).
    few: bool = False


def _deck(label: str) -> list[str]:
    cards = [f"{rank}{suit}" for rank in RANKS for suit in "cdhs"]
    random.Random(label).shuffle(cards)
    return cards


def _bag(label: str) -> list[str]:
    tiles = [f"{rank}{colour}" for rank in RANKS for colour in "dl" for _ in range(4)]
    random.Random(label).shuffle(tiles)
    return tiles


CASES: Final = (
    Case("classic", "classic", {"seed": 1}, few=True),
    Case("classic-61", "classic:target=61", {"seed": "club night"}, download=True),
    Case("classic-3p", "classic:players=3,target=61", {"seed": 2}),
    Case("classic-4p", "classic:players=4,target=61", {"seed": 3}),
    Case("classic-manual", "classic:manual_counting=true,target=61", {"seed": 4}),
    Case("classic-muggins", "classic:muggins=true,target=61", {"seed": 5}),
    Case(
        "classic-decks",
        "classic",
        {
            "decks": [_deck(f"deck {i}") for i in range(3)],
            "first_dealer": 1,
            "start_scores": [95, 100],
        },
    ),
    Case("classic-3p-unfinished", "classic:players=3", {"seed": 6}, stop=25),
    Case("tabletop", "tabletop:target=61", {"seed": 1}),
    Case("tabletop-4p", "tabletop:players=4,target=61", {"seed": 2}, few=True),
    Case(
        "tabletop-rook",
        "tabletop:adjacency=rook,heels=true,swap_sides=true,first_lines=columns,target=61",
        {"seed": 3},
    ),
    Case("tabletop-unfinished", "tabletop", {"seed": 4}, stop=30),
    Case("solitaire", "solitaire", {"seed": 1}, few=True),
    Case("solitaire-text-seed", "solitaire", {"seed": "daily"}, download=True),
    Case("solitaire-unfinished", "solitaire", {"seed": 2}, stop=3),
    Case("tiles", "tiles", {"seed": 1}, download=True, few=True),
    Case("tiles-2", "tiles", {"seed": 2}),
    Case("tiles-3p", "tiles:players=3", {"seed": 3}),
    Case("tiles-4p", "tiles:players=4", {"seed": 4}),
    Case("tiles-solitaire", "tiles:solitaire=true", {"seed": 5}, download=True, few=True),
    Case("tiles-solitaire-2", "tiles:solitaire=true", {"seed": 6}),
    Case("tiles-joker", "tiles:joker=true", {"seed": 7}),
    Case("tiles-bag", "tiles", {"bag": _bag("bag 1"), "first_player": 1}),
    Case("tiles-bag-seed", "tiles:players=3", {"bag": _bag("bag 2"), "seed": 8}),
    Case("tiles-unfinished", "tiles", {"seed": 9}, stop=12, wants_exchange=True, few=True),
)


def _choose(state: Any, rng: random.Random) -> Any:
    """A random legal action; a Tiles player plays when it can, but exchanges now and then."""
    actions = state.legal_actions()
    by_type: dict[str, list[Any]] = {}
    for action in actions:
        by_type.setdefault(action.to_dict()["type"], []).append(action)
    exchanges = by_type.get("exchange", [])
    plays = by_type.get("play_tiles", [])
    if exchanges and rng.random() < EXCHANGE_CHANCE:
        return rng.choice(exchanges)
    if plays:
        return rng.choice(plays)
    if exchanges and rng.random() < 0.5:
        return rng.choice(exchanges)
    return rng.choice(actions)


def _play(engine: Any, case: Case) -> tuple[Any, int, int]:
    """Play the case's game with the old engine: the state it stops in, the actions and the
    exchanges made."""
    state = engine.start(case.spec, **case.setup).state
    rng = random.Random(f"old records: {case.name}")
    done = exchanges = 0
    while not state.is_terminal and done < MOST_ACTIONS:
        if case.stop is not None and done >= case.stop and (exchanges or not case.wants_exchange):
            break
        if not state.legal_actions():
            break  # a record of explicit decks waits for another deck
        action = _choose(state, rng)
        exchanges += action.to_dict()["type"] == "exchange"
        state = state.apply(action).state
        done += 1
    return state, done, exchanges


def _old_engine(work_tree: Path) -> tuple[Any, Any, str]:
    """Import the old engine's ``cribkit.games`` and ``records`` from ``work_tree`` (put first
    on the path, before the installed package) and name its commit."""
    source = (work_tree / "src").resolve()
    sys.path.insert(0, str(source))
    import cribkit
    import cribkit.games as engine
    import cribkit.games.records as records

    found = Path(cribkit.__file__).resolve()
    if source not in found.parents:
        raise SystemExit(f"cribkit was imported from {found}, not from the old engine in {source}")
    commit = subprocess.run(
        ["git", "-C", str(work_tree), "rev-parse", "HEAD"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    return engine, records, commit


def main(argv: list[str]) -> None:
    few = "--few" in argv
    given = [arg for arg in argv if arg != "--few"]
    if len(given) != 1:
        raise SystemExit("usage: make_old_records.py [--few] WORK_TREE_OF_AN_OLD_COMMIT")
    work_tree = Path(given[0])
    engine, records, commit = _old_engine(work_tree)
    date = subprocess.run(
        ["git", "-C", str(work_tree), "log", "-1", "--format=%cI"],
        check=True, capture_output=True, text=True,
    ).stdout.strip()  # fmt: skip
    folder = HERE / commit[:7]
    folder.mkdir(exist_ok=True)
    for old in folder.glob("*.json"):
        old.unlink()
    registered = set(engine.games())
    expected: dict[str, Any] = {}
    for case in CASES:
        if case.spec.split(":")[0] not in registered or (few and not case.few):
            continue
        state, done, exchanges = _play(engine, case)
        record = state.record()
        result = None if state.result is None else state.result.to_dict()
        files = [(f"{case.name}.json", record)]
        if case.download and result is not None:
            files.append((f"{case.name}-download.json", {**record, "result": result}))
        for name, written in files:
            (folder / name).write_text(records.dumps(written) + "\n", encoding="utf-8")
            expected[name] = {
                "spec": case.spec,
                "actions": done,
                "exchanges": exchanges,
                "result": result,
                "scores": list(state.scores),
            }
    # One line a record, so that a change shows as one line in a diff.
    lines = [f"  {json.dumps(name)}: {json.dumps(what)}" for name, what in expected.items()]
    header = {"engine": commit, "date": date, "version": records.VERSION}
    text = json.dumps(header)[:-1] + ', "records": {\n' + ",\n".join(lines) + "\n}}\n"
    (folder / "expected.json").write_text(text, encoding="utf-8")
    print(f"{folder.relative_to(HERE.parents[2])}: {len(expected)} records")


if __name__ == "__main__":
    main(sys.argv[1:])

"""Write the sample records in examples/records/: one verifiable game of each game, played by
cribkit's computer players, for trying ``cribkit replay``, ``cribkit analyse`` and
``cribkit verify`` (the README's examples run them).

    .venv/bin/python examples/make_records.py

Each game is dealt from a fair seed (``fair1:`` and 64 hex digits) that is fixed here, the
SHA-256 of a phrase, so that running the script again writes the same records; a fair seed of
a real game comes from the operating system (``cribkit.games.chance.new_fair_seed``). The
records carry the seed's commitment and what was dealt, as the web app's downloads do.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from cribkit.ai.players import make_player
from cribkit.games import start
from cribkit.games.chance import FAIR_PREFIX
from cribkit.games.records import dumps
from cribkit.games.verification import verifiable_record

FOLDER = Path(__file__).resolve().parent / "records"

#: Each sample: the game with its options, and the computer level of each seat.
SAMPLES: dict[str, tuple[str, tuple[str, ...]]] = {
    "classic": ("classic", ("expert", "medium")),
    "tabletop": ("tabletop", ("expert", "medium")),
    "tiles": ("tiles", ("medium", "easy")),
    "solitaire": ("solitaire", ("expert",)),
}


def example_seed(name: str) -> str:
    """The fixed fair seed of the sample ``name``."""
    return FAIR_PREFIX + hashlib.sha256(f"cribkit example {name}".encode()).hexdigest()


def played(name: str) -> dict[str, Any]:
    """The verifiable record of the sample ``name``, played to its end."""
    spec, levels = SAMPLES[name]
    players = [
        make_player(spec.split(":")[0], level, seed=seat) for seat, level in enumerate(levels)
    ]
    state = start(spec, seed=example_seed(name)).state
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
    record = verifiable_record(state)
    record["meta"] = {"players": list(levels), "note": "a sample game: cribkit's computer players"}
    return record


def main() -> None:
    FOLDER.mkdir(exist_ok=True)
    for name in SAMPLES:
        path = FOLDER / f"{name}.json"
        path.write_text(dumps(played(name)) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()

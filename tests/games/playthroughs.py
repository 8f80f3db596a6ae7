"""Golden playthroughs (OpenSpiel's ``integration_tests/playthroughs`` are the model): one seeded
random game of each game, every step written out, so that a change of behaviour shows as a diff.

Each step lists the events in words, every seat's view as JSON, the legal actions of the seat
to act and the action chosen. ``tests/games/test_playthroughs.py`` plays the games again and
compares them with the files in ``tests/playthroughs/``; after a reviewed change of behaviour,
write them again with::

    .venv/bin/python tests/games/playthroughs.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from cribkit.games import ComposedMoves, game_info, start

#: The games written out: a file name, the rules and the seed.
PLAYTHROUGHS: tuple[tuple[str, str, int], ...] = (
    ("classic", "classic:target=61", 3),
    ("classic-4", "classic:players=4,target=61", 5),
    ("classic-muggins", "classic:muggins=true,target=61", 7),
    ("tabletop", "tabletop:target=61", 2),
    ("tiles", "tiles:board_size=9", 4),
    ("tiles-joker", "tiles:joker=true,board_size=9", 6),
    ("solitaire", "solitaire", 1),
)

FOLDER = Path(__file__).resolve().parent.parent / "playthroughs"
#: A step that lists more legal actions than this shows the first ones and the count.
SHOWN_ACTIONS = 40


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _view_json(view: Any) -> Any:
    return view if isinstance(view, dict) else view.to_json()


def playthrough(spec: str, seed: int) -> str:
    """The text of one seeded random game of ``spec``."""
    transition = start(spec, seed=seed)
    state = transition.state
    info = game_info(state.rules.GAME)
    seats = state.rules.seats
    rng = random.Random(seed)
    lines = [
        f"# cribkit playthrough: {spec}, seed {seed}, random legal actions (random.Random({seed}))",
        "# write again: .venv/bin/python tests/games/playthroughs.py",
    ]

    def write_step(index: int, action: Any, events: Any) -> None:
        lines.append(f"step {index}")
        if action is not None:
            lines.append(f"  action: {_json(action.to_dict())}")
        for event in events:
            lines.append(f"  event: {event.text()}")
        lines.append(f"  phase: {state.phase}; scores {list(state.scores)}")
        for seat in range(seats):
            lines.append(f"  view {seat}: {_json(_view_json(state.observation(seat)))}")

    write_step(0, None, transition.events)
    index = 0
    while not state.is_terminal:
        legal = state.legal_actions()
        if not legal:
            break
        shown = (
            state.offered_actions()
            if info.composed_moves and isinstance(state, ComposedMoves)
            else legal
        )
        forms = [_json(a.to_dict()) for a in shown[:SHOWN_ACTIONS]]
        more = len(shown) - SHOWN_ACTIONS
        lines.append(
            f"  legal ({len(legal)} for seat {state.current_player}): "
            + " ".join(forms)
            + (f" and {more} more" if more > 0 else "")
        )
        action = rng.choice(legal)
        transition = state.apply(action)
        state = transition.state
        index += 1
        write_step(index, action, transition.events)
    result = state.result
    lines.append(f"result: {_json(None if result is None else result.to_dict())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Write every playthrough file."""
    FOLDER.mkdir(exist_ok=True)
    for name, spec, seed in PLAYTHROUGHS:
        path = FOLDER / f"{name}.txt"
        path.write_text(playthrough(spec, seed), encoding="utf-8")
        print(f"wrote {path}", file=sys.stderr)


if __name__ == "__main__":
    main()

"""Rebuild the puzzles (``puzzles.json``) from the expert's own games.

Games of the expert against itself are played, seeded (game ``g`` of a game is dealt with seed
``seed * 1000 + g``, its players seeded ``g`` and ``g + 1``); at every decision of the kinds
puzzles are made of, the seat's view is valued (:mod:`cribkit.analysis.puzzle_values`) and
kept when the best choice beats the casual one by the margin and the second best by the gap.
A game gives at most ``--per-game`` puzzles of a kind (of each role, dealer and pone, for the
lay-aways), so that they come from many deals; games are played until each kind has its count.
Classic positions within the last 30% of the target are left out: there the expert plays for
the win, not for the points the values count. The same seed builds the same file.

    python -m cribkit.analysis.data.build_puzzles [--seed 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.analysis.puzzle_values import GAPS, KINDS, MARGINS, PLAY_SEED
from cribkit.analysis.puzzles import FORMAT, make_puzzle
from cribkit.games import start

OUT = Path(__file__).parent / "puzzles.json"
#: How many puzzles of each kind the file holds.
#: More than 365 in all: the mixed daily puzzle does not repeat within a year.
COUNTS = {"lay-away": 130, "play": 110, "place": 80, "tiles": 50}
#: Within this share of the target the expert plays for the win (ExpertSettings).
ENDGAME_FRACTION = 0.3


def _kind(game: str, action: Any, view: Any) -> str | None:
    """The kind of puzzle a decision may make, or None."""
    form = action.to_dict()["type"]
    if game == "classic":
        if max(view.scores) >= view.target - ENDGAME_FRACTION * view.target:
            return None
        if form == "discard" and len(view.hand) == 6:
            return "lay-away"
        return "play" if form == "play" else None
    if game == "tabletop":
        return "place" if form == "place" else None
    return "tiles" if form == "play_tiles" else None


def game_candidates(game: str, seed: int, number: int, per_game: int) -> list[dict[str, Any]]:
    """The puzzles of one game of the expert against itself (ids filled in later)."""
    players = [make_player(game, "expert", seed=number + seat) for seat in range(2)]
    state = start(game, seed=seed * 1000 + number).state
    found: list[dict[str, Any]] = []
    taken: dict[str, int] = {}
    while state.result is None:
        seat = state.current_player
        action = choose_for_seat(players[seat], state, seat)
        view = state.observation(seat)
        kind = _kind(game, action, view)
        if kind is not None:
            slot = kind + (f"-{view.dealer == seat}" if kind == "lay-away" else "")
            if taken.get(slot, 0) < per_game:
                puzzle = make_puzzle(kind, view, "")
                if puzzle is not None:
                    taken[slot] = taken.get(slot, 0) + 1
                    found.append(puzzle)
        state = state.apply(action).state
    return found


def build(seed: int, workers: int, per_game: int) -> dict[str, Any]:
    """The document: every kind's puzzles, numbered in the order their games came."""
    started = time.perf_counter()
    chosen: dict[str, list[dict[str, Any]]] = {kind: [] for kind in KINDS}
    played: dict[str, int] = {}
    with ProcessPoolExecutor(workers) as pool:
        for game in ("classic", "tabletop", "tiles"):
            kinds = [k for k, g in KINDS.items() if g == game]
            batch = max(workers * 2, 4)
            number = 0
            while any(len(chosen[k]) < COUNTS[k] for k in kinds):
                numbers = range(number, number + batch)
                futures = [pool.submit(game_candidates, game, seed, n, per_game) for n in numbers]
                for future in futures:  # in game order: the file does not depend on timing
                    for puzzle in future.result():
                        kind = puzzle["kind"]
                        if len(chosen[kind]) < COUNTS[kind]:
                            chosen[kind].append(puzzle)
                number += batch
            played[game] = number
            print(f"{game}: {number} games, {time.perf_counter() - started:.0f} s", flush=True)
    puzzles = []
    for kind, found in chosen.items():
        for index, puzzle in enumerate(found, start=1):
            puzzle["id"] = f"{kind}-{index:03d}"
            puzzles.append(puzzle)
    return {
        "format": FORMAT,
        "seed": seed,
        "margins": dict(MARGINS),
        "gaps": dict(GAPS),
        "play_seed": PLAY_SEED,
        "games_played": played,
        "puzzles": puzzles,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    document = build(args.seed, args.workers, args.per_game)
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    args.out.write_text(text + "\n", encoding="utf-8")
    print(
        f"{len(document['puzzles'])} puzzles, {len(text) / 1000:.0f} kB, "
        f"in {time.perf_counter() - started:.0f} s -> {args.out}"
    )


if __name__ == "__main__":
    main()

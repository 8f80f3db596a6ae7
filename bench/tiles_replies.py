"""Benchmark: is the Cribbage Tiles expert's model of the reply calibrated against easy?

Run from the repository root::

    nice -n 10 .venv/bin/python bench/tiles_replies.py --games 24 --seed 7

In seeded games of the expert against easy (the expert in seat ``game % 2``), at every
decision the expert makes by weighing its candidates over guesses of the opponent's rack, the
script keeps the mean best reply the expert predicted for the candidate it chose (over its
guesses, as its one-ply value has it), and then the points easy really scores with its next
play (its highest-scoring play from its true rack). A model that is right on average predicts
as many points as easy scores; the difference, overall and by tiles left in the bag, is
printed with its standard error. Decisions of the end-game searches are not counted.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Sequence
from typing import Any

from cribkit.ai.tiles import Candidate, TilesPlayer
from cribkit.games.protocol import Action
from cribkit.games.tiles.movegen import generate_plays
from cribkit.games.tiles.rules import TilesRules
from cribkit.games.tiles.state import start_tiles
from cribkit.games.tiles.view import TilesView
from cribkit.sim import mix_seed

#: Tiles left in the bag, the bands the difference is shown by.
BANDS = ((1, 30), (30, 60), (60, 200))


class ReplyModel(TilesPlayer):
    """The expert, one ply (its reply model alone), keeping what it predicted for its choice."""

    def __init__(self, seed: int) -> None:
        super().__init__("expert", seed)
        self.own_turn = False
        self.predicted: tuple[float, int] | None = None

    def expert_values(
        self, view: TilesView, candidates: Sequence[Candidate]
    ) -> list[tuple[float, Action]]:
        values = super().expert_values(view, candidates)
        value, action = values[0]
        chosen = next(c for c in candidates if c.action == action)
        self.predicted = (chosen.value - value, view.bag_size)
        return values


def replies(games: int, seed: int) -> list[tuple[float, int, int]]:
    """(predicted reply, tiles in the bag, easy's real reply) at each weighed decision."""
    rules = TilesRules()
    out: list[tuple[float, int, int]] = []
    for game in range(games):
        state = start_tiles(rules, seed=mix_seed(seed, game, 999)).state
        expert, easy = ReplyModel(game), TilesPlayer("easy", game)
        players = [expert, easy] if game % 2 == 0 else [easy, expert]
        pending: tuple[float, int] | None = None
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            if players[seat] is easy and pending is not None:
                plays = generate_plays(observation.board, observation.rack, seat=seat)
                real = max((p.points for p in plays), default=0)
                out.append((*pending, real))
                pending = None
            expert.predicted = None
            action = players[seat].choose_composed(observation, state.offered_actions())
            if players[seat] is expert:
                pending = expert.predicted
            state = state.apply(action).state
    return out


def summary(rows: Sequence[tuple[float, int, int]]) -> dict[str, Any]:
    """Mean predicted and real replies and their difference (real - predicted) ± s.e."""
    differences = [real - predicted for predicted, _, real in rows]
    spread = statistics.pstdev(differences) if len(differences) > 1 else 0.0
    return {
        "decisions": len(rows),
        "predicted": statistics.fmean(p for p, _, _ in rows),
        "real": statistics.fmean(r for _, _, r in rows),
        "difference": statistics.fmean(differences),
        "standard_error": spread / len(rows) ** 0.5,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    rows = replies(args.games, args.seed)
    if not rows:
        parser.error("no weighed decision was made in these games")
    out = {"games": args.games, "seed": args.seed, "all": summary(rows)}
    for low, high in BANDS:
        band = [row for row in rows if low <= row[1] < high]
        if band:
            out[f"bag {low}-{high - 1}"] = summary(band)
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.games} games of the expert against easy, seed {args.seed}")
    for name, figures in out.items():
        if isinstance(figures, dict):
            print(
                f"{name}: {figures['decisions']} decisions, predicted {figures['predicted']:.2f},"
                f" real {figures['real']:.2f}, difference {figures['difference']:+.2f}"
                f" ± {figures['standard_error']:.2f}"
            )


if __name__ == "__main__":
    main()

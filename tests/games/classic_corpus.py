"""The recorded corpus of classic games that the lean core is held to (issue 40).

The classic engine before the lean core played these games and their digests were recorded
in ``tests/data/classic_corpus.json`` (on 2026-12-07, from that engine, and the lean core gave
every one of them); the core was tested against that engine move by move (commit 4414f87's
``tests/games/test_classic_core_differential.py``) before it was retired, and now against the
corpus: the same seeded random games of nine
variants (2, 3 and 4 players, 61 and 121, manual counting, muggins, no skunks) and of given
decks, scores and dealers, each game's digest of what the engine showed at every step.

A game's digest is the SHA-256 of its trace: at every step the phase, the seats that may act,
the scores, the deal, the dealer, the turn and the count, the legal actions of each seat that
may act, and the action chosen; at the end the result and the record. Every
:data:`FULL_EVERY`-th game's trace also holds, at every step, every seat's view and a
spectator's and the events of the step (their JSON), and the state's hidden fields.

Recording it again (after a deliberate change of the rules, reviewed as a diff)::

    PYTHONPATH=src .venv/bin/python -m tests.games.classic_corpus
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

from cribkit.core.cards import DECK
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.protocol import SPECTATOR, Action

CORPUS: Final = Path(__file__).parents[1] / "data" / "classic_corpus.json"
#: Seeded games of each variant.
GAMES: Final = 150
#: Every this many games, the views, the events and the hidden fields are in the trace too.
FULL_EVERY: Final = 30
#: Games from given decks, scores and dealers (two each: without a seed, and with one).
DECK_GAMES: Final = 40

VARIANTS: Final = {
    "2 players": ClassicRules(),
    "2 players to 61": ClassicRules(target=61),
    "3 players": ClassicRules(players=3),
    "4 players": ClassicRules(players=4),
    "4 players to 61": ClassicRules(players=4, target=61),
    "manual counting": ClassicRules(manual_counting=True),
    "muggins": ClassicRules(muggins=True),
    "3 players, muggins": ClassicRules(players=3, muggins=True),
    "4 players, muggins, no skunks": ClassicRules(players=4, muggins=True, skunks=False),
}
_HIDDEN: Final = ("hands", "kept", "laid", "crib", "starter", "pile", "played", "last", "gone")


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


#: Each action's JSON text, made once (the same actions come back in every game).
_ACTIONS: dict[Action, str] = {}


def _action(action: Action) -> str:
    text = _ACTIONS.get(action)
    if text is None:
        text = _ACTIONS[action] = _text(action.to_dict())
    return text


def game_digest(start: Callable[..., Any], rules: ClassicRules, choices: int, full: bool,
                **setup: Any) -> str:  # fmt: skip
    """The digest of one game started by ``start`` (a ``start_game``), its moves chosen at
    random by the seed ``choices`` among every seat that may act (module docstring)."""
    rng = random.Random(choices)
    transition = start(rules, **setup)
    state = transition.state
    trace = hashlib.sha256()
    while True:
        seats = state.acting_seats
        step: list[Any] = [
            state.phase, seats, state.scores, state.deal_no, state.dealer, state.turn,
            state.count, [list(map(_action, state.legal_actions_for(s))) for s in seats],
        ]  # fmt: skip
        if full:
            step.append([e.to_json() for e in transition.events])
            step.append(
                [state.observation(s).to_json() for s in (SPECTATOR, *range(rules.players))]
            )
            step.append([_text(getattr(state, name)) for name in (*_HIDDEN, "show_step", "deck")])
            claim = state.claim
            step.append(None if claim is None else [claim.correct, claim.window])
        if not seats:
            trace.update(_text(step).encode())
            break
        seat = rng.choice(seats)
        action = rng.choice(state.legal_actions_for(seat))
        step.append(_action(action))
        trace.update(_text(step).encode())
        transition = state.apply(action)
        state = transition.state
    result = state.result
    trace.update(_text([None if result is None else result.to_dict(), state.record()]).encode())
    return trace.hexdigest()


def corpus_games() -> Iterator[tuple[str, ClassicRules, int, bool, dict[str, Any]]]:
    """Every game of the corpus: its key, rules, choices seed, whether in full, its setup."""
    for variant, rules in VARIANTS.items():
        for seed in range(GAMES):
            yield f"{variant}/{seed}", rules, seed, seed % FULL_EVERY == 0, {"seed": seed}
    rng = random.Random(40)
    rule_list = list(VARIANTS.values())
    for game in range(DECK_GAMES):
        rules = rule_list[game % len(rule_list)]
        decks = [[int(c) for c in rng.sample(DECK, len(DECK))] for _ in range(rng.randint(1, 4))]
        scores = tuple(rng.randint(0, rules.target - 1) for _ in range(rules.sides))
        dealer = rng.randrange(rules.players)
        # Without a seed the game stops when its decks run out (unless it is over first).
        yield (f"decks/{game}", rules, game, True,
               {"decks": decks, "first_dealer": dealer, "start_scores": scores})  # fmt: skip
        yield (f"decks and seed/{game}", rules, game, True,
               {"seed": f"club {game}", "decks": decks, "start_scores": scores})  # fmt: skip


def record(start: Callable[..., Any]) -> dict[str, str]:
    """The corpus's digests, by game, as the engine of ``start`` plays them."""
    return {
        key: game_digest(start, rules, choices, full, **setup)
        for key, rules, choices, full, setup in corpus_games()
    }


if __name__ == "__main__":
    from cribkit.games.classic.state import start_game

    digests = record(start_game)
    CORPUS.write_text(json.dumps(digests, indent=0, sort_keys=True) + "\n")
    print(f"{len(digests)} games recorded in {CORPUS}")

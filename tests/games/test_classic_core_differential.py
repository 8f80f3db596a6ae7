"""The lean classic core against the engine it replaced, move by move (issue 40).

``tests/games/classic_reference`` is the classic engine as it was before the lean core. Both
play the same seeded random games of every variant (2, 3 and 4 players, 61 and 121, manual
counting, muggins, games from explicit decks that stop for want of one, games from given
scores and dealers); at every step they must offer the same seats the same actions and end in
the same scores, phase and deal. Every :data:`FULL_EVERY`-th game is also compared in full at
every step: each seat's view and a spectator's, the events, and the records at the end.

The cheap comparison runs on :data:`GAMES` games of each variant, the full one on a tenth of
them: the whole file takes about half a minute of one core.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from cribkit.core.cards import DECK
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.games.protocol import SPECTATOR
from tests.games.classic_reference.state import ClassicState as ReferenceState
from tests.games.classic_reference.state import start_game as reference_start

#: Seeded games of each variant.
GAMES = 150
#: Every this many games, the views, the events and the records are compared too.
FULL_EVERY = 10

VARIANTS = {
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


def _same_step(new: ClassicState, old: ReferenceState) -> None:
    assert new.phase == old.phase
    assert new.current_player == old.current_player
    assert new.acting_seats == old.acting_seats
    assert new.scores == old.scores
    assert (new.deal_no, new.dealer, new.turn, new.count) == (
        old.deal_no,
        old.dealer,
        old.turn,
        old.count,
    )
    assert new.legal_actions() == old.legal_actions()
    for seat in new.acting_seats:
        assert new.legal_actions_for(seat) == old.legal_actions_for(seat)


def _same_in_full(new: ClassicState, old: ReferenceState, new_events: Any, old_events: Any) -> None:
    assert [e.to_json() for e in new_events] == [e.to_json() for e in old_events]
    for seat in (SPECTATOR, *range(new.rules.players)):
        assert new.observation(seat) == old.observation(seat)
    fields = ("hands", "kept", "laid", "crib", "starter", "pile", "played", "last", "gone")
    for name in (*fields, "show_step", "past_deals", "past_laid", "deck", "result"):
        assert getattr(new, name) == getattr(old, name), name
    claim, reference_claim = new.claim, old.claim
    assert (claim is None) == (reference_claim is None)
    if claim is not None and reference_claim is not None:
        assert claim.view() == reference_claim.view()
        assert (claim.correct, claim.window) == (reference_claim.correct, reference_claim.window)


def _play_both(rules: ClassicRules, choices: int, full: bool, **setup: Any) -> int:
    """One game on both engines, its moves chosen at random by the seed ``choices``,
    compared at every step; the number of steps."""
    rng = random.Random(choices)
    new_t, old_t = start_game(rules, **setup), reference_start(rules, **setup)
    new, old = new_t.state, old_t.state
    steps = 0
    while True:
        _same_step(new, old)
        if full:
            _same_in_full(new, old, new_t.events, old_t.events)
        seats = new.acting_seats
        if not seats:
            break
        # Any seat that may act (while laying away, not only the first one).
        seat = rng.choice(seats)
        action = rng.choice(new.legal_actions_for(seat))
        new_t, old_t = new.apply(action), old.apply(action)
        new, old = new_t.state, old_t.state
        steps += 1
    assert new.result == old.result
    assert new.history == old.history
    if full:
        assert new.record() == old.record()
        assert new_t.tallies() == old_t.tallies()
    return steps


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_lean_core_plays_as_the_engine_it_replaced(variant: str) -> None:
    rules = VARIANTS[variant]
    steps = sum(_play_both(rules, seed, seed % FULL_EVERY == 0, seed=seed) for seed in range(GAMES))
    assert steps > GAMES * 40  # whole games were played


def test_games_from_decks_and_given_scores_play_alike() -> None:
    rng = random.Random(40)
    for game in range(40):
        rules = list(VARIANTS.values())[game % len(VARIANTS)]
        decks = [rng.sample(DECK, len(DECK)) for _ in range(rng.randint(1, 4))]
        scores = tuple(rng.randint(0, rules.target - 1) for _ in range(rules.sides))
        dealer = rng.randrange(rules.players)
        # Without a seed the game stops when its decks run out (unless it is over first).
        _play_both(rules, game, True, decks=decks, first_dealer=dealer, start_scores=scores)
        _play_both(rules, game, True, seed=f"club {game}", decks=decks, start_scores=scores)

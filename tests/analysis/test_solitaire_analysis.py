"""The Solitaire analyser against exact expectations worked out here another way."""

from __future__ import annotations

from itertools import combinations

import pytest

from cribkit.ai.solitaire import best_possible_total
from cribkit.analysis.deal_values import deal_value, table_mean
from cribkit.analysis.game import analyse
from cribkit.core.analysis import UNIFORM_CRIB
from cribkit.core.cards import Card, parse_cards
from cribkit.core.scoring import score_hand
from cribkit.games import start
from cribkit.games.actions import Discard
from cribkit.games.solitaire.deal import stacked_solitaire_deck
from cribkit.games.solitaire.state import SolitaireState

HAND = "5h 5c 5d Js 7c 9h"


def _first_round(laid: str, crib: str = "2c 3c", starter: str = "5s") -> SolitaireState:
    deck = stacked_solitaire_deck([(HAND, crib, starter)])
    state: SolitaireState = start("solitaire", deck=[str(c) for c in deck]).state
    return state.apply(Discard(0, tuple(sorted(parse_cards(laid))))).state


def test_a_lay_away_against_its_exact_best() -> None:
    """In the first round the 46 unseen cards hold the 2 face-down crib cards and the starter,
    uniformly: the hand's mean over the 46 starters (counted card by card here) plus the
    crib's mean when 2 random unseen cards join it (the core's uniform crib model)."""
    (found,) = analyse(_first_round("5h 5c").record()).decisions
    hand = sorted(parse_cards(HAND))
    starters = [Card(c) for c in range(52) if c not in hand]
    pairs = list(combinations(hand, 2))
    cribs = UNIFORM_CRIB.crib_means(hand, pairs, dealer=True)
    values = {}
    for (a, b), crib in zip(pairs, cribs, strict=True):
        keep = [c for c in hand if c not in (a, b)]
        values[(a, b)] = sum(score_hand(keep, s).total for s in starters) / len(starters) + crib
    best = max(values, key=lambda k: values[k])
    assert found.phase == "lay-away"
    assert found.unit == "points"
    assert [Card.parse(c) for c in found.best.action["cards"]] == list(best)
    assert found.best.value == pytest.approx(values[best], abs=1e-9)
    chosen = values[tuple(sorted(parse_cards("5h 5c")))]  # type: ignore[index]
    assert found.chosen.value == pytest.approx(chosen, abs=1e-9)
    assert found.cost == pytest.approx(values[best] - chosen, abs=1e-9)
    assert found.verdict == "blunder"


def test_hindsight_is_the_best_lay_away_with_the_crib_and_starter_known() -> None:
    (found,) = analyse(_first_round("5h 5c").record()).decisions
    hand = sorted(parse_cards(HAND))
    down, cut = parse_cards("2c 3c"), Card.parse("5s")
    points = {
        (a, b): score_hand([c for c in hand if c not in (a, b)], cut).total
        + score_hand([*down, a, b], cut, crib=True).total
        for a, b in combinations(hand, 2)
    }
    assert found.hindsight is not None
    assert found.hindsight.value == max(points.values())
    cards = tuple(Card.parse(c) for c in found.hindsight.action["cards"])
    assert points[cards] == max(points.values())  # type: ignore[index]


def test_the_values_do_not_see_the_face_down_cards_or_the_deck() -> None:
    plain = analyse(_first_round("7c 9h").record()).decisions[0]
    other = analyse(_first_round("7c 9h", crib="Kd Qd", starter="Jh").record()).decisions[0]
    assert [c.to_json() for c in plain.choices] == [c.to_json() for c in other.choices]
    assert plain.hindsight is not None
    assert other.hindsight is not None
    assert plain.hindsight.value != other.hindsight.value


def test_the_notes_give_the_best_total_of_the_deck() -> None:
    state = start("solitaire", seed=3).state
    dealt = []  # the six cards of each round, before its lay-away
    while not state.is_terminal:
        action = state.legal_actions()[0]
        if isinstance(action, Discard):
            dealt.append(list(state.hand))
        state = state.apply(action).state
    found = analyse(state.record())
    assert len(found.decisions) == 6
    best = best_possible_total(state.setup.deck)
    assert found.notes == (
        f"hindsight: the best total this deck allowed is {best}; the game scored {state.total}",
    )
    kinds = [item.kind for item in found.luck]
    assert kinds == ["hand", "crib", "starter"]
    # The cards dealt, by their best keep with the player's own crib (docs/analysis.md, "Luck").
    assert found.luck[0].count == 6
    values = [deal_value(cards, "solitaire") for cards in dealt]
    assert found.luck[0].mean == pytest.approx(sum(values) / 6)
    assert found.luck[0].expected == pytest.approx(table_mean("solitaire"))

"""The classic analyser on hand-built records whose answers are worked out here independently."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

import pytest

from cribkit.ai.classic import MANY_SAMPLES, ClassicPlayer, ExpertSettings
from cribkit.ai.crib_table import TableCribModel
from cribkit.ai.lay_away import PEG_WEIGHT
from cribkit.ai.pegging import load_peg_values, pip, reply_risk
from cribkit.ai.players import make_player
from cribkit.analysis.deal_values import deal_value
from cribkit.analysis.game import analyse
from cribkit.analysis.model import Decision
from cribkit.core.cards import Card, parse_cards
from cribkit.core.scoring import score_hand
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import ClassicState, start_game

PONE_HAND = "5h 5c 5d Js 7c 9h"
DEALER_HAND = "Qh 9d 4h 3c 7s 8s"


def _deal(
    pone: str = "Kc 9c 2c 4d Jd 6d",
    dealer: str = DEALER_HAND,
    starter: str = "As",
    **setup: Any,
) -> ClassicState:
    rules = setup.pop("rules", ClassicRules())
    deck = stacked_deck(rules, dealer=0, hands={1: pone, 0: dealer}, starter=starter)
    state: ClassicState = start_game(rules, decks=[deck], first_dealer=0, **setup).state
    return state


def _apply(state: ClassicState, moves: Sequence[tuple[int, str]]) -> ClassicState:
    for seat, cards in moves:
        parsed = parse_cards(cards)
        action = Discard(seat, tuple(parsed)) if len(parsed) == 2 else Play(seat, parsed[0])
        state = state.apply(action).state
    return state


def _decisions(state: ClassicState, seat: int, phase: str) -> list[Decision]:
    return [d for d in analyse(state.record(), [seat]).decisions if d.phase == phase]


def test_a_lay_away_costs_its_exact_expectation() -> None:
    """Pone throws two fives from 5 5 5 J 7 9: the value of every discard is the kept hand's
    mean over the 46 starters (counted here card by card) less the expert's crib mean, plus
    the kept hand's pegging value at the expert's weight."""
    state = _apply(_deal(pone=PONE_HAND), [(1, "5h 5c")])
    (found,) = _decisions(state, 1, "lay-away")
    deal = sorted(parse_cards(PONE_HAND))
    starters = [Card(c) for c in range(52) if c not in deal]
    pairs = list(combinations(deal, 2))
    cribs = TableCribModel().crib_means(deal, pairs, dealer=False)
    values = {}
    for (a, b), crib in zip(pairs, cribs, strict=True):
        keep = [c for c in deal if c not in (a, b)]
        hand = sum(score_hand(keep, s).total for s in starters) / len(starters)
        pegging = load_peg_values().kept(keep, dealer=False)
        values[frozenset((a, b))] = hand - crib + PEG_WEIGHT * pegging
    chosen = values[frozenset(parse_cards("5h 5c"))]
    best = max(values.values())
    assert found.unit == "points"
    assert found.chosen.value == pytest.approx(chosen, abs=1e-9)
    assert found.best.value == pytest.approx(best, abs=1e-9)
    assert found.cost == pytest.approx(best - chosen, abs=1e-9)
    assert found.cost > 3
    assert found.verdict == "blunder"
    assert len(found.choices) == 15
    assert [c.value for c in found.choices] == sorted(
        (c.value for c in found.choices), reverse=True
    )
    # The best is what the expert itself lays away from that view.
    before = _deal(pone=PONE_HAND)
    expert = make_player("classic", "expert", seed=0).choose(
        before.observation(1), before.legal_actions()
    )
    assert dict(found.best.action) == expert.to_dict()


def test_hindsight_lay_away_uses_the_real_starter_and_crib() -> None:
    state = _apply(_deal(pone=PONE_HAND, starter="5s"), [(1, "7c 9h"), (0, "7s 8s")])
    (found,) = _decisions(state, 1, "lay-away")
    assert found.hindsight is not None
    # With the fourth five cut, keeping 5 5 5 J scores 29 (the best hand there is); the crib
    # 7c 9h 7s 8s with 5s (two fifteens 7+8, a run of four... ) is the dealer's, against pone.
    crib = score_hand(parse_cards("7c 9h 7s 8s"), Card.parse("5s"), crib=True).total
    assert found.hindsight.value == 29 - crib
    assert dict(found.hindsight.action) == {"type": "discard", "seat": 1, "cards": ["7c", "9h"]}


def test_near_the_end_lay_away_is_valued_as_the_expert_values_it() -> None:
    """The shipped expert lays away for points near the end too, and so does the analysis."""
    state = _apply(_deal(pone=PONE_HAND, start_scores=[110, 100]), [(1, "5h 5c")])
    (found,) = _decisions(state, 1, "lay-away")
    before = _deal(pone=PONE_HAND, start_scores=[110, 100])
    view = before.observation(1)
    expert = make_player("classic", "expert", seed=0)
    assert found.unit == "points"
    assert dict(found.best.action) == expert.choose(view, before.legal_actions()).to_dict()
    assert isinstance(expert, ClassicPlayer)
    values = expert.discard_values(view)
    assert sorted(c.value for c in found.choices) == pytest.approx(sorted(values.values()))


def test_near_the_end_a_lay_away_for_the_win_is_valued_by_its_chance() -> None:
    before = _deal(pone=PONE_HAND, start_scores=[110, 100])
    view = before.observation(1)
    expert = ClassicPlayer("expert", seed=0, settings=ExpertSettings(endgame_discard=True))
    values = expert.discard_values(view)
    assert all(0.0 <= v <= 1.0 for v in values.values())
    # Pone at 100 against the dealer's 110: the three fives and the jack give it the best
    # chance, and breaking the fives the worst.
    best = max(values, key=values.__getitem__)
    assert best == frozenset(parse_cards("7c 9h"))
    assert values[best] > values[frozenset(parse_cards("5h 5c"))] + 0.05


#: Pone leads K, the dealer Q (20), pone 9 (29): the dealer holds 9 4 3 and says go; pone's 2
#: makes 31. The dealer leads 9, pone lays its last card, a 4 (13). The dealer's 4 pairs it (2)
#: and its 3 then takes last card (1): 3 points; its 3 first (16) and the 4 (20, no pair) make
#: only last card: 1 point. Pone has no card left, so no reply can change that: 2 points.
PLAY_OUT = [
    (1, "Jd 6d"),
    (0, "7s 8s"),
    (1, "Kc"),
    (0, "Qh"),
    (1, "9c"),
    (1, "2c"),
    (0, "9d"),
    (1, "4d"),
]


def test_a_pegging_card_gives_away_an_exact_number_of_points() -> None:
    state = _apply(_deal(), [*PLAY_OUT, (0, "3c")])
    last = _decisions(state, 0, "play")[-1]
    assert dict(last.chosen.action) == {"type": "play", "seat": 0, "card": "3c"}
    assert dict(last.best.action) == {"type": "play", "seat": 0, "card": "4h"}
    assert last.best.value == 3.0
    assert last.chosen.value == 1.0
    assert last.cost == 2.0
    assert last.verdict == "mistake"
    assert last.samples == 0  # pone holds no card: the value is exact
    assert "a pair for two" in last.best.words
    assert last.hindsight is not None
    assert last.hindsight.value == 3.0


def test_the_values_use_only_what_the_seat_knew() -> None:
    """Pone's cards laid away and the deck under the starter are hidden from the dealer until
    after its last decision: changing them moves no value of the dealer's, only hindsight."""
    plain = _apply(_deal(), [*PLAY_OUT, (0, "3c")])
    # Pone throws 5d 5s instead of Jd 6d; the rest of the deck follows in another order.
    other = _apply(_deal(pone="Kc 9c 2c 4d 5d 5s"), [(1, "5d 5s"), *PLAY_OUT[1:], (0, "3c")])
    assert plain.deck != other.deck
    first = analyse(plain.record(), [0]).decisions
    second = analyse(other.record(), [0]).decisions
    assert len(first) == len(second) >= 3
    for a, b in zip(first, second, strict=True):
        assert [c.to_json() for c in a.choices] == [c.to_json() for c in b.choices]
        assert a.cost == b.cost
    lay_away = next(d for d in first if d.phase == "lay-away")
    moved = next(d for d in second if d.phase == "lay-away")
    assert lay_away.hindsight is not None
    assert moved.hindsight is not None
    assert lay_away.hindsight.value != moved.hindsight.value


def test_lay_away_values_do_not_see_the_other_hand_or_the_starter() -> None:
    plain = _apply(_deal(pone=PONE_HAND), [(1, "5h 5c")])
    other = _apply(_deal(pone=PONE_HAND, dealer="Kd Kh Ks 2d 2h 2s", starter="Jh"), [(1, "5h 5c")])
    (a,) = _decisions(plain, 1, "lay-away")
    (b,) = _decisions(other, 1, "lay-away")
    assert [c.to_json() for c in a.choices] == [c.to_json() for c in b.choices]


def test_a_short_declaration_and_a_muggins_not_called_cost_the_points_left() -> None:
    state = _deal(rules=ClassicRules(manual_counting=True, muggins=True))
    for laid in (Discard(1, tuple(parse_cards("Jd 6d"))), Discard(0, tuple(parse_cards("7s 8s")))):
        state = state.apply(laid).state
    plays = iter(Play(s, parse_cards(c)[0]) for s, c in PLAY_OUT[2:])
    short_at = stood_at = None
    while state.current_player is not None and len(state.record()["actions"]) < 60:
        claim, at = state.claim, len(state.record()["actions"])
        if state.phase == "declare" and claim is not None:
            points = claim.correct
            if points > 0 and short_at is None:
                short_at, points = at, points - 1
            state = state.apply(Declare(claim.seat, points)).state
        elif state.phase == "muggins":
            if stood_at is None and any(isinstance(a, Muggins) for a in state.legal_actions()):
                stood_at = at
            state = state.apply(PassMuggins(state.turn)).state
        else:
            action = next(plays, None)
            if action is None:
                break
            state = state.apply(action).state
    assert short_at is not None
    assert stood_at == short_at + 1
    found = {d.index: d for d in analyse(state.record()).decisions}
    short, stood = found[short_at], found[stood_at]
    assert short.phase == stood.phase == "count"
    assert short.cost == 1.0
    assert short.verdict == "inaccuracy"
    assert "1 left on the table" in short.words
    assert stood.seat != short.seat
    assert stood.cost == 1.0
    assert dict(stood.best.action)["type"] == "muggins"


def test_three_and_four_players_are_analysed_with_the_experts_rules() -> None:
    """One card away, the crib sampled (400 cribs); pegging one reply ahead."""
    for players, hands in (
        (3, {1: "5h 5c 5d Js 7c", 2: "Ah 2h 3h 4h 6h", 0: "Kc Kd Ks Qc Qd"}),
        (4, {1: "5h 5c 5d Js 7c", 2: "Ah 2h 3h 4h 6h", 3: "8c 8d 9s 9c Td", 0: "Kc Kd Ks Qc Qd"}),
    ):
        rules = ClassicRules(players=players)
        crib = "9h" if players == 3 else None
        deck = stacked_deck(rules, dealer=0, hands=hands, starter="5s", crib_card=crib)
        state = start_game(rules, decks=[deck], first_dealer=0).state
        state = state.apply(Discard(1, (Card.parse("5h"),))).state
        (found,) = analyse(state.record(), [1]).decisions
        assert found.phase == "lay-away"
        assert found.samples == 400
        assert len(found.choices) == 5
        # Throwing a five from three fives and a jack is worse than throwing the 7.
        assert dict(found.best.action)["cards"] == ["7c"]
        assert found.cost > 1.5
        again = analyse(state.record(), [1]).decisions[0]
        assert again.to_json() == found.to_json()  # the samples are seeded: it repeats


@pytest.mark.parametrize(("players", "samples"), [(3, MANY_SAMPLES), (4, 0)])
def test_plays_with_three_players_are_valued_by_the_experts_search(
    players: int, samples: int
) -> None:
    state = start_game(ClassicRules(players=players), seed=21).state
    easy = [make_player("classic", "easy", seed=s) for s in range(players)]
    while state.phase != "play":
        seat = state.current_player
        assert seat is not None
        state = state.apply(easy[seat].choose(state.observation(seat), state.legal_actions())).state
    seat = state.turn
    view = state.observation(seat)
    plays = [a for a in state.legal_actions() if isinstance(a, Play)]
    assert len({a.card.rank for a in plays}) > 1  # a lead from four cards: a decision
    state = state.apply(plays[0]).state
    (found,) = [d for d in analyse(state.record(), [seat]).decisions if d.phase == "play"]
    assert found.samples == samples
    values = [c.value for c in found.choices]
    assert values == sorted(values, reverse=True)
    # One reply ahead, a lead is worth minus the mean points of the reply it allows.
    seen = {*view.hand, *view.laid_away, view.starter}
    unseen = Counter(int(Card(c).rank) for c in range(52) if c not in seen)
    one_reply = {a.card.rank: -reply_risk([a.card.rank], pip(a.card.rank), unseen) for a in plays}
    by_rank = {Card.parse(c.action["card"]).rank: c.value for c in found.choices}
    if players == 3:
        assert any(abs(by_rank[r] - v) > 0.01 for r, v in one_reply.items())  # the search
    else:
        assert by_rank == pytest.approx(one_reply)
    assert analyse(state.record(), [seat]).decisions[-1].to_json() == found.to_json()


def test_luck_counts_each_hand_against_the_exact_distributions() -> None:
    state = _apply(_deal(pone=PONE_HAND, starter="5s"), [(1, "7c 9h"), (0, "7s 8s")])
    luck = {item.kind: item for item in analyse(state.record(), [1]).luck}
    # The cards dealt, by their best keep (5 5 5 J, 7 9 to the dealer), against every deal pone
    # can have: three fives and a jack beat all but 0.4% of them.
    assert luck["hand"].count == 1
    assert luck["hand"].mean == pytest.approx(deal_value(parse_cards(PONE_HAND), "pone"))
    assert luck["hand"].expected == pytest.approx(3.3698, abs=1e-4)  # every pone deal
    assert 99 < luck["hand"].percentile < 99.9
    # The starter: 5 5 5 J with the one five among the 46 possible starters.
    assert luck["starter"].percentile == pytest.approx(100 * (1 - 0.5 / 46), abs=1e-9)
    assert "crib" not in luck  # pone has no crib
    assert all(item.seat == 1 for item in luck.values())

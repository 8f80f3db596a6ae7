"""Verdicts that hold against any hand (docs/analysis.md, "Verdicts and thresholds"): a pegging
play is a mistake or a blunder only when it is one both by the read of the opponent's likely
cards and against any hand it could hold; otherwise at most an inaccuracy, and the words say
which read the cost rests on."""

from __future__ import annotations

import pytest

from cribkit.ai.players import choose_for_seat, make_player
from cribkit.analysis.classic import decision
from cribkit.analysis.model import Choice, Decision, verdict
from cribkit.core.cards import card_rank
from cribkit.games import start
from cribkit.games.classic.actions import Play
from cribkit.games.classic.state import ClassicState


def test_the_rule_takes_the_lesser_verdict_and_caps_a_read_alone_at_an_inaccuracy() -> None:
    def judged(cost: float, any_hand: float | None) -> str:
        best = Choice({"type": "play", "card": "5h"}, "play 5♥", 1.0)
        chosen = Choice({"type": "play", "card": "4h"}, "play 4♥", 1.0 - cost)
        return Decision(
            0, 0, "play", "points", chosen, (best, chosen), "", any_hand_cost=any_hand
        ).verdict

    assert judged(2.2, 0.6) == "inaccuracy"  # a mistake by the read, good against any hand
    assert judged(3.4, 0.2) == "inaccuracy"  # a blunder by the read alone
    assert judged(3.4, 1.8) == "mistake"  # both say wrong: the lesser
    assert judged(1.8, 3.4) == "mistake"
    assert judged(3.2, 3.1) == "blunder"
    assert judged(0.8, 4.0) == "inaccuracy"  # the read's own verdict when it is not severe
    assert judged(2.2, None) == "mistake"  # no read made: the cost alone


def after_the_lay_aways(seed: int) -> ClassicState:
    """The first deal of game ``seed`` of two experts (seeded ``seed`` and ``seed + 1``), at
    the first play (the position the search found)."""
    state = start("classic", seed=seed).state
    players = [make_player("classic", "expert", seed=seed + seat) for seat in (0, 1)]
    while state.phase != "play":
        seat = state.current_player
        state = state.apply(choose_for_seat(players[seat], state, seat)).state
    assert isinstance(state, ClassicState)
    return state


def play_of_rank(state: ClassicState, rank: int) -> Play:
    return next(
        a for a in state.legal_actions() if isinstance(a, Play) and card_rank(a.card) == rank
    )


def severe_by_the_read_alone(state: ClassicState, play: Play, index: int) -> Decision:
    judged = decision(state, play, index, hindsight=False)
    assert judged is not None
    assert judged.any_hand_cost is not None
    # The read alone would call it a mistake or worse: the rule is what stops it.
    assert verdict(judged.cost, "points") in ("mistake", "blunder"), judged.cost
    assert verdict(judged.any_hand_cost, "points") not in ("mistake", "blunder")
    return judged


def test_the_safe_four_lead_is_not_called_a_mistake() -> None:
    # Pone leads the 4 from 4 5 J J: under fifteen's reach, the textbook's safe lead.
    state = after_the_lay_aways(948)
    assert state.current_player is not None
    hand = sorted(str(c) for c in state.observation(state.current_player).hand)
    assert hand == sorted(["4s", "5c", "Jd", "Jh"])
    judged = severe_by_the_read_alone(state, play_of_rank(state, 4), 0)
    assert judged.verdict == "inaccuracy"
    assert "against the cards a strong player keeps" in judged.words
    assert "against any hand they could hold" in judged.words


def test_a_seven_on_a_four_lead_is_not_called_a_mistake() -> None:
    state = after_the_lay_aways(323)
    state = state.apply(play_of_rank(state, 4)).state
    assert isinstance(state, ClassicState)
    assert state.current_player is not None
    hand = sorted(str(c) for c in state.observation(state.current_player).hand)
    assert hand == sorted(["5s", "7h", "Jd", "Qh"])
    judged = severe_by_the_read_alone(state, play_of_rank(state, 7), 1)
    assert judged.verdict == "inaccuracy"


def test_no_two_choices_read_the_same() -> None:
    state = after_the_lay_aways(948)
    judged = decision(state, play_of_rank(state, 4), 0, hindsight=False)
    assert judged is not None
    words = [choice.words for choice in judged.choices]
    assert len(set(words)) == len(words)
    assert all(", worth " in said for said in words)


@pytest.mark.parametrize("seed", [220, 825])
def test_other_fours_led_from_a_run_are_not_mistakes(seed: int) -> None:
    state = after_the_lay_aways(seed)
    assert severe_by_the_read_alone(state, play_of_rank(state, 4), 0).verdict == "inaccuracy"


def test_a_blunder_by_the_read_alone_is_an_inaccuracy() -> None:
    # Game 3 of the search (the expert against medium, dealt from seed 1003): at action 74 the
    # 8 costs 4.9 points by the read of the opponent's likely cards, 0.4 against any hand.
    state = start("classic", seed=1003).state
    players = [make_player("classic", "expert", seed=3), make_player("classic", "medium", seed=4)]
    for _ in range(74):
        seat = state.current_player
        state = state.apply(choose_for_seat(players[seat], state, seat)).state
    assert isinstance(state, ClassicState)
    play = play_of_rank(state, 8)
    judged = severe_by_the_read_alone(state, play, 74)
    assert verdict(judged.cost, "points") == "blunder"
    assert judged.verdict == "inaccuracy"

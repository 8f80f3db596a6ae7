"""The play searched for 3 and 4 players (:class:`ManyPlaySearch`), against the real engine.

The brute force here drives a classic deal of 3 or 4 players through ``legal_actions`` and
``apply``: seat 0 tries every card, every other seat lays the card one reply ahead from what
it has not seen (all cards but the starter, the cards played, its own laid-away card and its
hand), and the pegging points come from the engine's ``peg``, ``go`` and ``last_card`` events.
The search, given the true hands as its one guess, must value every card alike.
"""

from __future__ import annotations

import random

import pytest

from cribkit.ai.classic import ClassicPlayer, ExpertSettings
from cribkit.ai.pegging import lookahead_card
from cribkit.ai.pegging_many import ManyPlaySearch
from cribkit.core.cards import DECK, Card
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Play
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, start_game

PEG_EVENTS = ("peg", "go", "last_card")


def ranks_of(mask: int) -> list[int]:
    return [DECK[c].rank for c in range(52) if mask >> c & 1]


def play_start(players: int, seed: int) -> ClassicState:
    """A deal of ``players`` at the start of the play, each seat laying away a random card."""
    rng = random.Random(seed)
    state = start_game(ClassicRules(players=players), seed=seed).state
    while state.phase != "play":
        legal = [a for a in state.legal_actions() if isinstance(a, Discard)]
        state = state.apply(rng.choice(legal)).state
    return state


def seat_view(state: ClassicState, seat: int) -> dict[int, int]:
    """Ranks ``seat`` has not seen, its hand aside: all but the starter, the cards played and
    its own laid-away card."""
    counts = dict.fromkeys(range(1, 14), 4)
    assert state.starter is not None
    laid = [c for c in range(52) if state.laid[seat] >> c & 1]
    for card in [state.starter, *(c for _, c in state.played), *laid]:
        counts[Card(card).rank] -= 1
    return counts


class EngineAgainstModels:
    """Seat ``me``'s side's pegging margin to the end of the play, from the engine's events,
    ``me`` choosing its best card and the others their modelled one."""

    def __init__(self, me: int, players: int) -> None:
        self.me = me
        self.players = players

    def worth(self, seat: int, points: int) -> float:
        if self.players == 4:
            return points if seat % 2 == self.me % 2 else -points
        return points if seat == self.me else -points / 2

    def after(self, state: ClassicState, action: Play) -> float:
        transition = state.apply(action)
        margin = sum(
            self.worth(e.seat, e.points)
            for e in transition.events
            if e.type in PEG_EVENTS and e.seat is not None
        )
        nxt = transition.state
        if nxt.phase != "play" or nxt.deal_no != state.deal_no:
            return margin
        return margin + self.value(nxt)

    def value(self, state: ClassicState) -> float:
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        seat = state.turn
        if seat == self.me:
            return max(self.after(state, a) for a in plays)
        # Another seat lays its modelled card: only that card's line is played on.
        hand = ranks_of(state.hands[seat])
        pile = [c.rank for c in state.pile]
        rank = lookahead_card(hand, pile, self.unseen(state, seat))
        (play, *_) = [a for a in plays if a.card.rank == rank]
        return self.after(state, play)

    def unseen(self, state: ClassicState, seat: int) -> dict[int, int]:
        view = seat_view(state, seat)
        for rank in ranks_of(state.hands[seat]):
            view[rank] -= 1
        return view

    def card_values(self, state: ClassicState) -> dict[int, float]:
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        return {int(a.card.rank): self.after(state, a) for a in plays}


def search_values(state: ClassicState) -> dict[int, float]:
    n = state.rules.players
    me = state.turn
    others = [(me + i) % n for i in range(1, n)]
    # The views at this position; the search takes the cards laid from here on off them.
    views = [seat_view(state, s) for s in others]
    return ManyPlaySearch(players=n).card_values(
        ranks_of(state.hands[me]),
        [[ranks_of(state.hands[s]) for s in others]],
        pile=[c.rank for c in state.pile],
        opponent_views=views,
    )


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(10))
def test_search_matches_the_engine_at_every_turn_of_a_deal(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = play_start(players, seed)
    compared = 0
    while state.phase == "play":
        me = state.turn
        brute = EngineAgainstModels(me, players).card_values(state)
        mine = search_values(state)
        assert mine.keys() == brute.keys()
        for rank, value in brute.items():
            assert mine[rank] == pytest.approx(value), (state, rank)
        compared += len(brute) > 1
        plays = [a for a in state.legal_actions() if isinstance(a, Play)]
        state = state.apply(rng.choice(plays)).state
    assert compared >= 3


def test_search_counts_partners_as_one_side() -> None:
    # A 5 led: an ace (6), the partner's nine makes fifteen for the side (2), a king (25), the
    # 2 (27) and the last card (1). A 2 led scores the last card alone.
    search = ManyPlaySearch(players=4)
    values = search.card_values((2, 5), [((1,), (9,), (13,))], opponent_views=[{}] * 3)
    assert values == {2: 1.0, 5: 3.0}
    with pytest.raises(ValueError, match="3 or 4 players"):
        ManyPlaySearch(players=2).card_values((5,), [((5,),)], opponent_views=[{}])


@pytest.mark.parametrize("players", [3, 4])
def test_the_expert_searches_the_play_and_medium_does_not(players: int) -> None:
    state = play_start(players, 11)
    seat = state.turn
    assert seat is not None
    view = state.observation(seat)
    hand = [int(c.rank) for c in view.hand]
    pile = [int(c.rank) for c in view.pile]
    expert = ClassicPlayer("expert", seed=1)
    values = expert.many_play_values(view, hand, pile)
    assert set(values) == set(hand)  # a lead: every rank can be laid
    # The same seed draws the same guesses: the values replay exactly.
    assert ClassicPlayer("expert", seed=1).many_play_values(view, hand, pile) == values
    off = ClassicPlayer("expert", seed=1, settings=ExpertSettings(many_samples=0))
    medium = ClassicPlayer("medium", seed=1)
    assert off.choose(view, state.legal_actions()) == medium.choose(view, state.legal_actions())


def test_the_four_player_expert_pegs_one_reply_ahead_unless_asked() -> None:
    state = play_start(4, 12)
    seat = state.turn
    assert seat is not None
    view, legal = state.observation(seat), state.legal_actions()
    medium = ClassicPlayer("medium", seed=1).choose(view, legal)
    assert ClassicPlayer("expert", seed=1).choose(view, legal) == medium
    searching = ClassicPlayer("expert", seed=1, settings=ExpertSettings(four_player_search=True))
    assert searching.choose(view, legal) in legal

"""The daily deal: one classic deal the same for everybody that day, played against the expert,
and "your result against the expert's on the same cards" (duplicate: the expert plays the same
deal from your seat, against the same opponent).

The deal is the first of a two-player classic game seeded by the date's daily seed (Solitaire's:
``YYYYMMDD``, :func:`cribkit.games.solitaire.daily_seed`); you are seat 0, the pone on an even
seed and the dealer on an odd one. The opponent is the expert seeded :data:`OPPONENT_SEED`; in
the expert's run seat 0 is the expert seeded :data:`EXPERT_SEED`. A result is seat 0's points
over the deal (play and show, the crib included) minus the opponent's.

>>> result = expert_result(datetime.date(2026, 12, 1))
>>> result == expert_result(datetime.date(2026, 12, 1))
True
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any, Final

from cribkit.games.protocol import Action, GameState

#: The seeds of the opponent, and of the expert who plays your seat in its run.
OPPONENT_SEED: Final = 16
EXPERT_SEED: Final = 61
#: Your seat in the daily deal.
SEAT: Final = 0


def deal_seed(date: datetime.date) -> int:
    """The seed of the day's deal."""
    from cribkit.games.solitaire import daily_seed

    return daily_seed(date)


def start_deal(date: datetime.date) -> GameState:
    """The state at the start of the day's deal (you, seat 0, to lay away first)."""
    from cribkit.games import start

    seed = deal_seed(date)
    state: GameState = start("classic", seed=seed, first_dealer=1 - seed % 2).state
    return state


def play_deal(date: datetime.date, choose: Callable[[GameState], Action]) -> tuple[GameState, int]:
    """Play the day's deal to its end, seat 0's actions from ``choose(state)`` and the
    opponent's from the seeded expert; the state at the deal's end and seat 0's result."""
    from cribkit.ai.players import choose_for_seat, make_player

    opponent = make_player("classic", "expert", seed=OPPONENT_SEED)
    state = start_deal(date)
    first = state.observation(SEAT)
    deal = getattr(first, "deal", 0)
    start_scores = state.scores
    while state.result is None:
        seat = state.current_player
        if seat is None:
            break
        if getattr(state.observation(SEAT), "deal", deal) != deal:
            break
        action = choose(state) if seat == SEAT else choose_for_seat(opponent, state, seat)
        state = state.apply(action).state
    gained = [now - before for now, before in zip(state.scores, start_scores, strict=True)]
    return state, gained[SEAT] - gained[1 - SEAT]


def expert_result(date: datetime.date) -> int:
    """The expert's result on the day's deal from your seat."""
    from cribkit.ai.players import choose_for_seat, make_player

    expert = make_player("classic", "expert", seed=EXPERT_SEED)
    return play_deal(date, lambda state: choose_for_seat(expert, state, SEAT))[1]


def compare(date: datetime.date, yours: int) -> dict[str, Any]:
    """Your result beside the expert's on the same cards, and the difference in words."""
    expert = expert_result(date)
    diff = yours - expert
    if diff > 0:
        words = f"{diff} points better than the expert on the same cards"
    elif diff < 0:
        words = f"{-diff} points behind the expert on the same cards"
    else:
        words = "the same as the expert on the same cards"
    return {
        "date": date.isoformat(),
        "seed": deal_seed(date),
        "you": yours,
        "expert": expert,
        "difference": diff,
        "words": f"You {yours:+d}, the expert {expert:+d}: {words}",
    }

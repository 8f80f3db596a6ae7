"""The daily deal: one classic deal the same for everybody that day, played against the expert,
and "your result against the expert's on the same cards" (duplicate: the expert plays the same
deal from your seat, against the same opponent).

The deal is the first of a two-player classic game with the standard rules seeded by the date's
daily seed (Solitaire's: ``YYYYMMDD``, :func:`cribkit.games.solitaire.daily_seed`); you are
seat 0, the pone on an even seed and the dealer on an odd one. The opponent is the expert, each
of its moves seeded as the web server seeds the computer's (:func:`~cribkit.games.chance.move_seed`
of the deal's seed, the seat and the move's number), so that the daily deal played in the
browser meets the same opponent as here. In the expert's run the expert plays seat 0 too, seeded
the same way. A result is seat 0's points over the deal (play and show, the crib included) minus
the opponent's.

>>> result = expert_result(datetime.date(2026, 12, 1))
>>> result == expert_result(datetime.date(2026, 12, 1))
True
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Final

from cribkit.games.protocol import Action, GameState

#: Your seat in the daily deal.
SEAT: Final = 0
#: What a daily deal's record says of its deal (``meta.deal``), before the date.
LABEL: Final = "daily deal "


def label(date: datetime.date) -> str:
    """What a daily deal's record says of its deal: ``daily deal 2026-12-01``."""
    return f"{LABEL}{date.isoformat()}"


def day_of(deal: str) -> datetime.date | None:
    """The day of a daily deal's label (:func:`label`), None for any other deal.

    >>> day_of(label(datetime.date(2026, 12, 1))), day_of("seed 7 chosen by the player")
    (datetime.date(2026, 12, 1), None)
    """
    if not deal.startswith(LABEL):
        return None
    try:
        return datetime.date.fromisoformat(deal.removeprefix(LABEL))
    except ValueError:
        return None


def deal_seed(date: datetime.date) -> int:
    """The seed of the day's deal."""
    from cribkit.games.solitaire import daily_seed

    return daily_seed(date)


def first_dealer(seed: int) -> int:
    """Who deals the daily deal of ``seed`` first: you (seat 0) on an odd seed."""
    return 1 - seed % 2


def start_deal(date: datetime.date) -> GameState:
    """The state at the start of the day's deal (you, seat 0, to lay away first)."""
    from cribkit.games import start

    seed = deal_seed(date)
    state: GameState = start("classic", seed=seed, first_dealer=first_dealer(seed)).state
    return state


def expert_move(date: datetime.date, state: GameState, seat: int, number: int) -> Action:
    """The expert's move for ``seat`` at the deal's move ``number`` (counted from 0)."""
    from cribkit.ai.players import choose_for_seat, make_player
    from cribkit.games.chance import move_seed

    expert = make_player("classic", "expert", seed=move_seed(deal_seed(date), seat, number))
    return choose_for_seat(expert, state, seat)


def _deal_of(state: GameState) -> int:
    return int(getattr(state.observation(SEAT), "deal", 0))


def _over(state: GameState, deal: int) -> bool:
    return state.result is not None or state.current_player is None or _deal_of(state) != deal


def _margin(start: GameState, end: GameState) -> int:
    gained = [now - before for now, before in zip(end.scores, start.scores, strict=True)]
    return gained[SEAT] - gained[1 - SEAT]


def play_deal(date: datetime.date, choose: Callable[[GameState], Action]) -> tuple[GameState, int]:
    """Play the day's deal to its end, seat 0's actions from ``choose(state)`` and the
    opponent's from the expert; the state at the deal's end and seat 0's result."""
    state, _actions = _play(date, lambda state, _number: choose(state))
    return state, _margin(start_deal(date), state)


def _play(
    date: datetime.date, choose: Callable[[GameState, int], Action]
) -> tuple[GameState, list[Action]]:
    state = start_deal(date)
    deal, actions = _deal_of(state), list[Action]()
    while not _over(state, deal):
        seat = state.current_player
        assert seat is not None
        number = len(actions)
        action = choose(state, number) if seat == SEAT else expert_move(date, state, seat, number)
        state = state.apply(action).state
        actions.append(action)
    return state, actions


def result_of(date: datetime.date, actions: Sequence[Action]) -> int | None:
    """Seat 0's result in a game of the day's deal that took ``actions`` (a whole game's, from
    its start: those after the deal's end are not read); None while the deal is not over."""
    first = state = start_deal(date)
    deal = _deal_of(state)
    for action in actions:
        if _over(state, deal):
            break
        state = state.apply(action).state
    return _margin(first, state) if _over(state, deal) else None


@cache
def expert_actions(date: datetime.date) -> tuple[Action, ...]:
    """The actions of the day's deal with the expert in your seat too (every seat's, in order)."""
    return tuple(_play(date, lambda state, number: expert_move(date, state, SEAT, number))[1])


def expert_result(date: datetime.date) -> int:
    """The expert's result on the day's deal from your seat."""
    result = result_of(date, expert_actions(date))
    assert result is not None
    return result


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
        "words": (
            f"You ended the deal {margin_words(yours)}; the expert in your seat ended it "
            f"{margin_words(expert)}: {words}"
        ),
    }


def margin_words(margin: int) -> str:
    """A deal's margin against the computer in words (never "+0" or "-13").

    >>> margin_words(5), margin_words(-13), margin_words(0), margin_words(1)
    ('5 points ahead of the computer', '13 points behind the computer', 'level with the computer', '1 point ahead of the computer')
    """
    if margin == 0:
        return "level with the computer"
    where = "ahead of" if margin > 0 else "behind"
    size = abs(margin)
    return f"{size} point{'s' if size != 1 else ''} {where} the computer"

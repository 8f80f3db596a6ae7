"""Illegal and out-of-turn actions raise specific errors and leave the state as it was."""

from __future__ import annotations

import pytest

from cribkit.core.cards import Card, parse_cards
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import (
    CardNotHeldError,
    ClassicState,
    CountOverError,
    DiscardError,
    NoDeckError,
    WrongActionError,
    WrongMugginsError,
    start_game,
)
from cribkit.games.protocol import (
    Action,
    GameError,
    GameOverError,
    IllegalActionError,
    OutOfTurnError,
)
from cribkit.games.records import replay

from .helpers import deck, discards, plays, record

TWO = ClassicRules()
FLUSH_DECK = deck(TWO, 0, {1: "3s 5s 9s Js 2h 4h", 0: "Ac 6d 7c Kd 8h Qh"}, "Kc")


def at(actions: list[dict[str, object]], **extra: object) -> ClassicState:
    state = replay(record(TWO, [FLUSH_DECK], actions, **extra)).state  # type: ignore[arg-type]
    assert isinstance(state, ClassicState)
    return state


def c(text: str) -> Card:
    return Card.parse(text)


def refused(state: ClassicState, action: Action, error: type[GameError], message: str) -> None:
    """The action is refused by verify and by apply, with the message, and changes nothing."""
    before = (state.record(), state.observation(0), state.observation(1), hash(state))
    with pytest.raises(error) as raised:
        state.verify(action)
    assert str(raised.value) == message
    with pytest.raises(error):
        state.apply(action)
    assert isinstance(raised.value, GameError)
    assert isinstance(raised.value, ValueError)
    assert (state.record(), state.observation(0), state.observation(1), hash(state)) == before


LAYING_AWAY = discards(s1="2h 4h")
PEGGING = discards(s1="2h 4h", s0="8h Qh")


@pytest.mark.parametrize(
    ("actions", "action", "error", "message"),
    [
        (
            [],
            Play(1, c("3s")),
            WrongActionError,
            "seat 1 cannot play a card now: the players are laying away to the crib",
        ),
        ([], Discard(1, (c("2h"),)), DiscardError, "seat 1 must lay away 2 cards, not 1"),
        ([], Discard(1, (c("2h"), c("2h"))), DiscardError, "seat 1 cannot lay away 2h twice"),
        (
            [],
            Discard(1, (c("2h"), c("Kc"))),
            CardNotHeldError,
            "seat 1 cannot lay away Kc: it is not in their hand",
        ),
        (
            LAYING_AWAY,
            Discard(1, (c("3s"), c("5s"))),
            OutOfTurnError,
            "seat 1 has already laid away to the crib",
        ),
        (
            [],
            Declare(1, 0),
            WrongActionError,
            "seat 1 cannot declare points now: the players are laying away to the crib",
        ),
        (
            PEGGING,
            Play(0, c("Kd")),
            OutOfTurnError,
            "it is seat 1's turn to play, not seat 0's",
        ),
        (
            PEGGING,
            Play(1, c("9h")),
            CardNotHeldError,
            "seat 1 cannot play 9h: it is not in their hand",
        ),
        (
            PEGGING + plays("1 Js", "0 Kd", "1 9s"),
            Play(0, c("6d")),
            CountOverError,
            "seat 0 cannot play 6d: the count would be 35, over 31",
        ),
        (
            PEGGING + plays("1 Js"),
            Play(0, c("Js")),
            CardNotHeldError,
            "seat 0 cannot play Js: it is not in their hand",
        ),
        (
            PEGGING,
            Muggins(0),
            WrongMugginsError,
            "seat 0 cannot call muggins: there are no missed points to take",
        ),
        (
            PEGGING,
            PassMuggins(0),
            WrongActionError,
            "seat 0 cannot pass on muggins now: it is seat 1's turn to play a card",
        ),
        (PEGGING, Play(2, c("3s")), IllegalActionError, "there is no seat 2 in a 2-player game"),
    ],
)
def test_refused_actions(
    actions: list[dict[str, object]], action: Action, error: type[GameError], message: str
) -> None:
    refused(at(actions), action, error, message)


def test_the_count_error_reads_like_the_rules() -> None:
    d = deck(TWO, 0, {1: "Js 9h Ah 2s 2h 4h", 0: "Kc 4c 7c Qs 8h Qh"}, "5c")
    state = replay(
        record(TWO, [d], discards(s1="2h 4h", s0="8h Qh") + plays("1 Js", "0 Kc", "1 Ah", "0 4c"))
    ).state
    assert isinstance(state, ClassicState)
    assert state.count == 25
    assert state.current_player == 1
    refused(
        state,
        Play(1, c("9h")),
        CountOverError,
        "seat 1 cannot play 9h: the count would be 34, over 31",
    )


def test_laying_away_may_come_in_any_order() -> None:
    state = at([])
    assert state.current_player == 1
    t = state.apply(Discard(0, parse_cards("8h Qh")))
    assert t.state.current_player == 1
    assert t.state.laid[0]


def test_actions_after_the_end_are_refused() -> None:
    heels = deck(TWO, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "Jd")
    state = replay(
        record(TWO, [heels], discards(s1="As 2s", s0="3c 4c"), start_scores=[120, 0])
    ).state
    assert isinstance(state, ClassicState)
    refused(state, Play(1, c("7h")), GameOverError, "the game is over: seat 0 won 122-0")


def test_a_game_without_decks_left_waits_and_refuses_actions() -> None:
    state = at(PEGGING + plays("1 Js", "0 Kd", "1 9s", "0 Ac", "1 3s", "0 6d", "1 5s", "0 7c"))
    assert state.phase == "awaiting_deck"
    assert state.current_player is None
    assert not state.is_terminal
    assert state.legal_actions() == []
    refused(state, Discard(0, ()), NoDeckError, "the game needs a deck for deal 2")


def test_bad_setups_are_refused() -> None:
    with pytest.raises(GameError, match="a seed or explicit decks"):
        start_game(TWO)
    with pytest.raises(GameError, match="first_dealer must be a seat from 0 to 1"):
        start_game(TWO, seed=1, first_dealer=2)
    with pytest.raises(GameError, match="start_scores must be 2 whole numbers from 0 to 120"):
        start_game(TWO, seed=1, start_scores=[0, 121])
    with pytest.raises(GameError, match="deck 0 has 51 cards"):
        start_game(TWO, decks=[FLUSH_DECK[:51]], first_dealer=0)
    with pytest.raises(GameError, match="a seed is a whole number or text"):
        start_game(TWO, seed=1.5)  # type: ignore[arg-type]
    with pytest.raises(GameError, match="classic needs ClassicRules"):
        start_game(object(), seed=1)  # type: ignore[arg-type]

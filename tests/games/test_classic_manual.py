"""Manual counting and muggins: declarations, refusals, missed points taken."""

from __future__ import annotations

import pytest

from cribkit.core.cards import Card, parse_cards
from cribkit.core.scoring import score_hand
from cribkit.games.actions import Declare
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.events import CardPlayed, Declared, HandShown, MugginsCalled
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import (
    ClassicState,
    OverDeclarationError,
    WrongMugginsError,
)
from cribkit.games.classic.view import ClaimView
from cribkit.games.protocol import OutOfTurnError, RecordError
from cribkit.games.records import replay

from .helpers import deck, discards, of_kind, plays, record, summary

MUGGINS = ClassicRules(muggins=True)
MANUAL = ClassicRules(manual_counting=True)

SHOW_DECK = deck(MUGGINS, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "6c")
SHOW_PLAY = discards(s1="As 2s", s0="3c 4c") + plays(
    "1 7h", "0 Kc", "1 8h", "0 Kd", "1 9c", "0 Qh", "1 9d", "0 Qs"
)
PEG_DECK = deck(MUGGINS, 0, {1: "Kh Ah Qh 5d 2c 3c", 0: "Ks Qd Jd 4h 8c 9c"}, "6s")


def at(rules: ClassicRules, d: list[str], actions: list[dict[str, object]]) -> ClassicState:
    state = replay(record(rules, [d], actions)).state
    assert isinstance(state, ClassicState)
    return state


def test_the_show_waits_for_each_declaration_in_order() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    assert state.phase == "declare"
    assert state.current_player == 1
    assert state.claim is not None
    assert state.claim.kind == "show"
    assert state.legal_actions() == [Declare(1, p) for p in range(17)]
    view = state.observation(0)
    assert view.claim == ClaimView(
        kind="show",
        seat=1,
        cards=parse_cards("7h 8h 9c 9d"),
        starter=Card.parse("6c"),
        declared=None,
    )
    assert view.to_json()["claim"] == {
        "kind": "show",
        "seat": 1,
        "cards": ["7h", "8h", "9c", "9d"],
        "starter": "6c",
        "declared": None,
    }


def test_go_last_card_and_scoreless_cards_need_no_declaration() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    r = replay(record(MUGGINS, [SHOW_DECK], SHOW_PLAY))
    assert summary(r) == [("peg", s, 0) for s in (1, 0, 1)] + [
        ("go", 1, 1),
        *[("peg", s, 0) for s in (0, 1, 0)],
        ("go", 0, 1),
        ("peg", 1, 0),
        ("peg", 0, 0),
        ("last_card", 0, 1),
        ("show", 1, 0),  # the hand is shown; its points come with the declaration
    ]
    assert state.scores == (2, 1)


def test_an_over_declaration_is_refused_with_the_correct_breakdown() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    with pytest.raises(OverDeclarationError) as refused:
        state.verify(Declare(1, 17))
    message = str(refused.value)
    assert message.startswith("seat 1 cannot declare 17 for the hand 7h 8h 9c 9d with starter 6c")
    assert "it scores 16 (fifteen two, fifteen four, fifteen six, a pair is eight" in message
    assert refused.value.breakdown == score_hand("7h 8h 9c 9d", "6c")
    with pytest.raises(OverDeclarationError):
        state.apply(Declare(1, 17))
    assert state.scores == (2, 1)
    assert state.phase == "declare"


def test_an_under_declaration_stands_and_muggins_takes_the_missed_points() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    t = state.apply(Declare(1, 12))
    assert t.events == (
        Declared(
            seat=1,
            points=12,
            scores=(2, 13),
            cards=parse_cards("7h 8h 9c 9d"),
            starter=Card.parse("6c"),
            kind="show",
            missed=4,
        ),
    )
    state = t.state
    assert state.scores == (2, 13)
    assert state.phase == "muggins"
    assert state.current_player == 0
    assert state.legal_actions() == [Muggins(0), PassMuggins(0)]
    with pytest.raises(WrongMugginsError, match="seat 1 cannot call muggins now"):
        state.verify(Muggins(1))
    t = state.apply(Muggins(0))
    taken = t.events[0]
    assert isinstance(taken, MugginsCalled)
    assert (taken.type, taken.seat, taken.points, taken.other, taken.scores) == (
        "muggins",
        0,
        4,
        1,
        (6, 13),
    )
    assert taken.kind == "show"
    assert "calls muggins and takes the four points seat 1 missed" in taken.text()
    assert t.state.current_player == 0
    assert t.state.claim is not None
    assert t.state.claim.kind == "show"  # now the dealer's hand


def test_a_wrong_muggins_call_is_refused() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    state = state.apply(Declare(1, 16)).state
    # the opponent may still call: the engine does not tell them that nothing was missed
    assert state.phase == "muggins"
    assert state.current_player == 0
    assert state.legal_actions() == [PassMuggins(0)]
    with pytest.raises(WrongMugginsError) as refused:
        state.apply(Muggins(0))
    assert (
        str(refused.value)
        == "seat 0 cannot call muggins: seat 1 declared all 16 points of the hand"
    )
    state = state.apply(PassMuggins(0)).state
    assert state.phase == "declare"
    assert state.current_player == 0
    with pytest.raises(WrongMugginsError, match="no missed points"):
        state.verify(Muggins(1))
    state = state.apply(Declare(0, 4)).state
    state = state.apply(PassMuggins(1)).state
    assert state.claim is not None
    assert state.claim.kind == "crib"
    crib_total = score_hand("As 2s 3c 4c", "6c", crib=True).total
    assert state.legal_actions()[-1] == Declare(0, crib_total)
    claim = state.observation(1).claim
    assert claim is not None
    assert sorted(claim.cards) == sorted(parse_cards("As 2s 3c 4c"))  # shown now
    t = state.apply(Declare(0, 0))
    assert t.state.phase == "muggins"
    assert t.state.current_player == 1
    t = t.state.apply(PassMuggins(1))
    assert t.state.phase == "awaiting_deck"
    assert t.state.scores == (2 + 4, 1 + 16)


def test_pegging_points_are_declared_and_can_be_taken() -> None:
    acts = discards(s1="2c 3c", s0="8c 9c") + plays("1 Kh", "0 Ks")
    state = at(MUGGINS, PEG_DECK, acts)
    assert state.phase == "declare"
    assert state.current_player == 0
    assert state.claim is not None
    assert state.claim.kind == "peg"
    with pytest.raises(OutOfTurnError):
        state.verify(Declare(1, 2))
    with pytest.raises(OverDeclarationError, match=r"it scores 2 \(a pair for two\)"):
        state.verify(Declare(0, 3))
    state = state.apply(Declare(0, 0)).state
    assert state.phase == "muggins"
    assert state.current_player == 1
    t = state.apply(Muggins(1))
    assert [(e.type, e.seat, e.points) for e in t.events] == [("muggins", 1, 2)]
    assert t.events[0].words() == "a pair for two"
    state = t.state
    assert state.phase == "play"
    assert state.current_player == 1
    state = state.apply(Play(1, state.legal_actions()[0].card)).state  # type: ignore[attr-defined]
    assert state.current_player == 0


def test_without_muggins_an_under_declaration_simply_stands() -> None:
    d = deck(MANUAL, 0, {1: "Kh Ah Qh 5d 2c 3c", 0: "Ks Qd Jd 4h 8c 9c"}, "6s")
    acts = discards(s1="2c 3c", s0="8c 9c") + plays("1 Kh", "0 Ks")
    state = at(MANUAL, d, acts)
    t = state.apply(Declare(0, 1))
    assert t.state.phase == "play"
    assert t.state.scores == (1, 0)
    with pytest.raises(WrongMugginsError):
        t.state.verify(Muggins(1))


def test_his_heels_is_scored_without_a_declaration() -> None:
    d = deck(MUGGINS, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "Jd")
    r = replay(record(MUGGINS, [d], discards(s1="As 2s", s0="3c 4c")))
    assert summary(r) == [("heels", 0, 2)]
    assert r.state.phase == "play"


def test_a_record_with_declarations_and_muggins_replays() -> None:
    acts = [
        *SHOW_PLAY,
        {"type": "declare", "seat": 1, "points": 12},
        {"type": "muggins", "seat": 0},
        {"type": "declare", "seat": 0, "points": 4},
        {"type": "pass_muggins", "seat": 1},
        {"type": "declare", "seat": 0, "points": 0},
        {"type": "pass_muggins", "seat": 1},
    ]
    r = replay(record(MUGGINS, [SHOW_DECK], acts))
    assert r.state.phase == "awaiting_deck"
    assert [e.type for e in of_kind(r, Declared, MugginsCalled)] == [
        "declare",
        "muggins",
        "declare",
        "declare",
    ]
    assert replay(r.state.record()).events == r.events
    bad = [*acts[:-6], {"type": "declare", "seat": 1, "points": 30}]
    with pytest.raises(RecordError, match=r"action 10 .*cannot declare 30") as refused:
        replay(record(MUGGINS, [SHOW_DECK], bad))
    assert refused.value.index == 10
    assert isinstance(refused.value.cause, OverDeclarationError)


def test_three_players_each_opponent_may_call_muggins_in_turn() -> None:
    d = deck(
        ClassicRules(players=3, muggins=True),
        0,
        {1: "Kh Ah Qh 5d 2c", 2: "Ks Qd Jd 4h 8c", 0: "Kc 9d 9s 7c 3d"},
        "6s",
        crib_card="Tc",
    )
    rules = ClassicRules(players=3, muggins=True)
    acts = discards(s1="2c", s2="8c", s0="3d") + plays("1 Kh", "2 Ks")
    state = at(rules, d, acts)
    state = state.apply(Declare(2, 0)).state
    assert state.claim is not None
    assert state.claim.window == (0, 1)
    assert state.current_player == 0
    state = state.apply(PassMuggins(0)).state
    assert state.current_player == 1
    t = state.apply(Muggins(1))
    assert [(e.type, e.seat, e.points) for e in t.events] == [("muggins", 1, 2)]
    assert t.state.scores == (0, 2, 0)


def test_players_see_declarations_but_not_what_they_missed() -> None:
    state = at(MUGGINS, SHOW_DECK, SHOW_PLAY)
    declared = state.apply(Declare(1, 12)).events[0]
    for seat in (0, 1):
        seen = declared.to_json(seat)
        assert "missed" not in seen
        assert "words" not in seen
        assert seen["text"] == "seat 1 declares twelve points for the hand"
    full = declared.to_json()
    assert full["missed"] == 4
    assert full["text"] == "seat 1 declares twelve points for the hand, missing four points"
    assert full["words"].startswith("fifteen two")


def test_with_manual_counting_cards_and_hands_do_not_count_for_the_player() -> None:
    r = replay(
        record(MUGGINS, [PEG_DECK], discards(s1="2c 3c", s0="8c 9c") + plays("1 Kh", "0 Ks"))
    )
    pair = of_kind(r, CardPlayed)[-1]
    assert pair.points == 0
    assert pair.words() == ""
    assert "words" not in pair.to_json()
    shown = of_kind(replay(record(MUGGINS, [SHOW_DECK], SHOW_PLAY)), HandShown)[0]
    assert shown.words() == ""

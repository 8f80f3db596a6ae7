"""Cribbage Solitaire: every rule on hand-built decks, clear errors, random games, records."""

from __future__ import annotations

import datetime
import json
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cribkit.core.cards import DECK, Card, parse_cards
from cribkit.core.scoring import Score, score_hand
from cribkit.games import GameState, lookup, start
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Play
from cribkit.games.errors import CardNotHeldError, DiscardError, WrongActionError
from cribkit.games.events import GameEvent, event_from_json
from cribkit.games.protocol import (
    Action,
    GameError,
    GameOverError,
    IllegalActionError,
    RecordError,
    RulesError,
    game_info,
)
from cribkit.games.records import dumps, loads, replay
from cribkit.games.solitaire.deal import (
    daily_seed,
    round_cards,
    solitaire_deck,
    stacked_solitaire_deck,
)
from cribkit.games.solitaire.events import (
    EVENTS,
    CribCounted,
    GameEnded,
    HandCounted,
    HisHeels,
    LaidAway,
    LastHandCounted,
    RoundDealt,
    StarterToBottom,
    StarterTurned,
)
from cribkit.games.solitaire.result import SolitaireResult
from cribkit.games.solitaire.rules import NoSuchSeatError, SolitaireRules
from cribkit.games.solitaire.state import SolitaireState, start_solitaire
from cribkit.games.solitaire.view import SolitaireView

Round = tuple[str, str, str]
Kind = TypeVar("Kind", bound=GameEvent)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def lay(text: str) -> Discard:
    return Discard(0, cards(text))


def game(rounds: Sequence[Round]) -> SolitaireState:
    return start_solitaire(deck=stacked_solitaire_deck(rounds)).state


def apply_all(state: SolitaireState, *texts: str) -> tuple[SolitaireState, list[GameEvent]]:
    events: list[GameEvent] = []
    for text in texts:
        transition = state.apply(lay(text))
        events.extend(transition.events)
        state = transition.state
    return state, events


def first(events: Sequence[GameEvent], kind: type[Kind]) -> Kind:
    """The first event of ``kind``."""
    return next(e for e in events if isinstance(e, kind))


def first_laid(state: SolitaireState) -> SolitaireState:
    """Play to the end laying away the first two cards each round."""
    while not state.is_terminal:
        state = state.apply(state.legal_actions()[0]).state
    return state


# ---------------------------------------------------------------------------------------------
# The deal


def test_the_deal_order_is_three_to_the_hand_two_to_the_crib_three_to_the_hand() -> None:
    deck = list(DECK)
    state = start_solitaire(deck=deck).state
    assert state.hand == tuple(sorted(Card(c) for c in (0, 1, 2, 5, 6, 7)))
    assert state.crib_down == (Card(3), Card(4))
    assert state.stock == tuple(DECK[8:])
    assert state.phase == "discard"
    assert state.current_player == 0
    assert state.round_no == 0
    assert len(state.legal_actions()) == 15
    assert isinstance(state, GameState)


def test_a_stacked_deck_deals_what_it_names() -> None:
    rounds: list[Round] = [
        ("5h 5c 5d Js 7c 9h", "2c 3c", "5s"),
        ("Ah 2h 3h 4h Kc Qd", "9s 9d", "Jh"),
    ]
    deck = stacked_solitaire_deck(rounds)
    assert sorted(deck) == list(DECK)
    dealt, _ = round_cards(deck)
    for (hand, crib, starter), got in zip(rounds, dealt, strict=False):
        assert set(got.hand) == set(cards(hand))
        assert got.crib == cards(crib)
        assert got.starter == Card.parse(starter)
    state = start_solitaire(deck=deck).state
    assert set(state.hand) == set(cards("5h 5c 5d Js 7c 9h"))


def test_the_round_order_of_events_hand_then_crib() -> None:
    state = game([("5h 5c 5d Js 7c 9h", "2c 3c", "5s")])
    state, events = apply_all(state, "7c 9h")
    assert [e.type for e in events] == [
        "discard", "starter", "show", "crib", "bottom", "deal",
    ]  # fmt: skip
    show, crib = events[2], events[3]
    assert isinstance(show, HandCounted)
    assert isinstance(crib, CribCounted)
    assert show.cards == cards("5c 5d 5h Js")
    assert show.starter == Card.parse("5s")
    assert show.points == 29
    assert show.words() == score_hand("5c 5d 5h Js", "5s").words()
    assert crib.cards == cards("2c 3c 7c 9h")
    assert crib.points == score_hand("2c 3c 7c 9h", "5s", crib=True).total == 2
    assert [e.scores for e in events[2:4]] == [(29,), (31,)]
    assert state.total == 31
    assert state.round_no == 1
    done = state.rounds[0]
    assert (done.hand_points, done.crib_points, done.heels, done.points) == (29, 2, 0, 31)
    assert "hand 5c 5d 5h Js with 5s: fifteen two" in show.text()
    assert show.text().endswith("(twenty-nine points)")


def test_his_heels_scores_two_before_the_hand() -> None:
    state = game([("Ah 3d 6c 8s Kd Qh", "2c 4c", "Js")])
    state, events = apply_all(state, "Kd Qh")
    kinds = [e.type for e in events]
    assert kinds[:4] == ["discard", "starter", "heels", "show"]
    heels = events[2]
    assert isinstance(heels, HisHeels)
    assert heels.points == 2
    assert heels.starter == Card.parse("Js")
    assert heels.words() == "two for his heels"
    assert state.rounds[0].heels == 2
    assert state.total == 2 + state.rounds[0].hand_points + state.rounds[0].crib_points


def test_a_jack_in_the_hand_is_not_his_heels_but_nobs() -> None:
    state = game([("Jh 3d 6c 8s Kd Qs", "2c 4c", "5h")])
    state, events = apply_all(state, "Kd Qs")
    assert "heels" not in [e.type for e in events]
    show = first(events, HandCounted)
    assert show.points == score_hand("3d 6c 8s Jh", "5h").total
    assert "his nobs" in show.words()


def test_the_starter_goes_to_the_bottom_and_comes_back_in_round_six() -> None:
    state = start_solitaire(seed=11).state
    deck = state.deck
    starters = []
    for round_no in range(6):
        assert state.round_no == round_no
        before = state.stock
        state, events = apply_all(state, " ".join(map(str, state.hand[:2])))
        starter = first(events, StarterTurned).starter
        assert first(events, StarterToBottom).starter == starter
        starters.append(starter)
        assert starter == before[0]
        if round_no < 5:
            assert state.stock[-1] == starter  # at the bottom, under everything
            assert state.observation(0).bottom[-1] == starter
    # The sixth deal takes the first starter into the hand and turns the second again.
    assert starters[5] == starters[1]
    assert starters[0] in state.rounds[5].dealt
    assert state.last_hand == (starters[2], starters[3], starters[4], starters[1])
    assert deck[8] == starters[0]


def test_the_sixth_starter_is_known_to_the_player() -> None:
    state = start_solitaire(seed=4).state
    for _ in range(5):
        state = state.apply(state.legal_actions()[-1]).state
    view = state.observation(0)
    assert view.stock_count == len(view.bottom) == 4
    assert view.bottom[0] == state.stock[0]  # the next starter, seen before
    assert view.next_starter == state.stock[0] == state.rounds[1].starter
    # Before the sixth round the starter is not known.
    assert start_solitaire(seed=4).state.observation(0).next_starter is None


def test_the_last_hand_scores_fifteens_pairs_runs_and_a_four_card_flush() -> None:
    # The last hand is the third, fourth, fifth and second starters: 2h 4h 6h 8h is a flush
    # of four and nothing else.
    rounds: list[Round] = [
        ("Ac Ad As 2c 2d 2s", "3c 3d", "Kc"),
        ("3s 4c 4d 4s 5c 5d", "5s 6c", "8h"),
        ("6d 6s 7c 7d 7s 8c", "8d 8s", "2h"),
        ("9c 9d 9s Tc Td Ts", "Jc Jd", "4h"),
        ("Js Qc Qd Qs 3h 5h", "7h 9h", "6h"),
    ]
    deck = stacked_solitaire_deck(rounds)
    assert " ".join(map(str, round_cards(deck)[1])) == "2h 4h 6h 8h"
    state = start_solitaire(deck=deck).state
    state = first_laid(state)
    record = replay(state.record())
    last, end = record.events[-2], record.events[-1]
    assert isinstance(last, LastHandCounted)
    assert isinstance(end, GameEnded)
    assert last.type == "last_hand"
    assert last.cards == cards("2h 4h 6h 8h")
    assert last.points == 4 == state.last_hand_points
    assert last.words() == "a four-card flush is four"
    assert last.text() == "last hand 2h 4h 6h 8h: a four-card flush is four (four points)"
    assert end.type == "end"
    assert end.scores == (state.total,)
    assert state.total == sum(r.points for r in state.rounds) + 4
    assert state.rounds[5].starter == Card.parse("8h")


def test_a_last_hand_of_three_suits_scores_no_flush_and_counts_runs_and_pairs() -> None:
    state = start_solitaire(deck=DECK).state
    state = first_laid(state)
    assert state.last_hand == cards("7h 9s Qc 5d")
    assert state.last_hand_points == score_hand("7h 9s Qc 5d").total == 2


def test_the_hand_flush_of_four_scores_four_and_five_with_the_starter() -> None:
    state = game([("2h 4h 6h 8h Kc Qd", "9s 9d", "Ac")])
    state, events = apply_all(state, "Kc Qd")
    show = first(events, HandCounted)
    assert show.points == score_hand("2h 4h 6h 8h", "Ac").total
    assert score_hand("2h 4h 6h 8h", "Ac").flush_points == 4
    state = game([("2h 4h 6h 8h Kc Qd", "9s 9d", "Ah")])
    state, events = apply_all(state, "Kc Qd")
    show = first(events, HandCounted)
    assert "a five-card flush" in show.words()


def test_a_four_card_crib_flush_scores_nothing_and_five_scores_five() -> None:
    state = game([("2d 4d 6c 7c Kh 9s", "Td 8d", "Qs")])
    _, events = apply_all(state, "2d 4d")  # crib Td 8d 2d 4d, starter Qs: 4 diamonds
    crib = first(events, CribCounted)
    assert crib.cards == cards("Td 8d 2d 4d")  # the face-down pair, then the cards laid away
    assert crib.points == score_hand(crib.cards, "Qs", crib=True).total == 0
    assert crib.words() == "no points"
    assert crib.text() == "crib Td 8d 2d 4d with Qs: no points"
    state = game([("2d 4d 6c 7c Kh 9s", "Td 8d", "Qd")])
    _, events = apply_all(state, "2d 4d")
    crib = first(events, CribCounted)
    assert crib.points == 5
    assert crib.words() == "a five-card flush is five"


def test_nobs_in_the_crib_from_a_face_down_jack() -> None:
    state = game([("Ah 3d 6c 8s Kd Qh", "Jc 2d", "4c")])
    _, events = apply_all(state, "Kd Qh")
    crib = first(events, CribCounted)
    breakdown = crib.breakdown
    assert isinstance(breakdown, Score)
    assert breakdown.nobs_points == 1


# ---------------------------------------------------------------------------------------------
# Errors: each names its rule and changes nothing


@pytest.mark.parametrize(
    ("action", "error", "message"),
    [
        (Discard(0, cards("Ac")), DiscardError, "must lay away 2 cards, not 1"),
        (Discard(0, cards("Ac Ad Ah")), DiscardError, "must lay away 2 cards, not 3"),
        (Discard(0, (Card.parse("Ac"), Card.parse("Ac"))), DiscardError, "Ac twice"),
        (
            Discard(0, cards("Ac Ks")),
            CardNotHeldError,
            "cannot lay away Ks: it is not in your hand",
        ),
        (Discard(0, cards("Ac As")), CardNotHeldError, "As: it is not in your hand"),
        (Discard(1, cards("Ac Ad")), NoSuchSeatError, "there is no seat 1"),
        (Play(0, Card.parse("Ac")), WrongActionError, "cannot play a card in Cribbage Solitaire"),
    ],
)
def test_illegal_actions_raise_their_errors_and_change_nothing(
    action: Action, error: type[Exception], message: str
) -> None:
    state = start_solitaire(deck=DECK).state
    before = (state.hand, state.crib_down, state.stock, state.total, state.history)
    with pytest.raises(error, match=message):
        state.verify(action)
    with pytest.raises(error, match=message):
        state.apply(action)
    assert (state.hand, state.crib_down, state.stock, state.total, state.history) == before
    assert isinstance(error(), IllegalActionError)
    # And the state still plays on from where it was.
    assert state.apply(state.legal_actions()[0]).state.round_no == 1


def test_not_an_action_and_after_the_end() -> None:
    state = start_solitaire(deck=DECK).state
    with pytest.raises(IllegalActionError, match="is not an action"):
        state.verify("Ac Ad")  # type: ignore[arg-type]
    final = first_laid(state)
    assert final.legal_actions() == []
    assert final.current_player is None
    with pytest.raises(GameOverError, match="the game is over: it ended with"):
        final.apply(Discard(0, cards("Ac Ad")))
    with pytest.raises(NoSuchSeatError):
        state.observation(1)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({}, "needs a seed or a deck"),
        ({"seed": 1, "deck": DECK}, "a seed or a deck, not both"),
        ({"seed": True}, "a seed is a whole number or text"),
        ({"seed": 1.5}, "a seed is a whole number or text"),
        ({"deck": DECK[:51]}, "the deck has 51 cards, not 52"),
        ({"deck": [*DECK[:51], DECK[0]]}, "the card Ac appears more than once"),
        ({"deck": "Ac Ad"}, "a deck is a list of the 52 cards"),
        ({"deck": ["Ac", "5x"]}, "'5x' is not a card"),
        ({"deck": 7}, "a deck is a list of the 52 cards"),
    ],
)
def test_bad_setups_are_game_errors(setup: dict[str, Any], message: str) -> None:
    with pytest.raises(GameError, match=message):
        start_solitaire(**setup)


def test_the_registry_and_the_rules() -> None:
    assert lookup("solitaire") == SolitaireRules()
    assert lookup(" Solitaire ") == SolitaireRules()
    assert SolitaireRules().spec() == "solitaire"
    assert SolitaireRules().options() == {}
    with pytest.raises(RulesError, match=r"(?s)no option 'rounds'.*no options"):
        lookup("solitaire:rounds=3")
    t = start("solitaire", seed=3)
    assert isinstance(t.state, SolitaireState)
    with pytest.raises(GameError, match="solitaire has no setup decks"):
        start("solitaire", decks=[DECK])
    with pytest.raises(GameError, match="needs SolitaireRules"):
        start_solitaire(lookup("classic"), seed=1)  # type: ignore[arg-type]


def test_seeded_decks_and_the_daily_seed() -> None:
    deck = solitaire_deck(7)
    assert sorted(deck) == list(DECK)
    assert solitaire_deck(7) == deck
    assert solitaire_deck("7") == deck
    assert solitaire_deck(8) != deck
    assert start_solitaire(seed=7).state.deck == deck
    assert daily_seed(datetime.date(2024, 2, 29)) == 20240229
    assert daily_seed(datetime.datetime(2031, 12, 1, 23, 59)) == 20311201
    with pytest.raises(GameError, match="needs a date"):
        daily_seed("2024-02-29")  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Observations, results, records


def test_the_observation_hides_the_face_down_crib_the_stock_and_the_seed() -> None:
    state = start_solitaire(seed="secret seed").state
    view = state.observation(0)
    obs = view.to_json()
    text = json.dumps(obs)
    assert "secret" not in text
    assert "deck" not in obs
    assert "seed" not in obs
    for card in (*state.crib_down, *state.stock):
        assert f'"{card}"' not in text
        assert card not in (*view.hand, *view.seen, *view.bottom)
    assert view.crib_face_down == obs["crib_face_down"] == 2
    assert view.stock_count == obs["stock_count"] == 44
    assert view.hand == state.hand
    assert obs["hand"] == [str(c) for c in state.hand]
    state = state.apply(state.legal_actions()[0]).state
    view = state.observation(0)
    counted = view.counted[0]
    assert len(counted.crib) == 4  # the face-down pair is shown once counted
    assert view.bottom == (counted.starter,)
    assert view.to_json()["counted"][0] == counted.to_json()


def test_the_result_and_its_json() -> None:
    state = first_laid(start_solitaire(seed=2).state)
    result = state.result
    assert isinstance(result, SolitaireResult)
    assert result.total == state.total
    assert result.scores == (state.total,)
    data = result.to_dict()
    assert data["total"] == state.total
    assert data["winner"] == 0
    assert data["rating"] in ("great", "good", "skunked")
    assert (data["skunk"] == "skunk") == (state.total < 91)
    assert SolitaireResult(0, (0,), (121,), 1, "", 0).rating == "great"
    assert SolitaireResult(0, (0,), (91,), 1, "", 0).rating == "good"
    assert SolitaireResult(0, (0,), (90,), 1, "skunk", 0).rating == "skunked"


def test_records_replay_seeded_and_explicit_deck_games() -> None:
    opening = start_solitaire(seed=99)
    state, events = opening.state, list(opening.events)
    rng = random.Random(3)
    while not state.is_terminal:
        t = state.apply(rng.choice(state.legal_actions()))
        events.extend(t.events)
        state = t.state
    record = loads(dumps(state.record()))
    assert list(record) == ["format", "version", "game", "rules", "seed", "actions"]
    assert record["game"] == "solitaire"
    assert record["rules"] == {}
    assert len(record["actions"]) == 6
    again = replay(record)
    assert again.events == tuple(events)
    assert again.result == state.result
    assert again.state == state
    assert again.to_dict()["result"]["total"] == state.total
    # The same game from its explicit deck: top card first.
    explicit = {
        "game": "solitaire",
        "deck": [str(c) for c in state.deck],
        "actions": record["actions"],
    }
    assert replay(explicit).result == state.result
    assert replay(explicit).state.record()["deck"] == explicit["deck"]
    # A record may state its result, which replay checks.
    assert replay({**record, "result": state.result.to_dict()}).result == state.result  # type: ignore[union-attr]
    with pytest.raises(RecordError, match="is not what its actions give"):
        replay({**record, "result": {**state.result.to_dict(), "total": 0}})  # type: ignore[union-attr]


def test_bad_solitaire_records() -> None:
    good = {"game": "solitaire", "seed": 5, "actions": []}
    state = replay(good).state
    assert isinstance(state, SolitaireState)
    held = [str(c) for c in state.hand[:2]]
    with pytest.raises(RecordError) as error:
        replay(
            {
                **good,
                "actions": [
                    {"type": "discard", "seat": 0, "cards": held},
                    {"type": "discard", "seat": 0, "cards": held},
                ],
            }
        )
    assert error.value.index == 1
    assert isinstance(error.value.cause, CardNotHeldError)
    with pytest.raises(RecordError, match="no field 'decks'"):
        replay({**good, "decks": [[str(c) for c in DECK]]})
    with pytest.raises(RecordError, match="the deck has 3 cards"):
        replay({"game": "solitaire", "deck": ["Ac", "Ad", "Ah"]})
    with pytest.raises(RecordError, match="a seed or a deck, not both"):
        replay({"game": "solitaire", "seed": 1, "deck": [str(c) for c in DECK]})


# ---------------------------------------------------------------------------------------------
# Random games


FULL = (1 << 52) - 1


def mask(cards: Sequence[int]) -> int:
    out = 0
    for c in cards:
        assert not out >> c & 1, f"{Card(c)} is twice in one place"
        out |= 1 << c
    return out


def check_cards(state: SolitaireState) -> None:
    """All 52 cards, each in exactly one place: hand, face-down crib, stock, counted rounds."""
    zones = [state.hand, state.crib_down, state.stock, state.last_hand]
    zones += [(*r.kept, *r.crib) for r in state.rounds]
    total = 0
    for zone in zones:
        bits = mask(zone)
        assert not total & bits, "a card is in two places"
        total |= bits
    assert total == FULL, "a card is missing"


def seen_from_events(events: Sequence[GameEvent]) -> set[str]:
    seen: set[str] = set()
    for e in events:
        match e:
            case RoundDealt(cards=cards) | LaidAway(cards=cards) | LastHandCounted(cards=cards):
                seen.update(str(c) for c in cards)
            case (
                HandCounted(cards=cards, starter=starter)
                | CribCounted(cards=cards, starter=starter)
            ):
                seen.update(str(c) for c in (*cards, starter))
            case (
                StarterTurned(starter=starter)
                | HisHeels(starter=starter)
                | StarterToBottom(starter=starter)
            ):
                seen.add(str(starter))
    return seen


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), choices=st.lists(st.integers(0, 14), min_size=6, max_size=6))
def test_random_games_keep_every_card_replay_and_never_show_the_deck(
    seed: int, choices: list[int]
) -> None:
    opening = start_solitaire(seed=seed)
    state, events = opening.state, list(opening.events)
    totals = [0]
    for choice in choices:
        check_cards(state)
        view = state.observation(0)
        assert SolitaireView.from_json(json.loads(json.dumps(view.to_json()))) == view
        obs = view.to_json()
        text = json.dumps(obs)
        seen = seen_from_events(events)
        shown = {str(c) for c in DECK if f'"{c}"' in text}
        assert shown <= seen, f"the observation shows unseen cards {shown - seen}"
        assert "deck" not in obs
        assert "seed" not in obs
        assert str(seed) not in obs.values()
        assert set(obs["seen"]) == seen
        t = state.apply(state.legal_actions()[choice])
        events.extend(t.events)
        state = t.state
        totals.append(state.total)
    assert state.is_terminal
    check_cards(state)
    assert totals == sorted(totals)
    assert state.total == sum(e.points for e in events)
    assert [e.scores[0] for e in events if e.scores] == sorted(
        e.scores[0] for e in events if e.scores
    )
    again = replay(json.loads(json.dumps(state.record())))
    assert again.events == tuple(events)
    assert again.result == state.result
    assert all(e.to_json()["type"] == e.type for e in events)


def test_the_docs_example_replays_as_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "records.md").read_text(encoding="utf-8")
    blocks = text[text.index("## Cribbage Solitaire") :].split("```")
    deck = next(b for b in blocks if b.startswith('json\n["5h"'))
    assert json.loads(deck[len("json\n") :]) == [
        str(c) for c in stacked_solitaire_deck([("5h 5c 5d Js 7c 9h", "2c 3c", "5s")])
    ]
    example = next(b for b in blocks if b.startswith("json\n{") and '"solitaire"' in b)
    r = replay(example[len("json\n") :])
    log = next(b for b in blocks if b.startswith("\nround 1"))
    head, tail = log.strip().split("\n...\n")
    texts = [e.text() for e in r.events]
    assert texts[: len(head.splitlines())] == head.splitlines()
    assert texts[-len(tail.splitlines()) :] == tail.splitlines()
    result = next(b for b in blocks if b.startswith('json\n{"winner"'))
    assert r.result is not None
    assert r.result.to_dict() == json.loads(result[len("json\n") :])
    full = next(b for b in blocks if b.startswith('json\n{"type": "show"'))
    dicts = [e.to_json() for e in r.events]
    for line in full[len("json\n") :].strip().splitlines():
        # The documented form, every key with its value (an event may add keys, such as
        # "deal": 0, which the documented line leaves out).
        documented = json.loads(line)
        assert any(documented.items() <= d.items() for d in dicts), documented


# ---------------------------------------------------------------------------------------------
# Typed events and the typed view


def test_every_kind_reads_back_from_its_json_over_random_games() -> None:
    # A jack as the first starter, so that his heels is among the kinds.
    decks = [stacked_solitaire_deck([("5h 5c 5d Js 7c 9h", "2c 3c", "Jh")])]
    decks += [solitaire_deck(seed) for seed in range(12)]
    seen_kinds: set[type[GameEvent]] = set()
    for index, deck in enumerate(decks):
        rng = random.Random(index)
        opening = start_solitaire(deck=deck)
        state, events = opening.state, list(opening.events)
        while not state.is_terminal:
            t = state.apply(rng.choice(state.legal_actions()))
            state, events = t.state, [*events, *t.events]
        total = 0
        for event in events:
            total += event.points
            assert type(event) in EVENTS
            seen_kinds.add(type(event))
            data = json.loads(json.dumps(event.to_json()))
            assert type(event).from_json(data) == event
            assert event_from_json(EVENTS, data) == event
            # The player's view of an event is the record's: nothing in Solitaire is private.
            assert event.to_json(0) == event.to_json()
            assert data["type"] == event.type
            assert data["seat"] == 0
            assert data["scores"] == [total]
    assert seen_kinds == set(EVENTS)
    assert len({kind.type for kind in EVENTS}) == len(EVENTS)


def test_the_kinds_are_registered_and_carry_only_their_own_fields() -> None:
    assert game_info("solitaire").events == EVENTS
    starter = Card.parse("Jh")
    assert set(StarterTurned(seat=0, starter=starter).to_json()) == {
        "type", "seat", "points", "deal", "starter", "text",
    }  # fmt: skip
    assert "cards" not in HisHeels(seat=0, points=2, starter=starter).to_json()
    assert "starter" not in LastHandCounted(seat=0, cards=cards("Ac 2c 3c 4c")).to_json()
    ended = GameEnded(seat=0, scores=(90,), deal=6).to_json()
    assert ended["text"] == "the game ends with ninety points: short of the skunk line (91)"
    assert "words" not in ended
    with pytest.raises(RecordError, match="a show event has type 'show', not 'crib'"):
        HandCounted.from_json({"type": "crib", "cards": ["Ac"], "starter": "2c"})


def test_the_view_is_typed_and_its_json_reads_back() -> None:
    state = first_laid(start_solitaire(seed=21).state)
    view = state.observation(0)
    assert isinstance(view.rules, SolitaireRules)
    assert isinstance(view.result, SolitaireResult)
    assert all(isinstance(c, Card) for c in (*view.seen, *view.last_hand))
    assert view.counted == state.rounds
    assert (view.phase, view.current_player, view.to_lay_away, view.hand) == ("over", None, 0, ())
    data = json.loads(json.dumps(view.to_json()))
    assert data["result"] == state.result.to_dict()  # type: ignore[union-attr]
    assert data["rules"] == {}
    assert SolitaireView.from_json(data) == view
    with pytest.raises(RecordError, match="game 'solitaire'"):
        SolitaireView.from_json({**data, "game": "classic"})
    with pytest.raises(RecordError, match="a Solitaire view"):
        SolitaireView.from_json({**data, "hand": "Ac"})

"""The typed events and views of classic: every kind reads back from its JSON, says only what
its viewer may know, and the view's JSON is what a client is sent."""

from __future__ import annotations

import json
import random

import pytest

from cribkit.core.cards import Card, parse_cards
from cribkit.games import game_info
from cribkit.games.classic.events import (
    EVENTS,
    CardPlayed,
    CribShown,
    CutForDeal,
    Declared,
    HandDealt,
    HandShown,
    LaidAway,
    MugginsCalled,
    NewDeal,
)
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.games.classic.view import ClassicView, ShownDeal
from cribkit.games.errors import RecordError
from cribkit.games.events import GameEvent, event_from_json

VARIANTS = [
    ClassicRules(),
    ClassicRules(players=3),
    ClassicRules(players=4),
    ClassicRules(target=61),
    ClassicRules(manual_counting=True),
    ClassicRules(muggins=True),
    ClassicRules(players=3, muggins=True),
]


def random_game(rules: ClassicRules, seed: int) -> tuple[list[GameEvent], list[ClassicState]]:
    """Every event and every state of a game of seeded random legal actions."""
    transition = start_game(rules, seed=seed)
    state = transition.state
    events, states = list(transition.events), [state]
    rng = random.Random(seed)
    while not state.is_terminal:
        transition = state.apply(rng.choice(state.legal_actions()))
        state = transition.state
        events.extend(transition.events)
        states.append(state)
    return events, states


@pytest.fixture(scope="module")
def games() -> list[tuple[ClassicRules, list[GameEvent], list[ClassicState]]]:
    return [(rules, *random_game(rules, seed)) for rules in VARIANTS for seed in range(2)]


def test_the_registry_lists_every_kind_with_its_type() -> None:
    assert game_info("classic").events == EVENTS
    # The simulator and the clients know the kinds by these type strings.
    assert [kind.type for kind in EVENTS] == [
        "cut", "deal", "hand", "discard", "starter", "heels", "peg", "say_go", "go",
        "last_card", "show", "crib", "declare", "muggins", "win",
    ]  # fmt: skip
    assert [kind.type for kind in EVENTS if kind.private] == ["hand", "discard"]


def test_every_kind_reads_back_from_its_json_in_every_variant(
    games: list[tuple[ClassicRules, list[GameEvent], list[ClassicState]]],
) -> None:
    seen: set[type[GameEvent]] = set()
    for _, events, _ in games:
        for event in events:
            data = json.loads(json.dumps(event.to_json()))
            assert type(event).from_json(data) == event
            assert event_from_json(EVENTS, data) == event
            seen.add(type(event))
    assert seen == set(EVENTS)


def test_a_seat_reads_only_what_it_may_know(
    games: list[tuple[ClassicRules, list[GameEvent], list[ClassicState]]],
) -> None:
    for rules, events, _ in games:
        for event in events:
            for viewer in range(rules.players):
                data = event.to_json(viewer)
                if isinstance(event, HandDealt | LaidAway) and viewer != event.seat:
                    assert data["card_count"] == len(event.cards)
                    assert {"cards", "text", "words"}.isdisjoint(data)
                elif isinstance(event, Declared):
                    # Even the declarer's view: what it missed is the opponents' to find.
                    assert {"missed", "words"}.isdisjoint(data)
                    assert data["text"] == event.text(full=False)
                else:
                    assert data == event.to_json()


def test_the_text_says_what_happened() -> None:
    cut = CutForDeal(cards=parse_cards("Th 7d"), seats=(0, 1), other=1, scores=(0, 0))
    assert cut.text() == "seat 0 cuts Th, seat 1 cuts 7d; seat 1 deals first"
    assert CutForDeal(cards=parse_cards("5h 5c"), seats=(0, 1)).text() == (
        "seat 0 cuts 5h, seat 1 cuts 5c"
    )
    pair = CardPlayed(seat=0, points=2, cards=parse_cards("Kh Ks"), count=20)
    assert pair.text() == "seat 0 plays Ks for 20: a pair for two (two points)"
    assert CardPlayed(seat=0, cards=parse_cards("Kh Ks"), count=20).words() == ""
    crib = CribShown(seat=0, cards=parse_cards("2h 4h 8h Qh"), starter=Card.parse("Kc"))
    assert crib.text() == "seat 0 shows crib 2h 4h 8h Qh with Kc: no points (nothing)"
    hand = HandShown(seat=0, points=4, cards=parse_cards("2h 4h 8h Qh"), starter=Card.parse("Kc"))
    assert hand.breakdown.flush_points == 4
    assert not crib.breakdown.flush_points
    taken = MugginsCalled(
        seat=0, points=2, cards=parse_cards("7h 8c"), kind="peg", other=1, scores=(2, 0)
    )
    assert (
        taken.text() == "seat 0 calls muggins and takes the two points seat 1 missed: fifteen two"
    )


def test_a_json_form_of_the_wrong_kind_or_shape_is_refused() -> None:
    played = CardPlayed(seat=1, cards=parse_cards("5h"), count=5).to_json()
    with pytest.raises(RecordError, match="a show event has type 'show', not 'peg'"):
        HandShown.from_json(played)
    with pytest.raises(RecordError, match="count is a whole number"):
        CardPlayed.from_json({**played, "count": "5"})
    with pytest.raises(RecordError, match="a peg event"):
        CardPlayed.from_json({key: v for key, v in played.items() if key != "count"})


#: The keys of a view's JSON (the observation clients were sent before the typed view).
VIEW_KEYS = {
    "game", "rules", "seat", "side", "sides", "phase", "deal", "dealer", "current_player",
    "scores", "target", "hand", "kept", "laid_away", "to_lay_away", "hand_counts",
    "laid_away_by", "crib_owner", "crib_count", "starter", "count", "pile", "played", "claim",
    "result", "past_deals", "past_laid_away",
}  # fmt: skip


def test_a_view_is_typed_and_its_json_is_what_a_client_is_sent(
    games: list[tuple[ClassicRules, list[GameEvent], list[ClassicState]]],
) -> None:
    claims = results = 0
    for rules, _, states in games:
        for state in states[::7] + states[-1:]:
            for seat in range(rules.players):
                view = state.observation(seat)
                assert isinstance(view, ClassicView)
                assert view.rules is rules
                assert all(type(c) is Card for c in (*view.hand, *view.pile, *view.kept))
                data = json.loads(json.dumps(view.to_json()))
                assert set(data) == VIEW_KEYS
                assert data["rules"] == rules.options()
                assert data["hand"] == [str(c) for c in view.hand]
                assert data["played"] == [[s, str(c)] for s, c in view.played]
                assert data["starter"] == (None if view.starter is None else str(view.starter))
                if view.claim is not None:
                    claims += 1
                    assert set(data["claim"]) == {"kind", "seat", "cards", "starter", "declared"}
                if view.result is not None:
                    results += 1
                    assert data["result"] == view.result.to_dict()
    assert claims
    assert results


def test_a_view_holds_the_finished_deals_as_the_table_saw_them(
    games: list[tuple[ClassicRules, list[GameEvent], list[ClassicState]]],
) -> None:
    """Each finished deal: its dealer, the cards played in order, the hands and crib shown (what
    the events showed everyone), and for each seat only what it laid away itself."""
    checked = 0
    for rules, events, states in games:
        shown: list[ShownDeal] = []
        laid: list[list[tuple[Card, ...]]] = []
        dealer = 0
        played: list[tuple[int, Card]] = []
        hands: dict[int, tuple[Card, ...]] = {}
        crib: tuple[Card, ...] = ()
        starter: Card | None = None
        for event in events:
            seat = -1 if event.seat is None else event.seat
            if isinstance(event, NewDeal):
                if hands:  # the deal before was shown whole
                    assert starter is not None
                    shown.append(
                        ShownDeal(dealer=dealer, starter=starter, played=tuple(played),
                                  hands=tuple(hands[s] for s in range(rules.players)), crib=crib)
                    )  # fmt: skip
                dealer, played, hands = seat, [], {}
                laid.append([()] * rules.players)
            elif isinstance(event, LaidAway):
                laid[-1][seat] = event.cards
            elif isinstance(event, CardPlayed):
                played.append((seat, event.cards[-1]))
            elif isinstance(event, HandShown):
                hands[seat], starter = event.cards, event.starter
            elif isinstance(event, CribShown):
                crib = event.cards
        final = states[-1]
        done = len(final.past_deals)
        for seat in range(rules.players):
            view = final.observation(seat)
            assert list(view.past_deals) == shown[:done]
            assert list(view.past_laid_away) == [laid[d][seat] for d in range(done)]
            assert ClassicView.from_json(json.loads(json.dumps(view.to_json()))) == view
        watching = final.observation(-1)
        assert watching.past_deals == final.past_deals
        assert watching.past_laid_away == ()
        # A deal's record appears once the deal is over, never while it is played.
        assert all(len(s.past_deals) == s.deal_no for s in states if not s.is_terminal)
        checked += done
    assert checked

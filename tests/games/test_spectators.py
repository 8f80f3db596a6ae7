"""The spectator's view (``observation(SPECTATOR)``) and events, game by game: what every seat
sees, and nothing any seat keeps to itself. The conformance test checks every step of random
games the same way (:func:`tests.games.test_conformance.check_spectator`)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from cribkit.games import start
from cribkit.games.classic.events import Declared, HandDealt, HandShown, LaidAway
from cribkit.games.classic.state import ClassicState
from cribkit.games.classic.view import ClassicView
from cribkit.games.errors import GameError
from cribkit.games.events import GameEvent
from cribkit.games.protocol import SPECTATOR, GameState, check_viewer, is_spectator
from cribkit.games.solitaire.state import SolitaireState
from cribkit.games.solitaire.view import SolitaireView
from cribkit.games.tabletop.state import TableTopState
from cribkit.games.tabletop.view import TableTopView
from cribkit.games.tiles.events import TilesDrawn
from cribkit.games.tiles.rules import tile_text
from cribkit.games.tiles.state import TilesState
from cribkit.games.tiles.view import TilesView

from .hidden import card_texts, event_leaks, forbidden, tiles_unseen, view_json, view_leaks


def _play(
    spec: str, seed: int, until: Callable[[Any, list[GameEvent]], bool], *, most: int = 2000
) -> tuple[Any, list[GameEvent]]:
    """Random legal play from the start of ``spec`` until ``until(state, events)``; the state
    and every event so far."""
    transition = start(spec, seed=seed)
    state: Any = transition.state
    events = list(transition.events)
    rng = random.Random(seed)
    for _ in range(most):
        if until(state, events):
            return state, events
        legal = state.legal_actions()
        assert not state.is_terminal, f"{spec} ended before the moment wanted"
        assert legal, f"{spec} waits for a deck"
        transition = state.apply(rng.choice(legal))
        state = transition.state
        events.extend(transition.events)
    raise AssertionError(f"{spec}: the moment wanted never came")


# -- the protocol --------------------------------------------------------------------------------


def test_spectator_is_no_seat() -> None:
    assert SPECTATOR == -1
    assert is_spectator(-1)
    assert not is_spectator(0)
    assert not is_spectator(-1.0)
    assert not is_spectator(None)
    assert check_viewer(SPECTATOR, 2) == SPECTATOR
    assert check_viewer(1, 2) == 1


@pytest.mark.parametrize(
    ("spec", "seats"),
    [
        ("classic", 2),
        ("classic:players=3", 3),
        ("classic:players=4", 4),
        ("tabletop", 2),
        ("tabletop:players=4", 4),
        ("solitaire", 1),
        ("tiles", 2),
        ("tiles:solitaire=true", 2),
    ],
)
def test_only_seats_and_the_spectator_are_viewers(spec: str, seats: int) -> None:
    state: GameState = start(spec, seed=5).state
    assert state.observation(SPECTATOR).seat == SPECTATOR
    for seat in range(seats):
        assert state.observation(seat).seat == seat
    # -2, past the last seat, minus the seat count (hands[-n] is seat 0's), -1.0, a bool.
    for wrong in [-2, -seats - 1, -seats if seats > 1 else -2, seats, seats + 1, -1.0, True]:
        with pytest.raises(GameError):
            state.observation(wrong)  # type: ignore[arg-type]
    assert state.current_player != SPECTATOR


# -- classic -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_classic_spectator_sees_no_hand_while_laying_away(players: int) -> None:
    spec = f"classic:players={players}"
    state, events = _play(spec, 3, lambda s, e: any(isinstance(x, LaidAway) for x in e))
    assert isinstance(state, ClassicState)
    assert state.phase == "discard"
    view = state.observation(SPECTATOR)
    assert isinstance(view, ClassicView)
    assert (view.hand, view.kept, view.laid_away, view.to_lay_away) == ((), (), (), 0)
    assert view.side == SPECTATOR
    assert view.hand_counts == tuple(h.bit_count() for h in state.hands)
    assert view.crib_count == state.crib.bit_count() > 0
    assert len(view.laid_away_by) == 1
    # Every card held or in the crib (the three-player crib card from the deck too) is hidden.
    text = str(view.to_json())
    for card in card_texts(state.crib | _or(state.hands)):
        assert f"'{card}'" not in text
    assert not view_leaks(state, SPECTATOR)
    for event in events:
        shown = event.to_json(SPECTATOR)
        if isinstance(event, HandDealt | LaidAway):
            assert "cards" not in shown
            assert shown["card_count"] == len(event.cards)
        assert not event_leaks(event, SPECTATOR)


def test_classic_spectator_is_not_the_last_seat() -> None:
    """``hands[-1]`` would be the last seat's hand: the spectator must not be given it."""
    state = start("classic:players=3", seed=8).state
    assert isinstance(state, ClassicState)
    last = state.observation(2)
    watching = state.observation(SPECTATOR)
    assert isinstance(last, ClassicView)
    assert isinstance(watching, ClassicView)
    assert last.hand
    assert not watching.hand
    assert watching.side != last.side


def test_classic_spectator_sees_the_shown_hands() -> None:
    state, _ = _play(
        "classic:manual_counting=true",
        4,
        lambda s, e: s.claim is not None and s.claim.kind == "show",
    )
    view = state.observation(SPECTATOR)
    seat_view = state.observation(0)
    assert view.claim is not None
    assert view.claim == seat_view.claim
    assert len(view.claim.cards) == 4
    # The cards played, the shown hands among them, are on the table for everyone.
    assert view.played == seat_view.played
    assert len(view.played) == 8
    assert not view_leaks(state, SPECTATOR)
    # The crib is still face down (manual counting): each seat knows its own two cards of it,
    # the spectator none.
    assert forbidden(state, SPECTATOR) == forbidden(state, 0) | forbidden(state, 1)
    assert card_texts(state.crib) <= forbidden(state, SPECTATOR)


def test_classic_spectator_reads_the_show_and_not_what_was_missed() -> None:
    _, events = _play(
        "classic:muggins=true",
        6,
        lambda s, e: (
            any(isinstance(x, Declared) and x.missed for x in e)
            and any(isinstance(x, HandShown) for x in e)
        ),
        most=5000,
    )
    for event in events:
        shown = event.to_json(SPECTATOR)
        if isinstance(event, Declared):
            assert "missed" not in shown
        if isinstance(event, HandShown):
            assert shown["cards"] == [str(c) for c in event.cards]
        assert not event_leaks(event, SPECTATOR)


def test_a_planted_classic_leak_is_caught() -> None:
    state = start("classic", seed=11).state
    assert isinstance(state, ClassicState)
    view = state.observation(SPECTATOR)
    seat_view = state.observation(1)
    assert isinstance(view, ClassicView)
    assert isinstance(seat_view, ClassicView)
    assert not view_leaks(state, SPECTATOR)
    planted = replace(view, hand=seat_view.hand).to_json()
    assert view_leaks(state, SPECTATOR, planted) == {str(c) for c in seat_view.hand}
    # Seat 1's own view is no leak to seat 1, but it is to a spectator.
    assert not view_leaks(state, 1, seat_view.to_json())
    assert view_leaks(state, SPECTATOR, seat_view.to_json())
    dealt = next(e for e in start("classic", seed=11).events if isinstance(e, HandDealt))
    assert not event_leaks(dealt, SPECTATOR)
    leaky = _LeakyDeal(seat=dealt.seat, cards=dealt.cards)
    assert event_leaks(leaky, SPECTATOR) == {f'"{c}"' for c in dealt.cards}


@dataclass(frozen=True, slots=True, kw_only=True)
class _LeakyDeal(HandDealt):
    """A hand dealt that forgets to hide its cards from other viewers."""

    def json_fields(self, viewer: int | None) -> dict[str, Any]:
        return GameEvent.json_fields(self, None)


# -- Table Top -----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_tabletop_spectator_sees_the_table(players: int) -> None:
    state, _ = _play(f"tabletop:players={players}", 2, lambda s, e: s.placed >= 5)
    assert isinstance(state, TableTopState)
    view = state.observation(SPECTATOR)
    seat_view = state.observation(0)
    assert isinstance(view, TableTopView)
    assert isinstance(seat_view, TableTopView)
    assert view.side == SPECTATOR
    assert view.my_lines is None
    assert replace(view, seat=0, side=seat_view.side) == seat_view
    data = view.to_json()
    assert data["seat"] == SPECTATOR
    assert data["my_lines"] is None
    assert data["grid"] == seat_view.to_json()["grid"]
    assert not view_leaks(state, SPECTATOR)


# -- Solitaire -----------------------------------------------------------------------------------


def test_solitaire_spectator_sees_what_the_one_player_sees() -> None:
    state, events = _play("solitaire", 9, lambda s, e: s.round_no >= 2)
    assert isinstance(state, SolitaireState)
    view = state.observation(SPECTATOR)
    assert isinstance(view, SolitaireView)
    assert replace(view, seat=0) == state.observation(0)
    assert SolitaireView.from_json(view.to_json()) == view
    assert view.crib_face_down == 2
    # Neither the face-down crib nor the stock (but its seen bottom) is in it.
    assert forbidden(state, SPECTATOR) == forbidden(state, 0)
    assert not view_leaks(state, SPECTATOR)
    assert all(not event_leaks(e, SPECTATOR) for e in events)


# -- Tiles ---------------------------------------------------------------------------------------


def test_tiles_spectator_holds_no_rack_and_has_seen_none() -> None:
    state, events = _play("tiles", 3, lambda s, e: sum(p >= 0 for p in s.board.cells) >= 6)
    assert isinstance(state, TilesState)
    view = state.observation(SPECTATOR)
    assert isinstance(view, TilesView)
    assert view.rack == ()
    assert view.racks is None
    assert view.colour is None
    assert view.bag_size == sum(view.bag_sizes) == len(state.bags[0])
    assert view.rack_sizes == tuple(len(r) for r in state.racks)
    assert view.opponents() == [0, 1]
    # Unseen: every rack and the bag together, not seat 0's unseen (which leaves its rack out).
    expected: Counter[int] = Counter()
    for rack in state.racks:
        expected.update(rack)
    for bag in state.bags:
        expected.update(bag)
    assert Counter(view.unseen) == expected
    assert view.to_json()["unseen"] == tiles_unseen(state, SPECTATOR)
    seat_unseen = Counter(state.observation(0).unseen)
    assert Counter(view.unseen) - seat_unseen == Counter(state.racks[0])
    assert TilesView.from_json(view.to_json()) == view
    assert not view_leaks(state, SPECTATOR)
    for event in events:
        if isinstance(event, TilesDrawn):
            shown = event.to_json(SPECTATOR)
            assert "tiles" not in shown
            assert shown["tile_count"] == len(event.tiles)
        assert not event_leaks(event, SPECTATOR)


def test_a_planted_tiles_leak_is_caught() -> None:
    state = start("tiles", seed=4).state
    assert isinstance(state, TilesState)
    view = state.observation(SPECTATOR)
    assert isinstance(view, TilesView)
    assert not view_leaks(state, SPECTATOR)
    planted = replace(view, rack=state.racks[1]).to_json()
    assert view_leaks(state, SPECTATOR, planted) == {tile_text(t) for t in state.racks[1]}
    # Seat 0's unseen, given to a spectator, would tell seat 0's rack by difference.
    seat_unseen = state.observation(0).to_json()["unseen"]
    assert seat_unseen != tiles_unseen(state, SPECTATOR)


def test_tiles_solitaire_racks_are_public() -> None:
    state, events = _play("tiles:solitaire=true", 2, lambda s, e: len(e) > 6)
    assert isinstance(state, TilesState)
    view = state.observation(SPECTATOR)
    assert isinstance(view, TilesView)
    assert view.racks == state.racks
    assert view.rack == ()
    assert view.colour is None
    assert view.bag_size == sum(len(b) for b in state.bags)
    assert view.opponents() == []
    expected: Counter[int] = Counter()
    for bag in state.bags:
        expected.update(bag)
    assert Counter(view.unseen) == expected
    for event in events:
        if isinstance(event, TilesDrawn):
            assert event.to_json(SPECTATOR)["tiles"] == [tile_text(t) for t in event.tiles]
    assert not view_leaks(state, SPECTATOR)


def test_the_spectator_view_is_json() -> None:
    for spec in ("classic:players=4", "tabletop", "solitaire", "tiles"):
        state = start(spec, seed=1).state
        data = view_json(state, SPECTATOR)
        assert data["seat"] == SPECTATOR


def _or(masks: Any) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out

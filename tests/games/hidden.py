"""What a seat may not know, and where every card or tile is, worked out from a game's true
state (tests only: they read the engines' fields, which no interface may).

:func:`forbidden` gives the cards (as text) that ``seat`` may not see in the state: the other
seats' hands and racks, the crib before the show, the undealt deck, the stock and the bags.
For :data:`~cribkit.games.protocol.SPECTATOR` it is what any seat may not know: every hand and
rack, the crib and the cards laid away before the show, the deck, the stock and the bags.
:func:`view_leaks` and :func:`event_leaks` find those in a view or an event's JSON;
:func:`tiles_unseen` is what a Tiles view's ``unseen`` must count. :func:`census` checks that no
card or tile was lost or made twice.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cribkit.core.cards import DECK_SIZE, Card
from cribkit.games.events import GameEvent
from cribkit.games.protocol import SPECTATOR, GameState


def card_texts(mask: int) -> set[str]:
    """The cards of a bit mask, as text."""
    return {str(Card(i)) for i in range(DECK_SIZE) if mask >> i & 1}


def view_json(state: GameState, seat: int) -> dict[str, Any]:
    """The JSON of a seat's view."""
    view: Any = state.observation(seat)
    return view if isinstance(view, dict) else dict(view.to_json())


def _classic(state: Any, seat: int) -> set[str]:
    # A spectator (-1) is no seat: every seat is another, and it laid nothing away.
    others = [s for s in range(state.rules.players) if s != seat]
    own_laid = 0 if seat == SPECTATOR else state.laid[seat]
    hidden: set[str] = set()
    for other in others:
        hidden |= card_texts(state.hands[other])  # held, not yet played or shown
    # With manual counting the crib stays face down through the declarations of the hands.
    crib_down = state.phase in ("discard", "play") or (
        state.phase in ("declare", "muggins") and state.show_step <= state.rules.players
    )
    if crib_down and not state.is_terminal:
        # The crib, but for the seat's own cards (three players: one card from the deck).
        hidden |= card_texts(state.crib & ~own_laid)
        for other in others:
            hidden |= card_texts(state.laid[other])
    dealt: set[str] = card_texts(state.crib)
    for s in range(state.rules.players):
        dealt |= card_texts(state.hands[s] | state.kept[s] | state.laid[s])
    dealt |= {str(card) for _, card in state.played}
    known_starter = {str(state.starter)} if state.starter is not None else set()
    return hidden | ({str(c) for c in state.deck} - dealt - known_starter)


def _tabletop(state: Any, seat: int) -> set[str]:
    on_table = {str(Card(c)) for c in state.grid if c >= 0}
    turned = view_json(state, seat).get("turned")
    return {str(c) for c in state.deck} - on_table - {turned}


def _solitaire(state: Any, seat: int) -> set[str]:
    unseen = state.stock[: len(state.stock) - state.known_bottom]
    return {str(c) for c in unseen} | {str(c) for c in state.crib_down}


def _tiles(state: Any, seat: int) -> set[str]:
    from cribkit.games.tiles.rules import tile_text

    hidden: set[str] = set()
    seen: set[str] = set()
    for other in range(state.rules.players):
        rack = set(view_json(state, other)["rack"])
        # With solitaire one person holds both racks (a spectator sees them too); a spectator
        # (-1) is no seat and holds none.
        if other == seat or state.rules.solitaire:
            seen |= rack
        else:
            hidden |= rack
    for bag in state.bags:
        hidden |= {tile_text(tile) for tile in bag}
    view = view_json(state, seat)
    board = {str(cell).rpartition("=")[2] for row in view["board"] for cell in row if cell}
    # A tile of the same name that the seat holds or sees on the board is no secret.
    return hidden - board - seen


_FORBIDDEN = {"classic": _classic, "tabletop": _tabletop, "solitaire": _solitaire, "tiles": _tiles}


def forbidden(state: GameState, seat: int) -> set[str]:
    """The cards or tile names ``seat`` (or :data:`SPECTATOR`) may not see in ``state``."""
    return _FORBIDDEN[state.rules.GAME](state, seat)


def tiles_unseen(state: GameState, seat: int) -> dict[str, int]:
    """What a Tiles view's ``unseen`` must be for ``seat`` (or :data:`SPECTATOR`), from the
    true state: the count of each tile on no rack the seat sees, in a bag or on a rack it does
    not (for a spectator every rack but with ``solitaire``, and every bag)."""
    from cribkit.games.tiles.rules import tile_text

    s: Any = state
    counts: Counter[str] = Counter()
    for other, rack in enumerate(s.racks):
        if other != seat and not s.rules.solitaire:
            counts.update(tile_text(t) for t in rack)
    for bag in s.bags:
        counts.update(tile_text(t) for t in bag)
    return dict(counts)


def pop_past_deals(message: dict[str, Any], state: GameState, seat: int) -> None:
    """Take a classic view's finished deals out of a message's ``observation`` (if it has one),
    after checking that they are the game's public record of its shows
    (``tests/games/test_classic_events.py`` checks that record against the show) and that the
    seat's own lay-aways are its own: their cards are dealt again, so the card-by-card checks of
    the deal being played leave them out."""
    view = message.get("observation")
    if not isinstance(view, dict) or "past_deals" not in view:
        return
    s: Any = state
    assert view.pop("past_deals") == [deal.to_json() for deal in s.past_deals]
    own = [] if seat == SPECTATOR else [[str(c) for c in laid] for laid in s.past_laid[seat]]
    assert view.pop("past_laid_away") == own


def view_leaks(state: GameState, seat: int, view: dict[str, Any] | None = None) -> set[str]:
    """The cards or tiles of :func:`forbidden` that ``view`` (``seat``'s view's JSON unless
    given) names. Tiles' ``unseen`` is left out: it names tiles as keys, with counts."""
    view = dict(view_json(state, seat) if view is None else view)
    view.pop("unseen", None)
    # Classic's finished deals were shown whole, and their cards are dealt again: what may
    # be in them is checked against the show (tests/games/test_classic_events.py).
    view.pop("past_deals", None)
    view.pop("past_laid_away", None)
    text = json.dumps(view, ensure_ascii=False)
    return {card for card in forbidden(state, seat) if f'"{card}"' in text}


def event_leaks(event: GameEvent, viewer: int) -> set[str]:
    """What ``event.to_json(viewer)`` tells ``viewer`` that it may not know: the items of a
    secret field of an event hidden from it, and the fields only the record may see."""
    shown = event.to_json(viewer)
    leaks = {name for name in event.record_only if name in shown}
    if not event.hidden_from(viewer):
        return leaks
    text = json.dumps(shown, ensure_ascii=False)
    record = event.to_json()
    secrets = {
        json.dumps(item, ensure_ascii=False)
        for name in event.secret
        for item in record.get(name) or ()
    }
    return leaks | {item for item in secrets if item in text}


def census(state: GameState) -> None:
    """Assert that every card or tile of the game is in exactly one place."""
    game = state.rules.GAME
    s: Any = state
    if game == "classic":
        places = [*s.hands, s.crib]
        assert sum(p.bit_count() for p in places) == ((mask := _or(places)).bit_count()), (
            "a card is in two hands"
        )
        played = 0
        for _, card in s.played:
            assert not played >> card & 1, f"{Card(card)} was played twice"
            played |= 1 << card
        assert not played & mask, "a card played is still held"
        kept = _or(s.kept)
        assert played & ~kept == 0, "a card played was not kept"
        if s.starter is not None:
            assert not (mask | played) >> s.starter & 1, "the starter is in a hand"
        assert set(map(int, s.deck)) == set(range(DECK_SIZE))
    elif game == "tabletop":
        cards = [c for c in s.grid if c >= 0]
        assert len(cards) == len(set(cards)), "a card is twice on the table"
        assert set(cards) <= set(map(int, s.deck))
    elif game == "solitaire":
        seen = [*s.hand, *s.crib_down, *s.stock]
        assert len(seen) == len(set(seen)), "a card is in two places"
    else:
        from cribkit.games.tiles.board import EMPTY
        from cribkit.games.tiles.rules import full_set, piece_tile

        counts: Counter[int] = Counter(piece_tile(p) for p in s.board.cells if p != EMPTY)
        for rack in s.racks:
            counts.update(rack)
        for bag in s.bags:
            counts.update(bag)
        assert counts == Counter(full_set()), "a tile was lost or made twice"


def _or(masks: Any) -> int:
    out = 0
    for mask in masks:
        out |= mask
    return out

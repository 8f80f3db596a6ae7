"""What a seat may not know, and where every card or tile is, worked out from a game's true
state (tests only: they read the engines' fields, which no interface may).

:func:`forbidden` gives the cards (as text) that ``seat`` may not see in the state: the other
seats' hands and racks, the crib before the show, the undealt deck, the stock and the bags.
:func:`census` checks that no card or tile was lost or made twice.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cribkit.core.cards import DECK_SIZE, Card
from cribkit.games.protocol import GameState


def card_texts(mask: int) -> set[str]:
    """The cards of a bit mask, as text."""
    return {str(Card(i)) for i in range(DECK_SIZE) if mask >> i & 1}


def view_json(state: GameState, seat: int) -> dict[str, Any]:
    """The JSON of a seat's view."""
    view: Any = state.observation(seat)
    return view if isinstance(view, dict) else dict(view.to_json())


def _classic(state: Any, seat: int) -> set[str]:
    others = [s for s in range(state.rules.players) if s != seat]
    hidden: set[str] = set()
    for other in others:
        hidden |= card_texts(state.hands[other])  # held, not yet played or shown
    if state.phase in ("discard", "play") and not state.is_terminal:
        # The crib, but for the seat's own cards (three players: one card from the deck).
        hidden |= card_texts(state.crib & ~state.laid[seat])
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
        # With solitaire one person holds both racks.
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
    """The cards or tile names ``seat`` may not see in ``state``."""
    return _FORBIDDEN[state.rules.GAME](state, seat)


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

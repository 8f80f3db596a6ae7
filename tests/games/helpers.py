"""Helpers for the game tests: stacked decks, hand-built records, random play."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import ClassicState
from cribkit.games.events import GameEvent
from cribkit.games.records import Replay, replay

E = TypeVar("E", bound=GameEvent)


def deck(
    rules: ClassicRules,
    dealer: int,
    hands: Mapping[int, str],
    starter: str,
    crib_card: str | None = None,
) -> list[str]:
    """A stacked deck as the card text a record holds."""
    cards = stacked_deck(rules, dealer=dealer, hands=hands, starter=starter, crib_card=crib_card)
    return [str(c) for c in cards]


def plays(*moves: str) -> list[dict[str, Any]]:
    """Play actions from ``"seat card"`` strings, e.g. ``plays("1 7h", "0 Kc")``."""
    out: list[dict[str, Any]] = []
    for move in moves:
        seat, card = move.split()
        out.append({"type": "play", "seat": int(seat), "card": card})
    return out


def discards(**by_seat: str) -> list[dict[str, Any]]:
    """Discard actions, e.g. ``discards(s1="As 2s", s0="3c 4c")`` in the order given."""
    return [
        {"type": "discard", "seat": int(key[1:]), "cards": cards.split()}
        for key, cards in by_seat.items()
    ]


def record(
    rules: ClassicRules,
    decks: Sequence[list[str]],
    actions: Sequence[dict[str, Any]],
    *,
    first_dealer: int = 0,
    start_scores: Sequence[int] | None = None,
) -> dict[str, Any]:
    """A hand-built classic record with explicit decks."""
    out: dict[str, Any] = {
        "game": "classic",
        "rules": rules.options(),
        "decks": list(decks),
        "first_dealer": first_dealer,
        "actions": list(actions),
    }
    if start_scores is not None:
        out["start_scores"] = list(start_scores)
    return out


def classic(replayed: Replay) -> ClassicState:
    """The final state of a replayed classic record."""
    assert isinstance(replayed.state, ClassicState)
    return replayed.state


def of_kind(replayed: Replay | Sequence[GameEvent], *kinds: type[E]) -> list[E]:
    """The events (of a replay, or given) of the given kinds, in order."""
    events = replayed.events if isinstance(replayed, Replay) else replayed
    return [e for e in events if isinstance(e, kinds)]


def summary(replayed: Replay, *types: str) -> list[tuple[str, int | None, int]]:
    """(type, seat, points) of the events of the given types (all scoring events if none)."""
    wanted = types or ("peg", "go", "last_card", "heels", "show", "crib", "declare", "muggins")
    return [(e.type, e.seat, e.points) for e in replayed.events if e.type in wanted]


def play_random(
    state: ClassicState, rng: random.Random, *, limit: int = 100_000
) -> tuple[ClassicState, list[GameEvent]]:
    """Play random legal actions to the end; the final state and every event."""
    events: list[GameEvent] = []
    for _ in range(limit):
        if state.current_player is None:  # over, or out of explicit decks
            break
        transition = state.apply(rng.choice(state.legal_actions()))
        state = transition.state
        events.extend(transition.events)
    return state, events


__all__ = [
    "classic",
    "deck",
    "discards",
    "of_kind",
    "play_random",
    "plays",
    "record",
    "replay",
    "summary",
]

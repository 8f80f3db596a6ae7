"""Every registered game, every rules variant, the same checks (OpenSpiel's random-simulation
test is the model).

A variant is the default rules and, one option at a time, every other value each option takes
(those the rules refuse together are left out). Random legal play, and after every step:

- each legal action passes ``verify``; the state says whose turn it is;
- every card or tile is in exactly one place (:func:`hidden.census`);
- scores fall only by an event of negative points (Tiles' deductions and false calls);
- every event round-trips through its JSON form, its kind found in the game's registry;
- every view is JSON and holds no card that seat may not know (:func:`hidden.forbidden`), and
  no private event of another seat tells it what the event hides, nor any event what only the
  record may know; Tiles' ``unseen`` counts exactly the tiles the seat has not seen;
- the same for a spectator (``SPECTATOR``), who may know nothing private of any seat;
- at the end, the record replays to the same events and the same result, and its verifiable
  record (with the decks as dealt) verifies; one game of each variant is dealt from a fair
  seed.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import MISSING, fields
from typing import Any

import pytest

from cribkit.games import game_info, games, lookup, start
from cribkit.games.chance import FAIR_PREFIX
from cribkit.games.errors import GameError
from cribkit.games.events import event_from_json
from cribkit.games.protocol import SPECTATOR
from cribkit.games.records import replay
from cribkit.games.verification import verifiable_record, verify_record

from .hidden import census, event_leaks, forbidden, tiles_unseen, view_json, view_leaks

#: Random games per variant, and the most actions played in one.
GAMES = {"classic": 2, "tabletop": 2, "solitaire": 4, "tiles": 1}
MOST_ACTIONS = 400


def variants() -> list[str]:
    """The default rules of every game, then each option's other values one at a time."""
    specs: list[str] = []
    for name in games():
        rules_type = game_info(name).rules_type
        specs.append(name)
        for f in fields(rules_type):
            default = f.default if f.default is not MISSING else None
            choices = f.metadata.get("choices") or (
                (True, False) if isinstance(default, bool) else ()
            )
            for value in choices:
                if value == default:
                    continue
                text = ("true" if value else "false") if isinstance(value, bool) else str(value)
                spec = f"{name}:{f.name}={text}"
                try:
                    lookup(spec)
                except GameError:
                    continue  # an option that needs another (muggins needs manual counting...)
                specs.append(spec)
    return specs


def _event_text(event: Any, viewer: int | None) -> str:
    return json.dumps(event.to_json(viewer), ensure_ascii=False)


def check_step(state: Any, events: Any, before: Any) -> None:
    info = game_info(state.rules.GAME)
    census(state)
    for event in events:
        again = event_from_json(info.events, event.to_json())
        assert again == event, f"{event!r} does not round-trip: {again!r}"
    if before is not None:
        negative = any(e.points < 0 for e in events)
        assert negative or all(a >= b for a, b in zip(state.scores, before.scores, strict=True)), (
            f"scores fell from {before.scores} to {state.scores}"
        )
    for seat in range(state.rules.seats):
        view = view_json(state, seat)
        leaks = view_leaks(state, seat, view)
        assert not leaks, f"seat {seat}'s view shows {sorted(leaks)}: {json.dumps(view)[:300]}"
        if state.rules.GAME == "tiles":
            assert view["unseen"] == tiles_unseen(state, seat), f"seat {seat}'s unseen"
        for event in events:
            leaks = event_leaks(event, seat)
            assert not leaks, f"seat {seat} is told {sorted(leaks)} by {_event_text(event, seat)}"
    check_spectator(state, events)
    if not state.is_terminal:
        seat = state.current_player
        assert seat is None or 0 <= seat < state.rules.seats
        legal = state.legal_actions()
        for action in legal[:30]:
            state.verify(action)


def check_spectator(state: Any, events: Any) -> None:
    """The spectator's view and events: JSON, nothing any seat keeps to itself (a card of
    :func:`hidden.forbidden` for SPECTATOR, which holds every seat's), no event's secret."""
    view = view_json(state, SPECTATOR)
    json.dumps(view, ensure_ascii=False)
    assert view["seat"] == SPECTATOR
    hidden = forbidden(state, SPECTATOR)
    for seat in range(state.rules.seats):
        assert forbidden(state, seat) <= hidden, f"seat {seat} may not know more than a spectator"
    leaks = view_leaks(state, SPECTATOR, view)
    assert not leaks, f"the spectator's view shows {sorted(leaks)}: {json.dumps(view)[:300]}"
    if state.rules.GAME == "tiles":
        assert view["unseen"] == tiles_unseen(state, SPECTATOR), "the spectator's unseen"
    for event in events:
        if any(event.hidden_from(seat) for seat in range(state.rules.seats)):
            assert event.hidden_from(SPECTATOR), f"a spectator sees {event!r}"
        assert event.reveals_to(SPECTATOR) == (
            event.reveals == "others"
            or (event.reveals == "everyone" and not event.hidden_from(SPECTATOR))
        )
        leaks = event_leaks(event, SPECTATOR)
        assert not leaks, f"a spectator is told {sorted(leaks)} by {_event_text(event, SPECTATOR)}"


@pytest.mark.parametrize("spec", variants())
def test_random_play_keeps_the_rules(spec: str) -> None:
    game = spec.partition(":")[0]
    fair = FAIR_PREFIX + hashlib.sha256(spec.encode()).hexdigest()
    seeds: list[int | str] = [*range(GAMES[game] - 1), fair]
    for seed in seeds:
        transition = start(spec, seed=seed)
        state = transition.state
        every = list(transition.events)
        check_step(state, transition.events, None)
        rng = random.Random(seed)
        for _ in range(MOST_ACTIONS):
            legal = state.legal_actions()
            if state.is_terminal or not legal:
                break
            before = state
            transition = state.apply(rng.choice(legal))
            state = transition.state
            every.extend(transition.events)
            check_step(state, transition.events, before)
        again = replay(state.record())
        assert [e.to_json() for e in again.events] == [e.to_json() for e in every]
        assert again.result == state.result
        check = verify_record(verifiable_record(state))
        assert check.ok, check.summary()


def test_every_game_has_variants_and_event_kinds() -> None:
    specs = variants()
    for name in games():
        info = game_info(name)
        assert name in specs
        assert info.events, f"{name} lists no event kinds"
        types = [kind.type for kind in info.events]
        assert len(types) == len(set(types)), f"{name} has two kinds of one type"
    assert len(specs) >= 25

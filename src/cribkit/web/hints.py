"""Hints (the expert's choice for a seat, and why) and Tiles score previews.

A hint is worked out from the seat's own view: the expert sees the seat's observation and its
legal actions, and the explanation names only what the seat may know (its own cards, the
count on the table), never what the action would reveal next (a starter, a card turned).
"""

from __future__ import annotations

from typing import Any

from cribkit.ai.players import make_player
from cribkit.games.protocol import Action, GameState


def hint(state: GameState, seat: int, seed: int) -> dict[str, Any]:
    """``{"action", "text"}`` and, for a two-player classic discard, ``table``: the discard
    analysis rows, best first."""
    game = state.rules.GAME
    expert = make_player(game, "expert", seed=seed)
    action = expert.choose(state.observation(seat), state.legal_actions())
    out: dict[str, Any] = {"action": action.to_dict()}
    if game == "classic" and action.action_type == "discard":
        out.update(_discard_hint(state, seat, action))
    elif game == "tiles" and action.action_type == "play_tiles":
        score = state.preview(action)  # type: ignore[attr-defined]
        words = "; ".join(_score_words(score))
        notation = state.notation(action)  # type: ignore[attr-defined]
        out["text"] = f"play {notation} for {score.points}" + (f": {words}" if words else "")
    else:
        out["text"] = _describe(state, action, seat)
    return out


def _discard_hint(state: GameState, seat: int, action: Action) -> dict[str, Any]:
    observation = state.observation(seat)
    hand = observation["hand"]
    dealer = observation["dealer"] == seat
    laid = " ".join(action.to_dict()["cards"])
    if len(hand) != 6:
        return {"text": f"lay away {laid}"}
    from cribkit.ai.crib_table import TableCribModel
    from cribkit.core.analysis import analyse_discards
    from cribkit.core.cards import Card

    options = analyse_discards(
        [Card.parse(c) for c in hand], dealer=dealer, crib_model=TableCribModel()
    )
    rows = [option.to_dict() for option in options]
    chosen = next((r for r in rows if " ".join(r["discard"]) == laid), rows[0])
    sign = "+" if dealer else "-"
    text = (
        f"lay away {laid} and keep {' '.join(chosen['keep'])}: the hand averages "
        f"{chosen['hand_mean']:.2f} over the 46 starters, the crib {sign}{chosen['crib_mean']:.2f} "
        f"({'your' if dealer else 'their'} crib), net {chosen['net_mean']:+.2f}"
    )
    return {"text": text, "table": rows}


def _describe(state: GameState, action: Action, seat: int) -> str:
    form = action.to_dict()
    kind = form["type"]
    if kind == "play":
        text = f"play {form['card']}"
        # The points of one's own card laid on the count are public the moment it is laid.
        events = state.apply(action).events
        words = [e.words() for e in events if e.seat == seat and e.type == "peg" and e.points]
        return text + (f": {words[0]}" if words and words[0] else "")
    if kind == "discard":
        return f"lay away {' '.join(form['cards'])}"
    if kind == "place":
        return f"place {state.observation(seat).get('turned')} on {form['cell']}"
    if kind == "declare":
        return f"declare {form['points']}"
    if kind == "exchange":
        return f"exchange {' '.join(form['tiles'])}"
    return str(kind).replace("_", " ")


def _score_words(score: Any) -> list[str]:
    words = [f"{h.name}: {h.breakdown.words() or 'nothing'}" for h in score.hands]
    words.extend(b.words() for b in score.bonuses)
    return words


def tiles_preview(state: GameState, action: Action) -> dict[str, Any]:
    """``{"action", "points", "words", "events"}``: what a Tiles play would score, hand by hand
    (``events`` are ``{"type": "hand", "name", "points", "words", "main"}`` and
    ``{"type": "bonus", "kind", "points", "words"}``); raises like ``verify``."""
    score = state.preview(action)  # type: ignore[attr-defined]
    events: list[dict[str, Any]] = [
        {
            "type": "hand",
            "name": h.name,
            "points": h.points,
            "words": h.breakdown.words(),
            "main": h.main,
        }
        for h in score.hands
    ]
    events.extend(
        {"type": "bonus", "kind": b.kind, "points": b.points, "words": b.words()}
        for b in score.bonuses
    )
    return {
        "action": action.to_dict(),
        "points": score.points,
        "words": _score_words(score),
        "events": events,
    }

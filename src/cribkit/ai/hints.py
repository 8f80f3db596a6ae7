"""Hints (the expert's choice for a seat, and why), move previews, and the best total a
finished Solitaire deal allowed: what the interfaces offer where a game declares it
(:class:`~cribkit.games.protocol.GameInfo`), worked out here, above the games.

A hint is worked out from the seat's own view: the expert sees the seat's view and its legal
actions, and the explanation names only what the seat may know (its own cards, the count on
the table), never what the action would reveal next (a starter, a card turned).

>>> from cribkit.games import start
>>> state = start("classic", seed=42).state
>>> sorted(hint(state, state.current_player, seed=1))
['action', 'table', 'text']
"""

from __future__ import annotations

from typing import Any, cast

from cribkit.ai.players import make_player
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import Action, GameState, Previewing, game_info, legal_actions_for
from cribkit.games.solitaire.state import SolitaireState
from cribkit.games.tabletop.view import TableTopView
from cribkit.games.tiles.state import TilesState


def hint(state: GameState, seat: int, seed: int) -> dict[str, Any]:
    """``{"action", "text"}`` and, for a classic lay-away of six cards, ``table``: the discard
    analysis rows, best first."""
    view = state.observation(seat)
    action = make_player(state.rules.GAME, "expert", seed=seed).choose(
        view, legal_actions_for(state, seat)
    )
    out: dict[str, Any] = {"action": action.to_dict()}
    form = out["action"]
    match form["type"]:
        case "discard" if isinstance(view, ClassicView):
            out.update(_discard_hint(view, seat, form["cards"]))
        case "play_tiles" if isinstance(state, TilesState):
            score = state.preview(action)
            words = "; ".join(score.to_json()["words"])
            out["text"] = f"play {state.notation(action)} for {score.points}" + (
                f": {words}" if words else ""
            )
        case "play":
            # The points of one's own card laid on the count are public the moment it is laid.
            events = state.apply(action).events
            said = [e.words() for e in events if e.seat == seat and e.type == "peg" and e.points]
            out["text"] = f"play {form['card']}" + (f": {said[0]}" if said and said[0] else "")
        case "place" if isinstance(view, TableTopView):
            out["text"] = _tabletop_hint(view, state, form["cell"])
        case "discard" if isinstance(state, SolitaireState):
            out["text"] = _solitaire_hint(view, form["cards"])
        case "discard":
            out["text"] = f"lay away {' '.join(form['cards'])}"
        case "declare":
            out["text"] = f"declare {form['points']}"
        case "exchange":
            out["text"] = f"exchange {' '.join(form['tiles'])}"
        case kind:
            out["text"] = str(kind).replace("_", " ")
    return out


def _tabletop_hint(view: TableTopView, state: GameState, cell: str) -> str:
    """Why the expert places the card there: the expected line-point margin of the cell (its
    own lines less the opponents', their best reply averaged over the cards to come), and of
    the next best cell."""
    from cribkit.ai.tabletop import cell_values
    from cribkit.games.tabletop.actions import Place, cell_index, cell_name

    cells = [a.cell for a in state.legal_actions() if isinstance(a, Place)]
    values = cell_values(view, cells)
    chosen = cell_index(cell)
    text = f"place {view.turned} on {cell}: expected line margin {values[chosen]:+.2f}"
    others = sorted((v, c) for c, v in values.items() if c != chosen)
    if others:
        value, other = others[-1]
        text += f"; next best {cell_name(other)}, {value:+.2f}"
    return text


def _solitaire_hint(view: Any, cards: list[str]) -> str:
    """Why the expert lays these away in Solitaire: the exact expected hand and crib of the
    choice, and of the next best (as the terminal game says it)."""
    from cribkit.ai.solitaire import options_for

    options = options_for(view)
    chosen = next((o for o in options if sorted(map(str, o.discard)) == sorted(cards)), options[0])
    text = (
        f"lay away {' '.join(cards)}: expected hand {chosen.hand_mean:.2f} + crib "
        f"{chosen.crib_mean:.2f} = {chosen.value:.2f}"
    )
    other = next((o for o in options if o is not chosen), None)
    if other is not None:
        text += f"; next best {' '.join(map(str, other.discard))}, {other.value:.2f}"
    return text


def _discard_hint(view: ClassicView, seat: int, cards: list[str]) -> dict[str, Any]:
    laid = " ".join(cards)
    if len(view.hand) != 6:
        return {"text": f"lay away {laid}"}
    from cribkit.ai.lay_away import lay_away_values

    # The one valuation of a lay-away (the expert's own, the review's and the puzzles'): every
    # term in the words, adding up to the value the table shows.
    ways = lay_away_values(view.hand, dealer=view.dealer == seat)
    rows = [way.shown_dict() for way in ways]  # the table says the terms the words say
    chosen = next((w for w in ways if " ".join(map(str, w.discard)) == laid), ways[0])
    whose = "your crib" if view.dealer == seat else "their crib"
    text = f"lay away {laid} and keep {chosen.keep} ({whose}): {chosen.terms()}"
    return {"text": text, "table": rows}


def preview(state: GameState, action: Action) -> dict[str, Any]:
    """``{"action", "points", "words", "events"}``: what a move would score, for a game that
    declares previews (Tiles: each crib hand and bonus); raises like ``verify``."""
    score = cast(Previewing, state).preview(action)
    return {"action": action.to_dict(), **score.to_json()}


def best_possible(state: GameState) -> int | None:
    """The best total the deal allowed with the whole deck known, for a finished game that
    declares it (Solitaire); None otherwise (or before the end: the deck is secret)."""
    if state.result is None or not game_info(state.rules.GAME).best_possible:
        return None
    from cribkit.ai.solitaire import best_possible_total

    return best_possible_total(cast(SolitaireState, state).setup.deck)

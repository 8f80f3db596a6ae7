"""Cribbage Solitaire: what the player may know, as a typed view.

:meth:`~cribkit.games.solitaire.state.SolitaireState.observation` builds it: the hand to lay
away from, how many crib cards lie face down (never which), the stock's size and the cards at
its bottom that the player saw go there (starters put back, top to bottom), every counted
round, the cards seen so far and the total. The deck order, the face-down crib cards and the
seed never appear in it. The game has one seat, so a spectator (``seat == -1``) sees what the
player sees: the same view, the seat aside.

>>> from cribkit.games.solitaire.state import start_solitaire
>>> view = start_solitaire(seed=3).state.observation(0)
>>> len(view.hand), view.crib_face_down, view.stock_count, view.bottom, view.next_starter
(6, 2, 44, (), None)
>>> SolitaireView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cribkit.core.cards import DECK, Card, CardError
from cribkit.games.errors import GameError, RecordError
from cribkit.games.solitaire.result import RoundScore, SolitaireResult, read_count
from cribkit.games.solitaire.rules import ROUNDS, SolitaireRules
from cribkit.games.views import GameView, read_cards

__all__ = ["SolitaireView"]


@dataclass(frozen=True, slots=True, kw_only=True)
class SolitaireView(GameView):
    """The player's view of a Solitaire game (seat 0, or a spectator's, -1); :meth:`to_json` is
    what a client gets."""

    rules: SolitaireRules
    #: The round being played (0-5), 6 once the game is over.
    round: int
    #: Rounds in a game.
    rounds: int = ROUNDS
    total: int
    #: The 6 hand cards to lay away from, ascending (empty when the game is over).
    hand: tuple[Card, ...]
    #: How many cards to lay away now (2, or 0 once the game is over).
    to_lay_away: int
    #: How many crib cards lie face down (2 while laying away).
    crib_face_down: int
    stock_count: int
    #: The cards at the bottom of the stock that the player saw go there, top to bottom.
    bottom: tuple[Card, ...]
    counted: tuple[RoundScore, ...]
    #: Every card the player has seen, ascending.
    seen: tuple[Card, ...]
    last_hand: tuple[Card, ...]
    last_hand_points: int
    result: SolitaireResult | None

    @property
    def next_starter(self) -> Card | None:
        """The starter to come, when the player knows it: when every card left in the stock
        is one the player saw go to the bottom (the sixth round), it is the top one."""
        bottom = self.bottom
        return bottom[0] if bottom and len(bottom) == self.stock_count else None

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards the player has not seen, ascending: the face-down crib cards and the
        stock but for the starters seen going to its bottom."""
        seen = set(self.seen)
        return tuple(c for c in DECK if c not in seen)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SolitaireView:
        """The view of a JSON form written by :meth:`to_json` (a client's, or a test's)."""
        if not isinstance(data, Mapping) or data.get("game") != SolitaireRules.GAME:
            raise RecordError(f"a Solitaire view has game 'solitaire', not {data!r:.80}")
        try:
            result = data["result"]
            current = data["current_player"]
            return cls(
                game=SolitaireRules.GAME,
                seat=read_count(data["seat"]),
                phase=str(data["phase"]),
                current_player=None if current is None else read_count(current),
                scores=tuple(read_count(s) for s in data["scores"]),
                rules=SolitaireRules.from_options(data["rules"]),
                round=read_count(data["round"]),
                rounds=read_count(data["rounds"]),
                total=read_count(data["total"]),
                hand=read_cards(data["hand"]),
                to_lay_away=read_count(data["to_lay_away"]),
                crib_face_down=read_count(data["crib_face_down"]),
                stock_count=read_count(data["stock_count"]),
                bottom=read_cards(data["bottom"]),
                counted=tuple(RoundScore.from_json(r) for r in data["counted"]),
                seen=read_cards(data["seen"]),
                last_hand=read_cards(data["last_hand"]),
                last_hand_points=read_count(data["last_hand_points"]),
                result=None if result is None else SolitaireResult.from_json(result),
            )
        except (KeyError, TypeError, AttributeError, CardError) as error:
            raise RecordError(f"a Solitaire view: {error!r}") from None
        except GameError as error:
            raise RecordError(f"a Solitaire view: {error}") from None

"""Classic cribbage: what one seat may know, as a typed record (:meth:`ClassicState.observation`).

>>> from cribkit.games.classic.state import ClassicRules, start_game
>>> view = start_game(ClassicRules(), seed=42).state.observation(0)
>>> view.hand_counts, view.starter, len(view.hand)
((6, 6), None, 6)
>>> view.to_json()["hand"] == [str(c) for c in view.hand]
True

Other players' cards (except those played), the crib before its show, the rest of the deck and
the seed never appear in a view. A spectator's view
(``observation(SPECTATOR)``, ``seat == -1``) has what every seat sees: no ``hand``, ``kept`` or
``laid_away``, ``side`` SPECTATOR; the table, the counts of cards held and the claim stay.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cribkit.core.cards import Card, CardError
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.errors import RecordError
from cribkit.games.protocol import Result
from cribkit.games.views import GameView, read_card, read_cards

__all__ = ["ClaimView", "ClassicView", "ShownDeal"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ClaimView:
    """A count waiting for its owner's declaration, then for muggins, as the table sees it:
    ``kind`` (``peg``: ``cards`` is the count; ``show`` or ``crib``: the four cards shown with
    the ``starter``), whose it is, and what was ``declared`` (None: not yet).

    What the count truly scores is not in it: working that out is the players' part.
    """

    kind: str
    seat: int
    cards: tuple[Card, ...]
    starter: Card | None
    declared: int | None

    def to_json(self) -> dict[str, Any]:
        """The JSON form, cards as text."""
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [str(c) for c in self.cards],
            "starter": None if self.starter is None else str(self.starter),
            "declared": self.declared,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClaimView:
        """The claim of its JSON form (:meth:`to_json`'s)."""
        declared = data["declared"]
        return cls(
            kind=str(data["kind"]),
            seat=int(data["seat"]),
            cards=read_cards(data["cards"]),
            starter=read_card(data["starter"]),
            declared=None if declared is None else int(declared),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ShownDeal:
    """A finished deal of the game as the whole table saw it by the end of its show: the
    dealer, the starter, the cards played in order, every seat's four cards shown and the
    crib (who laid which crib card away is each seat's own to know).

    >>> from cribkit.core.cards import parse_cards
    >>> deal = ShownDeal(dealer=1, starter=Card.parse("5h"), played=((0, Card.parse("Kc")),),
    ...                  hands=(parse_cards("Kc Qd 2s 3s"), parse_cards("4h 4d 6c 9s")),
    ...                  crib=parse_cards("Ah 7c 8d Js"))
    >>> ShownDeal.from_json(deal.to_json()) == deal
    True
    """

    dealer: int
    starter: Card
    played: tuple[tuple[int, Card], ...]
    hands: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]

    def to_json(self) -> dict[str, Any]:
        """The JSON form, cards as text."""
        return {
            "dealer": self.dealer,
            "starter": str(self.starter),
            "played": [[seat, str(card)] for seat, card in self.played],
            "hands": [[str(c) for c in hand] for hand in self.hands],
            "crib": [str(c) for c in self.crib],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ShownDeal:
        """The deal of its JSON form (:meth:`to_json`'s)."""
        return cls(
            dealer=int(data["dealer"]),
            starter=Card.parse(data["starter"]),
            played=tuple((int(s), Card.parse(t)) for s, t in data["played"]),
            hands=tuple(read_cards(hand) for hand in data["hands"]),
            crib=read_cards(data["crib"]),
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class ClassicView(GameView):
    """One seat's view of a classic game (the base's ``game``, ``seat``, ``phase``,
    ``current_player``, ``scores`` and these), or a spectator's (``seat`` and ``side`` -1,
    the seat's own cards empty)."""

    rules: ClassicRules
    #: The side this seat scores for (its partnership with 4 players; -1 for a spectator), and
    #: every seat's side.
    side: int
    sides: tuple[int, ...]
    deal: int
    dealer: int
    target: int
    #: The cards this seat holds (ascending).
    hand: tuple[Card, ...]
    #: This seat's four cards for the show, once it has laid away (else empty).
    kept: tuple[Card, ...]
    #: What this seat laid away to the crib.
    laid_away: tuple[Card, ...]
    #: How many cards this seat has still to lay away (0 outside laying away).
    to_lay_away: int
    #: How many cards every seat holds.
    hand_counts: tuple[int, ...]
    #: The seats that have laid away this deal.
    laid_away_by: tuple[int, ...]
    crib_owner: int
    crib_count: int
    starter: Card | None
    count: int
    #: The current count's cards, in order.
    pile: tuple[Card, ...]
    #: Every card played this deal, as (seat, card), in order.
    played: tuple[tuple[int, Card], ...]
    claim: ClaimView | None
    result: Result | None
    #: The game's finished deals, oldest first, as the table saw them (what an opponent
    #: showed: how it lays away and plays).
    past_deals: tuple[ShownDeal, ...] = ()
    #: What this seat laid away in each of them (empty for a spectator).
    past_laid_away: tuple[tuple[Card, ...], ...] = ()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ClassicView:
        """The view of its JSON form (:meth:`to_json`'s: a client's, a puzzle's position).

        >>> from cribkit.games.classic.state import start_game
        >>> view = start_game(ClassicRules(), seed=42).state.observation(0)
        >>> ClassicView.from_json(view.to_json()) == view
        True
        """
        if not isinstance(data, Mapping) or data.get("game") != ClassicRules.GAME:
            raise RecordError(f"a classic view has game 'classic', not {data!r:.80}")
        try:
            claim, result = data["claim"], data["result"]
            return cls(
                game=ClassicRules.GAME,
                seat=int(data["seat"]),
                phase=str(data["phase"]),
                current_player=data["current_player"],
                scores=tuple(data["scores"]),
                rules=ClassicRules.from_options(data["rules"]),
                side=int(data["side"]),
                sides=tuple(data["sides"]),
                deal=int(data["deal"]),
                dealer=int(data["dealer"]),
                target=int(data["target"]),
                hand=read_cards(data["hand"]),
                kept=read_cards(data["kept"]),
                laid_away=read_cards(data["laid_away"]),
                to_lay_away=int(data["to_lay_away"]),
                hand_counts=tuple(data["hand_counts"]),
                laid_away_by=tuple(data["laid_away_by"]),
                crib_owner=int(data["crib_owner"]),
                crib_count=int(data["crib_count"]),
                starter=read_card(data["starter"]),
                count=int(data["count"]),
                pile=read_cards(data["pile"]),
                played=tuple((int(s), Card.parse(t)) for s, t in data["played"]),
                claim=None if claim is None else ClaimView.from_json(claim),
                result=None if result is None else Result.from_dict(result),
                past_deals=tuple(ShownDeal.from_json(d) for d in data.get("past_deals", ())),
                past_laid_away=tuple(read_cards(c) for c in data.get("past_laid_away", ())),
            )
        except (KeyError, TypeError, ValueError, CardError) as error:
            raise RecordError(f"a classic view: {error!r}") from None

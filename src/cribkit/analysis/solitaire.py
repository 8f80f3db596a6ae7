"""The analysis of Cribbage Solitaire decisions (docs/analysis.md, "Solitaire").

The one decision of a round, which 2 of the 6 cards to lay away, is valued exactly as the
expert values it (:func:`cribkit.ai.solitaire.options_for`): the expected hand + crib points
over every arrangement of the cards the player has not seen (the crib's 2 face-down cards and
the starter), his heels aside (it does not depend on the choice). Hindsight: the lay-away that
scores most with the face-down cards and the starter known. The notes give the best total the
deck allowed with its whole order known (:func:`cribkit.ai.solitaire.best_possible_total`).

>>> from cribkit.games import start
>>> from cribkit.analysis.game import analyse
>>> state = start("solitaire", seed=1).state
>>> state = state.apply(state.legal_actions()[0]).state
>>> found = analyse(state.record())
>>> found.decisions[0].phase, found.decisions[0].unit, len(found.decisions[0].choices)
('lay-away', 'points', 15)
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from cribkit.ai.solitaire import best_possible_total, options_for
from cribkit.analysis.luck import card_luck
from cribkit.analysis.model import Choice, Decision, Luck
from cribkit.core.cards import Card
from cribkit.core.scoring import score_hand
from cribkit.games.actions import Discard
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import Step
from cribkit.games.solitaire.state import SolitaireState


def _names(cards: Sequence[int]) -> str:
    return " ".join(Card(c).symbol for c in cards)


def decision(
    before: GameState, action: Action, index: int, *, hindsight: bool = True
) -> Decision | None:
    """The lay-away ``action`` with every lay-away valued exactly from the player's view (and
    the hindsight, unless ``hindsight=False``)."""
    assert isinstance(before, SolitaireState)
    if not isinstance(action, Discard):
        return None
    view = before.observation(0)
    options = options_for(view)
    choices = tuple(
        Choice(
            Discard(0, o.discard).to_dict(),
            f"lay away {_names(o.discard)}, keep {_names(o.keep)}: hand {o.hand_mean:.2f} + "
            f"crib {o.crib_mean:.2f} = {o.value:.2f}",
            o.value,
        )
        for o in options
    )
    form = action.to_dict()
    chosen = next(c for c in choices if dict(c.action) == form)
    said = chosen.words
    if chosen is not choices[0]:
        best = options[0]
        said += (
            f"; best {_names(best.discard)}, {choices[0].value - chosen.value:.2f} points better"
        )
    return Decision(
        index,
        0,
        "lay-away",
        "points",
        chosen,
        choices,
        said,
        hindsight=_hindsight(before) if hindsight else None,
        scores=tuple(before.scores),
    )


def _hindsight(before: SolitaireState) -> Choice:
    """The lay-away that scores most with the crib's face-down cards and the starter known."""
    starter = before.stock[0]  # the card under the deal is this round's starter
    best: tuple[int, int, int, tuple[Card, ...]] | None = None
    hand = before.hand
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            keep = [c for c in hand if c not in (a, b)]
            points = score_hand(keep, starter).total
            crib = score_hand([*before.crib_down, a, b], starter, crib=True).total
            if best is None or points + crib > best[0]:
                best = (points + crib, points, crib, (a, b))
    assert best is not None
    value, points, crib, laid = best
    return Choice(
        Discard(0, laid).to_dict(),
        f"hindsight (starter {starter.symbol}, crib {_names(before.crib_down)} known): lay away "
        f"{_names(laid)}: hand {points} + crib {crib} = {value}",
        float(value),
    )


def luck(steps: Sequence[Step], seat: int) -> tuple[Luck, ...]:
    """The rounds' hands, cribs and starters against the exact distributions."""
    hands: list[tuple[Sequence[int], int, Sequence[int]]] = []
    cribs: list[tuple[Sequence[int], int]] = []
    deals: list[tuple[Sequence[int], str]] = []
    for step, after in pairwise(steps):
        state = step.state
        assert isinstance(state, SolitaireState)
        if not isinstance(after.action, Discard):
            continue
        view = state.observation(0)
        kept = [c for c in state.hand if c not in after.action.cards]
        starter = state.stock[0]
        # The sixth round's starter is known before the lay-away: it was no luck then.
        unseen = [starter] if view.next_starter is not None else list(view.unseen)
        hands.append((kept, starter, unseen))
        cribs.append(((*state.crib_down, *after.action.cards), starter))
        deals.append((list(state.hand), "solitaire"))
    return card_luck(hands, cribs, deals)


def notes(steps: Sequence[Step], seat: int) -> tuple[str, ...]:
    """The best total the deck allowed, with its whole order known (hindsight)."""
    state = steps[-1].state
    assert isinstance(state, SolitaireState)
    best = best_possible_total(state.setup.deck)
    where = "scored" if state.result is not None else "had scored when the record stops"
    return (
        f"hindsight: the best total this deck allowed is {best}; the game {where} {state.total}",
    )

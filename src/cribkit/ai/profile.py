"""How an opponent lays away and plays, learnt from the deals it has shown this game.

After a deal's show a seat of a two-player game has seen all six of the opponent's cards (its
four shown, and the crib less the seat's own two) and every card it laid, in order
(:attr:`~cribkit.games.classic.view.ClassicView.past_deals`). Two rules describe cribkit's
weaker levels exactly:

- ``easy`` keeps the best hand (the crib ignored) and lays the card that scores most now;
- ``medium`` lays away for hand and crib (the crib's other cards at random) and lays the card
  best now less the expected points of one reply.

Each finished deal is checked against both rules, and a third model, ``other``, stands for any
player whose rules we do not know: a strong player, who lays away and plays as medium does on
a share (:data:`OTHER_AGREES`) of its decisions and otherwise makes any choice alike. Were
``other`` a random player, every deal in which a strong opponent happened to decide as medium
would count a hundred to one for medium, and an expert would be taken for medium by
turns; with it, only a player who keeps to medium's rules deal after deal is. Bayes' rule
from a prior gives the chance of each model (:func:`opponent_profile`); the expert starts its
guesses of the opponent's hand in the deal being played from them.

>>> from cribkit.games import start
>>> from cribkit.ai.players import make_player
>>> state = start("classic", seed=3).state
>>> players = [make_player("classic", "easy", seed=1), make_player("classic", "expert", seed=2)]
>>> while not state.past_deals:
...     seat = state.current_player
...     state = state.apply(players[seat].choose(state.observation(seat),
...                                              state.legal_actions())).state
>>> profile = opponent_profile(state.observation(1), opponent=0)
>>> max(profile, key=profile.get)
'easy'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from cribkit.ai.evidence import PlayRule, agreement_likelihood, read_play, rule_agreements
from cribkit.core.analysis import UNIFORM_CRIB, CribModel, analyse_discards
from cribkit.core.cards import Card, card_rank
from cribkit.games.classic.view import ClassicView, ShownDeal

__all__ = ["MODELS", "NO_CRIB", "best_discard", "opponent_profile", "rule_keep"]

#: The models of an opponent, in the order of a profile's chances.
MODELS = ("easy", "medium", "other")
#: How a modelled level plays.
RULE_PLAYS: dict[str, PlayRule] = {"easy": "greedy", "medium": "lookahead"}
#: How often a level is expected to break its rule anyway (a person that plays like it).
SLIP = 0.02
#: The share of its decisions on which ``other`` decides as medium (the rest: any choice).
OTHER_AGREES = 0.5


class _NoCribModel:
    """Easy players ignore the crib."""

    name = "none"

    def crib_means(
        self, deal: Sequence[Card], discards: Sequence[tuple[Card, Card]], *, dealer: bool
    ) -> list[float]:
        return [0.0] * len(discards)


#: The crib model of a player that ignores the crib (easy).
NO_CRIB: CribModel = _NoCribModel()


def best_discard(
    values: dict[frozenset[int], float], cards: Sequence[int], size: int
) -> tuple[int, ...]:
    """The lay-away of ``size`` of ``cards`` a level makes from its ``values``: the highest
    value, then the lowest cards, then the first in the order of the cards (ascending), as the
    legal actions list them."""
    options = combinations(sorted(cards), size)
    return max(options, key=lambda away: (values[frozenset(away)], -sum(away)))


@lru_cache(maxsize=4096)
def rule_keep(level: str, cards: tuple[int, ...], dealer: bool) -> frozenset[int]:
    """The four cards of six that ``level`` (``easy`` or ``medium``) keeps, as that level's
    player lays away (the tests check the two against each other)."""
    model = NO_CRIB if level == "easy" else UNIFORM_CRIB
    options = analyse_discards(cards, dealer=dealer, crib_model=model)
    values = {
        frozenset(map(int, o.discard)): o.hand_mean if level == "easy" else o.net_mean
        for o in options
    }
    away = best_discard(values, cards, 2)
    return frozenset(cards) - frozenset(away)


@lru_cache(maxsize=4096)
def _deal_likelihoods(
    deal: ShownDeal, laid: tuple[int, ...], opponent: int, other_agrees: float
) -> tuple[float, ...]:
    """How likely each model (:data:`MODELS`) makes what the opponent did in a finished deal:
    its lay-away (its six cards being its four shown and the crib less ``laid``, the seat's own
    two) and every card it laid. Cached: the profile is read again at every decision of the
    game."""
    kept = frozenset(int(c) for c in deal.hands[opponent])
    theirs_away = tuple(int(c) for c in deal.crib if c not in laid)
    six = tuple(sorted((*kept, *theirs_away)))
    dealer = deal.dealer == opponent
    evidence = read_play(deal.played, opponent=opponent, starter=deal.starter, count_open=False)
    aside = tuple(card_rank(c) for c in theirs_away)
    keeps = {model: rule_keep(model, six, dealer) == kept for model in MODELS[:2]}
    plays = {
        model: rule_agreements(evidence, (), RULE_PLAYS[model], aside=aside) for model in MODELS[:2]
    }
    out = [
        ((1 - SLIP) if keeps[model] else SLIP / 14) * agreement_likelihood(plays[model], SLIP)
        for model in MODELS[:2]
    ]
    # ``other`` decides as medium on a share of its decisions: medium's agreements, mixed.
    other_keep = other_agrees * keeps["medium"] + (1 - other_agrees) / 15
    out.append(other_keep * agreement_likelihood(plays["medium"], 1 - other_agrees, mixed=True))
    return tuple(out)


def opponent_profile(
    view: ClassicView,
    opponent: int,
    prior: Sequence[float] = (0.25, 0.25, 0.5),
    other_agrees: float = OTHER_AGREES,
) -> dict[str, float]:
    """The chance of each model (:data:`MODELS`) of the ``opponent`` of a two-player game,
    from ``prior`` and the deals of the game shown so far, seen from ``view``'s seat
    (``other_agrees``: how often ``other`` decides as medium; 0, a random player)."""
    chances = list(prior)
    for deal, laid in zip(view.past_deals, view.past_laid_away, strict=True):
        if len(deal.hands) != 2 or len(laid) != 2:
            break
        likelihoods = _deal_likelihoods(deal, tuple(int(c) for c in laid), opponent, other_agrees)
        chances = [c * lk for c, lk in zip(chances, likelihoods, strict=True)]
        total = sum(chances)
        chances = [c / total for c in chances]
    return dict(zip(MODELS, chances, strict=True))

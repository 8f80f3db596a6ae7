"""Computer players for classic cribbage: easy, medium and expert.

- easy: lays away for the best expected hand alone; pegs the card that scores most now.
- medium: exact discard analysis (hand and crib, an opponent who lays away at random); pegs
  looking one reply ahead.
- expert: discards with the crib table built by iterated best responses; pegs by guessing the
  opponent's unseen cards consistently with everything seen (their discards make hands they
  would keep likelier) and searching each guess exactly to the end of the play; near the end of
  the game the search plays for the chance of winning that the show leaves; discards count
  the kept hand's expected pegging margin (PegValues). Its guesses and its search follow how
  the opponent lays away and pegs: easy's rules, medium's, or rules it does not know, weighed
  by the deals the opponent has shown this game (:mod:`cribkit.ai.profile`) and the cards and
  gos of the deal being played (:mod:`cribkit.ai.evidence`).

With 3 or 4 players the crib estimate comes from sampled cribs; with 3 the expert searches
the rest of the play over guesses of the other hands, the others laying their one-reply card
(:class:`~cribkit.ai.pegging_many.ManyPlaySearch`); with 4 it pegs one reply ahead.

>>> from cribkit.games import start
>>> state = start("classic", seed=5).state
>>> expert = ClassicPlayer("expert", seed=1)
>>> type(expert.choose(state.observation(state.current_player), state.legal_actions())).__name__
'Discard'
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from cribkit.ai.endgame import ShowOutcome, crib_distribution
from cribkit.ai.evidence import (
    PlayEvidence,
    PlayRule,
    agreement_likelihood,
    read_play,
    rule_agreements,
)
from cribkit.ai.keeps import KeepRule, keep_likelihoods, keep_values, soft_keep_likelihoods
from cribkit.ai.lay_away import PEG_WEIGHT, lay_away_values, table_crib
from cribkit.ai.pegging import PlaySearch, greedy_card, load_peg_values, lookahead_card, pip
from cribkit.ai.pegging_many import ManyPlaySearch
from cribkit.ai.players import Observation, register_players, view_of
from cribkit.ai.profile import NO_CRIB, OTHER_AGREES, opponent_profile
from cribkit.core.analysis import CribModel, UniformCribModel, analyse_discards, hand_starter_totals
from cribkit.core.cards import Card, card_rank
from cribkit.core.pegging import score_peg
from cribkit.core.scoring import score_hand
from cribkit.core.tables import batch_hand_totals
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.view import ClaimView, ClassicView
from cribkit.games.protocol import Action

__all__ = [
    "CRIB_SAMPLES",
    "ENDGAME_FRACTION",
    "EXPERT_SAMPLES",
    "MANY_SAMPLES",
    "PRIOR_EASY",
    "PRIOR_MEDIUM",
    "SLIP",
    "ClassicPlayer",
    "ExpertSettings",
    "keep_values",
    "owns_crib",
    "table_model",
]

#: How many guesses of the opponent's hand the expert searches.
EXPERT_SAMPLES = 256
#: Guesses drawn, per guess searched, to weigh them by how likely the opponent kept them.
EXPERT_CANDIDATES_PER_SAMPLE = 3
#: How sharply the expert believes the opponent kept a good hand (points of expected value per
#: factor e of likelihood).
KEEP_TEMPERATURE = 4.0
#: How often the expert expects the opponent to play its modelled card (see PlaySearch.greed)
#: rather than the card best for it to the end of the play: always, which is also the fast
#: search (one branch at the opponent's turns).
EXPERT_GREED = 1.0
#: Guesses of the other seats' cards the expert searches in the play with 3 players.
MANY_SAMPLES = 128
#: Sampled cribs per candidate discard with 3 or 4 players.
CRIB_SAMPLES = 400
#: Within this share of the target (36 points of 121), the expert plays for the win, not for
#: points.
ENDGAME_FRACTION = 0.3
#: The chances, before the opponent has shown a deal, that it lays away and plays as easy or
#: as medium does (the rest: by rules the expert does not know; see ExpertSettings).
PRIOR_EASY = 0.25
PRIOR_MEDIUM = 0.25
#: How often a modelled easy or medium opponent lays another card than its rule's in the deal
#: being played.
SLIP = 0.1


@dataclass(frozen=True)
class ExpertSettings:
    """The expert's knobs (the defaults are the shipped player; benchmarks try others)."""

    samples: int = EXPERT_SAMPLES
    candidates_per_sample: int = EXPERT_CANDIDATES_PER_SAMPLE
    keep_temperature: float = KEEP_TEMPERATURE
    greed: float = EXPERT_GREED
    #: How that opponent picks the card it plays (see PlaySearch.opponent_model).
    opponent_model: Literal["greedy", "lookahead"] = "lookahead"
    #: Lay away for the chance of winning near the end (else for points, as the shipped expert
    #: does: measured better once the play near the end is searched for the chance of winning;
    #: docs/ai.md).
    endgame_discard: bool = False
    #: Peg for the target near the end (else for the margin).
    endgame_play: bool = True
    #: Near the end, value the end of the play by the chance of winning it leaves after the
    #: show (:class:`~cribkit.ai.endgame.ShowOutcome`), not by the pegging margin.
    endgame_outcome: bool = True
    endgame_fraction: float = ENDGAME_FRACTION
    #: Weight of the kept hand's expected pegging margin in laying away (0: ignored).
    peg_weight: float = PEG_WEIGHT
    #: How the guesses of the opponent's hand are weighed: ``soft``, ``exp(value /
    #: keep_temperature)`` of the kept hand; ``hand`` or ``net``, the likelihood that a player
    #: laying away for the best hand (easy), or for hand and crib (medium), kept it
    #: (:func:`~cribkit.ai.keeps.keep_likelihoods`), plus ``keep_floor`` (suits, which the
    #: likelihoods ignore, can make any keep the best).
    keep_model: Literal["soft", "hand", "net"] = "soft"
    keep_floor: float = 0.05
    #: With 3 players: guesses of the other seats' cards searched to the end of the play
    #: (:class:`~cribkit.ai.pegging_many.ManyPlaySearch`; 0: one reply ahead, as medium pegs).
    many_samples: int = MANY_SAMPLES
    #: The same search with 4 players (off: with three hands to guess it measured worse than
    #: one reply ahead; docs/ai.md).
    four_player_search: bool = False
    #: A directory of rebuilt win tables to play by (measuring a rebuild; empty: the shipped).
    win_tables: str = ""
    #: Guess the opponent's cards from its gos this deal too: it holds no card that would have
    #: fitted on a count it said go to (:mod:`cribkit.ai.evidence`; the rules, not a model).
    read_gos: bool = True
    #: The prior chances that the opponent lays away and plays as easy does (the best hand;
    #: the card that scores most now) or as medium does (hand and crib; one reply ahead); the
    #: rest is the opponent of ``keep_model`` and ``opponent_model``, whose plays tell nothing
    #: beyond its gos (unless ``other_reads``). Its plays this deal weigh the three
    #: (:func:`~cribkit.ai.evidence.agreement_likelihood`), and the
    #: search plays each guess against the rule of the opponent it was drawn with.
    prior_easy: float = PRIOR_EASY
    prior_medium: float = PRIOR_MEDIUM
    #: Two players: learn those chances from the deals the opponent has shown this game (its
    #: lay-aways and cards laid checked against each rule, :mod:`cribkit.ai.profile`), the
    #: priors above being the chances before the first show.
    learn_opponent: bool = True
    #: How often the profile's third model, a strong player of unknown rules, decides as
    #: medium (0: a random player, every choice alike; :data:`~cribkit.ai.profile.OTHER_AGREES`).
    other_agrees: float = OTHER_AGREES
    #: Read that model's plays this deal as it is read in the deals shown (medium's card on
    #: ``other_agrees`` of its turns, any card alike on the rest); off, they tell nothing.
    other_reads: bool = False
    #: How often a modelled easy or medium opponent is expected to lay another card than its
    #: rule's (the expert cannot see its lay-away, which medium's reply estimate counts).
    slip: float = SLIP


@dataclass(frozen=True)
class _Belief:
    """One model of the opponent the expert weighs: the rule it plays by in the search, the
    rule its plays so far are read by (None: they tell nothing), its prior chance, how likely
    it kept four ranks, and how often it departs from the rule it is read by (``mixed``: the
    departures spread over every card, the rule's own among them;
    :func:`~cribkit.ai.evidence.agreement_likelihood`)."""

    plays: PlayRule
    reads: PlayRule | None
    prior: float
    keep: Callable[[tuple[int, ...]], float]
    slip: float = 0.0
    mixed: bool = False


class ClassicPlayer:
    """A classic cribbage player of one level; seeded, so its games replay exactly."""

    def __init__(
        self,
        level: str,
        seed: int | None = None,
        *,
        crib_model: CribModel | None = None,
        settings: ExpertSettings | None = None,
    ) -> None:
        if level not in ("easy", "medium", "expert"):
            raise ValueError(f"unknown classic AI level {level!r}")
        self.name = level
        self.level = level
        self.rng = random.Random(seed)
        if crib_model is None:
            crib_model = table_model() if level == "expert" else UniformCribModel()
        self.crib_model = crib_model
        self.settings = ExpertSettings() if settings is None else settings

    # -- the interface ------------------------------------------------------------------------

    def choose(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, from the seat's view (:meth:`ClassicState.observation`)."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        observation = view_of(observation, ClassicView, "classic")
        # The legal actions of a turn are all of one phase: the first says which.
        match legal_actions[0]:
            case Discard():
                discards = [a for a in legal_actions if isinstance(a, Discard)]
                return self._discard(observation, discards)
            case Play():
                return self._play(observation, [a for a in legal_actions if isinstance(a, Play)])
            case Declare():
                # Honest counting: the largest declaration allowed is the true count.
                declares = (a for a in legal_actions if isinstance(a, Declare))
                return max(declares, key=lambda a: a.points)
            case Muggins() | PassMuggins():
                return self._muggins(observation, legal_actions)
        return legal_actions[0]

    # -- laying away --------------------------------------------------------------------------

    def _discard(self, obs: ClassicView, actions: list[Discard]) -> Discard:
        values = self.discard_values(obs)
        return max(actions, key=lambda a: (values[frozenset(a.cards)], -sum(a.cards)))

    def discard_values(self, obs: ClassicView) -> dict[frozenset[int], float]:
        """This level's value of each lay-away from the seat's hand (keyed by the cards laid
        away), the higher the better. Two players: the kept hand's mean over the starters
        (easy: that alone), plus the crib's mean by :attr:`crib_model` for the seat's own crib
        or minus it for the other's, plus the expert's pegging term at ``peg_weight``; for the
        expert near the end (:meth:`near_end`, with ``endgame_discard``), the chance of winning
        instead, from 0 to 1. Three or four players (one card away): the kept hand's mean plus
        or minus a crib sampled :data:`CRIB_SAMPLES` times (easy: the hand alone); the samples
        are drawn from this player's seeded generator, as its own lay-away draws them.

        >>> from cribkit.games import start
        >>> state = start("classic", seed=5).state
        >>> values = ClassicPlayer("medium").discard_values(state.observation(1))
        >>> len(values), all(len(cards) == 2 for cards in values)
        (15, True)
        """
        hand = list(obs.hand)
        dealer = owns_crib(obs)
        if obs.rules.players == 2 and len(hand) == 6:
            return self._two_player_discards(obs, hand, dealer=dealer)
        return self._many_player_discards(hand, dealer=dealer)

    def _two_player_discards(
        self, obs: ClassicView, hand: list[Card], *, dealer: bool
    ) -> dict[frozenset[int], float]:
        if self.level == "easy":
            options = analyse_discards(hand, dealer=dealer, crib_model=NO_CRIB)
            return {frozenset(o.discard): o.hand_mean for o in options}
        settings = self.settings
        endgame = self.level == "expert" and settings.endgame_discard and self.near_end(obs)
        if self.level == "expert" and settings.peg_weight and not endgame:
            # The one valuation of a lay-away (cribkit.ai.lay_away), at this expert's settings.
            ways = lay_away_values(
                hand, dealer=dealer, crib_model=self.crib_model, peg_weight=settings.peg_weight
            )
            return {frozenset(way.discard): way.value for way in ways}
        options = analyse_discards(hand, dealer=dealer, crib_model=self.crib_model)
        if endgame:
            pegging = load_peg_values()
            default = _pegging_margin(dealer)
            out: dict[frozenset[int], float] = {}
            for o in options:
                table = pegging.kept(o.keep, dealer=dealer)
                margin = (1 - settings.peg_weight) * default + settings.peg_weight * table
                out[frozenset(o.discard)] = _win_chance(obs, list(o.keep), o.crib_mean, margin)
            return out
        return {frozenset(o.discard): o.net_mean for o in options}

    def _many_player_discards(
        self, hand: list[Card], *, dealer: bool
    ) -> dict[frozenset[int], float]:
        """One card away (3 or 4 players): hand mean, and for medium+ a sampled crib value."""
        unseen = np.array([c for c in range(52) if c not in set(hand)], dtype=np.intp)
        values: dict[frozenset[int], float] = {}
        np_rng = np.random.default_rng(self.rng.getrandbits(32))
        for card in hand:
            keep = [c for c in hand if c != card]
            value = float(hand_starter_totals(keep, unseen).mean()) if len(keep) == 4 else 0.0
            if self.level != "easy":
                crib = _sampled_crib(card, unseen, np_rng)
                value += crib if dealer else -crib
            values[frozenset((card,))] = value
        return values

    # -- pegging -------------------------------------------------------------------------------

    def _play(self, obs: ClassicView, actions: list[Play]) -> Play:
        by_rank: dict[int, Play] = {}
        for action in actions:
            by_rank.setdefault(card_rank(action.card), action)
        if len(by_rank) == 1:
            return next(iter(by_rank.values()))
        hand = [card_rank(c) for c in obs.hand]
        pile = [card_rank(c) for c in obs.pile]
        if self.level == "easy":
            return by_rank[greedy_card(hand, pile)]
        if self.level == "expert" and obs.rules.players == 2:
            return by_rank[self._search_card(obs, hand, pile)]
        if self.searches_many(obs):
            values = self.many_play_values(obs, hand, pile)
            return by_rank[max(values, key=lambda r: (values[r], r))]
        return by_rank[lookahead_card(hand, pile, _unseen_ranks(obs))]

    def _search_card(self, obs: ClassicView, hand: list[int], pile: list[int]) -> int:
        values = self.play_values(obs, hand, pile)
        return max(values, key=lambda r: (values[r], r))

    def play_values(self, obs: ClassicView, hand: list[int], pile: list[int]) -> dict[int, float]:
        """The expert's value of laying each playable rank: its mean pegging margin (points
        for minus points against, to the end of the play) over its guesses of the opponent's
        cards; near the end of the game (:meth:`plays_for_chances`) the chance of winning
        instead, pegging out first worth 1000 and the chance the show leaves 999 times
        (2 chance - 1)."""
        seat = obs.seat
        opponent = 1 - seat
        last_layer, opponent_go = play_turn(obs)
        needs = None
        if self.settings.endgame_play and self.near_end(obs):
            # Two players: each seat is its own side, so scores index by seat.
            scores, target = obs.scores, obs.target
            needs = (target - scores[seat], target - scores[opponent])
        outcome = (
            _show_outcome(obs, self.settings.win_tables) if self.plays_for_chances(obs) else None
        )
        totals: dict[int, float] = {}
        weight_sum = 0.0
        for rule, guesses, weights in self._guess_opponent(obs, opponent, opponent_go):
            search = PlaySearch(
                needs=needs, greed=self.settings.greed, opponent_model=rule, outcome=outcome
            )
            values = search.card_values(
                hand,
                guesses,
                pile=pile,
                last_layer=last_layer,
                opponent_go=opponent_go,
                weights=weights,
                opponent_view=_opponent_view(obs),
            )
            weight = sum(weights)
            for rank, value in values.items():
                totals[rank] = totals.get(rank, 0.0) + weight * value
            weight_sum += weight
        return {rank: total / weight_sum for rank, total in totals.items()}

    def any_hand_play_values(
        self, obs: ClassicView, hand: list[int], pile: list[int]
    ) -> dict[int, float]:
        """:meth:`play_values` against any hand: the same search to the end of the play (in
        points), over ``samples`` hands drawn from the unseen cards all equally likely, with no
        read of the opponent's lay-away or plays (the analysis's check that a verdict does not
        rest on the read alone)."""
        seat = obs.seat
        size = obs.hand_counts[1 - seat]
        pool = _unseen_cards(obs)
        guesses = [
            tuple(sorted(card_rank(c) for c in self.rng.sample(pool, size)))
            for _ in range(self.settings.samples if size else 1)
        ]
        last_layer, opponent_go = play_turn(obs)
        search = PlaySearch(greed=self.settings.greed, opponent_model=self.settings.opponent_model)
        return search.card_values(
            hand,
            guesses,
            pile=pile,
            last_layer=last_layer,
            opponent_go=opponent_go,
            opponent_view=_opponent_view(obs),
        )

    def searches_many(self, obs: ClassicView) -> bool:
        """Whether this player searches the play with 3 or 4 players (:meth:`many_play_values`)
        rather than looking one reply ahead: the expert with 3 players, or with 4 and
        ``four_player_search``."""
        settings = self.settings
        players = obs.rules.players
        wanted = players == 3 or (players == 4 and settings.four_player_search)
        return self.level == "expert" and bool(settings.many_samples) and wanted

    def many_play_values(
        self, obs: ClassicView, hand: list[int], pile: list[int]
    ) -> dict[int, float]:
        """With 3 or 4 players, the expert's value of laying each playable rank: its side's
        mean pegging margin to the end of the play (:class:`ManyPlaySearch`) over
        ``many_samples`` guesses of the other seats' cards, each guessed hand weighed as
        :meth:`_guess_opponent` weighs one."""
        n = obs.rules.players
        others = [(obs.seat + i) % n for i in range(1, n)]
        pool = _unseen_cards(obs)
        likelihood = self._keep_likelihood(obs)
        played = {s: [card_rank(c) for t, c in obs.played if t == s] for s in others}
        sizes = [obs.hand_counts[s] for s in others]
        guesses: list[tuple[tuple[int, ...], ...]] = []
        weights: list[float] = []
        for _ in range(self.settings.many_samples):
            cards = self.rng.sample(pool, sum(sizes))
            guess: list[tuple[int, ...]] = []
            weight = 1.0
            for seat, size in zip(others, sizes, strict=True):
                ranks = tuple(sorted(card_rank(c) for c in cards[:size]))
                cards = cards[size:]
                kept = tuple(sorted((*played[seat], *ranks)))
                weight *= likelihood(kept) if len(kept) == 4 else 1.0
                guess.append(ranks)
            guesses.append(tuple(guess))
            weights.append(weight)
        view = _opponent_view(obs)
        search = ManyPlaySearch(players=n)
        return search.card_values(
            hand, guesses, pile=pile, weights=weights, opponent_views=[view] * (n - 1)
        )

    def _guess_opponent(
        self, obs: ClassicView, opponent: int, said_go: bool = False
    ) -> list[tuple[PlayRule, list[tuple[int, ...]], list[float]]]:
        """Guesses of the opponent's remaining ranks, weighted by how likely they are, grouped
        by the rule the opponent they were drawn with plays by (one group unless the settings
        give easy or medium a prior; ``said_go``: the opponent has said go on this count)."""
        settings = self.settings
        size = obs.hand_counts[opponent]
        if size == 0:
            return [(settings.opponent_model, [()], [1.0])]
        pool = _unseen_cards(obs)
        evidence = None
        beliefs = self._beliefs(obs)
        if settings.read_gos or beliefs:
            evidence = read_play(
                obs.played,
                opponent=opponent,
                starter=obs.starter,
                count_open=bool(obs.pile),
                said_go=said_go,
            )
            if settings.read_gos:
                fits = [c for c in pool if pip(card_rank(c)) >= evidence.least_pip]
                # Fewer fitting cards than it holds: the view cannot come from a legal play.
                pool = fits if len(fits) >= size else pool
        their_played = [card_rank(c) for s, c in obs.played if s == opponent]
        beliefs = beliefs or [
            _Belief(settings.opponent_model, None, 1.0, self._keep_likelihood(obs))
        ]
        # Each guess's weight under each belief, worked out once; summed over the draws.
        likely: dict[tuple[int, ...], list[float]] = {}
        weighted: dict[tuple[int, ...], list[float]] = {}
        for _ in range(settings.samples * settings.candidates_per_sample):
            guess = tuple(sorted(card_rank(c) for c in self.rng.sample(pool, size)))
            weights = likely.get(guess)
            if weights is None:
                kept = tuple(sorted((*their_played, *guess)))
                plays = self._plays_likelihoods(beliefs, evidence, guess)
                weights = likely[guess] = [
                    b.prior * (b.keep(kept) if len(kept) == 4 else 1.0) * p
                    for b, p in zip(beliefs, plays, strict=True)
                ]
                weighted[guess] = [0.0] * len(beliefs)
            totals = weighted[guess]
            for i, weight in enumerate(weights):
                totals[i] += weight
        pairs = [
            ((guess, i), weight)
            for guess, totals in weighted.items()
            for i, weight in enumerate(totals)
            if weight > 0
        ]
        if len(pairs) > settings.samples:
            # Resample in proportion to the weights (keeping only the heaviest would overrate
            # the likeliest hands); a guess drawn twice counts twice.
            drawn = self.rng.choices(
                [p for p, _ in pairs], weights=[w for _, w in pairs], k=settings.samples
            )
            pairs = [(pair, float(n)) for pair, n in Counter(drawn).items()]
        groups: dict[PlayRule, tuple[list[tuple[int, ...]], list[float]]] = {}
        for (guess, i), weight in pairs:
            guesses, weights = groups.setdefault(beliefs[i].plays, ([], []))
            guesses.append(guess)
            weights.append(weight)
        return [(rule, guesses, weights) for rule, (guesses, weights) in groups.items()]

    @staticmethod
    def _plays_likelihoods(
        beliefs: Sequence[_Belief], evidence: PlayEvidence | None, guess: tuple[int, ...]
    ) -> list[float]:
        """How likely each belief's opponent laid this deal's cards holding ``guess`` still;
        beliefs read by the same rule share its check of the guess."""
        agreements: dict[PlayRule, tuple[tuple[bool, int], ...]] = {}
        out = []
        for belief in beliefs:
            if belief.reads is None or evidence is None:
                out.append(1.0)
                continue
            if belief.reads not in agreements:
                agreements[belief.reads] = rule_agreements(evidence, guess, belief.reads)
            out.append(
                agreement_likelihood(agreements[belief.reads], belief.slip, mixed=belief.mixed)
            )
        return out

    def _beliefs(self, obs: ClassicView) -> list[_Belief]:
        """The opponents the expert weighs, if the settings give easy or medium a prior."""
        settings = self.settings
        easy, medium = settings.prior_easy, settings.prior_medium
        if not easy and not medium:
            return []
        if settings.learn_opponent and obs.rules.players == 2:
            chances = opponent_profile(
                obs, 1 - obs.seat, (easy, medium, 1 - easy - medium), settings.other_agrees
            )
            easy, medium = chances["easy"], chances["medium"]
        floor = settings.keep_floor
        hand = keep_likelihoods("hand")
        net = keep_likelihoods("pone" if owns_crib(obs) else "dealer")
        strong = self._keep_likelihood(obs)
        if settings.keep_model == "soft":
            soft = soft_keep_likelihoods(settings.keep_temperature)
            strong = soft.__getitem__
        slip = settings.slip
        out = [
            _Belief("greedy", "greedy", easy, lambda k: (hand[k] + floor) / (1 + floor), slip),
            _Belief(
                "lookahead", "lookahead", medium, lambda k: (net[k] + floor) / (1 + floor), slip
            ),
        ]
        if easy + medium < 1 - 1e-12:
            reads: PlayRule | None = "lookahead" if settings.other_reads else None
            other, departs = 1 - easy - medium, 1 - settings.other_agrees
            out.append(_Belief(settings.opponent_model, reads, other, strong, departs, mixed=True))
        return [b for b in out if b.prior > 0]

    def _keep_likelihood(self, obs: ClassicView) -> Callable[[tuple[int, ...]], float]:
        """The weight of a guess that the opponent kept these four ranks (``keep_model``)."""
        settings = self.settings
        if settings.keep_model == "soft":
            values = keep_values()
            temperature = settings.keep_temperature
            return lambda kept: math.exp(values[kept] / temperature)
        rule: KeepRule = "hand"
        if settings.keep_model == "net":
            rule = "pone" if owns_crib(obs) else "dealer"
        likelihoods = keep_likelihoods(rule)
        floor = settings.keep_floor
        return lambda kept: likelihoods[kept] + floor

    def plays_for_chances(self, obs: ClassicView) -> bool:
        """Whether :meth:`play_values` are chances of winning here (in the search's scale,
        :func:`~cribkit.ai.pegging.win_chance` reads them), not pegging margins: near the end,
        with ``endgame_play`` and ``endgame_outcome``."""
        settings = self.settings
        return settings.endgame_play and settings.endgame_outcome and self.near_end(obs)

    def near_end(self, obs: ClassicView) -> bool:
        """Whether the game is near its end for this player's settings: a score within
        ``endgame_fraction`` of the target (36 points of 121 for the shipped expert), where the
        expert lays away for the chance of winning and pegs to reach the target first."""
        target = obs.target
        return max(obs.scores) >= target - self.settings.endgame_fraction * target

    # -- muggins -------------------------------------------------------------------------------

    def _muggins(self, obs: ClassicView, actions: Sequence[Action]) -> Action:
        claim = obs.claim
        # The engine offers Muggins only when points were missed: often PassMuggins is alone.
        call = next((a for a in actions if isinstance(a, Muggins)), None)
        stand = next(a for a in actions if isinstance(a, PassMuggins))
        if call is None or claim is None or claim.declared is None:
            return stand
        return call if claim.declared < _claim_points(claim) else stand


def _claim_points(claim: ClaimView) -> int:
    """What a shown claim truly scores, from its public cards."""
    if claim.kind == "peg":
        return score_peg(claim.cards).total
    assert claim.starter is not None  # a hand or crib is shown with the starter
    return score_hand(claim.cards, claim.starter, crib=claim.kind == "crib").total


def owns_crib(obs: ClassicView) -> bool:
    """Whether the crib of the deal is the seat's side's: the seat deals, or its partner does
    (4 players).

    >>> from cribkit.games import start
    >>> state = start("classic", seed=5).state
    >>> [owns_crib(state.observation(s)) for s in (0, 1)] == [s == state.dealer for s in (0, 1)]
    True
    """
    players = obs.rules.players
    return obs.dealer == obs.seat or (players == 4 and obs.dealer % 2 == obs.seat % 2)


def play_turn(obs: ClassicView) -> tuple[int | None, bool]:
    """Who laid the count's last card (0 this seat, 1 the opponent; None: no count open) and
    whether the opponent has said go on it: in a two-player game it is the seat's turn after
    its own card only if the opponent said go."""
    if not obs.pile:
        return None, False
    last_seat = obs.played[-1][0]
    return (0 if last_seat == obs.seat else 1), last_seat == obs.seat


def table_model() -> CribModel:
    """The expert's crib model: the shipped crib table
    (:class:`~cribkit.ai.crib_table.TableCribModel`), loaded once."""
    return table_crib()


def _unseen_cards(obs: ClassicView) -> list[int]:
    """Cards this seat has not seen: not held, laid away, cut or played."""
    seen: set[int] = {*obs.hand, *obs.laid_away, *obs.kept}
    if obs.starter is not None:
        seen.add(obs.starter)
    seen |= {c for _, c in obs.played}
    return [c for c in range(52) if c not in seen]


def _opponent_view(obs: ClassicView) -> dict[int, int]:
    """Ranks of the cards an opponent cannot have seen, its own aside: all but the starter
    and the cards played."""
    seen = [c for _, c in obs.played]
    if obs.starter is not None:
        seen.append(obs.starter)
    counts = dict.fromkeys(range(1, 14), 4)
    for card in seen:
        counts[card_rank(card)] -= 1
    return counts


def _unseen_ranks(obs: ClassicView) -> dict[int, int]:
    return dict(Counter(card_rank(c) for c in _unseen_cards(obs)))


def _sampled_crib(card: int, unseen: npt.NDArray[np.intp], rng: np.random.Generator) -> float:
    """Mean crib points with ``card`` in it, the other 3 crib cards and the starter random."""
    picks = np.argsort(rng.random((CRIB_SAMPLES, len(unseen))), axis=1)[:, :4]
    rows = np.column_stack([np.full(CRIB_SAMPLES, card), unseen[picks]])
    return float(batch_hand_totals(rows, crib=True).mean())


def _show_outcome(obs: ClassicView, tables: str = "") -> ShowOutcome:
    """The chance of winning after the play, for the play search near the end (from the win
    tables in ``tables``, or the shipped ones)."""
    assert obs.starter is not None  # the play follows the cut
    seat = obs.seat
    dealer = owns_crib(obs)
    # My two cards are in the crib, whoever owns it; the other two are among the cards unseen
    # (the opponent's held cards are counted among them: a small error).
    crib = crib_distribution(obs.laid_away, _unseen_cards(obs), obs.starter)
    return ShowOutcome(
        target=obs.target,
        mine=obs.scores[seat],
        theirs=obs.scores[1 - seat],
        dealer=dealer,
        my_show=score_hand(obs.kept, obs.starter).total,
        their_played=tuple(card_rank(c) for s, c in obs.played if s != seat),
        starter_rank=card_rank(obs.starter),
        crib=tuple(crib.tolist()),
        tables=tables,
    )


def _pegging_margin(dealer: bool) -> float:
    """The mean pegging margin of a role (own points minus the opponent's) in the deals the win
    table was solved from."""
    from cribkit.ai.win_table import DEAL_MEANS

    margin = DEAL_MEANS["dealer_peg"] - DEAL_MEANS["pone_peg"]
    return margin if dealer else -margin


def _win_chance(obs: ClassicView, keep: Sequence[int], crib_mean: float, margin: float) -> float:
    """Near the end: the chance of winning with this keep, from the win-probability table.

    The kept hand counts exactly over each possible starter; the two players' pegging is
    their mean total split by the expected ``margin`` (own points minus the opponent's), the
    opponent's hand and the crib count at their means. Pone counts first, so pone reaching
    the target with the hand wins on the spot; otherwise the table takes over at the next
    deal, dealt by the other.
    """
    from cribkit.ai.win_table import DEAL_MEANS, win_probability

    seat = obs.seat
    dealer = owns_crib(obs)
    scores = obs.scores
    target = obs.target
    pegged = DEAL_MEANS["dealer_peg"] + DEAL_MEANS["pone_peg"]
    mine = scores[seat] + (pegged + margin) / 2
    theirs = scores[1 - seat] + (pegged - margin) / 2
    theirs += DEAL_MEANS["pone_hand" if dealer else "dealer_hand"] + (0.0 if dealer else crib_mean)
    seen = set(obs.hand)
    unseen = np.array([c for c in range(52) if c not in seen], dtype=np.intp)
    chances = []
    for hand_points in hand_starter_totals(keep, unseen).tolist():
        after = mine + hand_points + (crib_mean if dealer else 0.0)
        if not dealer and after >= target:
            chances.append(1.0)
        else:
            chances.append(win_probability(after, theirs, dealer=not dealer, target=target))
    return sum(chances) / len(chances)


def _make(level: str, seed: int | None) -> ClassicPlayer:
    return ClassicPlayer(level, seed)


register_players("classic", _make)

"""What the expert reads of an opponent: its gos and plays this deal (cribkit.ai.evidence) and
its lay-aways and plays in the deals it has shown (cribkit.ai.profile)."""

from __future__ import annotations

import random
from functools import cache

import pytest

from cribkit.ai.classic import ClassicPlayer, ExpertSettings
from cribkit.ai.evidence import PlayEvidence, PlayRule, play_likelihood, read_play
from cribkit.ai.pegging import pip
from cribkit.ai.players import make_player
from cribkit.ai.profile import opponent_profile, rule_keep
from cribkit.core.cards import card_rank
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Play
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.games.protocol import Action


@cache
def _game(levels: tuple[str, str], seed: int, deals: int | None = None) -> tuple[ClassicState, ...]:
    """Every state of a seeded two-player game between ``levels``, to its end or to the first
    state with ``deals`` deals shown. The same game is played once for every test asking."""
    players = [make_player("classic", level, seed=seed * 2 + s) for s, level in enumerate(levels)]
    state = start_game(ClassicRules(), seed=seed).state
    states = [state]
    while not state.is_terminal and (deals is None or len(state.past_deals) < deals):
        seat = state.current_player
        assert seat is not None
        action = players[seat].choose(state.observation(seat), state.legal_actions())
        state = state.apply(action).state
        states.append(state)
    return tuple(states)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_evidence_of_a_deal_never_rules_out_the_truth(level: str) -> None:
    """At each of the other seat's turns to lay a card, the opponent's true cards fit every go
    it said, and its rule (with its lay-away known, and no slips) lays the cards it laid."""
    rule: PlayRule = "greedy" if level == "easy" else "lookahead"
    checked = gos = 0
    for seed in range(4):
        for state in _game((level, "medium"), seed):
            if state.phase != "play" or state.turn != 1 or not state.played:
                continue
            view = state.observation(1)
            said_go = bool(view.pile) and view.played[-1][0] == 1
            evidence = read_play(
                view.played, opponent=0, starter=view.starter, count_open=bool(view.pile),
                said_go=said_go,
            )  # fmt: skip
            held = [card_rank(c) for c in state.observation(0).hand]
            assert all(pip(r) >= evidence.least_pip for r in held)
            gos += evidence.least_pip > 1
            aside = [card_rank(c) for c in state.observation(0).laid_away]
            assert play_likelihood(evidence, held, rule, 0.0, aside=aside) == 1.0
            checked += 1
    assert checked > 100
    assert gos > 10


def test_a_guess_against_the_rule_is_unlikely() -> None:
    """Easy leads its highest card: holding a king, a lead of a 2 is against its rule."""
    from cribkit.core.cards import parse_cards

    (two,) = parse_cards("2h")
    evidence = read_play([(0, two)], opponent=0, starter=None)
    assert play_likelihood(evidence, (13, 5, 7), "greedy", 0.0) == 0.0
    assert play_likelihood(evidence, (2, 2, 1), "greedy", 0.0) == 1.0


def test_a_strong_other_reads_the_plays_only_when_told() -> None:
    """``other_reads``: the ``other`` model follows a rule on half its turns and lays any rank
    alike on the rest, so a lead against the rule keeps only the share spread over every rank;
    without the knob its plays tell nothing."""
    from cribkit.ai.classic import _Belief
    from cribkit.core.cards import parse_cards

    (two,) = parse_cards("2h")
    evidence = read_play([(0, two)], opponent=0, starter=None)
    reads = _Belief("lookahead", "greedy", 0.5, lambda k: 1.0, 0.5, mixed=True)
    blind = _Belief("lookahead", None, 0.5, lambda k: 1.0, 0.5, mixed=True)
    against, agreeing = (13, 5, 7), (2, 2, 1)

    def likely(belief: _Belief, evidence: PlayEvidence | None, guess: tuple[int, ...]) -> float:
        (likelihood,) = ClassicPlayer._plays_likelihoods([belief], evidence, guess)
        return likelihood

    # Easy's rule leads the highest: holding K 5 7 and the 2 laid, four ranks to choose from;
    # holding 2 2 A, two, and the 2 was the rule's.
    assert likely(reads, evidence, against) == pytest.approx(0.5 / 4)
    assert likely(reads, evidence, agreeing) == pytest.approx(0.5 + 0.5 / 2)
    assert likely(blind, evidence, against) == likely(blind, evidence, agreeing) == 1.0
    assert likely(reads, None, against) == 1.0


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_rule_keep_is_the_levels_own_lay_away(level: str) -> None:
    player = ClassicPlayer(level, seed=0)
    for seed in range(12):
        state = start_game(ClassicRules(), seed=seed).state
        seat = state.current_player
        assert seat is not None
        action = player.choose(state.observation(seat), state.legal_actions())
        assert isinstance(action, Discard)
        hand = tuple(int(c) for c in state.observation(seat).hand)
        kept = frozenset(hand) - frozenset(int(c) for c in action.cards)
        assert rule_keep(level, hand, seat == state.dealer) == kept


@pytest.mark.parametrize(("level", "model"), [("easy", "easy"), ("medium", "medium"),
                                              ("random", "other")])  # fmt: skip
def test_the_profile_learns_which_rules_an_opponent_follows(level: str, model: str) -> None:
    for seed in range(2):
        states = _game((level, "expert"), seed, deals=3)
        state = next(s for s in states if len(s.past_deals) == 3)
        profile = opponent_profile(state.observation(1), opponent=0)
        assert max(profile, key=profile.__getitem__) == model, profile
        assert profile[model] > 0.9
        # The expert lays away much as medium does, and pegs otherwise than easy: three
        # deals take easy's chance from its prior (0.25) to a few hundredths. It decides as
        # medium on most turns but not all: five deals show it is neither, unless ``other``
        # is a random player, for whom a deal played mostly as medium counts a hundred to one.
        experts = _game(("expert", "expert"), seed, deals=5)
        state = next(s for s in experts if len(s.past_deals) == 3)
        assert opponent_profile(state.observation(1), opponent=0)["easy"] < 0.05
        state = next(s for s in experts if len(s.past_deals) == 5)
        assert opponent_profile(state.observation(1), opponent=0)["other"] > 0.9
        state = next(s for s in experts if len(s.past_deals) == 2)
        random_other = opponent_profile(state.observation(1), 0, other_agrees=0.0)
        assert random_other["medium"] > opponent_profile(state.observation(1), 0)["medium"]
        # Before the first show nothing is known: the prior.
        assert opponent_profile(states[0].observation(1), 0) == dict(
            zip(("easy", "medium", "other"), (0.25, 0.25, 0.5), strict=True)
        )


@pytest.mark.parametrize("other_reads", [False, True])
def test_the_learning_expert_plays_legally_and_replays(other_reads: bool) -> None:
    settings = ExpertSettings(read_gos=True, prior_easy=0.25, prior_medium=0.25,
                              learn_opponent=True, other_reads=other_reads)  # fmt: skip

    def play(seed: int) -> list[Action]:
        expert = ClassicPlayer("expert", seed=seed, settings=settings)
        easy = ClassicPlayer("easy", seed=seed)
        state = start_game(ClassicRules(target=61), seed=seed).state
        actions: list[Action] = []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            player = expert if seat == 0 else easy
            legal = state.legal_actions()
            action = player.choose(state.observation(seat), legal)
            assert action in legal
            actions.append(action)
            state = state.apply(action).state
        return actions

    first = play(11)
    assert any(isinstance(a, Play) for a in first)
    assert play(11) == first
    rng = random.Random(0)
    assert play(rng.randrange(1000)) != first

"""The computer players: legal, seeded whole games at every level, muggins, and their choices.

Whole games are short (``target=61``) and the expert, the slow one (up to ~100 ms a decision),
plays only a few of them.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from typing import Any

import pytest

from cribkit.ai.classic import ClassicPlayer, ExpertSettings
from cribkit.ai.crib_table import TableCribModel
from cribkit.ai.lay_away import PEG_WEIGHT
from cribkit.ai.pegging import greedy_card, load_peg_values, lookahead_card
from cribkit.ai.players import LEVELS, Player, RandomPlayer, make_player
from cribkit.core.analysis import (
    UNIFORM_CRIB,
    CribModel,
    DiscardOption,
    analyse_discards,
    hand_starter_totals,
    unseen_cards,
)
from cribkit.core.cards import Card, parse_cards
from cribkit.core.pegging import score_peg
from cribkit.core.scoring import score_hand
from cribkit.games import lookup, start
from cribkit.games.actions import Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.games.classic.view import ClaimView, ClassicView
from cribkit.games.protocol import Action

# ---------------------------------------------------------------------------------------------
# Whole games


def play(
    spec: str,
    levels: Sequence[str],
    seed: int,
    *,
    player_seed: int = 0,
    players: Sequence[Player] | None = None,
) -> tuple[ClassicState, dict[str, int]]:
    """Play a whole game; every action must be legal. The final state and some tallies.
    ``players`` (of the ``levels``) replace the players made from the levels."""
    state = start(spec, seed=seed).state
    assert isinstance(state, ClassicState)
    if players is None:
        players = [
            make_player("classic", level, seed=player_seed * 10 + seat)
            for seat, level in enumerate(levels)
        ]
    tally = {"actions": 0, "muggins_offered": 0, "muggins_called": 0}
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        action = players[seat].choose(state.observation(seat), legal)
        assert action in legal, (action, legal)
        assert action.seat == seat
        if levels[seat] != "random" and any(isinstance(a, Muggins) for a in legal):
            # Muggins is offered only when the declaration missed points: the AI takes them.
            tally["muggins_offered"] += 1
            assert isinstance(action, Muggins)
        if isinstance(action, Muggins):
            tally["muggins_called"] += 1
        state = state.apply(action).state
        tally["actions"] += 1
        assert tally["actions"] < 5000
    assert state.result is not None
    target = state.rules.target
    assert max(state.result.scores) >= target
    return state, tally


SPECS = [
    "classic:target=61",
    "classic:players=3,target=61",
    "classic:players=4,target=61",
    "classic:manual_counting=true,muggins=true,target=61",
    "classic:players=3,manual_counting=true,muggins=true,target=61",
    "classic:players=4,manual_counting=true,muggins=true,target=61",
]


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("spec", SPECS)
def test_every_level_plays_whole_games_legally(spec: str, level: str) -> None:
    rules = lookup(spec)
    assert isinstance(rules, ClassicRules)
    state, tally = play(spec, [level] * rules.players, seed=len(spec))
    if rules.manual_counting:
        assert state.rules.muggins
        # Honest AI declarations leave nothing to take.
        if level != "random":
            assert tally["muggins_called"] == 0


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_full_length_games(level: str) -> None:
    state, _ = play("classic", [level, level], seed=11)
    assert state.result is not None
    assert max(state.result.scores) >= 121


@pytest.mark.parametrize("model", ["soft", "hand", "net"])
def test_every_keep_model_of_the_expert_plays_legally(model: str) -> None:
    settings = ExpertSettings(keep_model=model)  # type: ignore[arg-type]
    players = [
        ClassicPlayer("expert", seed=1, settings=settings),
        make_player("classic", "easy", seed=2),
    ]
    _, tally = play("classic:target=61", ["expert", "easy"], 9, players=players)
    assert tally["actions"] > 20


@pytest.mark.parametrize(
    ("spec", "levels"),
    [
        ("classic:muggins=true,target=61", ["random", "medium"]),
        ("classic:muggins=true,target=61", ["easy", "random"]),
        ("classic:players=3,muggins=true,target=61", ["random", "easy", "medium"]),
        ("classic:players=4,muggins=true,target=61", ["random", "expert", "random", "easy"]),
    ],
)
def test_ai_calls_muggins_on_random_declarations(spec: str, levels: list[str]) -> None:
    _, tally = play(spec, levels, seed=3)
    assert tally["muggins_offered"] > 0  # random players under-declare; the AI takes it
    assert tally["muggins_called"] >= tally["muggins_offered"]


@pytest.mark.parametrize(
    ("spec", "levels"),
    [
        ("classic:target=61", ["expert", "medium"]),
        ("classic:players=3,target=61", ["random", "easy", "medium"]),
        ("classic:players=4,muggins=true,target=61", ["medium", "random", "easy", "expert"]),
    ],
)
def test_the_same_seeds_replay_the_same_game(spec: str, levels: list[str]) -> None:
    first, _ = play(spec, levels, seed=21, player_seed=4)
    again, _ = play(spec, levels, seed=21, player_seed=4)
    assert first.record() == again.record()
    assert first.result == again.result


def test_player_seeds_matter() -> None:
    one, _ = play("classic:target=61", ["random", "random"], seed=5, player_seed=1)
    two, _ = play("classic:target=61", ["random", "random"], seed=5, player_seed=2)
    assert one.record()["actions"] != two.record()["actions"]


# ---------------------------------------------------------------------------------------------
# Making players


def test_make_player_levels() -> None:
    assert LEVELS == ("random", "easy", "medium", "expert")
    assert isinstance(make_player("classic", "random", seed=1), RandomPlayer)
    for level in LEVELS[1:]:
        player = make_player("classic", level, seed=1)
        assert isinstance(player, ClassicPlayer)
        assert player.name == level


@pytest.mark.parametrize("level", ["", "hard", "Expert", "grandmaster", "human"])
def test_unknown_levels_raise(level: str) -> None:
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("classic", level)


def test_unknown_levels_and_games_raise() -> None:
    with pytest.raises(ValueError, match="level"):
        ClassicPlayer("random")
    with pytest.raises(ValueError, match="level"):
        ClassicPlayer("hard")
    with pytest.raises(ValueError, match="no AI players"):
        make_player("bridge", "easy")


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
def test_a_classic_player_reads_the_typed_view_not_its_json(level: str) -> None:
    state = start("classic", seed=1).state
    view = state.observation(state.current_player)
    player = ClassicPlayer(level, seed=0)
    assert player.choose(view, state.legal_actions()) in state.legal_actions()
    with pytest.raises(TypeError, match=r"reads the seat's view \(state.observation\(seat\)\)"):
        player.choose(view.to_json(), state.legal_actions())


@pytest.mark.parametrize("level", LEVELS)
def test_no_legal_action_raises(level: str) -> None:
    player: Player = make_player("classic", level, seed=0)
    state = start("classic", seed=1).state
    with pytest.raises(ValueError, match="no legal action"):
        player.choose(state.observation(state.current_player), [])


# ---------------------------------------------------------------------------------------------
# Muggins decisions


def muggins_observation() -> tuple[ClassicView, int]:
    """A real view in the muggins phase (random play until there is one), and its seat."""
    state = start("classic:muggins=true", seed=2).state
    rng = random.Random(2)
    while state.phase != "muggins":
        state = state.apply(rng.choice(state.legal_actions())).state
    seat = state.current_player
    assert seat is not None
    view = state.observation(seat)
    assert isinstance(view, ClassicView)
    return view, seat


def with_claim(
    view: ClassicView, kind: str, seat: int, cards: str, starter: str | None, declared: int | None
) -> ClassicView:
    """``view`` with another claim on the table, as ``ClassicState.observation`` shows one."""
    claim = ClaimView(
        kind=kind,
        seat=seat,
        cards=parse_cards(cards),
        starter=None if starter is None else Card.parse(starter),
        declared=declared,
    )
    return dataclasses.replace(view, claim=claim)


CLAIMS = [
    # kind, cards, starter, true points
    ("show", "5h 5c 5d Js", "5s", 29),
    ("show", "2h 4h 6h Kh", "9c", 8),  # a four-card flush counts in a hand...
    ("crib", "2h 4h 6h Kh", "9c", 4),  # ...but not in the crib
    ("crib", "2h 4h 6h Kh", "9h", 9),  # a five-card crib flush
    ("peg", "7h 8c", None, 2),
    ("peg", "4h 6c 5d", None, 5),
    ("peg", "Th 9h 8h 4c", None, 2),
]


@pytest.mark.parametrize(("kind", "cards", "starter", "points"), CLAIMS)
def test_claim_points_in_the_table_are_right(
    kind: str, cards: str, starter: str | None, points: int
) -> None:
    if kind == "peg":
        assert score_peg(cards).total == points
    else:
        assert starter is not None
        assert (
            score_hand(parse_cards(cards), Card.parse(starter), crib=kind == "crib").total == points
        )


@pytest.mark.parametrize("level", ["easy", "medium", "expert"])
@pytest.mark.parametrize(("kind", "cards", "starter", "points"), CLAIMS)
def test_muggins_on_an_under_declaration_only(
    level: str, kind: str, cards: str, starter: str | None, points: int
) -> None:
    view, seat = muggins_observation()
    player = make_player("classic", level, seed=3)
    both: list[Action] = [Muggins(seat), PassMuggins(seat)]
    for declared in range(points + 1):
        obs = with_claim(view, kind, 1 - seat, cards, starter, declared)
        chosen = player.choose(obs, both)
        expected = Muggins if declared < points else PassMuggins
        assert isinstance(chosen, expected), (declared, points, chosen)
    # No declaration yet, or only letting it stand is offered: let it stand.
    obs = with_claim(view, kind, 1 - seat, cards, starter, None)
    assert isinstance(player.choose(obs, both), PassMuggins)
    obs = with_claim(view, kind, 1 - seat, cards, starter, points)
    assert player.choose(obs, [PassMuggins(seat)]) == PassMuggins(seat)


def test_muggins_on_the_engine_observation() -> None:
    """The claim the engine shows, under-declared by the test: the AI calls."""
    rules = ClassicRules(muggins=True)
    # Seat 1 (pone) leads 7h, seat 0 answers 8c for fifteen two.
    deck = stacked_deck(
        rules, dealer=0, hands={1: "7h 2c 3c 4d Ks Qd", 0: "8c 9d Tc Jh As 6s"}, starter="5h"
    )
    state = start_game(rules, decks=[deck], first_dealer=0).state
    state = state.apply(Discard(1, tuple(parse_cards("Ks Qd")))).state
    state = state.apply(Discard(0, tuple(parse_cards("As 6s")))).state
    state = state.apply(Play(1, Card.parse("7h"))).state
    state = state.apply(Play(0, Card.parse("8c"))).state
    assert state.phase == "declare"
    state = state.apply(state.legal_actions()[0]).state  # declares 0 of 2
    assert state.phase == "muggins"
    assert state.current_player == 1
    obs = state.observation(1)
    assert obs.claim == ClaimView(
        kind="peg", seat=0, cards=parse_cards("7h 8c"), starter=None, declared=0
    )
    for level in ("easy", "medium", "expert"):
        action = make_player("classic", level, seed=0).choose(obs, state.legal_actions())
        assert action == Muggins(1)
        after = state.apply(action)
        assert next((e.type, e.seat, e.points) for e in after.events) == ("muggins", 1, 2)


# ---------------------------------------------------------------------------------------------
# Laying away


def discard_positions(
    seed: int, *, start_scores: Sequence[int] | None = None
) -> list[tuple[ClassicView, bool]]:
    """Pone's and then the dealer's laying-away observations of a seeded two-player deal."""
    state = start_game(ClassicRules(), seed=seed, start_scores=start_scores).state
    out = []
    pone = state.current_player
    assert pone is not None
    out.append((state.observation(pone), False))
    state = state.apply(state.legal_actions()[0]).state
    dealer = state.current_player
    assert dealer == state.dealer
    out.append((state.observation(dealer), True))
    return out


def option_of(options: list[DiscardOption], action: Action) -> DiscardOption:
    assert isinstance(action, Discard)
    return next(o for o in options if set(o.discard) == set(action.cards))


def legal_discards(obs: ClassicView) -> list[Action]:
    hand = obs.hand
    return [Discard(obs.seat, (a, b)) for i, a in enumerate(hand) for b in hand[i + 1 :]]


@pytest.mark.parametrize(
    ("level", "model"),
    [("medium", UNIFORM_CRIB), ("expert", TableCribModel())],
    ids=["medium-uniform", "expert-table"],
)
@pytest.mark.parametrize("start_scores", [None, [60, 84]], ids=["0-0", "60-84"])
def test_discards_are_the_best_net_value(
    level: str, model: CribModel, start_scores: list[int] | None
) -> None:
    """Medium lays away for the best hand + crib; the expert adds the kept hand's pegging."""
    pegging = load_peg_values()
    for seed in range(4):
        for obs, dealer in discard_positions(seed, start_scores=start_scores):
            player = make_player("classic", level, seed=seed)
            action = player.choose(obs, legal_discards(obs))
            options = analyse_discards(obs.hand, dealer=dealer, crib_model=model)

            values = {
                o.discard: o.net_mean
                if level == "medium"
                else o.net_mean + PEG_WEIGHT * pegging.kept(o.keep, dealer=dealer)
                for o in options
            }
            chosen = values[option_of(options, action).discard]
            assert chosen == pytest.approx(max(values.values()), abs=1e-9)


def test_easy_discards_maximise_the_hand_alone() -> None:
    chosen_nets = []
    for seed in range(6):
        for obs, dealer in discard_positions(seed):
            action = make_player("classic", "easy", seed=seed).choose(obs, legal_discards(obs))
            options = analyse_discards(obs.hand, dealer=dealer)
            best = max(o.hand_mean for o in options)
            option = option_of(options, action)
            assert option.hand_mean == pytest.approx(best, abs=1e-9)
            chosen_nets.append(option.net_mean == max(o.net_mean for o in options))
    # The crib does matter: over these deals the hand alone sometimes picks another discard.
    assert not all(chosen_nets)


@pytest.mark.parametrize("players", [3, 4])
def test_easy_many_player_discards_maximise_the_hand(players: int) -> None:
    for seed in range(4):
        state = start_game(ClassicRules(players=players), seed=seed).state
        while state.phase == "discard":
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            legal = state.legal_actions()
            action = make_player("classic", "easy", seed=seed).choose(obs, legal)
            assert isinstance(action, Discard)
            hand = obs.hand
            unseen = unseen_cards(hand)

            def mean(card: int, hand: Sequence[Card] = hand, unseen: Any = unseen) -> float:
                keep = [c for c in hand if c != card]
                return float(hand_starter_totals(keep, unseen).mean())

            best = max(mean(c) for c in hand)
            assert mean(action.cards[0]) == pytest.approx(best)
            state = state.apply(action).state


def test_expert_discards_legally_near_the_end() -> None:
    for obs, _ in discard_positions(7, start_scores=[110, 117]):
        action = make_player("classic", "expert", seed=1).choose(obs, legal_discards(obs))
        assert action in legal_discards(obs)


# ---------------------------------------------------------------------------------------------
# Pegging


def unseen_ranks(obs: ClassicView) -> dict[int, int]:
    known: set[int] = {*obs.hand, *obs.kept, *obs.laid_away}
    known |= {card for _, card in obs.played}
    if obs.starter is not None:
        known.add(obs.starter)
    out: dict[int, int] = {}
    for c in range(52):
        if c not in known:
            rank = Card(c).rank
            out[rank] = out.get(rank, 0) + 1
    return out


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_pegging_choices(level: str) -> None:
    """easy lays the greedy rank, medium the one-reply-ahead rank (whole games)."""
    checked = 0
    for seed in range(3):
        state = start_game(ClassicRules(target=61), seed=seed).state
        players = [make_player("classic", level, seed=s) for s in range(2)]
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            obs = state.observation(seat)
            legal = state.legal_actions()
            action = players[seat].choose(obs, legal)
            ranks = {a.card.rank for a in legal if isinstance(a, Play)}
            if isinstance(action, Play) and len(ranks) > 1:
                hand = [c.rank for c in obs.hand]
                pile = [c.rank for c in obs.pile]
                if level == "easy":
                    expected = greedy_card(hand, pile)
                else:
                    expected = lookahead_card(hand, pile, unseen_ranks(obs))
                assert action.card.rank == expected
                checked += 1
            state = state.apply(action).state
    assert checked > 20


def test_expert_pegs_out_when_it_can() -> None:
    """Seat 0 needs 2: on pone's ten, its 5 makes fifteen and wins; nothing else scores."""
    rules = ClassicRules()
    deck = stacked_deck(
        rules, dealer=0, hands={1: "Tc 2c 3c 4d Ks Qd", 0: "5h 9d 8c Ah As 6s"}, starter="7s"
    )
    state = start_game(rules, decks=[deck], first_dealer=0, start_scores=[119, 100]).state
    state = state.apply(Discard(1, tuple(parse_cards("Ks Qd")))).state
    state = state.apply(Discard(0, tuple(parse_cards("As 6s")))).state
    state = state.apply(Play(1, Card.parse("Tc"))).state
    assert state.current_player == 0
    expert = make_player("classic", "expert", seed=0)
    action = expert.choose(state.observation(0), state.legal_actions())
    assert action == Play(0, Card.parse("5h"))
    final = state.apply(action).state
    assert final.result is not None
    assert final.result.winner == 0


def test_expert_play_values_cover_the_playable_ranks() -> None:
    rules = ClassicRules()
    deck = stacked_deck(
        rules, dealer=0, hands={1: "Tc 2c 3c 4d Ks Qd", 0: "5h 9d 8c Ah As 6s"}, starter="7s"
    )
    state = start_game(rules, decks=[deck], first_dealer=0).state
    state = state.apply(Discard(1, tuple(parse_cards("Ks Qd")))).state
    state = state.apply(Discard(0, tuple(parse_cards("As 6s")))).state
    state = state.apply(Play(1, Card.parse("Tc"))).state
    values = ClassicPlayer("expert", seed=0).play_values(state.observation(0), [5, 9, 8, 1], [10])
    assert set(values) == {1, 5, 8, 9}
    assert all(-40 < v < 40 for v in values.values())


def test_expert_play_values_are_exact_when_the_opponent_is_out_of_cards() -> None:
    rules = ClassicRules()
    deck = stacked_deck(
        rules, dealer=0, hands={1: "Ac Ad 2c 2d Ks Qd", 0: "Kc Qc Jc Tc As 6s"}, starter="7s"
    )
    state = start_game(rules, decks=[deck], first_dealer=0).state
    state = state.apply(Discard(1, tuple(parse_cards("Ks Qd")))).state
    state = state.apply(Discard(0, tuple(parse_cards("As 6s")))).state
    for seat, card in [(1, "Ac"), (0, "Kc"), (1, "Ad"), (0, "Qc"), (1, "2c"), (1, "2d")]:
        state = state.apply(Play(seat, Card.parse(card))).state
    # Pone is out of cards after its pair and go; the dealer leads a new count with J and 10.
    assert state.current_player == 0
    assert state.count == 0
    obs = state.observation(0)
    assert obs.hand_counts == (2, 0)
    expert = ClassicPlayer("expert", seed=0)
    assert expert.play_values(obs, [11, 10], []) == {10: 1.0, 11: 1.0}
    assert expert.choose(obs, state.legal_actions()) in state.legal_actions()

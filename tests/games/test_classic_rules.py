"""Classic cribbage, rule by rule, on hand-built records with stacked decks.

Each test names the rule of ``rules/classic.md`` it checks. Decks are stacked with the dealing
convention (one card at a time from the player left of the dealer; the starter next).
"""

from __future__ import annotations

import random

import pytest

from cribkit.core.cards import DECK, Card, parse_cards
from cribkit.core.scoring import score_hand
from cribkit.games.classic.events import CardPlayed, CribShown, CutForDeal, HandShown, Heels
from cribkit.games.classic.rules import ClassicRules, deal_positions, stacked_deck
from cribkit.games.classic.state import ClassicState, next_game, start_game
from cribkit.games.classic.view import ClassicView
from cribkit.games.protocol import GameError
from cribkit.games.records import replay
from cribkit.games.setup import cut_decks, cut_for_first_deal

from .helpers import classic, deck, discards, of_kind, plays, record, summary

TWO = ClassicRules()
THREE = ClassicRules(players=3)
FOUR = ClassicRules(players=4)


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# -- the deal ------------------------------------------------------------------------------------


def test_two_players_are_dealt_one_at_a_time_from_pone_and_the_starter_is_next() -> None:
    state = start_game(TWO, decks=[DECK], first_dealer=0).state
    assert state.hands[1] == sum(1 << c for c in cards("Ac Ah 2c 2h 3c 3h"))
    assert state.hands[0] == sum(1 << c for c in cards("Ad As 2d 2s 3d 3s"))
    state = state.apply(state.legal_actions()[0]).state
    state = state.apply(state.legal_actions()[0]).state
    assert state.starter == Card.parse("4c")  # deck[12], the next card after the deal


def test_three_players_get_five_each_then_one_card_to_the_crib() -> None:
    state = start_game(THREE, decks=[DECK], first_dealer=2).state
    # pone is seat 0 (left of dealer 2): deck positions 0, 3, 6, 9, 12
    assert state.hands[0] == sum(1 << DECK[i] for i in (0, 3, 6, 9, 12))
    assert state.hands[1] == sum(1 << DECK[i] for i in (1, 4, 7, 10, 13))
    assert state.hands[2] == sum(1 << DECK[i] for i in (2, 5, 8, 11, 14))
    assert state.crib == 1 << DECK[15]
    assert deal_positions(3, 2)[1:] == (16, 15)
    view = state.observation(0)
    assert view.crib_count == 1
    assert view.to_lay_away == 1


def test_four_players_get_five_each_and_lay_away_one() -> None:
    state = start_game(FOUR, decks=[DECK], first_dealer=3).state
    assert [h.bit_count() for h in state.hands] == [5, 5, 5, 5]
    assert state.crib == 0
    assert state.current_player == 0
    for _ in range(4):
        state = state.apply(state.legal_actions()[0]).state
    assert state.crib.bit_count() == 4
    assert state.starter == DECK[20]
    assert state.current_player == 0  # pone leads


def test_stacked_deck_places_hands_crib_card_and_starter() -> None:
    d = stacked_deck(
        THREE,
        dealer=1,
        hands={2: "Ac 2c 3c 4c 5c", 0: "Ad 2d 3d 4d 5d", 1: "Ah 2h 3h 4h 5h"},
        crib_card="Ks",
        starter="Qs",
    )
    assert len(set(d)) == 52
    assert [str(c) for c in d[:3]] == ["Ac", "Ad", "Ah"]
    assert (str(d[15]), str(d[16])) == ("Ks", "Qs")
    with pytest.raises(GameError, match="crib_card"):
        stacked_deck(
            THREE,
            dealer=1,
            hands={0: "Ac 2c 3c 4c 5c", 1: "Ad 2d 3d 4d 5d", 2: "Ah 2h 3h 4h 5h"},
            starter="Qs",
        )
    with pytest.raises(GameError, match="seat 1's hand has 6 cards"):
        stacked_deck(TWO, dealer=0, hands={0: "Ac 2c 3c 4c 5c 6c", 1: "Ah"}, starter="Qs")


# -- first dealer and alternation ------------------------------------------------------------------


def test_lowest_cut_deals_ace_low_and_ties_cut_again() -> None:
    dealer, rounds = cut_for_first_deal(2, [cards("2h Ac")])
    assert dealer == 1
    assert len(rounds) == 1
    dealer, rounds = cut_for_first_deal(3, [cards("5h 5c 9d"), cards("Kd Qh")])
    assert dealer == 1  # seats 0 and 1 tie on fives; seat 1's queen beats seat 0's king
    assert rounds[1][0] == (0, 1)
    dealer, rounds = cut_for_first_deal(
        4, [cards("7h 7c 7d 8s"), cards("3h 3c 3d"), cards("Kh As Js")]
    )
    assert dealer == 1
    assert [r[0] for r in rounds] == [(0, 1, 2, 3), (0, 1, 2), (0, 1, 2)]


def test_a_seeded_game_cuts_for_the_deal_and_recuts_ties() -> None:
    tied = None
    for seed in range(200):
        t = start_game(TWO, seed=seed)
        cuts = of_kind(t.events, CutForDeal)
        low = min(c.rank for c in cuts[-1].cards)
        winner = cuts[-1].seats[[c.rank for c in cuts[-1].cards].index(low)]
        assert t.state.dealer == winner
        if len(cuts) > 1:
            tied = seed
            assert cuts[0].cards[0].rank == cuts[0].cards[1].rank
            break
    assert tied is not None
    dealer, _ = cut_for_first_deal(2, cut_decks(tied))
    assert start_game(TWO, seed=tied).state.dealer == dealer


def test_the_deal_alternates_and_passes_clockwise() -> None:
    for rules in (TWO, THREE, FOUR):
        t = start_game(rules, seed=9, first_dealer=1)
        dealers: list[tuple[int, int]] = []
        state = t.state
        rng = random.Random(1)
        while not state.is_terminal and len(dealers) < 6:
            if not dealers or dealers[-1][0] != state.deal_no:
                dealers.append((state.deal_no, state.dealer))
            state = state.apply(rng.choice(state.legal_actions())).state
        seats = [d for _, d in dealers]
        assert seats == [(1 + i) % rules.players for i in range(len(seats))]


# -- starter and his heels ---------------------------------------------------------------------------

HEELS_DECK = deck(TWO, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "Jd")


def test_his_heels_scores_two_for_the_dealer() -> None:
    r = replay(record(TWO, [HEELS_DECK], discards(s1="As 2s", s0="3c 4c")))
    heels = of_kind(r, Heels)
    assert [(e.seat, e.points, e.scores) for e in heels] == [(0, 2, (2, 0))]
    assert heels[0].words() == "two for his heels"
    assert r.state.current_player == 1
    assert r.result is None


def test_his_heels_wins_the_game_at_once() -> None:
    r = replay(record(TWO, [HEELS_DECK], discards(s1="As 2s", s0="3c 4c"), start_scores=[119, 100]))
    assert [e.type for e in r.events][-3:] == ["starter", "heels", "win"]
    assert r.result is not None
    assert r.result.winner == 0
    assert r.result.scores == (121, 100)
    assert r.state.is_terminal
    assert r.state.current_player is None
    assert r.state.legal_actions() == []


# -- pegging -----------------------------------------------------------------------------------------


def test_pegging_pairs_31_and_no_combining_across_a_restart_and_last_card() -> None:
    d = deck(TWO, 0, {1: "Kh Ah Qh 5d 2c 3c", 0: "Ks Qd Jd 4h 8c 9c"}, "6s")
    acts = discards(s1="2c 3c", s0="8c 9c")
    acts += plays("1 Kh", "0 Ks", "1 Ah", "0 Qd", "1 Qh", "0 Jd", "1 5d", "0 4h")
    r = replay(record(TWO, [d], acts))
    assert summary(r, "peg", "go", "last_card") == [
        ("peg", 1, 0),
        ("peg", 0, 2),  # a pair of kings
        ("peg", 1, 0),
        ("peg", 0, 2),  # 31 for two; the count restarts
        ("peg", 1, 0),  # Qh does not pair the Qd laid before the restart
        ("peg", 0, 0),
        ("peg", 1, 0),
        ("peg", 0, 0),
        ("last_card", 0, 1),  # count 29: one for last card
    ]
    pegs = of_kind(r, CardPlayed)
    assert [e.count for e in pegs] == [10, 20, 21, 31, 10, 20, 25, 29]
    assert pegs[3].words() == "thirty-one for two"
    assert pegs[4].cards == cards("Qh")  # the count after the restart holds only the new card


def test_go_scores_one_and_a_last_card_making_31_scores_only_the_two() -> None:
    d = deck(TWO, 0, {1: "Kh Qh 5d Ah 2c 3c", 0: "Ks Qd Jd 6h 8c 9c"}, "4s")
    acts = discards(s1="2c 3c", s0="8c 9c")
    acts += plays("1 Kh", "0 Ks", "1 Qh", "1 Ah", "0 Qd", "1 5d", "0 Jd", "0 6h")
    r = replay(record(TWO, [d], acts))
    assert summary(r, "peg", "go", "last_card", "say_go") == [
        ("peg", 1, 0),
        ("peg", 0, 2),
        ("peg", 1, 0),
        ("say_go", 0, 0),  # the dealer cannot play on 30; pone plays on
        ("peg", 1, 2),  # 31 for two, no go
        ("peg", 0, 0),  # the dealer leads the new count
        ("peg", 1, 2),  # fifteen two
        ("peg", 0, 0),
        ("peg", 0, 2),  # the last card makes 31: two, and no point for last card
    ]


def test_go_when_nobody_can_play() -> None:
    d = deck(TWO, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "6c")
    acts = discards(s1="As 2s", s0="3c 4c")
    acts += plays("1 7h", "0 Kc", "1 8h", "0 Kd", "1 9c", "0 Qh", "1 9d", "0 Qs")
    r = replay(record(TWO, [d], acts))
    assert summary(r, "say_go", "go", "last_card") == [
        ("say_go", 0, 0),
        ("go", 1, 1),  # 25: the dealer cannot play and neither can pone
        ("say_go", 1, 0),
        ("go", 0, 1),  # 29
        ("last_card", 0, 1),
    ]


def test_a_player_who_can_play_must_play_and_the_count_never_passes_31() -> None:
    d = deck(TWO, 0, {1: "Kh Qh 5d Ah 2c 3c", 0: "Ks Qd Jd 6h 8c 9c"}, "4s")
    r = replay(record(TWO, [d], discards(s1="2c 3c", s0="8c 9c") + plays("1 Kh", "0 Ks", "1 Qh")))
    state = r.state
    assert state.current_player == 1  # the dealer said go on 30; pone holds the ace
    assert [str(a) for a in state.legal_actions()] == ["seat 1 plays Ah"]


THREE_DECK = deck(
    THREE,
    0,
    {1: "Ac Ad 2c 2d 3h", 2: "Kd Qd Jd Td 4h", 0: "Ks Qs 9s 5s 6h"},
    "7c",
    crib_card="8c",
)
THREE_ACTS = discards(s1="3h", s2="4h", s0="6h") + plays(
    "1 Ac", "2 Kd", "0 Ks", "1 Ad", "0 9s", "1 2c", "2 Qd", "0 Qs", "1 2d", "0 5s", "2 Jd", "2 Td"
)


def test_three_players_go_passes_round_and_the_lead_skips_players_without_cards() -> None:
    r = replay(record(THREE, [THREE_DECK], THREE_ACTS))
    assert summary(r, "peg", "say_go", "go", "last_card") == [
        ("peg", 1, 0),
        ("peg", 2, 0),
        ("peg", 0, 2),  # pair of kings
        ("peg", 1, 0),
        ("say_go", 2, 0),  # 22: seat 2 holds only tens
        ("peg", 0, 2),  # 9s: 31 for two
        ("peg", 1, 0),  # seat 1 leads after seat 0
        ("peg", 2, 0),
        ("peg", 0, 2),  # pair of queens
        ("peg", 1, 0),  # seat 1's last card
        ("say_go", 2, 0),
        ("peg", 0, 0),  # 29; then nobody can play
        ("go", 0, 1),
        ("peg", 2, 0),  # seat 1 has no cards: seat 2 leads
        ("peg", 2, 0),  # and plays on alone
        ("last_card", 2, 1),
    ]
    shows = of_kind(r, HandShown, CribShown)
    assert [(e.type, e.seat) for e in shows] == [("show", 1), ("show", 2), ("show", 0), ("crib", 0)]
    crib = shows[-1]
    assert sorted(crib.cards) == sorted(cards("8c 3h 4h 6h"))  # the dealt crib card is in it
    assert crib.points == score_hand(crib.cards, crib.starter, crib=True).total


def test_four_players_score_as_partnerships() -> None:
    d = deck(
        FOUR,
        0,
        {
            1: "5c Kc Qc 9c 2c",
            2: "5d Kd Qd 8d 3d",
            3: "5h Kh Qh 7h 4h",
            0: "5s Ks Qs 6s Js",
        },
        "Ah",
    )
    acts = discards(s1="2c", s2="3d", s3="4h", s0="Js")
    acts += plays(
        *[
            "1 5c",
            "2 5d",
            "3 5h",
            "0 5s",
            "1 Kc",
            "2 Kd",
            "3 Kh",
            "0 Ks",
            "1 Qc",
            "2 Qd",
            "3 Qh",
            "0 Qs",
            "1 9c",
            "2 8d",
            "3 7h",
            "0 6s",
        ]
    )
    r = replay(record(FOUR, [d], acts))
    assert summary(r, "peg", "go", "last_card")[:4] == [
        ("peg", 1, 0),
        ("peg", 2, 2),  # pair
        ("peg", 3, 8),  # fifteen two and three of a kind
        ("peg", 0, 12),  # four of a kind
    ]
    pegging = [e for e in r.events if e.type in ("peg", "go", "last_card")]
    side0 = sum(e.points for e in pegging if e.seat is not None and e.seat % 2 == 0)
    side1 = sum(e.points for e in pegging if e.seat is not None and e.seat % 2 == 1)
    assert (side0, side1) == (25, 18)
    shows = of_kind(r, HandShown, CribShown)
    assert [(e.type, e.seat) for e in shows] == [
        ("show", 1),
        ("show", 2),
        ("show", 3),
        ("show", 0),
        ("crib", 0),
    ]
    starter = Card.parse("Ah")
    expected = [25, 18]
    for e in shows:
        assert e.points == score_hand(e.cards, starter, crib=e.type == "crib").total
        assert e.seat is not None
        expected[e.seat % 2] += e.points
        assert list(e.scores) == expected
    assert len(r.state.scores) == 2
    view = r.state.observation(3)
    assert isinstance(view, ClassicView)
    assert view.sides == (0, 1, 0, 1)
    assert view.side == 1


# -- the show ----------------------------------------------------------------------------------------

FLUSH_DECK = deck(TWO, 0, {1: "3s 5s 9s Js 2h 4h", 0: "Ac 6d 7c Kd 8h Qh"}, "Kc")
FLUSH_ACTS = discards(s1="2h 4h", s0="8h Qh") + plays(
    "1 Js", "0 Kd", "1 9s", "0 Ac", "1 3s", "0 6d", "1 5s", "0 7c"
)


def test_a_four_card_crib_flush_scores_nothing_but_a_hand_flush_scores_four() -> None:
    r = replay(record(TWO, [FLUSH_DECK], FLUSH_ACTS))
    crib = of_kind(r, CribShown)[0]
    assert sorted(crib.cards) == sorted(cards("2h 4h 8h Qh"))
    assert crib.points == 0
    assert crib.words() == "no points"
    pone = of_kind(r, HandShown)[0]
    assert pone.seat == 1
    breakdown = score_hand(pone.cards, pone.starter)
    assert breakdown.flush_points == 4
    assert pone.points == breakdown.total


def test_the_show_counts_pone_then_dealer_then_crib_with_the_starter() -> None:
    r = replay(record(TWO, [FLUSH_DECK], FLUSH_ACTS))
    shows = of_kind(r, HandShown, CribShown)
    assert [(e.type, e.seat, str(e.starter)) for e in shows] == [
        ("show", 1, "Kc"),
        ("show", 0, "Kc"),
        ("crib", 0, "Kc"),
    ]
    assert r.state.phase == "awaiting_deck"  # the record's only deck is used up
    assert classic(r).deal_no == 1
    assert classic(r).dealer == 1


def test_pone_wins_in_the_show_before_the_dealer_counts() -> None:
    d = deck(TWO, 0, {1: "7h 8h 9c 9d As 2s", 0: "Kc Kd Qh Qs 3c 4c"}, "6c")
    acts = discards(s1="As 2s", s0="3c 4c")
    acts += plays("1 7h", "0 Kc", "1 8h", "0 Kd", "1 9c", "0 Qh", "1 9d", "0 Qs")
    r = replay(record(TWO, [d], acts, start_scores=[110, 112]))
    assert [e.type for e in r.events][-2:] == ["show", "win"]
    assert of_kind(r, HandShown)[0].points == 16
    assert r.result is not None
    assert r.result.winner == 1
    assert r.result.scores == (112, 129)
    assert not of_kind(r, CribShown)  # the dealer's hand and crib are never counted
    assert len(of_kind(r, HandShown)) == 1


def test_the_game_ends_the_moment_pegging_reaches_the_target() -> None:
    d = deck(TWO, 0, {1: "Kh Ah Qh 5d 2c 3c", 0: "Ks Qd Jd 4h 8c 9c"}, "6s")
    acts = discards(s1="2c 3c", s0="8c 9c") + plays("1 Kh", "0 Ks")
    r = replay(record(TWO, [d], acts, start_scores=[119, 0]))
    assert r.result is not None
    assert r.result.winner == 0
    assert classic(r).hands[1].bit_count() == 3  # pegging stopped at once
    more = record(TWO, [d], [*acts, *plays("1 Ah")], start_scores=[119, 0])
    with pytest.raises(GameError, match=r"action 4 .*the game is over"):
        replay(more)


# -- winning, skunks, matches ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "loser", "points", "skunk"),
    [
        (TWO, 91, 1, ""),
        (TWO, 90, 2, "skunk"),
        (TWO, 61, 2, "skunk"),
        (TWO, 60, 3, "double skunk"),
        (ClassicRules(skunks=False), 10, 1, ""),
        (ClassicRules(target=61), 31, 1, ""),
        (ClassicRules(target=61), 30, 2, "skunk"),
        (ClassicRules(target=61), 0, 3, "double skunk"),
    ],
)
def test_skunks(rules: ClassicRules, loser: int, points: int, skunk: str) -> None:
    r = replay(
        record(
            rules,
            [HEELS_DECK],
            discards(s1="As 2s", s0="3c 4c"),
            start_scores=[rules.target - 2, loser],
        )
    )
    assert r.result is not None
    assert (r.result.game_points, r.result.skunk) == (points, skunk)


def test_the_loser_deals_first_in_the_next_game() -> None:
    r = replay(record(TWO, [HEELS_DECK], discards(s1="As 2s", s0="3c 4c"), start_scores=[119, 50]))
    assert isinstance(r.state, ClassicState)
    assert r.result is not None
    assert r.result.next_dealer == 1
    following = next_game(r.state, seed=5)
    assert following.state.dealer == 1
    assert following.state.scores == (0, 0)
    assert not of_kind(following.events, CutForDeal)
    with pytest.raises(GameError, match="not over"):
        next_game(following.state, seed=6)


def test_three_player_result_names_the_lowest_scorer_to_deal_next() -> None:
    r = replay(
        record(
            THREE,
            [THREE_DECK],
            discards(s1="3h", s2="4h", s0="6h"),
            start_scores=[100, 40, 60],
            first_dealer=0,
        )
    )
    assert r.result is None  # no jack starter here: play on with a heels deck instead
    heels3 = deck(
        THREE, 0, {1: "Ac Ad 2c 2d 3h", 2: "Kd Qd Jd Td 4h", 0: "Ks Qs 9s 5s 6h"}, "Jc", "8c"
    )
    r = replay(
        record(THREE, [heels3], discards(s1="3h", s2="4h", s0="6h"), start_scores=[119, 40, 95])
    )
    assert r.result is not None
    assert (r.result.winner, r.result.next_dealer, r.result.game_points) == (0, 1, 1)

"""The game protocol: registry names, rules options, actions and events as JSON."""

from __future__ import annotations

from typing import Any

import pytest

from cribkit.core.cards import Card, parse_cards
from cribkit.games import games, lookup, start
from cribkit.games.actions import Declare, Discard
from cribkit.games.classic.actions import Muggins, PassMuggins, Play
from cribkit.games.classic.events import CardPlayed, CribShown, GoPoint, HandDealt, LastCard
from cribkit.games.classic.rules import ClassicRules
from cribkit.games.classic.state import ClassicState
from cribkit.games.protocol import Action, GameError, GameState, RulesError


def test_the_registry_finds_classic_with_options() -> None:
    assert games() == ["classic", "solitaire", "tabletop", "tiles"]
    assert lookup("classic") == ClassicRules()
    assert lookup(" Classic ") == ClassicRules()
    rules = lookup("classic:players=3,target=61,muggins=true")
    assert rules == ClassicRules(players=3, target=61, muggins=True, manual_counting=True)
    assert lookup("classic:players=4, skunks=off") == ClassicRules(players=4, skunks=False)


@pytest.mark.parametrize(
    "rules",
    [
        ClassicRules(),
        ClassicRules(players=3, target=61),
        ClassicRules(players=4, skunks=False),
        ClassicRules(manual_counting=True),
        ClassicRules(muggins=True),
    ],
)
def test_rules_round_trip_through_their_name_and_options(rules: ClassicRules) -> None:
    assert lookup(rules.spec()) == rules
    assert ClassicRules.from_options(rules.options()) == rules


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("clasic", "unknown game 'clasic' (did you mean 'classic'?): the games are classic"),
        ("chess", "unknown game 'chess': the games are classic"),
        ("classic:player=3", "classic has no option 'player' (did you mean 'players'?)"),
        ("classic:players=5", "classic option players must be one of 2, 3, 4, not 5"),
        ("classic:target=100", "classic option target must be one of 121, 61, not 100"),
        ("classic:target=abc", "classic option target is a whole number, not 'abc'"),
        ("classic:skunks=maybe", "classic option skunks is true or false, not 'maybe'"),
        ("classic:players", "option 'players' in 'classic:players' is not name=value"),
        (
            "classic:manual_counting=false,muggins=true",
            "classic option muggins=true needs manual_counting=true",
        ),
    ],
)
def test_bad_names_and_options_say_what_is_valid(name: str, message: str) -> None:
    with pytest.raises(RulesError) as error:
        lookup(name)
    assert str(error.value).startswith(message)
    assert isinstance(error.value, GameError)
    assert isinstance(error.value, ValueError)


def test_an_unknown_option_lists_every_option_on_one_line() -> None:
    with pytest.raises(RulesError) as error:
        lookup("classic:colour=red")
    message = str(error.value)
    assert "\n" not in message
    assert "'colour'" in message
    for option in ("players", "target", "skunks", "manual_counting", "muggins"):
        assert option in message
    help_text = ClassicRules.option_help()
    assert "players (2, 3, 4; default 2)" in help_text
    assert "target (121, 61; default 121)" in help_text


def test_rules_are_frozen_and_keyword_only() -> None:
    rules = ClassicRules(players=3)
    with pytest.raises(AttributeError):
        rules.players = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        ClassicRules(3)  # type: ignore[call-arg]


def test_start_by_name_and_the_state_follows_the_protocol() -> None:
    t = start("classic:players=3", seed="x")
    assert isinstance(t.state, ClassicState)
    assert isinstance(t.state, GameState)
    assert t.state.rules.players == 3
    with pytest.raises(GameError, match="classic has no setup colour"):
        start("classic", seed=1, colour="red")


ACTIONS: list[tuple[Action, dict[str, Any]]] = [
    (Discard(1, parse_cards("Kh 5d")), {"type": "discard", "seat": 1, "cards": ["5d", "Kh"]}),
    (Play(0, Card.parse("Th")), {"type": "play", "seat": 0, "card": "Th"}),
    (Declare(2, 12), {"type": "declare", "seat": 2, "points": 12}),
    (Muggins(3), {"type": "muggins", "seat": 3}),
    (PassMuggins(0), {"type": "pass_muggins", "seat": 0}),
]


@pytest.mark.parametrize(("action", "data"), ACTIONS)
def test_actions_round_trip_through_json(action: Action, data: dict[str, Any]) -> None:
    assert action.to_dict() == data
    assert Action.from_dict(data) == action
    assert str(action).startswith(f"seat {action.seat} ")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fold", "seat": 0}, "unknown action type 'fold'"),
        ({"type": "play", "seat": -1, "card": "5h"}, "seat is a whole number from 0"),
        ({"type": "play", "seat": 0, "card": "5x"}, "'5x' is not a card"),
        ({"type": "discard", "seat": 0, "cards": 5}, "a discard lists its cards"),
        ({"type": "declare", "seat": 0, "points": "ten"}, "points are a whole number"),
        ([1, 2], "an action is a JSON object"),
    ],
)
def test_bad_action_json_is_refused(data: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Action.from_dict(data)


def test_play_accepts_an_int_card_and_discards_sort() -> None:
    assert Play(0, 17).card == Card.parse("5d")  # type: ignore[arg-type]
    assert Discard(0, parse_cards("Kh 5d")) == Discard(0, parse_cards("5d Kh"))


def test_private_events_hide_their_cards_from_other_seats() -> None:
    hand = HandDealt(seat=0, cards=parse_cards("5h 5c 5d Js 2c 3c"))
    mine = hand.to_json(0)
    theirs = hand.to_json(1)
    assert mine["cards"] == ["5h", "5c", "5d", "Js", "2c", "3c"]
    assert "cards" not in theirs
    assert theirs["card_count"] == 6
    assert "text" not in theirs
    assert hand.to_json()["cards"] == mine["cards"]  # the full record view


def test_events_explain_their_points() -> None:
    peg = CardPlayed(seat=1, points=5, cards=parse_cards("4h 6c 5d"), count=15)
    assert peg.words() == "fifteen two, and a run of three is five"
    assert (
        peg.text()
        == "seat 1 plays 5d for 15: fifteen two, and a run of three is five (five points)"
    )
    data = peg.to_json()
    assert (data["type"], data["points"], data["count"]) == ("peg", 5, 15)
    crib = CribShown(seat=0, cards=parse_cards("2h 4h 8h Qh"), starter=Card.parse("Kc"))
    assert crib.words() == "no points"
    assert crib.breakdown.total == 0
    assert GoPoint(seat=1, points=1).words() == "one for the go"
    assert LastCard(seat=1, points=1).text() == "seat 1: one for last card (one point)"

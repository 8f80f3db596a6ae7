"""One valuation of a lay-away (docs/analysis.md): ``cribkit discard``, the hint, the coach,
the analysis (``cribkit analyse`` and the review) and the puzzles give every lay-away the same
best and the same value, and every sentence they say names its terms, which add up to it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from typer.testing import CliRunner

from cribkit.ai import hints
from cribkit.analysis import puzzles
from cribkit.analysis.game import judge
from cribkit.analysis.puzzle_values import describe, layaway_entries
from cribkit.cli.app import app
from cribkit.core.cards import Card
from cribkit.games.actions import Discard
from cribkit.games.classic.rules import ClassicRules, stacked_deck
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.web.coaching import coach_message

#: A sentence's terms: hand, pegging (signed), crib (signed), and the sum it says.
TERMS = re.compile(
    r"hand (?P<hand>[\d.]+) (?P<ps>[+-]) pegging (?P<peg>[\d.]+) (?P<cs>[+-]) crib "
    r"(?P<crib>[\d.]+) = (?P<value>-?[\d.]+)"
)


def added_up(sentence: str) -> float:
    """The value a sentence says, after checking that its terms add up to it."""
    found = TERMS.search(sentence)
    assert found, sentence
    terms = (
        float(found["hand"])
        + float(found["ps"] + found["peg"])
        + float(found["cs"] + found["crib"])
    )
    value = float(found["value"])
    assert abs(terms - value) < 0.005, sentence
    return value


def position(hand: list[str], dealer: bool) -> ClassicState:
    """A two-player deal where seat 0 holds ``hand`` (and is the dealer or not); the other
    seat holds six cards from the rest."""
    rest = [
        str(Card(c)) for c in range(52) if str(Card(c)) not in {str(Card.parse(t)) for t in hand}
    ]
    hands = {0: " ".join(hand), 1: " ".join(rest[:6])}
    deck = stacked_deck(ClassicRules(), dealer=0 if dealer else 1, hands=hands, starter=rest[6])
    state = start_game(ClassicRules(), decks=[deck], first_dealer=0 if dealer else 1).state
    assert isinstance(state, ClassicState)
    return state


def key(cards: Any) -> str:
    return " ".join(str(c) for c in sorted(Card.parse(str(c)) for c in cards))


def every_tool(hand: list[str], dealer: bool) -> dict[str, tuple[str, float]]:
    """Each tool's best lay-away of ``hand`` and its value (every sentence checked)."""
    state = position(hand, dealer)
    view = state.observation(0)
    found: dict[str, tuple[str, float]] = {}
    # cribkit discard
    result = CliRunner().invoke(
        app, ["discard", *hand, "--dealer" if dealer else "--pone", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    rows = json.loads(result.stdout)
    found["discard"] = (key(rows[0]["discard"]), rows[0]["value"])
    # The hint: its action, its table, its words.
    hint = hints.hint(state, 0, seed=1)
    assert key(hint["action"]["cards"]) == key(hint["table"][0]["discard"])
    found["hint"] = (key(hint["action"]["cards"]), added_up(hint["text"]))
    # The analysis (cribkit analyse, the review) and the coach, of the worst lay-away.
    worst = Discard(0, tuple(Card.parse(c) for c in rows[-1]["discard"]))
    decision = judge(state, worst, 0)
    assert decision is not None
    for choice in decision.choices:
        assert abs(added_up(choice.words) - choice.value) <= 0.0051, choice.words
    found["analysis"] = (key(decision.best.action["cards"]), decision.best.value)
    told = coach_message(decision, 1)
    assert told is not None  # the worst of 15 lay-aways costs an inaccuracy at least
    found["coach"] = (key(told["best"]["action"]["cards"]), told["best"]["value"])
    # The puzzles' values of the position, in their words.
    entries = layaway_entries(view)
    shown = view.to_json()
    for entry in entries:
        assert abs(added_up(describe("lay-away", entry.to_json(), shown)) - entry.value) <= 0.0051
    found["puzzle"] = (entries[0].key, entries[0].value)
    return found


def assert_agree(found: dict[str, tuple[str, float]]) -> None:
    best, value = found["discard"]
    for tool, (its_best, its_value) in found.items():
        assert its_value == pytest.approx(value, abs=0.01), (tool, found)
        assert its_best == best or its_value == pytest.approx(value, abs=1e-9), (tool, found)


@pytest.mark.parametrize("puzzle", puzzles.pick(kind="lay-away"), ids=lambda p: str(p["id"]))
def test_every_lay_away_puzzle_is_valued_alike_by_every_tool(puzzle: dict[str, Any]) -> None:
    view = puzzle["view"]
    found = every_tool(view["hand"], view["dealer"] == view["seat"])
    assert_agree(found)
    # ... and as the puzzle itself ships it.
    assert puzzle["answer"] == found["discard"][0]
    assert puzzle["choices"][0]["value"] == pytest.approx(found["discard"][1], abs=0.01)
    assert added_up(puzzle["words"]) == pytest.approx(puzzle["choices"][0]["value"], abs=0.0051)


@pytest.mark.parametrize(
    ("hand", "dealer"),
    [
        (["5h", "5c", "5d", "Js", "7c", "9h"], True),
        (["2c", "3d", "4h", "9s", "Tc", "Kd"], False),
        (["6s", "7c", "8d", "8h", "Qc", "Kc"], False),
        (["Ah", "2h", "3h", "4h", "Th", "Jh"], True),
    ],
)
def test_textbook_deals_are_valued_alike_by_every_tool(hand: list[str], dealer: bool) -> None:
    assert_agree(every_tool(hand, dealer))

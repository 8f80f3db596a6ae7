"""The words of a hint say why (issue 15: the Solitaire hint had no explanation in the browser,
where the terminal's had one)."""

from __future__ import annotations

import re

from cribkit.ai import hints
from cribkit.ai.solitaire import options_for
from cribkit.ai.tabletop import cell_values
from cribkit.games.protocol import game_info


def test_a_solitaire_hint_gives_the_expected_points_of_the_choice_and_the_next_best() -> None:
    info = game_info("solitaire")
    for seed in (1, 3, 8):
        state = info.start(info.rules_type.from_options({}), seed=seed).state
        hint = hints.hint(state, 0, seed)
        options = options_for(state.observation(0))
        best, second = options[0], options[1]
        cards = " ".join(hint["action"]["cards"])
        found = re.fullmatch(
            rf"lay away {cards}: expected hand ([\d.]+) \+ crib ([\d.]+) = ([\d.]+); "
            r"next best (\S+ \S+), ([\d.]+)",
            hint["text"],
        )
        assert found, hint["text"]
        hand, crib, total, _, next_value = found.groups()
        assert float(total) == round(best.value, 2)
        assert (float(hand), float(crib)) == (round(best.hand_mean, 2), round(best.crib_mean, 2))
        assert float(next_value) == round(second.value, 2)
        assert sorted(cards.split()) == sorted(map(str, best.discard))


def test_a_table_top_hint_gives_the_expected_line_margin_of_the_cell_and_the_next_best() -> None:
    info = game_info("tabletop")
    state = info.start(info.rules_type.from_options({}), seed=3).state
    for _ in range(3):  # a few cards on the table, so that the cells differ
        state = state.apply(state.legal_actions()[0]).state
    seat = state.current_player
    assert seat is not None
    hint = hints.hint(state, seat, 5)
    values = cell_values(state.observation(seat), [a.cell for a in state.legal_actions()])
    ranked = sorted(values.values(), reverse=True)
    found = re.fullmatch(
        rf"place \S+ on {hint['action']['cell']}: expected line margin ([+-][\d.]+); "
        r"next best [A-E][1-5], ([+-][\d.]+)",
        hint["text"],
    )
    assert found, hint["text"]
    assert float(found.group(1)) == round(ranked[0], 2)
    assert float(found.group(2)) == round(ranked[1], 2)


def test_a_lay_away_hint_names_every_term_of_its_value_and_they_add_up() -> None:
    # The crib's mean is written as the table writes it (never "crib -4.36"), the words say
    # whether it adds to the hand (the dealer's own crib) or is taken off it (pone's), and
    # hand + pegging +/- crib is the value the table gives the lay-away.
    info = game_info("classic")
    said = set()
    for seed in range(1, 9):
        state = info.start(info.rules_type.from_options({}), seed=seed).state
        for _ in (0, 1):  # each seat's lay-away in turn
            seat = state.current_player
            assert seat is not None
            hint = hints.hint(state, seat, seed)
            found = re.fullmatch(
                r"lay away (\S+ \S+) and keep \S+ \S+ \S+ \S+ \((your|their) crib\): hand "
                r"([\d.]+) ([+-]) pegging ([\d.]+) ([+-]) crib ([\d.]+) = (-?[\d.]+)",
                hint["text"],
            )
            assert found, hint["text"]
            laid, whose, hand, peg_sign, pegging, crib_sign, crib, value = found.groups()
            row = next(r for r in hint["table"] if " ".join(r["discard"]) == laid)
            # The table says each term as the words do (rounded to add up to the value).
            assert float(crib) == row["crib"]
            assert float(crib) >= 0
            dealer = state.observation(seat).to_json()["dealer"] == seat
            assert whose == ("your" if dealer else "their")
            assert crib_sign == ("+" if dealer else "-")
            assert float(f"{peg_sign}{pegging}") == row["pegging"]
            assert float(hand) == row["hand"]
            terms = float(hand) + float(f"{peg_sign}{pegging}") + float(f"{crib_sign}{crib}")
            assert abs(terms - float(value)) < 0.005
            assert float(value) == row["value"]
            assert row == hint["table"][0] or row["value"] == hint["table"][0]["value"]
            said.add(dealer)
            state = state.apply(
                next(a for a in state.legal_actions() if a.to_dict() == hint["action"])
            ).state
    assert said == {True, False}

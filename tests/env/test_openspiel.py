"""Classic cribbage as an OpenSpiel game (issue 18): OpenSpiel's own random-simulation test with
2, 3 and 4 players, a playthrough file reviewed as a diff, the rules kept through it (a
four-card crib flush scores nothing) and the hidden cards kept out of another seat's strings
and the public observation."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.observation import make_observation  # noqa: E402

import cribkit.env.openspiel  # noqa: E402, F401  (registers the game)
from cribkit.games.classic.events import CribShown  # noqa: E402
from cribkit.games.classic.rules import ClassicRules, stacked_deck  # noqa: E402

PLAYTHROUGH = Path(__file__).with_name("playthroughs") / "python_cribkit_classic.txt"
PLAYTHROUGH_GAME = "python_cribkit_classic(target=61)"
PLAYTHROUGH_SEED = 7


@pytest.mark.parametrize(
    "game",
    [
        "python_cribkit_classic",
        "python_cribkit_classic(target=61)",
        "python_cribkit_classic(players=3,target=61)",
        "python_cribkit_classic(players=4,target=61)",
    ],
)
def test_openspiels_random_simulation_test(game: str) -> None:
    # One game each: OpenSpiel's test checks every state of it (five seconds a game to 121).
    pyspiel.random_sim_test(pyspiel.load_game(game), num_sims=1, serialize=False, verbose=False)


def test_the_playthrough_is_the_one_reviewed() -> None:
    """Regenerate it with ``python -m tests.env.test_openspiel`` after a reviewed change."""
    from open_spiel.python.algorithms import generate_playthrough

    made = generate_playthrough.playthrough(PLAYTHROUGH_GAME, None, seed=PLAYTHROUGH_SEED)
    assert made == PLAYTHROUGH.read_text(encoding="utf-8")


def apply_named(state: Any, text: str) -> None:
    """Apply the move (or chance outcome) whose string is ``text``."""
    for action in state.legal_actions():
        if state.action_to_string(state.current_player(), action) == text:
            state.apply_action(action)
            return
    raise AssertionError(f"no move {text!r} in {state}")


def test_a_four_card_crib_flush_scores_nothing_and_hands_stay_hidden() -> None:
    deck = stacked_deck(
        ClassicRules(),
        dealer=0,
        hands={1: "3s 5s 9s Js 2h 4h", 0: "Ac 6d 7c Kd 8h Qh"},
        starter="Kc",
    )
    state = pyspiel.load_game("python_cribkit_classic").new_initial_state()
    apply_named(state, "seat 0 deals first")
    for card in deck[:12]:
        apply_named(state, f"deal {card}")
    assert "Ac" not in state.information_state_string(1)
    assert "3s 5s 9s Js" not in state.information_state_string(0)
    # The public observation is a spectator's: nobody's hand, whichever player asks.
    for recall in (False, True):
        public = make_observation(
            state.get_game(),
            pyspiel.IIGObservationType(
                perfect_recall=recall,
                public_info=True,
                private_info=pyspiel.PrivateInfoType.NONE,
            ),
        )
        for player in (0, 1):
            text = public.string_from(state, player)
            assert "deal" in text
            assert not {"Ac", "6d", "3s", "5s"} & set(re.findall(r"\b[2-9TJQKA][cdhs]\b", text))
    apply_named(state, "seat 1 lays away 2h 4h")
    apply_named(state, "seat 0 lays away 8h Qh")
    assert state.is_chance_node()  # the cut, once both have laid away
    apply_named(state, "cut the starter Kc")
    for play in ("1 Js", "0 Kd", "1 9s", "0 Ac", "1 3s", "0 6d", "1 5s", "0 7c"):
        seat, played = play.split()
        apply_named(state, f"seat {seat} plays {played}")
    crib = next(e for e in state.events if isinstance(e, CribShown))
    assert crib.points == 0  # 2h 4h 8h Qh with the Kc
    assert "seat 0 shows crib 2h 4h 8h Qh with Kc: no points" in state.information_state_string(1)


if __name__ == "__main__":
    from open_spiel.python.algorithms import generate_playthrough

    PLAYTHROUGH.write_text(
        generate_playthrough.playthrough(PLAYTHROUGH_GAME, None, seed=PLAYTHROUGH_SEED),
        encoding="utf-8",
    )

"""The Solitaire learner example (``examples/solitaire_learner.py``, issue 18): a short seeded
training beats the random policy clearly on the evaluation games, its features are the exact
hand points the expert's analysis finds, and it runs without matplotlib unless asked to plot."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "solitaire_learner.py"


@pytest.fixture(scope="module")
def learner() -> Iterator[Any]:
    """The example, imported from its file (``examples`` is no package)."""
    spec = importlib.util.spec_from_file_location("solitaire_learner", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module: ModuleType = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (its dataclasses look their module up)
    try:
        spec.loader.exec_module(module)
        yield module
    finally:
        del sys.modules[spec.name]


def test_a_short_training_beats_the_random_policy_clearly(learner: Any) -> None:
    report = learner.run(200, seed=0, eval_games=100, eval_every=200, levels=False)
    assert [done for done, _ in report.curve] == [0, 200]
    assert 50 < report.start < 70  # the untrained policy is the uniform random one
    assert report.final > report.start + 10
    assert report.theta[0] > 0  # the hand's points are worth having
    again = learner.run(200, seed=0, eval_games=100, eval_every=200, levels=False)
    assert again.curve == report.curve  # seeded: the same run twice


def test_the_features_are_what_the_expert_counts(learner: Any) -> None:
    from cribkit.ai.solitaire import options_for
    from cribkit.env import solitaire_v0
    from cribkit.env.codec import pair_index
    from cribkit.games.solitaire.view import SolitaireView

    env = solitaire_v0.raw_env()
    env.reset(seed=11)
    memory = learner.StarterMemory()
    while env.game_state.result is None:
        observation = env.observe("player_0")["observation"]
        memory.see(observation)
        view = env.game_state.observation(0)
        assert isinstance(view, SolitaireView)
        starter = memory.next_starter(observation)
        assert starter == view.next_starter  # known in the sixth round only
        features = learner.candidate_features(observation, starter)
        assert features.shape == (15, len(learner.FEATURES))
        for option in options_for(view):
            index = pair_index(view.hand, option.discard)
            assert features[index, 0] * 10 == pytest.approx(option.hand_mean)
        env.step(int(np.argmax(features[:, 0])))


def test_the_command_prints_the_figures_without_matplotlib(
    learner: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # importing it now fails
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    assert learner.main(["--episodes", "30", "--seed", "1", "--eval-games", "20"]) == 0
    out = capsys.readouterr().out
    for line in ("random (untrained learner)", "learner after", "cribkit easy", "cribkit expert"):
        assert line in out


def test_the_plot(learner: Any, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    report = learner.Report(
        episodes=10,
        seed=0,
        eval_games=5,
        curve=[(0, 60.0), (10, 70.0)],
        easy=81.0,
        expert=85.0,
        theta=[0.0] * len(learner.FEATURES),
        seconds=0.0,
    )
    learner.plot(report, str(tmp_path / "curve.png"))
    assert (tmp_path / "curve.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

"""The Gymnasium environments of one agent (issue 18): Gymnasium's ``check_env`` for each game,
the registered names, a seeded episode played twice alike, and an illegal move's end."""

from __future__ import annotations

import subprocess
import sys
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from cribkit.env.single import NAMES, CribkitGym  # noqa: E402
from cribkit.games.tiles.rules import TilesRules  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("solitaire", {}),
    ("classic", {"opponent": "easy"}),
    ("classic", {"opponent": "expert"}),
    ("tabletop", {"opponent": "easy"}),
    ("tiles", {"opponent": "random", "rules": TilesRules(board_size=9)}),
]


@pytest.mark.parametrize(
    ("game", "options"), CASES, ids=[f"{g} {o.get('opponent', '')}" for g, o in CASES]
)
def test_gymnasiums_check_env(game: str, options: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes on float32 bounds and the like)
        check_env(CribkitGym(game, **options), skip_render_check=True)


def episode(env: CribkitGym, seed: int) -> tuple[list[bytes], float]:
    """Play an episode with the first legal move each time; the observations seen and the return."""
    observation, info = env.reset(seed=seed)
    seen, total, done = [observation.tobytes()], 0.0, False
    while not done:
        move = int(np.flatnonzero(info["action_mask"])[0])
        observation, reward, done, _truncated, info = env.step(move)
        seen.append(observation.tobytes())
        total += reward
    return seen, total


def test_a_seeded_episode_against_the_expert_is_played_alike_twice() -> None:
    first = episode(CribkitGym("classic", opponent="expert"), seed=4)
    second = episode(CribkitGym("classic", opponent="expert"), seed=4)
    assert first == second
    assert first[1] in (-1.0, 1.0)
    solitaire = episode(CribkitGym("solitaire"), seed=4)
    assert 0 <= solitaire[1] <= 121  # the points counted, round by round


def test_the_environments_are_registered_and_an_illegal_move_ends_the_episode() -> None:
    import cribkit.env  # noqa: F401  (registers them)

    assert sorted(NAMES) == ["classic", "solitaire", "tabletop", "tiles"]
    env = gymnasium.make("cribkit/Classic-v0", opponent="random")
    _observation, info = env.reset(seed=2)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, done, _truncated, info = env.step(illegal)
    assert (reward, done, int(info["action_mask"].sum())) == (-1.0, True, 0)
    strict = CribkitGym("classic", opponent="random", illegal_reward=None)
    strict.reset(seed=2)
    with pytest.raises(ValueError, match="is not legal"):
        strict.step(illegal)


def test_a_fresh_interpreter_makes_every_id_through_the_module_prefix() -> None:
    """As the README writes it: nothing of cribkit imported first, ``gymnasium.make`` with the
    ``cribkit.env:`` prefix imports the module that registers the ids."""
    script = (
        "import sys, gymnasium\n"
        "assert 'cribkit' not in sys.modules\n"
        "for name in ('Classic', 'Solitaire', 'TableTop', 'Tiles'):\n"
        "    env = gymnasium.make(f'cribkit.env:cribkit/{name}-v0', opponent='random')\n"
        "    observation, info = env.reset(seed=1)\n"
        "    print(name, int(info['action_mask'].sum()) > 0)\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    assert shown.split() == [
        "Classic",
        "True",
        "Solitaire",
        "True",
        "TableTop",
        "True",
        "Tiles",
        "True",
    ]


def test_the_command_line_never_imports_gymnasium() -> None:
    script = (
        "import sys\n"
        "from cribkit.cli.app import main\n"
        "sys.argv = ['cribkit', 'score', '5h', '5c', '5d', 'js', '5s']\n"
        "try:\n"
        "    main()\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('gymnasium', 'pettingzoo')))\n"
    )
    shown = subprocess.run(
        [sys.executable, "-c", script], check=True, capture_output=True, text=True
    ).stdout
    assert shown.splitlines()[-1] == "[]"


def test_the_learning_extras_install_from_the_checkout_as_the_readme_says() -> None:
    """``python -m pip install -e '.[rl]'`` (and ``[openspiel]``) from the checkout resolves:
    asked as a dry run, pip would install cribkit itself, every extra being satisfied."""
    root = Path(__file__).resolve().parents[2]
    for extra in ("rl", "openspiel"):
        answer = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--dry-run", "--disable-pip-version-check",
             "-e", f".[{extra}]"],
            cwd=root, check=True, capture_output=True, text=True,
        )  # fmt: skip
        assert "Would install cribkit-" in answer.stdout, answer.stdout + answer.stderr

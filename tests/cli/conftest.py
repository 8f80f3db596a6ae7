"""What the command-line tests share: a data folder of the test's own for the commands run."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """cribkit's data folder for the test (so that nothing is written in the user's)."""
    folder = tmp_path / "home"
    folder.mkdir()
    return folder

"""What the whole suite shares: a progress line every 30 seconds (``tests/progress.py``), and a
data folder of its own (``CRIBKIT_HOME``), so that no test writes the saves, the default store
or the session secret of the person running it, and two xdist workers never share them."""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

pytest_plugins = ["pytester", "tests.progress", "tests.backends"]


def pytest_configure(config: pytest.Config) -> None:
    home = tempfile.mkdtemp(prefix="cribkit-test-home-")
    os.environ["CRIBKIT_HOME"] = home
    config.add_cleanup(lambda: shutil.rmtree(home, ignore_errors=True))

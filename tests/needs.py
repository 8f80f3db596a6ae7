"""What a test needs from the machine and may not find: Debian's programs (PostgreSQL, Redis,
HAProxy). Without them a test skips, saying what to install; under CI (``CI`` set) it fails
instead, since ``.ci/run`` installs them all."""

from __future__ import annotations

import os
from typing import NoReturn

import pytest


def missing(reason: str, package: str, suite: str) -> NoReturn:
    """Skip the test for ``reason`` (naming the Debian ``package``), or fail it under CI, where
    ``suite`` (what the tests are: "the store suite against PostgreSQL") must run."""
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI runs {suite} (.ci/run installs {package})")
    pytest.skip(f"{reason} (apt-get install {package})")

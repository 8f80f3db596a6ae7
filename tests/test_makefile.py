"""The Makefile as make reads it: ``make test`` installs everything the tests use before they run
(a stamp's variable defined below the rule that names it would be empty there, and the client's
tools, axe-core among them, would be installed only if the static checks got that far)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def prerequisites(target: str) -> list[str]:
    """``target``'s prerequisites in make's own database (nothing is run: no target is asked)."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make")
    printed = subprocess.run(
        [make, "--print-data-base", "--question", "--no-builtin-rules", "__nothing__"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    ).stdout  # fmt: skip
    for line in printed.splitlines():
        if line.startswith(f"{target}:"):
            return line.split(":", 1)[1].split()
    raise AssertionError(f"make has no target {target}")


@pytest.mark.parametrize("target", ["test", "pytest"])
def test_the_test_targets_install_python_and_the_clients_tools_first(target: str) -> None:
    needed = prerequisites(target)
    assert ".venv/.installed-dev" in needed
    assert "node_modules/.installed" in needed

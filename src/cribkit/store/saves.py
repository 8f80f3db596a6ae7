"""Game records as files in the user's data folder: save, list, load.

The folder is ``$CRIBKIT_HOME`` if set, else ``$XDG_DATA_HOME/cribkit`` (by default
``~/.local/share/cribkit``); saved games go in its ``saves/`` folder.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any


class SaveError(ValueError):
    """A save file that cannot be read or is not a game record."""


def data_home() -> Path:
    """cribkit's folder for user data."""
    explicit = os.environ.get("CRIBKIT_HOME")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cribkit"


def saves_dir() -> Path:
    """Where games are saved."""
    return data_home() / "saves"


def save_record(record: Mapping[str, Any], path: Path | None = None, *, stem: str = "game") -> Path:
    """Write ``record`` as JSON (atomically) to ``path`` or a new file in :func:`saves_dir`."""
    from cribkit.games.records import dumps

    if path is None:
        folder = saves_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        suffix = 1
        while path.exists():
            suffix += 1
            path = folder / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}-{suffix}.json"
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    partial.write_text(dumps(record) + "\n")
    partial.replace(path)
    return path


def load_record(path: Path) -> dict[str, Any]:
    """Read a saved record; a missing or broken file raises :class:`SaveError`."""
    try:
        text = path.read_text()
    except OSError as error:
        raise SaveError(f"cannot read {path}: {error.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(
            f"{path} is not a game record: {error.msg} at line {error.lineno}"
        ) from None
    if not isinstance(data, dict) or "game" not in data:
        raise SaveError(f"{path} is not a game record: it has no 'game'")
    return data

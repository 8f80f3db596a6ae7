"""The service worker of the installable client (``docs/web.md``, "Installed").

``/sw.js`` is ``static/sw.js`` with its two constants filled in: the client's files (all of
``static/`` but the worker) and their version, a hash of their paths and contents. An upgrade
that changes any file changes the worker's bytes, so a browser that has the old client kept
installs the new worker, which fetches the new files and deletes the old ones. The answer is
never cached by HTTP (``no-cache``): the browser checks it on every visit.

>>> files = client_files(STATIC)
>>> "index.html" in files and "app.js" in files and "manifest.webmanifest" in files
True
>>> WORKER in files
False
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import Response

__all__ = ["STATIC", "WORKER", "client_files", "client_version", "router", "worker_script"]

router = APIRouter(tags=["client"])

#: The client's folder (``cribkit.web.app`` serves it at ``/``).
STATIC = Path(__file__).parents[1] / "static"
#: The worker's own file, which is not one it keeps.
WORKER = "sw.js"
#: The lines of ``sw.js`` the server fills in.
_VERSION_LINE = re.compile(r"^const VERSION = .*;$", re.MULTILINE)
_FILES_LINE = re.compile(r"^const FILES = .*;$", re.MULTILINE)

# The last worker made, by the files' names, sizes and times: a visit costs a look at the folder.
_made: dict[Path, tuple[tuple[tuple[str, int, int], ...], str]] = {}


def client_files(directory: Path) -> list[str]:
    """The files of the client in ``directory``, as paths relative to it (``logic/cards.js``),
    sorted: every file but the worker and hidden ones."""
    found = []
    for path in directory.rglob("*"):
        relative = path.relative_to(directory)
        if not path.is_file() or any(part.startswith((".", "__")) for part in relative.parts):
            continue
        if relative.as_posix() != WORKER:
            found.append(relative.as_posix())
    return sorted(found)


def client_version(directory: Path, files: list[str]) -> str:
    """A hash of ``files`` (their paths and contents) and the worker's own text: 16 hex digits."""
    digest = hashlib.sha256()
    for name in [*files, WORKER]:
        digest.update(name.encode() + b"\0")
        digest.update((directory / name).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def worker_script(directory: Path = STATIC) -> str:
    """The text of ``/sw.js`` for the client in ``directory``."""
    files = client_files(directory)
    stamp = tuple(
        (name, (stat := (directory / name).stat()).st_size, stat.st_mtime_ns)
        for name in [*files, WORKER]
    )
    made = _made.get(directory)
    if made is not None and made[0] == stamp:
        return made[1]
    template = (directory / WORKER).read_text(encoding="utf-8")
    version = json.dumps(client_version(directory, files))
    # (a function, not a replacement string: the JSON holds no backslash groups to expand)
    text = _VERSION_LINE.sub(lambda _: f"const VERSION = {version};", template, count=1)
    text = _FILES_LINE.sub(lambda _: f"const FILES = {json.dumps(files)};", text, count=1)
    _made[directory] = (stamp, text)
    return text


# (HEAD too: else it would fall through to the client's folder, and its unfilled template)
@router.api_route("/sw.js", methods=["GET", "HEAD"], include_in_schema=False)
def service_worker() -> Response:
    """The service worker, its version and files filled in; checked again on every visit."""
    return Response(
        worker_script(STATIC),
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )

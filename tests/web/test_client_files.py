"""The installable client's files as the server hands them out (``docs/web.md``, "Installed"):
the service worker with its version and files, the manifest and its icons."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path
from typing import TYPE_CHECKING

from cribkit.web.routes.client import STATIC, client_files, worker_script

if TYPE_CHECKING:
    from fastapi.testclient import TestClient


def filled_in(text: str) -> tuple[str, list[str]]:
    """The version and the files ``/sw.js`` carries."""
    version = re.search(r'^const VERSION = "([0-9a-f]{16})";$', text, re.MULTILINE)
    files = re.search(r"^const FILES = (\[.*\]);$", text, re.MULTILINE)
    assert version is not None
    assert files is not None
    return version.group(1), json.loads(files.group(1))


def test_the_service_worker_is_javascript_with_the_client_files(client: TestClient) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/javascript")
    # Checked on every visit, so an upgraded client is seen at once.
    assert answer.headers["cache-control"] == "no-cache"
    _version, files = filled_in(answer.text)
    client_side = {"index.html", "app.js", "style.css", "favicon.svg", "manifest.webmanifest"}
    assert client_side <= set(files)
    assert "icons/icon-512.png" in files
    assert "logic/cards.js" in files
    assert "sw.js" not in files
    head = client.head("/sw.js")
    assert head.headers["content-length"] == str(len(answer.content))
    # The worker installs only if every one of them is there (the cache takes all or none).
    for name in files:
        assert client.get(f"/{name}").status_code == 200, name


def test_an_upgraded_client_is_a_new_worker(tmp_path: Path) -> None:
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    before, files = filled_in(worker_script(copy))
    assert files == client_files(STATIC)
    assert filled_in(worker_script(copy))[0] == before
    (copy / "lobby.js").write_text("// a newer lobby\n", encoding="utf-8")
    changed, _ = filled_in(worker_script(copy))
    assert changed != before
    (copy / "widgets" / "new.js").write_text("// a new widget\n", encoding="utf-8")
    added, files = filled_in(worker_script(copy))
    assert added not in {before, changed}
    assert "widgets/new.js" in files


def test_the_manifest_and_its_icons(client: TestClient) -> None:
    page = client.get("/").text
    assert '<link rel="manifest" href="manifest.webmanifest" />' in page
    assert '<link rel="apple-touch-icon" href="icons/apple-touch-icon.png" />' in page
    answer = client.get("/manifest.webmanifest")
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == "cribkit"
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "."
    sizes = set()
    for icon in manifest["icons"]:
        image = client.get(f"/{icon['src']}")
        assert image.headers["content-type"] == icon["type"], icon
        if icon["type"] == "image/png":
            assert image.content.startswith(b"\x89PNG\r\n\x1a\n")
            width, height = struct.unpack(">II", image.content[16:24])
            assert icon["sizes"] == f"{width}x{height}"
            sizes.add((width, icon["purpose"]))
    # Chromium installs from a 192 and a 512; a phone's mask crops the maskable one.
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes

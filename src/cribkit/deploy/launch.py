"""Starting ``cribkit serve`` as a process of its own, and Debian's Chromium headless: what the
crash test, the browser tests, the load test and the screenshot script share.

>>> CHROMIUM
PosixPath('/usr/bin/chromium')
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

#: Debian's Chromium: the only browser the project drives (never a downloaded one).
CHROMIUM = Path("/usr/bin/chromium")
#: Headless as root on a machine with no network: without the background-networking flags
#: Chromium keeps trying to reach outside hosts.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

_ADDRESS = re.compile(r"http://127\.0\.0\.1:(\d+)/")


class ServerProcess:
    """``cribkit serve`` in a subprocess, on a free port, over the store ``store_url``; its
    output goes to ``log_path``."""

    def __init__(self, store_url: str, log_path: Path, *extra_args: str) -> None:
        self.store_url = store_url
        self.log_path = log_path
        self.extra_args = extra_args
        self.process: subprocess.Popen[bytes] | None = None
        self.base_url = ""

    @property
    def address(self) -> str:
        """``host:port`` of the running server."""
        return self.base_url.removeprefix("http://")

    @property
    def pid(self) -> int:
        """The server's process id."""
        if self.process is None:
            raise RuntimeError("the server is not started")
        return self.process.pid

    def start(self, timeout: float = 30.0) -> str:
        """Start the server; its base URL (``http://127.0.0.1:PORT``) once it listens."""
        # The store by the environment, as a cluster gives it: its URL may hold a password,
        # which `cribkit serve` refuses on its command line (every user reads that).
        env = {**os.environ, "PYTHONUNBUFFERED": "1", "CRIBKIT_STORE": self.store_url}
        command = [sys.executable, "-m", "cribkit", "serve", "--port", "0", *self.extra_args]
        # The output goes to a file, not a pipe: a pipe nobody reads would block the server.
        with self.log_path.open("ab") as log:
            start = log.tell()
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        text = ""
        while time.monotonic() < deadline and self.process.poll() is None:
            text = self.log_path.read_bytes()[start:].decode(errors="replace")
            found = _ADDRESS.search(text)
            if found:
                self.base_url = f"http://127.0.0.1:{found.group(1)}"
                return self.base_url
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"cribkit serve did not start:\n{text}")

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the server politely (SIGTERM), or kill it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def __enter__(self) -> ServerProcess:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

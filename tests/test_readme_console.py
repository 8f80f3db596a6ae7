"""Every ``console`` example of the README, run as a newcomer runs it and compared with what the
README shows.

The commands run in a fresh install: a wheel built from this checkout and installed into a
new virtual environment (its dependencies lent by the development environment), whose
``bin`` comes first on ``PATH`` as after ``. .venv/bin/activate``, in an empty home, from the
checkout's root (so ``examples/records/...`` is found). The comparison is exact but for what
differs from run to run: durations (``7.1 s``, ``"seconds": 0.16``) are masked, a ``...``
in the README stands for any text (as in a doctest), and ``cribkit serve`` is given a free
port, written back as the README's 8000, and stopped with Ctrl+C once it has said where it
plays.
"""

from __future__ import annotations

import doctest
import os
import re
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"

#: What differs from run to run, masked alike in the README and in the output.
MASKS = (
    (re.compile(r"\b\d+(?:\.\d+)? s\b"), "<seconds> s"),
    (re.compile(r'"seconds": \d+(?:\.\d+)?'), '"seconds": <seconds>'),
)
#: How long one example may take (the simulations are the longest, some 10 s).
TIMEOUT = 180.0


@dataclass(frozen=True, slots=True)
class Example:
    """A command of a ``console`` block (after ``$ ``) and the output the README shows."""

    line: int
    command: str
    expected: str

    def __str__(self) -> str:
        return f"README.md:{self.line}: {self.command}"


def console_examples(text: str) -> list[Example]:
    """The examples of every ```` ```console ```` block of ``text``, in order."""
    examples: list[Example] = []
    inside = False
    indent = 0  # a block in a list is indented: its lines are read without it
    command: tuple[int, str] | None = None
    output: list[str] = []

    def close() -> None:
        if command is not None:
            examples.append(Example(command[0], command[1], "\n".join(output)))

    for number, line in enumerate(text.splitlines(), start=1):
        fence = line.strip()
        if not inside:
            inside = fence == "```console"
            indent = len(line) - len(line.lstrip())
            continue
        if fence == "```":
            close()
            inside, command, output = False, None, []
        elif fence.startswith("$ "):
            close()
            command, output = (number, fence[2:]), []
        elif command is not None:
            output.append(line[indent:])
    return examples


def masked(text: str) -> str:
    for pattern, mask in MASKS:
        text = pattern.sub(mask, text)
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())


def matches(expected: str, got: str) -> bool:
    """Whether ``got`` is the README's ``expected``, ``...`` standing for any text."""
    checker = doctest.OutputChecker()
    return checker.check_output(masked(expected) + "\n", masked(got) + "\n", doctest.ELLIPSIS)


EXAMPLES = console_examples(README.read_text(encoding="utf-8"))


def test_the_readme_has_console_examples_of_every_command() -> None:
    commands = {e.command.split("|")[-1].split()[1] for e in EXAMPLES}
    for command in ("serve", "score", "peg", "discard", "stats", "simulate", "replay"):
        assert command in commands, f"no console example of cribkit {command}"
    for command in ("analyse", "verify", "solitaire"):
        assert command in commands, f"no console example of cribkit {command}"


def test_the_parser_reads_commands_outputs_and_ellipses() -> None:
    text = (
        "x\n```console\n$ cribkit a\none\n...\n$ cribkit b\n```\n  ```console\n  $ c\n  two\n  ```"
    )
    found = console_examples(text)
    assert [(e.line, e.command, e.expected) for e in found] == [
        (3, "cribkit a", "one\n..."),
        (6, "cribkit b", ""),
        (9, "c", "two"),
    ]
    assert matches("a 7.1 s\n...\nz", "a 12 s\nb\nc\nz")
    assert not matches("a\nz", "a\nb\nz")


@pytest.fixture(scope="module")
def fresh_install(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The ``bin`` folder of a new virtual environment with cribkit installed from a wheel of
    this checkout; its dependencies are the development environment's, on its path."""
    root = tmp_path_factory.mktemp("fresh")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run(
        [*pip, "wheel", "--no-deps", "-w", str(root / "dist"), str(ROOT)],
        check=True,
        capture_output=True,
    )
    (wheel,) = (root / "dist").glob("cribkit-*.whl")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # The dependencies, lent: a plain path (not a site folder), so the development
    # environment's editable cribkit is not seen; the wheel's is.
    Path(purelib, "lent-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [*pip, "--python", str(python), "install", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
    )
    where = subprocess.run(
        [python, "-c", "import cribkit; print(cribkit.__file__)"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert where.startswith(purelib), f"cribkit is imported from {where}, not the fresh install"
    return venv / "bin"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def answered(url: str) -> None:
    """Wait until ``url`` answers, as a newcomer opening the address printed would."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except urllib.error.HTTPError:
            return  # it answers, if only to refuse a host it does not know
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def run_example(example: Example, bin_folder: Path, home: Path) -> str:
    """The example's standard output, run by bash as a newcomer types it."""
    environment = {
        "PATH": f"{bin_folder}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
        "HOME": str(home),
        "CRIBKIT_HOME": str(home / "cribkit"),
        "LANG": "C.UTF-8",
        "TERM": "dumb",
        "NO_COLOR": "1",
    }
    command = example.command
    serving = command.startswith("cribkit serve")
    if serving:
        port = free_port()
        command = f"exec {command} --port {port}"
    process = subprocess.Popen(
        ["bash", "-c", command],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    if serving:
        assert process.stdout is not None
        first = process.stdout.readline()  # "cribkit: playing at ...": the server starts
        answered(f"http://127.0.0.1:{port}/")
        os.killpg(process.pid, signal.SIGINT)  # Ctrl+C reaches the whole process group
        # Read on through the same buffer as the first line (communicate would skip what it
        # holds already), the errors after: the server writes little to either.
        rest = process.stdout.read()
        errors = process.stderr.read() if process.stderr is not None else ""
        process.wait(timeout=TIMEOUT)
        # Stopped by Ctrl+C: 130 (128 + SIGINT) as the shell says it, or 0 after a clean stop.
        assert process.returncode in (0, 130, -signal.SIGINT), f"{example}: {errors}"
        assert "Traceback" not in errors, f"{example}: Ctrl+C printed {errors}"
        return (first + rest).replace(f":{port}/", ":8000/")
    try:
        output, errors = process.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"{example}: still running after {TIMEOUT:.0f} s") from None
    assert process.returncode == 0, f"{example}: exit status {process.returncode}: {errors}"
    return output


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"line{e.line}" for e in EXAMPLES])
def test_a_readme_console_example(example: Example, fresh_install: Path, tmp_path: Path) -> None:
    got = run_example(example, fresh_install, tmp_path)
    assert matches(example.expected, got), (
        f"{example}\n--- the README shows:\n{example.expected}\n--- the command printed:\n{got}"
    )

"""A pytest plugin: every ``progress_every`` seconds (30 by default), after a test ends, one line
saying where the run is, for a long run's log (CI's included: plain lines, no carriage returns):

    [  812/2292 tests,  35%, 5:12 elapsed, 1 failed ] tests/web/test_browser_look.py::test_x

the tests done of all, the time since the session started, the tests failed so far (when any)
and the test that just ended. Under pytest-xdist (``-n``) the controller writes the lines from
every worker's reports; the workers write none. ``tests/conftest.py`` loads it; ``-o
progress_every=0`` writes one after every test.

At the end it says where the time went: the seconds the tests took (setup, call and teardown,
summed over the workers) by folder, the browser tests of a folder apart, the largest first:

    ========== where the time went (seconds of the workers, by folder) ==========
      812.4 s  tests/web (browser)   214 tests
"""

from __future__ import annotations

import time
from collections import defaultdict

import pytest

#: The ini option: seconds between two progress lines.
OPTION = "progress_every"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(OPTION, "seconds between two progress lines (0: after every test)", default="30")


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: its controller tells the progress
        return
    config.pluginmanager.register(Progress(config, float(config.getini(OPTION))), "progress")


def elapsed(seconds: float) -> str:
    """``seconds`` as ``M:SS`` (or ``H:MM:SS``).

    >>> elapsed(312.7), elapsed(3725)
    ('5:12', '1:02:05')
    """
    minutes, secs = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def folder_of(nodeid: str) -> str:
    """The folder a test is counted in: its file's, two levels deep, its browser tests apart.

    >>> folder_of("tests/web/test_browser_look.py::test_x[1]"), folder_of("tests/ai/x/test_y.py::t")
    ('tests/web (browser)', 'tests/ai')
    >>> folder_of("test_three.py::test_one")
    '.'
    """
    parts = nodeid.split("::", 1)[0].split("/")
    folder = "/".join(parts[:2]) if len(parts) > 2 else "/".join(parts[:-1]) or "."
    return f"{folder} (browser)" if parts[-1].startswith("test_browser") else folder


class Progress:
    """Counts the tests ended (their teardown reported) and, ``every`` seconds at most, writes
    the progress line after one."""

    def __init__(self, config: pytest.Config, every: float) -> None:
        self.config = config
        self.every = every
        self.done = 0
        self.failed: set[str] = set()
        self.start = self.last = time.monotonic()
        self.session: pytest.Session | None = None
        #: Seconds and tests by folder (:func:`folder_of`).
        self.seconds: defaultdict[str, float] = defaultdict(float)
        self.tests: defaultdict[str, int] = defaultdict(int)

    def pytest_sessionstart(self, session: pytest.Session) -> None:
        self.session = session
        self.start = self.last = time.monotonic()

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed.add(report.nodeid)
        self.seconds[folder_of(report.nodeid)] += report.duration
        if report.when != "teardown":
            return
        self.tests[folder_of(report.nodeid)] += 1
        self.done += 1
        now = time.monotonic()
        if now - self.last < self.every:
            return
        self.last = now
        reporter = self.config.pluginmanager.get_plugin("terminalreporter")
        if reporter is None:
            return
        # A line of dots may be open (pytest says no more of it than its terminal writer).
        if reporter._tw.width_of_current_line:
            reporter._tw.line()
        reporter.write_line(self.line(report.nodeid, now))

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        if not self.seconds:
            return
        terminalreporter.write_sep("=", "where the time went (seconds of the workers, by folder)")
        width = max(map(len, self.seconds))
        for folder, seconds in sorted(self.seconds.items(), key=lambda item: -item[1]):
            tests = self.tests[folder]
            terminalreporter.write_line(
                f"{seconds:8.1f} s  {folder:<{width}}  {tests} test{'s' * (tests != 1)}"
            )
        terminalreporter.write_line(f"{sum(self.seconds.values()):8.1f} s  in all")

    def line(self, nodeid: str, now: float) -> str:
        total = self.session.testscollected if self.session is not None else 0
        if total:
            width = len(str(total))
            share = 100 * self.done // total
            counted = f"{self.done:{width}d}/{total} tests, {share:3d}%"
        else:
            counted = f"{self.done} tests"
        failed = f", {len(self.failed)} failed" if self.failed else ""
        return f"[ {counted}, {elapsed(now - self.start)} elapsed{failed} ] {nodeid}"

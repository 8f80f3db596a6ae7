"""The suite's progress line (``tests/progress.py``), in a small session of its own."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

THREE_TESTS = """
def test_one():
    pass

def test_two():
    assert 1 == 2

def test_three():
    pass
"""


def progress_lines(result: pytest.RunResult) -> list[str]:
    return [line for line in result.outlines if line.startswith("[ ") and "elapsed" in line]


def test_a_line_after_each_test_says_how_far_the_run_is(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_three=THREE_TESTS)
    result = pytester.runpytest("-p", "tests.progress", "-o", "progress_every=0", "-q")
    result.assert_outcomes(passed=2, failed=1)
    assert progress_lines(result) == [
        "[ 1/3 tests,  33%, 0:00 elapsed ] test_three.py::test_one",
        "[ 2/3 tests,  66%, 0:00 elapsed, 1 failed ] test_three.py::test_two",
        "[ 3/3 tests, 100%, 0:00 elapsed, 1 failed ] test_three.py::test_three",
    ]


def test_no_line_before_its_time(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_three=THREE_TESTS)
    result = pytester.runpytest("-p", "tests.progress", "-q")  # every 30 s
    result.assert_outcomes(passed=2, failed=1)
    assert progress_lines(result) == []


def test_under_xdist_the_controller_counts_every_workers_tests(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))  # the workers import tests.progress too
    pytester.makepyfile(test_three=THREE_TESTS)
    result = pytester.runpytest_subprocess(
        "-p", "tests.progress", "-o", "progress_every=0", "-q", "-n", "2"
    )
    result.assert_outcomes(passed=2, failed=1)
    # The workers' reports come in the order they end: the counts rise all the same.
    line = r"\[ {}/3 tests, +{}%, 0:0\d elapsed(, 1 failed)? \] test_three\.py::test_\w+"
    expected = [line.format(1, 33), line.format(2, 66), line.format(3, 100)]
    lines = progress_lines(result)
    assert len(lines) == len(expected)
    for pattern, text in zip(expected, lines, strict=True):
        assert re.fullmatch(pattern, text), text
    assert "elapsed, 1 failed ]" in lines[-1]


def test_the_end_says_where_the_time_went_by_folder(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_three=THREE_TESTS)
    (pytester.path / "suite/web").mkdir(parents=True)
    (pytester.path / "suite/web/test_browser_page.py").write_text(
        "import time\n\ndef test_slow():\n    time.sleep(0.3)\n"
    )
    result = pytester.runpytest("-p", "tests.progress", "-q")
    result.assert_outcomes(passed=3, failed=1)
    start = result.outlines.index(
        next(line for line in result.outlines if "where the time went" in line)
    )
    table = result.outlines[start + 1 : start + 4]
    assert re.fullmatch(r" +0\.[3-9]\d* s  suite/web \(browser\)  1 test", table[0].rstrip())
    assert re.fullmatch(r" +\d+\.\d s  \.\s+3 tests", table[1].rstrip())
    assert re.fullmatch(r" +\d+\.\d s  in all", table[2])

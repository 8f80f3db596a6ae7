"""Numbers and counts in the words players use at the table."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

_UNITS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_word(number: int) -> str:
    """A whole number from 0 to 999 in words.

    >>> number_word(29), number_word(31), number_word(121)
    ('twenty-nine', 'thirty-one', 'one hundred twenty-one')
    """
    if not 0 <= number <= 999:
        raise ValueError(f"number_word takes 0 to 999, not {number}")
    if number < 20:
        return _UNITS[number]
    if number < 100:
        tens, unit = divmod(number, 10)
        return _TENS[tens] + (f"-{_UNITS[unit]}" if unit else "")
    hundreds, rest = divmod(number, 100)
    return f"{_UNITS[hundreds]} hundred" + (f" {number_word(rest)}" if rest else "")


def join_count(phrases: Sequence[str]) -> str:
    """Join the phrases of a count, with ``and`` before the last one.

    >>> join_count(["fifteen two", "fifteen four", "a pair is six"])
    'fifteen two, fifteen four, and a pair is six'
    >>> join_count(["fifteen two", "fifteen four"])
    'fifteen two, fifteen four'
    """
    if len(phrases) <= 1:
        return "".join(phrases)
    if phrases[-1].startswith("fifteen"):
        # Only fifteens: "fifteen two, fifteen four" needs no "and".
        return ", ".join(phrases)
    return ", ".join(phrases[:-1]) + ", and " + phrases[-1]


def times_word(count: int) -> str:
    """``a``/``two``/``three``... for a count of like things."""
    return "a" if count == 1 else number_word(count)


LENGTH_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def points_text(points: int) -> str:
    """Points in words, the way a log says them (below 0 at the end of a Tiles game).

    >>> points_text(1), points_text(29), points_text(-3), points_text(1200)
    ('one point', 'twenty-nine points', 'minus three points', '1200 points')
    """
    size = abs(points)
    word = number_word(size) if size < 1000 else str(size)
    return f"{'minus ' if points < 0 else ''}{word} point{'s' if size != 1 else ''}"


def scores_dashed(scores: Iterable[int]) -> str:
    """The sides' scores in order, the way a game of sides says them.

    >>> scores_dashed((121, 98))
    '121-98'
    """
    return "-".join(str(s) for s in scores)

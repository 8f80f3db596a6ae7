"""Puzzles: positions from the expert's own games where the best choice is clearly better than
a casual player's, with the exact answer, the values of the alternatives and why (docs/analysis.md, "Puzzles").

The puzzles ship in ``cribkit/analysis/data/puzzles.json`` (rebuilt by
``python -m cribkit.analysis.data.build_puzzles``). Each is a JSON object a browser can use as
it is: ``id``, ``game``, ``kind`` (``lay-away``, ``play``, ``place``, ``tiles``), ``question``,
``view`` (the seat's view, the JSON a client is sent: only what the seat knows), ``answer``
(the best choice's key) and ``answers`` (every choice as good), ``choices`` (keys, values and
words, best first), ``casual`` (the casual player's keys), ``margin``, ``gap`` and ``words``.

>>> puzzle = by_id("lay-away-001")
>>> puzzle["game"], puzzle["kind"]
('classic', 'lay-away')
>>> check(puzzle, puzzle["answer"]).correct
True
>>> daily(datetime.date(2026, 12, 1))["id"] == daily(datetime.date(2026, 12, 1))["id"]
True
"""

from __future__ import annotations

import datetime
import json
import os
import random
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Final

from cribkit.analysis.model import verdict
from cribkit.analysis.puzzle_values import (
    GAPS,
    KINDS,
    MARGINS,
    TILES_KEPT,
    Entry,
    describe,
    distinct_second,
    is_best,
    judge,
    symbols,
    valued,
    view_of,
)

__all__ = [
    "GAMES",
    "KINDS",
    "HistoryError",
    "PuzzleError",
    "Verdict",
    "by_id",
    "check",
    "daily",
    "load",
    "load_history",
    "make_puzzle",
    "options",
    "pick",
    "record_answer",
    "save_history",
]

DATA_PACKAGE: Final = "cribkit.analysis.data"
DATA_FILE: Final = "puzzles.json"
#: The format of the data file and of the history file.
FORMAT: Final = 1
#: The games that have puzzles, in the order their puzzles come.
GAMES: Final = ("classic", "tabletop", "tiles")


class PuzzleError(ValueError):
    """A puzzle that does not exist, or an answer that cannot be read."""


class HistoryError(ValueError):
    """A history file that cannot be read: it is reported and left as it is."""


# -- making a puzzle (the build script) ----------------------------------------------------------


def _question(kind: str, view: Any) -> str:
    scores = view.scores
    if KINDS[kind] == "classic":
        role = "the dealer" if view.dealer == view.seat else "the pone"
        where = f"You are {role}, {scores[view.seat]} to {scores[1 - view.seat]} (first to {view.target})"
        if kind == "lay-away":
            return f"{where}; you hold {symbols(view.hand)}. What would you lay away?"
        pile = f" ({symbols(view.pile)})" if view.pile else ""
        return (
            f"{where}; the starter is {symbols([view.starter])}, the count {view.count}{pile}; "
            f"you hold {symbols(view.hand)}. What would you play?"
        )
    if kind == "place":
        return (
            f"Your side scores the {view.my_lines}, {scores[view.side]} to "
            f"{scores[1 - view.side]}. Where would you place {symbols([view.turned])}?"
        )
    return (
        f"Your rack: {' '.join(_tile(t) for t in view.rack)}, {scores[view.seat]} to "
        f"{scores[1 - view.seat]}, {view.bag_size} tiles in the bag. Which play?"
    )


def _tile(tile: int) -> str:
    from cribkit.games.tiles.rules import tile_text

    return tile_text(tile)


_CASUAL: Final[Mapping[str, str]] = {
    "lay-away": "the casual lay-away (the most points in hand)",
    "play": "the casual card (the most points now)",
    "place": "the casual cell (the most for your own line now)",
    "tiles": "the casual play (the most points now)",
}


def make_puzzle(kind: str, view: Any, puzzle_id: str) -> dict[str, Any] | None:
    """The puzzle of a seat's view at a decision of ``kind``, or None when the position is not
    one (the best is not :data:`~cribkit.analysis.puzzle_values.MARGINS` above the casual
    choice and :data:`~cribkit.analysis.puzzle_values.GAPS` above the second). A puzzle is its
    position alone: a classic view's earlier deals (what the opponent showed before) are left
    out, of the question and of its values."""
    if getattr(view, "past_deals", ()):
        view = replace(view, past_deals=(), past_laid_away=())
    entries, casual = valued(kind, view)
    judged = judge(kind, entries, casual)
    if judged is None:
        return None
    margin, gap = judged
    best = entries[0]
    casual_choice = max((e for e in entries if e.key in casual), key=lambda e: e.value)
    kept = entries
    if kind == "tiles":
        # Hundreds of plays: the equal best, the next few and the casual one are enough.
        top = [e for e in entries if is_best(e, entries)]
        rest = [e for e in entries if not is_best(e, entries)][: max(0, TILES_KEPT - len(top))]
        kept = [*top, *rest]
        if casual_choice not in kept:
            kept.append(casual_choice)
    shown = view.to_json()
    second = distinct_second(entries)
    assert second is not None  # a puzzle has one
    said = f"{describe(kind, best.to_json(), shown)}; {_CASUAL[kind]} " + describe(
        kind, casual_choice.to_json(), shown
    )
    if second.key in casual:
        words = f"{said}, the next best: {margin:.2f} points less."
    else:
        words = (
            f"{said}: {margin:.2f} points less. The next best, "
            f"{describe(kind, second.to_json(), shown)}, is {best.value - second.value:.2f} less."
        )
    return {
        "id": puzzle_id,
        "game": KINDS[kind],
        "kind": kind,
        "unit": "points",
        "question": _question(kind, view),
        "view": shown,
        "answer": best.key,
        "answers": [e.key for e in entries if is_best(e, entries)],
        "choices": [e.to_json() for e in kept],
        "casual": sorted(casual),
        "margin": round(margin, 3),
        "gap": round(gap, 3),
        "words": words,
    }


# -- the shipped puzzles ---------------------------------------------------------------------------


@cache
def _document() -> dict[str, Any]:
    text = resources.files(DATA_PACKAGE).joinpath(DATA_FILE).read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


def load() -> list[dict[str, Any]]:
    """Every shipped puzzle, in the file's order (by game, then kind, then id)."""
    return list(_document()["puzzles"])


def pick(
    puzzles: Sequence[Mapping[str, Any]] | None = None,
    *,
    game: str | None = None,
    kind: str | None = None,
) -> list[dict[str, Any]]:
    """The puzzles of ``game`` and ``kind`` (either may be None: any); an unknown name is a
    :class:`PuzzleError` naming the known ones.

    >>> {p["kind"] for p in pick(game="tabletop")}
    {'place'}
    """
    if game is not None and game not in GAMES:
        raise PuzzleError(f"no puzzles of {game!r}: the games are {', '.join(GAMES)}")
    if kind is not None and kind not in KINDS:
        raise PuzzleError(f"no puzzles of kind {kind!r}: the kinds are {', '.join(KINDS)}")
    chosen = [
        dict(p)
        for p in (load() if puzzles is None else puzzles)
        if (game is None or p["game"] == game) and (kind is None or p["kind"] == kind)
    ]
    if not chosen:
        raise PuzzleError(f"no puzzle of kind {kind!r} in {game!r}")
    return chosen


def by_id(puzzle_id: str) -> dict[str, Any]:
    """The shipped puzzle ``puzzle_id``; a :class:`PuzzleError` if there is none."""
    for puzzle in load():
        if puzzle["id"] == puzzle_id:
            return dict(puzzle)
    raise PuzzleError(
        f"no puzzle {puzzle_id!r}: the ids are like lay-away-001, play-001, place-001, tiles-001"
    )


def daily_seed(date: datetime.date) -> int:
    """The daily seed of a date, Solitaire's daily deal's (``YYYYMMDD``,
    :func:`cribkit.games.solitaire.daily_seed`; worked out here so that judging the day's
    puzzle does not load the games, a test holds the two the same).

    >>> daily_seed(datetime.date(2025, 3, 14))
    20250314
    """
    return date.year * 10_000 + date.month * 100 + date.day


#: The first day of the daily puzzles' calendar (its day 0).
CALENDAR_START: Final = datetime.date(2026, 1, 1)


@cache
def _calendar(game: str | None, size: int) -> tuple[int, ...]:
    """The order the daily puzzles of ``game`` (None: any) come in: their indices shuffled
    once, with a seed everybody shares."""
    order = list(range(size))
    random.Random(f"cribkit puzzle calendar {game or 'any'}").shuffle(order)
    return tuple(order)


def daily(date: datetime.date, game: str | None = None) -> dict[str, Any]:
    """The day's puzzle: of ``game``, or of any game (one mixed daily puzzle) when None. The
    days go through the puzzles in one shuffled order (:func:`_calendar`, the same for
    everybody), so a puzzle comes back only after every other one has come: the mixed daily
    puzzle, from more than 365 puzzles, never twice within a year (nor in any 365 days).

    >>> len({daily(CALENDAR_START + datetime.timedelta(days=n))["id"] for n in range(366)})
    366
    """
    candidates = pick(game=game)
    order = _calendar(game, len(candidates))
    return candidates[order[(date - CALENDAR_START).days % len(order)]]


# -- answering -------------------------------------------------------------------------------------


def options(puzzle: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The choices a Tiles puzzle offers (answered by letter, A first): its stored choices in
    the order of their keys, so the best is not always first; for other kinds, the stored
    choices (answered by writing the cards or the cell)."""
    choices = [dict(c) for c in puzzle["choices"]]
    return sorted(choices, key=lambda c: c["key"]) if puzzle["kind"] == "tiles" else choices


def _key(puzzle: Mapping[str, Any], answer: str) -> str:
    """The key of an answer written as a player writes it."""
    from cribkit.core.cards import CardError, parse_cards

    kind, view = puzzle["kind"], puzzle["view"]
    text = " ".join(answer.replace(",", " ").split())
    if not text:
        raise PuzzleError("give an answer")
    if kind in ("lay-away", "play"):
        want = 2 if kind == "lay-away" else 1
        try:
            cards = parse_cards(text.split())
        except CardError as error:
            raise PuzzleError(f"cannot read {answer!r} as cards: {error}") from None
        hand = {c.lower() for c in view["hand"]}
        if len(cards) != want or any(str(c).lower() not in hand for c in cards):
            what = "two of your six cards" if want == 2 else "one card of your hand"
            raise PuzzleError(
                f"answer with {what} ({symbols(' '.join(view['hand']))}), not {answer!r}"
            )
        key = " ".join(str(c) for c in sorted(cards))
    elif kind == "place":
        key = text.upper()
        if key not in view["open_cells"]:
            raise PuzzleError(
                f"answer with an open cell ({', '.join(view['open_cells'])}), not {answer!r}"
            )
    else:
        listed = options(puzzle)
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[: len(listed)]
        if len(text) == 1 and text.upper() in letters:
            return str(listed[letters.index(text.upper())]["key"])
        match = [c["key"] for c in listed if c["key"].lower() == text.lower()]
        if not match:
            raise PuzzleError(
                f"answer with a letter A to {letters[-1]} (one of the plays shown), not {answer!r}"
            )
        key = match[0]
    keys = {c["key"] for c in puzzle["choices"]}
    if key not in keys:
        raise PuzzleError(f"{answer!r} cannot be played here")
    return key


@dataclass(frozen=True, slots=True)
class Verdict:
    """What an answer was worth: whether it is the best, its value and the best's, the cost,
    its name (:func:`~cribkit.analysis.model.verdict`), and why in words."""

    puzzle: str
    answer: str
    correct: bool
    value: float
    best: str
    best_value: float
    words: str
    choices: tuple[Mapping[str, Any], ...]

    @property
    def cost(self) -> float:
        return max(0.0, self.best_value - self.value)

    @property
    def verdict(self) -> str:
        return "best" if self.correct else verdict(self.cost, "points")

    def to_json(self) -> dict[str, Any]:
        return {
            "puzzle": self.puzzle,
            "answer": self.answer,
            "correct": self.correct,
            "value": round(self.value, 3),
            "best": self.best,
            "best_value": round(self.best_value, 3),
            "cost": round(self.cost, 3),
            "verdict": self.verdict,
            "words": self.words,
            "choices": [dict(c) for c in self.choices],
        }


def check(puzzle: Mapping[str, Any], answer: str) -> Verdict:
    """The verdict of ``answer`` (written as a player writes it: ``"2d th"``, ``"5h"``, ``"C3"``,
    a letter for Tiles); a :class:`PuzzleError` if it cannot be read or played.

    >>> puzzle = by_id("lay-away-001")
    >>> wrong = next(c["key"] for c in puzzle["choices"] if c["key"] in puzzle["casual"])
    >>> result = check(puzzle, wrong)
    >>> result.correct, result.cost >= 1.0
    (False, True)
    """
    key = _key(puzzle, answer)
    kind, view = puzzle["kind"], puzzle["view"]
    choices = tuple({**c, "words": describe(kind, c, view)} for c in puzzle["choices"])
    chosen = next(c for c in choices if c["key"] == key)
    best = choices[0]
    correct = key in puzzle["answers"]
    if correct:
        words = f"Best. {puzzle['words']}"
    else:
        words = (
            f"Yours, {chosen['words']}, is {best['value'] - chosen['value']:.2f} less than the "
            f"best. {puzzle['words']}"
        )
    return Verdict(
        str(puzzle["id"]),
        key,
        correct,
        float(chosen["value"]),
        str(best["key"]),
        float(best["value"]),
        words,
        choices,
    )


def recompute(puzzle: Mapping[str, Any]) -> tuple[list[Entry], set[str]]:
    """The entries and casual keys of a puzzle's position worked out again from its view."""
    return valued(puzzle["kind"], view_of(puzzle["kind"], puzzle["view"]))


# -- the history: streaks and answers, kept in the user's data folder -----------------------------


def _empty_history() -> dict[str, Any]:
    return {"format": FORMAT, "streak": 0, "best_streak": 0, "daily_streak": 0, "answers": []}


def load_history(path: Path) -> dict[str, Any]:
    """The history in ``path`` (a new one if there is no file); a :class:`HistoryError` if the
    file cannot be read as one."""
    if not path.exists():
        return _empty_history()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise HistoryError(
            f"the puzzle history {path} cannot be read ({error}): fix or remove it"
        ) from None
    keys = ("streak", "best_streak", "daily_streak", "answers")
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or any(k not in data for k in keys)
        or not isinstance(data["answers"], list)
        or not all(isinstance(data[k], int) for k in keys[:3])
    ):
        raise HistoryError(f"the puzzle history {path} is not one cribkit wrote: fix or remove it")
    return data


def record_answer(
    history: Mapping[str, Any],
    result: Verdict,
    *,
    date: datetime.date,
    daily_puzzle: bool = False,
) -> dict[str, Any]:
    """The history with ``result`` added: the streak of right answers in a row (and the best
    one), and the streak of days whose daily puzzle was answered right (a day missed or a wrong
    daily answer starts it again; the day's second answer does not count twice)."""
    out = {**history, "answers": [*history["answers"]]}
    out["streak"] = history["streak"] + 1 if result.correct else 0
    out["best_streak"] = max(history["best_streak"], out["streak"])
    if daily_puzzle:
        last = history.get("last_daily")
        today = date.isoformat()
        if last != today:
            yesterday = (date - datetime.timedelta(days=1)).isoformat()
            continued = history["daily_streak"] if last == yesterday else 0
            out["daily_streak"] = continued + 1 if result.correct else 0
            out["last_daily"] = today
    out["answers"].append(
        {
            "date": date.isoformat(),
            "puzzle": result.puzzle,
            "answer": result.answer,
            "correct": result.correct,
            "cost": round(result.cost, 3),
            "daily": daily_puzzle,
        }
    )
    return out


def save_history(path: Path, history: Mapping[str, Any]) -> None:
    """Write the history atomically (a temporary file beside it, then renamed over it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, name = tempfile.mkstemp(dir=path.parent, prefix=".puzzles-", suffix=".json")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(history, out, ensure_ascii=False, indent=1)
        os.replace(name, path)
    except BaseException:
        Path(name).unlink(missing_ok=True)
        raise


__all__ += ["GAPS", "MARGINS", "daily_seed", "recompute"]

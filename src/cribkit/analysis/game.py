"""The analysis of a record: replay it step by step and ask the game's analyser to value each
decision of the seats analysed, from the state before it (the analyser values it with that
seat's view only; hindsight, from the whole state, is labelled apart).

A game's analyser is a module ``cribkit.analysis.<game>`` with two functions:

- ``decision(before: GameState, action: Action, index: int, *, hindsight: bool = True) ->
  Decision | None``: the decision ``action`` (made by ``action.seat`` from ``before``, the
  record's action ``index``) with its alternatives valued, or None when it is no real choice
  (one legal action, a declaration the analyser does not value); with ``hindsight=False`` its
  ``hindsight`` is None, not worked out (the coach's way: :func:`judge`);
- ``luck(steps: Sequence[Step], seat: int) -> tuple[Luck, ...]``: the luck of the seat's cards.

Two optional parts: ``decision`` may take ``later`` (keyword: the steps after the decision),
for a hindsight that needs what came after (classic: the others' cards laid to the crib);
``notes(steps, seat) -> tuple[str, ...]`` adds notes to the analysis (Solitaire: the best
total the deck allowed).
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Protocol, cast

from cribkit.analysis.model import Analysis, Decision, Luck
from cribkit.games.protocol import Action, GameError, GameState
from cribkit.games.records import Step, loads, steps


class Analyser(Protocol):
    def decision(
        self, before: GameState, action: Action, index: int, *, hindsight: bool = True
    ) -> Decision | None: ...

    def luck(self, steps: Sequence[Step], seat: int) -> tuple[Luck, ...]: ...


#: The games with an analyser (each its module's name).
ANALYSED = ("classic", "tabletop", "tiles", "solitaire")


def analyser(game: str) -> Analyser:
    """The analyser of ``game``; a :class:`GameError` names the games that have one."""
    if game not in ANALYSED:
        raise GameError(f"no analysis of {game!r}: the games analysed are {', '.join(ANALYSED)}")
    try:
        return cast(Analyser, importlib.import_module(f"cribkit.analysis.{game}"))
    except ModuleNotFoundError as error:
        if error.name != f"cribkit.analysis.{game}":
            raise
        raise GameError(f"the analysis of {game!r} is not written yet") from None


def analyse(
    record: Mapping[str, Any] | str,
    seats: Iterable[int] | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Analyse the decisions of ``seats`` (every seat when None) in a record.

    A malformed record raises :class:`~cribkit.games.protocol.RecordError` (as replaying it
    does). ``progress(done, total)`` is told after each action.
    """
    if isinstance(record, str):
        record = loads(record)
    played = list(steps(record))
    game = played[0].state.rules.GAME
    players = played[0].state.rules.seats
    chosen = tuple(range(players)) if seats is None else tuple(sorted(set(seats)))
    for seat in chosen:
        if not 0 <= seat < players:
            raise GameError(f"seat {seat} is not at this table: the seats are 0 to {players - 1}")
    module = analyser(game)
    decisions: list[Decision] = []
    decide = cast(Callable[..., Decision | None], module.decision)
    wants_later = "later" in inspect.signature(decide).parameters
    total = len(played) - 1
    for index in range(total):
        before, step = played[index].state, played[index + 1]
        assert step.action is not None  # every step after the opening has its action
        if step.action.seat in chosen:
            if wants_later:
                decision = decide(before, step.action, index, later=played[index + 1 :])
            else:
                decision = decide(before, step.action, index)
            if decision is not None:
                decisions.append(decision)
        if progress is not None:
            progress(index + 1, total)
    luck = tuple(replace(item, seat=seat) for seat in chosen for item in module.luck(played, seat))
    noted = cast(
        Callable[[Sequence[Step], int], tuple[str, ...]] | None, getattr(module, "notes", None)
    )
    # A note said for every seat is said once; how an old record was replayed comes first.
    notes = (
        () if noted is None else tuple(dict.fromkeys(n for s in chosen for n in noted(played, s)))
    )
    convention = played[0].convention
    if convention is not None:
        notes = (convention.note, *notes)
    return Analysis(game, chosen, tuple(decisions), luck, notes)


def judge(before: GameState, action: Action, index: int) -> Decision | None:
    """The decision ``action`` (the record's action ``index``, made from ``before``) valued
    from its seat's view, for the coach during play: None when it is no real choice or the
    game has no analyser. ``hindsight`` is not worked out (the analyser is asked with
    ``hindsight=False``): it comes from every card, which a seat may not be told while the game
    goes on, and it is the slowest part of some analyses (Table Top's search to the deal's end).

    Pone throws two fives from 5 5 5 J 7 9 against the dealer's 12 (classic, seat 1 pone):

    >>> from cribkit.core.cards import parse_cards
    >>> from cribkit.games.actions import Discard
    >>> from cribkit.games.classic.rules import ClassicRules, stacked_deck
    >>> from cribkit.games.classic.state import start_game
    >>> hands = {1: "5h 5c 5d Js 7c 9h", 0: "Qh 9d 4h 3c 7s 8s"}
    >>> deck = stacked_deck(ClassicRules(), dealer=0, hands=hands, starter="As")
    >>> before = start_game(ClassicRules(), decks=[deck], first_dealer=0).state
    >>> found = judge(before, Discard(1, tuple(parse_cards("5h 5c"))), 0)
    >>> found.verdict, round(found.cost, 2), found.best.words.split(",")[0], found.hindsight
    ('blunder', 15.47, 'lay away 7♣ 9♥', None)
    """
    game = before.rules.GAME
    if game not in ANALYSED:
        return None
    decided = analyser(game).decision(before, action, index, hindsight=False)
    if decided is None or decided.seat != action.seat:
        return None
    return decided

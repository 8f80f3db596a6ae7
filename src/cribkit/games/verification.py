"""Verifiable records: a game's seed, its commitment and the decks as dealt, checked.

:func:`verifiable_record` writes the record of a seeded game with the decks (or deck, or bag)
it dealt and the :func:`~cribkit.games.chance.commitment` of its seed; :func:`verify_record`
checks that the commitment is the seed's, re-derives every deck from the seed, compares it
with the record's, and replays the record on those decks. The fields and the construction are
in ``docs/records.md`` ("Fair deals").

>>> import random
>>> from cribkit.games import start
>>> from cribkit.games.chance import new_fair_seed
>>> state, rng = start("classic:target=61", seed=new_fair_seed()).state, random.Random(1)
>>> while not state.is_terminal:
...     state = state.apply(rng.choice(state.legal_actions())).state
>>> check = verify_record(verifiable_record(state))
>>> check.ok, check.deals == len(verifiable_record(state)["decks"])
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from cribkit.core.cards import CardError
from cribkit.games.chance import commitment, is_fair_seed, seed_text
from cribkit.games.protocol import GameError, GameState, RecordError
from cribkit.games.records import loads, steps
from cribkit.games.setup import as_deck, deal_deck
from cribkit.games.solitaire.deal import solitaire_deck
from cribkit.games.tiles.rules import check_bag, seeded_bag, tile_text

__all__ = ["DEALT_FIELDS", "Verification", "verifiable_record", "verify_record"]

#: The field of a verifiable record that holds what was dealt, per game.
DEALT_FIELDS: Final = {"classic": "decks", "tabletop": "decks", "solitaire": "deck", "tiles": "bag"}


@dataclass(frozen=True, slots=True)
class Verification:
    """What :func:`verify_record` found: ``ok``, or the ``problem`` (the first deal whose deck
    is not the seed's, a commitment that is not the seed's, an illegal action); ``deals`` the
    deals played (1 for Solitaire and Tiles); ``note``, how a version-1 record that engines
    played otherwise was replayed (:attr:`cribkit.games.records.Replay.note`)."""

    game: str
    seed: int | str
    commitment: str
    deals: int
    problem: str | None = None
    note: str | None = None

    @property
    def ok(self) -> bool:
        """Whether the record is verified."""
        return self.problem is None

    def summary(self) -> str:
        """One line: ``verified: 7 deals from seed fair1:...; commitment ...``, or the problem."""
        if self.problem is not None:
            return f"not verified: {self.problem}"
        what = {"solitaire": "the deck", "tiles": "the bag"}.get(
            self.game, f"{self.deals} deal{'s' if self.deals != 1 else ''}"
        )
        fair = "" if is_fair_seed(self.seed) else " (not a fair seed: anybody could choose it)"
        return (
            f"verified: {what} from seed {seed_text(self.seed)}; commitment {self.commitment}{fair}"
        )


def _dealt_field(game: object) -> str:
    if not isinstance(game, str) or game not in DEALT_FIELDS:
        raise RecordError(f"a verifiable record is of {', '.join(DEALT_FIELDS)}, not {game!r}")
    return DEALT_FIELDS[game]


def verifiable_record(state: GameState) -> dict[str, Any]:
    """The record of a seeded game (``state.record()``) with the decks it dealt (classic and
    Table Top ``decks``: every deal's so far; Solitaire ``deck``; Tiles ``bag``) and the
    ``commitment`` of its seed, right after the seed."""
    record = state.record()
    field = _dealt_field(record.get("game"))
    seed = record.get("seed")
    if seed is None:
        raise GameError("a verifiable record is of a seeded game: this game has no seed")
    dealt_state: Any = state  # every game of DEALT_FIELDS keeps its setup (and deal_no)
    setup = dealt_state.setup
    dealt: list[Any]
    if field == "decks":
        deals = int(dealt_state.deal_no) + 1
        dealt = [[str(c) for c in setup.deck(i)] for i in range(deals)]
    elif field == "deck":
        dealt = [str(c) for c in setup.deck]
    else:
        dealt = [tile_text(t) for t in setup.tiles()]
    out: dict[str, Any] = {}
    for key, value in record.items():
        if key == field:
            continue
        out[key] = value
        if key == "seed":
            out["commitment"] = commitment(seed)
            out[field] = dealt
    return out


def verify_record(record: Mapping[str, Any] | str) -> Verification:
    """Verify a record: its ``commitment`` is the SHA-256 of its ``seed``, every deck (or the
    deck, or the bag) is the seed's, and its actions replay on them. A failed check is a
    :class:`Verification` naming the first problem; a malformed record raises
    :class:`~cribkit.games.protocol.RecordError`."""
    if isinstance(record, str):
        record = loads(record)
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
    game = record.get("game")
    field = _dealt_field(game)
    assert isinstance(game, str)
    seed = record.get("seed")
    if not isinstance(seed, int | str) or isinstance(seed, bool):
        raise RecordError(f"a verifiable record has its seed, a whole number or text, not {seed!r}")
    committed = record.get("commitment")
    if not isinstance(committed, str):
        raise RecordError(
            f"a verifiable record has the commitment of its seed (SHA-256, hex), not {committed!r}"
        )
    if field not in record:
        raise RecordError(
            f"a verifiable {game} record has the {field} as dealt: it has no {field!r}"
        )
    found = Verification(game, seed, committed, 1)
    if commitment(seed) != committed.lower():
        return _failed(
            found,
            f"the commitment does not match the seed: the SHA-256 of the seed is "
            f"{commitment(seed)}, the record's commitment is {committed}",
        )
    problem = _dealt_problem(field, seed, record[field])
    if problem is not None:
        return _failed(found, problem)
    state, note = _replayed(record)
    if isinstance(state, str):
        return _failed(found, state)
    deals = int(getattr(state, "deal_no", 0)) + 1
    return Verification(game, seed, committed.lower(), deals, note=note)


def _failed(found: Verification, problem: str) -> Verification:
    return Verification(found.game, found.seed, found.commitment, found.deals, problem)


def _dealt_problem(field: str, seed: int | str, dealt: object) -> str | None:
    """The first deal whose deck is not the seed's (or that the deck, or the bag, is not)."""
    try:
        if field == "decks":
            if not isinstance(dealt, list) or not dealt:
                raise RecordError("decks is a list of decks, one per deal, each of 52 cards")
            for index, deck in enumerate(dealt):
                if as_deck(deck, f"deck {index}") != deal_deck(seed, index):
                    return f"deal {index}: the deck is not the seed's"
            return None
        if field == "deck":
            return None if as_deck(dealt) == solitaire_deck(seed) else "the deck is not the seed's"
        if not isinstance(dealt, list):
            raise RecordError("the bag is a list of the 104 tiles such as '5d', first drawn first")
        return None if check_bag(dealt) == seeded_bag(seed) else "the bag is not the seed's"
    except RecordError:
        raise
    except (GameError, CardError) as error:
        raise RecordError(str(error), cause=error) from None


def _replayed(record: Mapping[str, Any]) -> tuple[GameState | str, str | None]:
    """The final state of the record replayed, or what its actions (or result) got wrong, and
    the replay's note; a malformed setup raises :class:`RecordError`."""
    play = steps(record)
    opening = next(play)  # a bad setup raises here: a malformed record
    state = opening.state
    note = None if opening.convention is None else opening.convention.note
    try:
        for step in play:
            state = step.state
    except RecordError as error:
        return str(error), note
    return state, note

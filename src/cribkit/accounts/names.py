"""Players' names: what a name may hold, and when two names are one.

A name is 3 to 20 characters after Unicode's NFKC normalisation: letters of any script,
decimal digits, ``_`` and ``-`` (and the combining marks a script writes its letters with, never
first). Two names are one when their keys are equal: the key is the name after NFKC and case
folding, replaced character by character by its *skeleton* (Unicode Technical Standard #39: each
character by the prototype it is drawn like, in ``data/confusables.json``), case-folded again.
So "Ann", "ANN" and a Cyrillic "Аnn" are one name, and so are "b0b" and "bob".

>>> name_key("Ann") == name_key("ANN") == name_key("\\u0410nn") == "ann"
True
>>> name_key("b0b") == name_key("bob")
True
>>> check_name("  Ann")
Traceback (most recent call last):
...
cribkit.accounts.names.InvalidNameError: a name holds letters, digits, _ and - only: '  Ann' holds ' '

Case is folded before the skeleton is taken, as the name is compared: a capital I is a small
i here, never the l it is drawn like ("Iris" is "iris", not "lris").
"""

from __future__ import annotations

import json
import unicodedata
from functools import cache
from pathlib import Path
from typing import Final

#: A name's length, in characters after NFKC.
MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 20

#: Names nobody may claim (compared by key: "ADMIN" and a Greek "Αdmin" are "admin" too).
RESERVED: Final = frozenset(
    {
        "admin",
        "administrator",
        "anonymous",
        "api",
        "computer",
        "cribkit",
        "deleted",
        "deleted-player",
        "deleted_player",
        "easy",
        "expert",
        "guest",
        "medium",
        "moderator",
        "nobody",
        "null",
        "random",
        "root",
        "spectator",
        "staff",
        "support",
        "system",
        "undefined",
    }
)

CONFUSABLES: Final = Path(__file__).with_name("data") / "confusables.json"


class InvalidNameError(ValueError):
    """A name that cannot be claimed: the message says why, in one line."""


@cache
def _prototypes() -> dict[str, str]:
    data = json.loads(CONFUSABLES.read_text(encoding="utf-8"))
    prototypes: dict[str, str] = data["prototypes"]
    return prototypes


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character replaced by its prototype, NFD again.

    >>> skeleton("rn") == skeleton("m")
    True
    """
    prototypes = _prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in decomposed))


def _allowed(character: str, first: bool) -> bool:
    category = unicodedata.category(character)
    if category[0] == "L" or category == "Nd" or character in "_-":
        return True
    return category[0] == "M" and not first


def check_name(name: str) -> str:
    """The name as it is kept and shown (NFKC), or :class:`InvalidNameError` naming the first
    thing wrong with it.

    >>> check_name("Ａnn")  # (a full-width A)
    'Ann'
    >>> check_name("Al")
    Traceback (most recent call last):
    ...
    cribkit.accounts.names.InvalidNameError: a name is 3 to 20 characters: 'Al' has 2
    """
    if not isinstance(name, str):
        raise InvalidNameError(f"a name is text, not {type(name).__name__}")
    normal = unicodedata.normalize("NFKC", name)
    if not MIN_LENGTH <= len(normal) <= MAX_LENGTH:
        shown = normal if len(normal) <= 40 else normal[:40] + "..."
        raise InvalidNameError(
            f"a name is {MIN_LENGTH} to {MAX_LENGTH} characters: {shown!r} has {len(normal)}"
        )
    for index, character in enumerate(normal):
        if not _allowed(character, first=index == 0):
            raise InvalidNameError(
                f"a name holds letters, digits, _ and - only: {normal!r} holds {character!r}"
            )
    if name_key(normal) in _reserved_keys():
        raise InvalidNameError(f"the name {normal!r} is reserved: choose another")
    return normal


def name_key(name: str) -> str:
    """The key two names share when they are one name (NFKC, case folding, skeleton, case
    folding): what the store keeps unique."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", skeleton(folded)).casefold()


@cache
def _reserved_keys() -> frozenset[str]:
    return frozenset(name_key(reserved) for reserved in RESERVED)

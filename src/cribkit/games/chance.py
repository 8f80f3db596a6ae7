"""Every game's chance, from one function: fair seeds, their shuffle and their commitment.

Every shuffle of every game (the decks of classic and Table Top and the cut for their first
deal, Solitaire's deck, Tiles' bag and the draw for the first player) is
:func:`shuffled` ``(seed, label, items)``; the labels are :data:`LABELS`.

- A **fair seed** (:func:`new_fair_seed`) is ``"fair1:"`` and 64 lowercase hex digits: 256
  bits from the operating system's CSPRNG. Its shuffles are a Fisher-Yates shuffle driven by
  HMAC-SHA256 keyed with the seed's 32 bytes (:func:`fair_shuffle`), which anybody can
  re-derive in a few lines of any language (``docs/records.md``, "Fair deals").
- **Any other seed** (a whole number, other text) shuffles exactly as cribkit always has:
  ``random.Random(text).shuffle`` with the text of :func:`legacy_text`, so every old record
  replays identically.

:func:`commitment` is the SHA-256 of the seed's text: published before a game, it binds the
dealer to a seed that is only revealed at the end.

>>> seed = "fair1:" + bytes(range(32)).hex()
>>> is_fair_seed(seed), is_fair_seed(7), is_fair_seed("fair1:xyz")
(True, False, False)
>>> shuffled(seed, "deal:0", range(10)) == shuffled(seed, "deal:0", range(10))
True
>>> sorted(shuffled(seed, "cut:0", range(52))) == list(range(52))
True
>>> commitment("club night")
'e7559d740b2d3837a54f1fb6edf704d3d1551964f71e0745aa2344edf67b39f9'
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import struct
from collections.abc import Iterable, Iterator
from typing import Final, TypeVar

__all__ = [
    "FAIR_PREFIX",
    "LABELS",
    "commitment",
    "fair_key",
    "fair_shuffle",
    "is_fair_seed",
    "legacy_shuffle",
    "legacy_text",
    "move_seed",
    "new_fair_seed",
    "seed_text",
    "shuffled",
]

T = TypeVar("T")

#: The prefix of a fair seed (version 1 of the construction).
FAIR_PREFIX: Final = "fair1:"
_FAIR: Final = re.compile(r"fair1:[0-9a-f]{64}")

#: The label of every shuffle, per game and step (``n``: the round, ``i``: the deal, from 0).
LABELS: Final = {
    "deal:{i}": "classic, Table Top: the deck of deal i",
    "cut:{n}": "classic, Table Top: the deck of round n of the cut for the first deal",
    "solitaire": "Solitaire: the deck",
    "tiles:bag": "Tiles: the bag",
    "tiles:draw:{n}": "Tiles: the bag of round n of the draw for the first player",
}


def new_fair_seed() -> str:
    """A new fair seed: ``fair1:`` and 256 bits from the OS CSPRNG as 64 lowercase hex digits.

    >>> seed = new_fair_seed()
    >>> is_fair_seed(seed), len(seed), seed != new_fair_seed()
    (True, 70, True)
    """
    return FAIR_PREFIX + secrets.token_bytes(32).hex()


def is_fair_seed(seed: object) -> bool:
    """Whether ``seed`` is a fair seed: exactly ``fair1:`` and 64 lowercase hex digits (any
    other text, ``fair1:...`` with other digits too, is an ordinary text seed)."""
    return isinstance(seed, str) and _FAIR.fullmatch(seed) is not None


def fair_key(seed: str) -> bytes:
    """The 32 key bytes of a fair seed: its 64 hex digits."""
    if not is_fair_seed(seed):
        raise ValueError(f"{seed!r} is not a fair seed ('fair1:' and 64 lowercase hex digits)")
    return bytes.fromhex(seed[len(FAIR_PREFIX) :])


def seed_text(seed: int | str) -> str:
    """The text of a seed: itself, or a whole number in decimal (``7`` is ``"7"``)."""
    return seed if isinstance(seed, str) else str(seed)


def commitment(seed: int | str) -> str:
    """The commitment to a seed: the SHA-256 of its text (UTF-8), in lowercase hex.

    >>> commitment(7) == commitment("7")
    True
    """
    return hashlib.sha256(seed_text(seed).encode("utf-8")).hexdigest()


def legacy_text(seed: int | str, label: str) -> str:
    """The ``random.Random`` seed text of a shuffle of an ordinary (not fair) seed: exactly
    the text cribkit has always used for that label.

    >>> [legacy_text(7, label) for label in ("deal:3", "cut:0", "solitaire", "tiles:bag", "tiles:draw:1")]
    ['7:3', '7:cut:0', 'solitaire:7', 'tiles:7:bag', 'tiles:7:draw:1']
    """
    text = seed_text(seed)
    if label.startswith("deal:"):
        return f"{text}:{label.removeprefix('deal:')}"
    if label.startswith("cut:"):
        return f"{text}:{label}"
    if label == "solitaire":
        return f"solitaire:{text}"
    if label.startswith("tiles:"):
        return f"tiles:{text}:{label.removeprefix('tiles:')}"
    raise ValueError(f"no shuffle is labelled {label!r}")


def _words(key: bytes, label: str) -> Iterator[int]:
    """The HMAC-SHA256 stream: block ``c`` is HMAC(key, label ":" c) for c = 0, 1, ...
    (``c`` in decimal ASCII), each split into eight big-endian 32-bit words, in order."""
    counter = 0
    while True:
        block = hmac.new(key, f"{label}:{counter}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 4):
            yield int.from_bytes(block[offset : offset + 4], "big")
        counter += 1


def fair_shuffle(key: bytes, label: str, items: Iterable[T]) -> list[T]:
    """The fair shuffle: Fisher-Yates from the last position down (for i = n-1 ... 1, swap
    position i with a uniform j in 0..i), each j drawn from the HMAC-SHA256 words of ``key``
    and ``label`` by rejection sampling: a word at or above the largest multiple of i + 1 not
    above 2**32 is discarded, else j is the word modulo i + 1.

    >>> fair_shuffle(bytes(32), "x", "abc") == fair_shuffle(bytes(32), "x", "abc")
    True
    """
    result = list(items)
    words = _words(key, label)
    for i in range(len(result) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 32) - (1 << 32) % bound
        word = next(words)
        while word >= limit:
            word = next(words)
        j = word % bound
        result[i], result[j] = result[j], result[i]
    return result


def shuffled(seed: int | str, label: str, items: Iterable[T]) -> list[T]:
    """``items`` shuffled by the shuffle of ``seed`` labelled ``label`` (see :data:`LABELS`):
    :func:`fair_shuffle` for a fair seed, else ``random.Random(legacy_text(seed, label))``.

    >>> shuffled(7, "deal:0", range(5)) == (lambda r, x: (r.shuffle(x), x)[1])(random.Random("7:0"), list(range(5)))
    True
    """
    if is_fair_seed(seed):
        assert isinstance(seed, str)
        return fair_shuffle(fair_key(seed), label, items)
    return legacy_shuffle(legacy_text(seed, label), items)


#: Per last position p of a shuffle's step (its bound is p + 1), up to a deck: how far
#: ``random.Random._randbelow`` shifts a 32-bit word down to keep the bits it draws.
_SHIFTS: Final = tuple(32 - (p + 1).bit_length() for p in range(53))
#: 32-bit words drawn at a time: enough for a deck's 51 draws and their rejections, mostly.
_WORDS: Final = 96
_UNPACK_WORDS: Final = struct.Struct(f"<{_WORDS}I").unpack


def legacy_shuffle(text: str, items: Iterable[T]) -> list[T]:
    """``items`` shuffled exactly as ``random.Random(text).shuffle`` does (Fisher-Yates from
    the last position down, each index drawn by rejection from ``getrandbits``): the decks of
    every simulated deal are made here, so the generator's words are drawn many at a time.

    ``getrandbits(k)`` for k up to 32 is the top k bits of the generator's next 32-bit word,
    and ``getrandbits(32 * m)`` its next m words, the first lowest: so each word here is the
    one a draw of the shuffle would take (what is left of the generator is thrown away).

    >>> deck = list(range(52))
    >>> random.Random("7:0").shuffle(deck)
    >>> legacy_shuffle("7:0", range(52)) == deck
    True
    """
    result = list(items)
    last = len(result) - 1
    if not 0 < last < len(_SHIFTS):
        random.Random(text).shuffle(result)  # nothing to draw, or more than a deck
        return result
    draw = random.Random(text).getrandbits
    shifts = _SHIFTS
    while True:
        for word in _UNPACK_WORDS(draw(32 * _WORDS).to_bytes(4 * _WORDS, "little")):
            j = word >> shifts[last]
            if j <= last:  # else rejected: the next word is drawn for the same step
                result[last], result[j] = result[j], result[last]
                last -= 1
                if not last:
                    return result


def move_seed(seed: int | str, *parts: object) -> int:
    """A seed for one move of the computer (or one hint), fixed by the game's seed and the
    ``parts`` (the seat, the move number): 32 bits of an HMAC-SHA256 keyed with the seed, so
    that the computer's choices tell nothing of the seed (and so of the cards to come)."""
    label = ":".join(map(str, ("move", *parts))).encode()
    digest = hmac.new(seed_text(seed).encode(), label, hashlib.sha256).digest()
    return int.from_bytes(digest[:4], "big")

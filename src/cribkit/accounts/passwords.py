"""Passwords: chosen well, hashed by argon2id (``argon2-cffi``), checked in constant work.

A password is 8 to 256 characters, not one of the ~11,600 most common (``data/
common_passwords.txt``, compared in lower case) and not the player's own name. It is kept only
as its argon2id hash with OWASP's first recommended parameters for argon2id: 46 MiB of memory,
one pass, one lane (:data:`HASHER`; under 100 ms of CPU a check, docs/performance.md).

>>> stored = hash_password("a long walk to 121")
>>> stored.startswith("$argon2id$v=19$m=47104,t=1,p=1$")
True
>>> verify_password(stored, "a long walk to 121"), verify_password(stored, "a long walk to 61")
(True, False)
>>> check_password("trustno1")
Traceback (most recent call last):
...
cribkit.accounts.passwords.WeakPasswordError: that password is one of the most common: choose another
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from cribkit.accounts.names import name_key

MIN_LENGTH: Final = 8
MAX_LENGTH: Final = 256

#: argon2id, 46 MiB, 1 pass, 1 lane: OWASP's first recommended configuration.
HASHER: Final = PasswordHasher(time_cost=1, memory_cost=47104, parallelism=1)

COMMON_PASSWORDS: Final = Path(__file__).with_name("data") / "common_passwords.txt"


class WeakPasswordError(ValueError):
    """A password that cannot be chosen: the message says why, in one line."""


@cache
def _common() -> frozenset[str]:
    return frozenset(COMMON_PASSWORDS.read_text(encoding="utf-8").split())


def check_password(password: str, name: str | None = None) -> None:
    """Refuse a password (:class:`WeakPasswordError`) that is too short or long, common, or
    the player's own name."""
    if not isinstance(password, str):
        raise WeakPasswordError(f"a password is text, not {type(password).__name__}")
    if len(password) < MIN_LENGTH:
        raise WeakPasswordError(
            f"a password is {MIN_LENGTH} characters at least: that one has {len(password)}"
        )
    if len(password) > MAX_LENGTH:
        raise WeakPasswordError(f"a password is {MAX_LENGTH} characters at most")
    if password.casefold() in _common():
        raise WeakPasswordError("that password is one of the most common: choose another")
    if name is not None and name_key(password) == name_key(name):
        raise WeakPasswordError("a password is not your name: choose another")


def hash_password(password: str) -> str:
    """The argon2id hash kept for ``password`` (its salt inside)."""
    return HASHER.hash(password)


@cache
def _stand_in() -> str:
    return HASHER.hash("the hash an unknown name is checked against")


def verify_password(stored: str | None, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from. With no hash (an unknown name,
    an account without a password) a stand-in is checked all the same, so the answer takes as
    long as a wrong password's and says no more."""
    try:
        return HASHER.verify(stored or _stand_in(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether a hash was made with other parameters than today's (made again at sign-in)."""
    return HASHER.check_needs_rehash(stored)

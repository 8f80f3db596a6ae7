"""Passwords: the choice refused in one line when weak, the argon2id hash, the same answer for
an unknown name as for a wrong password."""

from __future__ import annotations

import time

import pytest
from argon2 import PasswordHasher

from cribkit.accounts.data.build_common_passwords import common
from cribkit.accounts.passwords import (
    COMMON_PASSWORDS,
    WeakPasswordError,
    check_password,
    hash_password,
    needs_rehash,
    verify_password,
)


@pytest.mark.parametrize(
    ("password", "name", "message"),
    [
        ("pegging", None, "a password is 8 characters at least: that one has 7"),
        ("x" * 257, None, "a password is 256 characters at most"),
        ("password", None, "that password is one of the most common: choose another"),
        ("PassWord", None, "that password is one of the most common: choose another"),
        ("1qaz2wsx", None, "that password is one of the most common: choose another"),
        ("AnnLee_1", "annlee_1", "a password is not your name: choose another"),
        (12345678, None, "a password is text, not int"),
    ],
)
def test_a_weak_password_is_refused_in_one_line(
    password: str, name: str | None, message: str
) -> None:
    with pytest.raises(WeakPasswordError) as raised:
        check_password(password, name)
    assert str(raised.value) == message


def test_a_good_password_is_kept_only_as_its_argon2id_hash() -> None:
    check_password("his nobs and one for his heels", "Ann")
    stored = hash_password("his nobs and one for his heels")
    assert "his nobs" not in stored
    assert stored.startswith("$argon2id$v=19$m=47104,t=1,p=1$")
    assert verify_password(stored, "his nobs and one for his heels")
    assert not verify_password(stored, "his nobs and one for his heel")
    assert hash_password("his nobs and one for his heels") != stored  # (a salt of its own)
    assert not needs_rehash(stored)
    older = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1).hash("x" * 10)
    assert needs_rehash(older)
    assert verify_password(older, "x" * 10)  # (still checked, then made again at sign-in)


def test_an_unknown_name_is_checked_as_long_as_a_wrong_password() -> None:
    stored = hash_password("fifteen two fifteen four")
    assert not verify_password(None, "fifteen two fifteen four")
    assert not verify_password("not a hash", "fifteen two fifteen four")

    def cpu(stored: str | None) -> float:
        times = []
        for _ in range(5):
            start = time.process_time()
            verify_password(stored, "a wrong password")
            times.append(time.process_time() - start)
        return sorted(times)[2]

    cpu(None)  # (the stand-in's hash made once, beforehand)
    unknown, wrong = cpu(None), cpu(stored)
    assert 0.5 < unknown / wrong < 2, (unknown, wrong)


def test_the_shipped_list_is_the_builders_reading_of_a_frequency_list() -> None:
    assert common(["123456", "Password", "password ", "baseball", "qwerty", "BaseBall"]) == [
        "password",
        "baseball",
    ]
    shipped = COMMON_PASSWORDS.read_text(encoding="utf-8").split("\n")
    assert shipped[:3] == ["password", "12345678", "123456789"]
    assert len(shipped) > 11_000
    assert all(len(p) >= 8 for p in shipped if p)

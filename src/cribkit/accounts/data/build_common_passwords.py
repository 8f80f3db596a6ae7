"""Rebuild ``common_passwords.txt``: the passwords people choose most often that are long enough
to be chosen here (:data:`cribkit.accounts.passwords.MIN_LENGTH` or more characters), lower
case, most common first. A password on the list is refused.

    python -m cribkit.accounts.data.build_common_passwords PATH/passwords.txt

The source is a text file of passwords, most common first, one a line. The file shipped was
built from the 30,000 of zxcvbn 4.5.0's ``passwords`` frequency list (drawn from Xato's ten
million leaked passwords; MIT licence), written out by
``python -c "from zxcvbn.frequency_lists import FREQUENCY_LISTS as F; print(*F['passwords'], sep='\\n')"``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from cribkit.accounts.passwords import COMMON_PASSWORDS, MIN_LENGTH


def common(lines: list[str]) -> list[str]:
    """The lines that could be chosen as passwords here, lower case, each once, in order."""
    seen: dict[str, None] = {}
    for line in lines:
        password = line.strip().casefold()
        if len(password) >= MIN_LENGTH:
            seen.setdefault(password, None)
    return list(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", type=Path, help="passwords, most common first, one a line")
    arguments = parser.parse_args()
    passwords = common(arguments.source.read_text(encoding="utf-8").splitlines())
    COMMON_PASSWORDS.write_text("\n".join(passwords) + "\n", encoding="utf-8")
    print(f"{len(passwords)} passwords of {MIN_LENGTH} characters or more -> {COMMON_PASSWORDS}")


if __name__ == "__main__":
    main()

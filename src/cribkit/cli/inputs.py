"""What the commands read from the user: record files (or standard input), cards given as
arguments, and the terminal the terminal games need. Each refuses bad input with one line
naming what is wrong (``cli.errors.fail``), before anything is done with it."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import typer

from cribkit.cli.errors import fail

#: The most a record file may hold. A long game's record is some tens of kilobytes: this is
#: far above any, and stops ``cribkit replay /dev/zero`` (or a disk image) from reading for
#: ever or filling the memory.
MAX_RECORD_BYTES = 16 * 1024 * 1024

#: The first bytes of the compressed files and archives a record is most often found in.
_PACKED = (
    (b"\x1f\x8b", "gzip-compressed"),
    (b"\xfd7zXZ\x00", "xz-compressed"),
    (b"\x28\xb5\x2f\xfd", "zstd-compressed"),
    (b"PK\x03\x04", "a zip archive"),
    *((b"BZh" + bytes([level]), "bzip2-compressed") for level in b"123456789"),
)

#: Byte-order marks of the Unicode encodings other than UTF-8 (the UTF-32 ones first: the
#: UTF-32-LE mark begins with the UTF-16-LE one).
_MARKS = (
    (b"\xff\xfe\x00\x00", "UTF-32"),
    (b"\x00\x00\xfe\xff", "UTF-32"),
    (b"\xff\xfe", "UTF-16"),
    (b"\xfe\xff", "UTF-16"),
)

#: Control characters that text files do not hold (tab, line feed, form feed and carriage
#: return excepted): one of them in the first bytes says the file is not text at all.
_BINARY = frozenset(range(0x20)) - {0x09, 0x0A, 0x0C, 0x0D}


def source_name(source: Path) -> str:
    """How the errors name a record's source: its path as given, or standard input."""
    return "standard input" if str(source) == "-" else str(source)


def read_text(source: Path) -> str:
    """The text of the file ``source`` (``-``: standard input), decoded as UTF-8 (with or
    without a byte-order mark). Anything else (a compressed file, UTF-16, a binary file, a
    directory, a missing or unreadable file, a file too large to be a record) is refused."""
    name = source_name(source)
    try:
        if str(source) == "-":
            data = typer.get_binary_stream("stdin").read(MAX_RECORD_BYTES + 1)
        else:
            with source.open("rb") as file:
                data = file.read(MAX_RECORD_BYTES + 1)
    except OSError as error:
        raise fail(f"cannot read {name}: {error.strerror or error}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise fail(
            f"{name} is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB: it is not a game record"
        )
    return decode(data, name)


def decode(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text, or the one-line refusal that says what it is instead.

    >>> decode(b"\\xef\\xbb\\xbf{}", "game.json")
    '{}'
    """
    refuse_other_than_text(data, name, "the JSON record itself")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        before = data[: error.start]
        line = before.count(b"\n") + 1
        column = error.start - (before.rfind(b"\n") + 1) + 1
        raise fail(
            f"{name} is not UTF-8 text (byte 0x{data[error.start]:02x} at line {line} "
            f"column {column}): save it as UTF-8"
        ) from None
    if not text.strip():
        raise fail(f"{name} is empty: a record is a JSON object")
    return text


def refuse_other_than_text(start: bytes, name: str, wanted: str) -> None:
    """Refuse what begins with ``start`` when it is a compressed file or an archive (then
    ``wanted`` is asked for instead), text in UTF-16 or UTF-32, or no text at all."""
    for magic, what in _PACKED:
        if start.startswith(magic):
            raise fail(f"{name} is {what}: give {wanted}")
    encoding = _other_unicode(start)
    if encoding is not None:
        raise fail(f"{name} is not UTF-8 text (it looks like {encoding}): save it as UTF-8")
    if _BINARY.intersection(start[:8192]):
        raise fail(f"{name} is not a text file")


def _other_unicode(data: bytes) -> str | None:
    """UTF-16 or UTF-32 when ``data`` is in one of them (by its byte-order mark, or, without
    one, by the zero bytes every ASCII character has there), else None."""
    for mark, encoding in _MARKS:
        if data.startswith(mark):
            return encoding
    sample = data[:512]
    if len(sample) < 4 or 0 not in sample:
        return None
    # A record is mostly ASCII: in UTF-16 every other byte is zero, in UTF-32 three in four.
    quarters = [sample[i::4] for i in range(4)]
    zeros = [part.count(0) / len(part) for part in quarters]
    if sum(z > 0.9 for z in zeros) == 3:
        return "UTF-32"
    even, odd = (zeros[0] + zeros[2]) / 2, (zeros[1] + zeros[3]) / 2
    if (even > 0.9) != (odd > 0.9) and min(even, odd) < 0.1:
        return "UTF-16"
    return None


def read_record(source: Path) -> dict[str, Any]:
    """The game record in the file ``source`` (``-``: standard input), parsed by
    :func:`cribkit.games.records.loads` (every command reads a record through it, so that its
    checks, the depth of the JSON among them, hold for all); bad text is one line."""
    from cribkit.games.records import loads

    text = read_text(source)
    try:
        return loads(text)
    except ValueError as error:  # RecordError
        raise fail(f"{source_name(source)}: {error}") from None


def print_note(note: str | None) -> None:
    """The last line of a record's text (replay, verify): how an old record was replayed
    (:attr:`cribkit.games.records.Replay.note`), when it says so. ``analyse`` gives it among
    its own notes."""
    if note:
        typer.echo(f"note: {note}")


def card_tokens(arguments: Iterable[str]) -> list[str]:
    """The cards named by the command's arguments, each of which may hold several separated
    by spaces or commas (``"5h 5c 5d js 5s"``), as the Python API's text does.

    >>> card_tokens(["5h 5c", "5d,js", "5s"])
    ['5h', '5c', '5d', 'js', '5s']
    """
    return [token for argument in arguments for token in argument.replace(",", " ").split()]


def require_terminal(command: str, instead: str) -> None:
    """Refuse to start a terminal game when standard input or output is not a terminal (a
    script, a pipe): it would wait for keys that never come."""
    missing = [
        name
        for name, stream in (("input", sys.stdin), ("output", sys.stdout))
        if not _is_terminal(stream)
    ]
    if missing:
        what = " and ".join(missing)
        verb = "are" if len(missing) == 2 else "is"
        raise fail(
            f"{command} needs a terminal (standard {what} {verb} not one): "
            f"run it in a terminal, or use {instead}"
        )


def _is_terminal(stream: Any) -> bool:
    """Whether ``stream`` is a terminal (a closed or missing one is not)."""
    try:
        return stream is not None and bool(stream.isatty())
    except ValueError:  # closed
        return False

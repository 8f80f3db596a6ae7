"""The command line's errors: every mistake of the user's is one line on standard error
(``cribkit: error: ...``) and exit status 2, whether a command finds it or click does while
reading the command line (an unknown option, a missing argument, a value out of range)."""

from __future__ import annotations

import math
from typing import Any

import typer

# Typer (0.26 on) runs on its own copy of click: what it raises and the types it checks
# values with are these, not the click package's.
from typer._click.core import Context, Parameter
from typer._click.exceptions import (
    BadOptionUsage,
    BadParameter,
    MissingParameter,
    NoSuchOption,
    UsageError,
)
from typer._click.types import FloatParamType, FloatRange, IntParamType, IntRange

#: Exit status for input that cribkit refuses (a bad card, an illegal pile, a bad option...).
BAD_INPUT = 2


def fail(message: str) -> typer.Exit:
    """Print ``message`` as an error on stderr; the caller raises what this returns.

    A message quoting another library's error may hold line breaks: the error stays one line.
    """
    typer.echo(f"cribkit: error: {' '.join(message.split())}", err=True)
    return typer.Exit(BAD_INPUT)


class FiniteFloat(FloatRange):
    """A number in a range that is a number: click's range lets ``nan`` through (every
    comparison with it is false), and without a maximum ``inf`` too."""

    name = "number"

    def convert(self, value: Any, param: Parameter | None, ctx: Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{number} is not in the range", param, ctx)
        return number


def usage_error_line(error: UsageError) -> str:
    """The one line (without its ``cribkit: error:``) for a mistake click found on the
    command line, naming the command and where its help is.

    >>> from cribkit.cli.app import app
    >>> from typer.main import get_command
    >>> command = get_command(app)
    >>> try:
    ...     command.main(["score", "5h", "--bogus"], "cribkit", standalone_mode=False)
    ... except UsageError as error:
    ...     print(usage_error_line(error))
    no such option --bogus for cribkit score (try cribkit score --help)
    """
    where = error.ctx.command_path if error.ctx is not None else "cribkit"
    if isinstance(error, NoSuchOption):
        text = f"no such option {error.option_name} for {where}"
        if error.possibilities:
            text += f" (did you mean {' or '.join(sorted(error.possibilities))}?)"
    elif isinstance(error, MissingParameter):
        text = f"{where} needs {_name(error.param)}"
    elif isinstance(error, BadParameter):
        text = _bad_value(error)
    elif isinstance(error, BadOptionUsage) and "requires" in error.message:
        text = f"{error.option_name} needs a value"
    else:
        text = _sentence(error.format_message())
    return f"{text} (try {where} --help)"


def _name(param: Parameter | None) -> str:
    """An option by its long name (``--games``), an argument by its name in capitals."""
    if param is None:
        return "a value"
    if param.param_type_name == "option":
        return max(param.opts, key=len)
    return (param.name or "an argument").upper()


def _bad_value(error: BadParameter) -> str:
    """``--port takes a whole number from 0 to 65535, not 99999``, or click's reason."""
    param = error.param
    kind = param.type if param is not None else None
    # click's messages begin with the value: "99999 is not in the range ...", "'x' is not a
    # valid integer range."
    value = error.message.split(" is not ", 1)[0]
    if isinstance(kind, IntParamType | FloatParamType) and value != error.message:
        what = "a whole number" if isinstance(kind, IntParamType) else "a number"
        if isinstance(kind, IntRange | FloatRange):
            what += f" {_range(kind)}"
        return f"{_name(param)} takes {what}, not {value}"
    return f"invalid value for {_name(param)}: {_sentence(error.message)}"


def _range(kind: IntRange | FloatRange) -> str:
    def shown(bound: float) -> str:
        return f"{bound:g}" if isinstance(bound, float) else str(bound)

    low, high = kind.min, kind.max
    if low is not None and high is not None:
        return f"from {shown(low)} to {shown(high)}"
    if low is not None:
        return f"more than {shown(low)}" if kind.min_open else f"of {shown(low)} or more"
    if high is not None:
        return f"less than {shown(high)}" if kind.max_open else f"of {shown(high)} or less"
    return "that is finite"


def _sentence(message: str) -> str:
    """click's sentence as part of ours: a small first letter, no full stop."""
    message = message.strip().rstrip(".")
    return message[:1].lower() + message[1:]

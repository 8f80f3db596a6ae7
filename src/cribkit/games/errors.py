"""The errors of the games: every refusal names the rule it applies.

Every error is a :class:`GameError` (a ``ValueError``); an illegal action is an
:class:`IllegalActionError` whose subclass says which kind of rule it breaks, shared by the
games where the rule is the same (a card not held, a lay-away of the wrong size).
"""

from __future__ import annotations

__all__ = [
    "CardNotHeldError",
    "DiscardError",
    "GameError",
    "GameOverError",
    "IllegalActionError",
    "NoDeckError",
    "OutOfTurnError",
    "OverDeclarationError",
    "RecordError",
    "RulesError",
    "WrongActionError",
]


class GameError(ValueError):
    """Base class of every error about a game: rules, actions, records."""


class RulesError(GameError):
    """An unknown game, an unknown option or a value that an option does not take."""


class OutOfTurnError(GameError):
    """An action by a seat whose turn it is not."""


class IllegalActionError(GameError):
    """An action that breaks a rule; the subclass and the message name the rule."""


class GameOverError(IllegalActionError):
    """An action after the game has ended."""


class RecordError(GameError):
    """A malformed game record, or a record whose action ``index`` is illegal.

    ``index`` is the index (from 0) of the bad action, None for a bad setup; ``cause`` the
    error that the action raised (such as an :class:`OutOfTurnError`), if any.
    """

    def __init__(
        self, message: str, *, index: int | None = None, cause: Exception | None = None
    ) -> None:
        self.index = index
        self.cause = cause
        super().__init__(message)


class WrongActionError(IllegalActionError):
    """An action of a kind the game does not take now (a card played while laying away...)."""


class CardNotHeldError(IllegalActionError):
    """A card played or laid away that the player does not hold."""


class DiscardError(IllegalActionError):
    """Laying away the wrong number of cards, or the same card twice."""


class OverDeclarationError(IllegalActionError):
    """A declaration of more points than the cards score; ``breakdown`` is the correct count."""

    def __init__(self, message: str, breakdown: object) -> None:
        self.breakdown = breakdown
        super().__init__(message)


class NoDeckError(GameError):
    """The game needs a deck for the next deal and has neither an explicit deck nor a seed."""

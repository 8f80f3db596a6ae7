"""How the terminal games name players and write cards in the log.

>>> names = SeatNames(human=0, players=2, ai_level="expert")
>>> names.sentence("seat 0 plays 5h for 15; seat 1 says go")
'You play 5♥ for 15; Expert says go'
>>> with_symbols("Td Js")
'10♦ J♠'
>>> with_article("ace"), with_article("8"), with_article("king")
('an ace', 'an 8', 'a king')
>>> counted(1, "card"), counted(2, "card")
('1 card', '2 cards')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SEAT = re.compile(r"\bseat (\d)\b")
_CARD = re.compile(r"\b([A2-9TJQK])([cdhs])\b")
_SUIT_SYMBOLS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_YOU_VERB = re.compile(r"\bYou (\w+)")
_SECOND_PERSON = {
    "cuts": "cut", "deals": "deal", "plays": "play", "shows": "show", "says": "say",
    "declares": "declare", "lays": "lay", "is": "are", "calls": "call", "lets": "let",
    "wins": "win", "misses": "miss", "takes": "take", "places": "place", "scores": "score",
}  # fmt: skip


#: Words that begin with a vowel letter but not a vowel sound ("a one", "a unit").
_CONSONANT_SOUNDS = ("one", "once", "uni", "use", "usu", "eu")


def with_article(word: str) -> str:
    """``word`` after "a" or "an", as it is said: "an ace", "an 8", "an 11", "a 10", "a jack".

    >>> [with_article(w) for w in ("18", "80", "1", "unit", "undo", "one")]
    ['an 18', 'an 80', 'a 1', 'a unit', 'an undo', 'a one']
    """
    digits = re.match(r"\d+", word)
    if digits:
        # Said aloud, a number starts with a vowel for eight, eleven and eighteen (and 80-89...).
        number = digits.group()
        vowel = number.startswith("8") or (int(number) in (11, 18))
    else:
        lower = word.lower()
        vowel = lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_CONSONANT_SOUNDS)
    return f"{'an' if vowel else 'a'} {word}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and ``noun``, the noun plural unless the count is one: "1 card", "3 tiles"."""
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def with_symbols(text: str) -> str:
    """Card tokens such as ``5h`` or ``Td`` written with suit symbols: ``5♥``, ``10♦``."""
    return _CARD.sub(
        lambda m: f"{'10' if m.group(1) == 'T' else m.group(1)}{_SUIT_SYMBOLS[m.group(2)]}", text
    )


@dataclass(frozen=True, slots=True)
class SeatNames:
    """Names for the seats of a game against the computer, the human in ``human``."""

    human: int
    players: int
    ai_level: str

    def seat_name(self, seat: int) -> str:
        """``You``, ``Partner``, or the computer's level (and seat, with 3 or 4 players)."""
        if seat == self.human:
            return "You"
        if self.players == 4 and seat == (self.human + 2) % 4:
            return "Partner"
        level = self.ai_level.capitalize()
        return level if self.players == 2 else f"{level} {seat}"

    def side_name(self, side: int) -> str:
        """A side on the score board: the seat, or ``Us``/``Them`` with partnerships."""
        if self.players == 4:
            return "Us" if side == self.human % 2 else "Them"
        return self.seat_name(side)

    def sentence(self, text: str) -> str:
        """An engine sentence for the log: seats named, suit symbols, "You play" not "plays"."""
        named = with_symbols(_SEAT.sub(lambda m: self.seat_name(int(m.group(1))), text))
        return _YOU_VERB.sub(lambda m: f"You {_SECOND_PERSON.get(m.group(1), m.group(1))}", named)

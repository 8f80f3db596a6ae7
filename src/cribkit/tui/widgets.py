"""Pieces of the terminal screens: cards as text and the cribbage board's track.

>>> track_rows(front=12, rear=3, target=121)[0][:14]
'··○······· ·●·'
"""

from __future__ import annotations

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from cribkit.core.cards import RANK_CHARS, Card

RED_SUITS = (1, 2)  # diamonds, hearts
EMPTY_HOLE, FRONT_PEG, REAR_PEG = "·", "●", "○"
ROW_HOLES = 60
#: Holes between two gaps: ten keep a 60-hole row inside an 80-column screen.
GROUP_HOLES = 10


def card_text(card: Card, *, selected: bool = False) -> Text:
    """A card like ``5♥``, red or white, reversed when selected."""
    rank = "10" if card.rank == 10 else RANK_CHARS[card.rank - 1]
    style = "bold red" if card.suit in RED_SUITS else "bold white"
    if selected:
        style += " reverse"
    return Text(f"{rank}{card.suit.symbol}", style=style)


def cards_text(
    cards: list[Card], *, numbered: bool = False, selected: frozenset[int] = frozenset()
) -> Text:
    """Cards side by side; numbered ``1``..``n`` for the keys that pick them."""
    out = Text()
    for index, card in enumerate(cards):
        if index:
            out.append("  ")
        if numbered:
            out.append(f"{index + 1}:", style="dim")
        out.append_text(card_text(card, selected=card in selected))
    return out


def _hole(position: int, front: int, rear: int) -> str:
    if position == front:
        return FRONT_PEG
    if position == rear:
        return REAR_PEG
    return EMPTY_HOLE


def track_rows(front: int, rear: int, target: int = 121) -> list[str]:
    """The holes of one player's track (60 to a row, in tens), with the two pegs.

    The front peg stands at the score, the rear peg at the score before the last one, as on a
    real board; a score of 0 stands before the first hole. The game hole ends the last row.
    """
    rows: list[str] = []
    for start in range(1, target, ROW_HOLES):
        groups = []
        for group in range(start, min(start + ROW_HOLES, target), GROUP_HOLES):
            end = min(group + GROUP_HOLES, target)
            groups.append("".join(_hole(p, front, rear) for p in range(group, end)))
        rows.append(" ".join(groups))
    rows[-1] += " " + (FRONT_PEG if front >= target else "◎")
    return rows


class GameLog(RichLog):
    """A game's log: every line wrapped at the log's own width and shown whole, never cut.

    RichLog renders a line at least ``min_width`` cells wide (78 unless told) and crops it to
    the cells the log has: at 80 columns, with the border, padding and scroll bar, that cut the
    ends of the long lines (issue 15: "and a pair / six"). Here a line is wrapped at the width
    there is, and every line is wrapped again when the log's width changes, so that a line
    written in a wider terminal is not cut when it narrows. Made shorter, it keeps its last line
    in view if it was.
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, min_width=1)
        #: Every line given to the log since it was last cleared, to wrap again on a resize.
        self.messages: list[Text] = []
        self._wrapped_at = 0
        self._shown_rows = 0

    def add(self, line: Text) -> None:
        """Write ``line`` at the end of the log."""
        self.messages.append(line)
        self.write(line)

    def clear(self) -> GameLog:
        self.messages = []
        super().clear()
        return self

    def on_resize(self, event: Resize) -> None:
        # The first size comes before RichLog writes the lines it held back until then: wrapping
        # them is its work. Only a change of width after that needs the lines wrapped again.
        width = self.scrollable_content_region.width
        if self._wrapped_at and width != self._wrapped_at:
            messages = self.messages
            super().clear()
            for line in messages:
                self.write(line)
            self.messages = messages
        self._wrapped_at = width
        # A log that showed its last line keeps showing it when it gets shorter (a panel
        # opening over it, as Tiles' preview does): the newest lines are the ones read now.
        rows = self.scrollable_content_region.height
        if rows < self._shown_rows and self.scroll_offset.y + self._shown_rows >= len(self.lines):
            self.scroll_end(animate=False, immediate=True)
        self._shown_rows = rows

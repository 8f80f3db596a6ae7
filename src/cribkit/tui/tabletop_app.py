"""Table Top Cribbage in the terminal, against the computer: keyboard only, fits 80x24.

The table is the 5x5 grid, columns A-E and rows 1-5 (``C3`` is the centre card). On your
turn your turned card is shown under the grid, the open cells (empty, touching a card) are
marked ``··`` in green, and a cursor picks the cell; the cards placed since your last move
are shaded. Beside each row and under each column is what that line scores as it
stands, in the colour of the side that scores it.

Keys: arrows move the cursor; a-e go to a column and 1-5 to a row (so typing ``c2`` puts the
cursor on C2); Enter (or space) places your card there. h hint (the expert's cell, its value
and the runner-up; the cursor goes there), u undo (back to your previous placement, unless a
card has been turned up since: the protocol's one undo rule), s save, n next deal once a deal
is counted (Enter too) or a new match once the match is over, PgUp/PgDn scroll the log, q quit.
The record is saved when the match ends.

>>> app = TableTopApp(ai="easy", seed=7)
>>> app.state.current_player, app.seat_name(1), app.cursor in app.state.open_cells()
(0, 'Easy', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static

from cribkit.ai.tabletop import Position, TableTopPlayer
from cribkit.core.cards import Card
from cribkit.games.events import GameEvent
from cribkit.games.protocol import Action, pegged, pegged_text
from cribkit.games.tabletop import (
    CENTRE,
    COLUMNS,
    EMPTY,
    LINES,
    PLACEMENTS,
    SIZE,
    Deal,
    Heels,
    LineCounted,
    Place,
    Placement,
    TableTopRules,
    TableTopState,
    TurnUp,
    Win,
    cell_name,
    line_name,
    partial_line_total,
)
from cribkit.tui.base import ComputerGameApp
from cribkit.tui.naming import with_symbols
from cribkit.tui.widgets import card_text

__all__ = ["TableTopApp"]

#: The styles of the human's side and of the other side.
_SIDE_STYLES = ("bold green", "bold cyan")
_OPEN = " ·· "
_FRESH = "on grey30"
_BAR = 20


def _cell_card(card: Card, style: str = "") -> Text:
    """A card filling a 4-wide cell: `` 5♥ `` or ``10♥ ``."""
    text = card_text(card)
    if style:
        text.stylize(style)
    padded = Text(" " if len(text) == 2 else "", style=style)
    padded.append_text(text)
    padded.append(" ", style=style)
    return padded


def _line_totals(grid: Sequence[int]) -> list[int]:
    """What each line (rows 0-4, then columns) of ``grid`` scores as it stands."""
    return [partial_line_total([grid[c] for c in line if grid[c] != EMPTY]) for line in LINES]


@dataclass(frozen=True, slots=True)
class DealView:
    """A counted deal, shown with its full grid until the player goes on to the next."""

    deal_no: int
    dealer: int
    rows_side: int
    grid: tuple[int, ...]
    #: What each side scored in the deal.
    points: tuple[int, ...]


class TableTopApp(ComputerGameApp[TableTopState]):
    """A Table Top match, the human in seat 0 (with 4 players, seat 2 is a computer partner)."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: 1fr; }
    #board { width: 36; height: 100%; border: round $primary; padding: 0 1; }
    #side { width: 1fr; }
    #match { height: auto; border: round $primary; padding: 0 1; }
    #log { height: 1fr; border: round $secondary; padding: 0 1; scrollbar-size-vertical: 1; }
    /* As tall as it needs: a long refusal or the save path wraps, never cut at 80 columns. */
    #prompt { height: auto; padding: 0 1; background: $boost; }
    """
    #: Nothing takes the keys from the app: the arrows move the cursor, not the log.
    AUTO_FOCUS = None
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("left", "move(0, -1)", "Move", key_display="←↑↓→/a-e/1-5", priority=True),
        Binding("right", "move(0, 1)", "Move", show=False, priority=True),
        Binding("up", "move(-1, 0)", "Move", show=False, priority=True),
        Binding("down", "move(1, 0)", "Move", show=False, priority=True),
        Binding("enter", "place", "Place", key_display="⏎", priority=True),
        Binding("space", "place", "Place", show=False, priority=True),
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("n", "next", "Next"),
        Binding("q", "quit", "Quit"),
        Binding("pageup", "scroll_log(-1)", "Scroll log", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", "Scroll log", show=False, priority=True),
        *(
            Binding(letter.lower(), f"column({index})", f"Column {letter}", show=False)
            for index, letter in enumerate(COLUMNS)
        ),
        *(
            Binding(str(row + 1), f"row({row})", f"Row {row + 1}", show=False)
            for row in range(SIZE)
        ),
    ]

    GAME = "tabletop"
    RULES_TYPE = TableTopRules
    STATE_TYPE = TableTopState
    #: The cell under the cursor (0-24).
    cursor: int
    RECORD_NAME = "Match"
    UNDONE = "Undone: back to your previous placement."

    # -- setting up ---------------------------------------------------------------------------

    def _new_state(self) -> TableTopState:
        self.cursor = CENTRE
        return super()._new_state()

    def _reset_view(self) -> None:
        #: Cells the other seats filled since the human's last placement.
        self.fresh: list[int] = []
        #: The deal just counted, shown until the human goes on (n or Enter).
        self.review: DealView | None = None
        #: The next deal's first events, logged once the player goes on from the review.
        self.deferred: list[GameEvent] = []

    def compose(self) -> ComposeResult:
        yield from self._board_beside_log()
        yield Static(id="prompt")
        yield Footer()

    # -- names and text -----------------------------------------------------------------------

    def _subject(self, side: int) -> str:
        """A side as the subject of a sentence: ``You``, ``Expert``, or ``We``/``They``."""
        if self.rules.players == 4:
            return "We" if side == 0 else "They"
        return self.seat_name(side)

    def _verb(self, side: int, verb: str) -> str:
        return f"{self._subject(side)} {verb if self._plural(side) else verb + 's'}"

    def _deals(self, seat: int) -> str:
        return "deal" if seat == self.human else "deals"

    def _plural(self, side: int) -> bool:
        return self.rules.players == 4 or side == self.human

    def _log_events(self, events: Sequence[GameEvent]) -> None:
        sides = self.state.sides
        #: What each side has counted so far in the deal being counted.
        counted = [0] * self.rules.sides
        for index, event in enumerate(events):
            before = events[index - 1] if index else None
            match event:
                case TurnUp():
                    continue  # the turned card is on the board
                case Deal(seat=dealer, rows=rows):
                    rows_side = sides[rows[0]] if rows else 0
                    dealer = dealer if dealer is not None else 0
                    self._write(
                        f"Deal {event.deal + 1}: {self.seat_name(dealer)} {self._deals(dealer)}; "
                        f"{self._verb(rows_side, 'score')} the rows, "
                        f"{self._subject(1 - rows_side)} the columns.",
                        "bold yellow",
                    )
                    counted = [0] * self.rules.sides
                case LineCounted(seat=int(seat)):
                    side = sides[seat]
                    if not isinstance(before, LineCounted) or before.seat != seat:
                        lines = "rows" if event.is_row else "columns"
                        self._write(f"{self._verb(side, 'count')} the {lines}:", "bold cyan")
                    counted[side] += event.points
                    self._write(self._line_text(event, side))
                    if index + 1 == len(events) or not isinstance(events[index + 1], LineCounted):
                        totals = ", ".join(
                            f"{self.side_name(s)} +{counted[s]}" for s in range(self.rules.sides)
                        )
                        self._write(f"Deal {event.deal + 1} counted: {totals}.", "bold cyan")
                case Win(seat=seat):
                    winner = sides[seat] if seat is not None else 0
                    # As the board holds them: the winner's peg in the game hole.
                    scores = "-".join(map(str, pegged(event.scores, self.rules.target)))
                    self._write(f"{self._verb(winner, 'win')} the match, {scores}!", "bold yellow")
                case _:
                    style = ""
                    if isinstance(event, Heels) and event.seat is not None:
                        counted[sides[event.seat]] += event.points
                        style = "bold cyan"
                    elif isinstance(event, Placement):
                        style = "dim" if event.seat == self.human else ""
                    line = self._named(event.text(full=False))
                    self._write(line[0].upper() + line[1:], style)

    def _line_text(self, event: LineCounted, side: int) -> Text:
        """``Row 2 6♣ 9♥ 6♥ 10♣ J♦: fifteen two, ... nine``, in the side's colour."""
        label = event.name.replace("column ", "Col ").replace("row ", "Row ")
        text = Text(f"{label} ", style=self._side_style(side))
        for card in event.cards:
            text.append_text(card_text(card))
            text.append(" ")
        text.right_crop(1)
        text.append(": ")
        text.append(event.words() or "no points", style="" if event.points else "dim")
        return text

    @property
    def _human_side(self) -> int:
        return self.state.sides[self.human]

    # -- the flow -----------------------------------------------------------------------------

    def _applied(
        self, before: TableTopState, action: Action, events: list[GameEvent]
    ) -> list[GameEvent]:
        if isinstance(action, Place):
            if action.seat == self.human:
                self.fresh = []
            else:
                self.fresh.append(action.cell)
        counted = any(isinstance(event, LineCounted) for event in events)
        if counted:
            # The next deal's first events wait until the player has seen this deal's count.
            later = next((i for i, e in enumerate(events) if isinstance(e, Deal)), len(events))
            events, self.deferred = events[:later], events[later:]
            grid = list(before.grid)
            if isinstance(action, Place) and before.turned is not None:
                grid[action.cell] = int(before.turned)
            self.review = DealView(
                before.deal_no,
                before.dealer,
                before.rows_side,
                tuple(grid),
                tuple(a - b for a, b in zip(self.state.scores, before.scores, strict=True)),
            )
            self.fresh = []
        return events

    def _computer_waits(self) -> bool:
        return self.review is not None

    def _deal_ended(self, before: TableTopState) -> bool:
        return self.review is not None

    def _after_computer(self) -> None:
        self._aim_cursor()

    def _aim_cursor(self) -> None:
        """Keep the cursor where it is if that cell is open, else move it to the nearest open."""
        open_cells = self.state.open_cells() if self._my_turn() else []
        if not open_cells or self.cursor in open_cells:
            return
        row, col = divmod(self.cursor, SIZE)
        self.cursor = min(
            open_cells,
            key=lambda c: (max(abs(c // SIZE - row), abs(c % SIZE - col)), c),
        )

    # -- keys ---------------------------------------------------------------------------------

    def _cursor_waits(self) -> bool:
        """While a counted deal is shown the cursor stays put: a key pressed then is not a
        move in the next deal. The prompt, in red, says how to go on."""
        if self.review is None or self.state.is_terminal:
            return False
        self._say(self._prompt_text(), error=True)
        return True

    def action_move(self, rows: int, cols: int) -> None:
        if self._cursor_waits():
            return
        row, col = divmod(self.cursor, SIZE)
        row = min(max(row + rows, 0), SIZE - 1)
        col = min(max(col + cols, 0), SIZE - 1)
        self.cursor = row * SIZE + col
        self._refresh()

    def action_column(self, col: int) -> None:
        if self._cursor_waits():
            return
        self.cursor = self.cursor // SIZE * SIZE + col
        self._refresh()

    def action_row(self, row: int) -> None:
        if self._cursor_waits():
            return
        self.cursor = row * SIZE + self.cursor % SIZE
        self._refresh()

    def action_place(self) -> None:
        if self.review is not None and not self.state.is_terminal:
            self.action_next()
            return
        if self.state.is_terminal:
            self._say("the match is over: n for a new match, q to quit", error=True)
            return
        if self.state.current_player != self.human:
            return
        self.human_acts(Place(self.human, self.cursor))

    def action_next(self) -> None:
        """The next deal after a count, or a new match after the end."""
        if self.state.is_terminal:
            self._start_next_game()
            return
        if self.review is None:
            self._say("n goes on once the deal is counted (or the match is over)", error=True)
            return
        self.review = None
        self.fresh = []
        self._log_events(self.deferred)
        self.deferred = []
        self._run_computer()
        self._refresh()
        # The keys pressed while the computer opened the deal were pressed before it was drawn.
        self.key_gate.close()

    def action_hint(self) -> None:
        state = self.state
        if not self._my_turn() or state.turned is None:
            self._say("a hint is for your turn to place", error=True)
            return
        cells = [a.cell for a in state.legal_actions() if isinstance(a, Place)]
        advisor = TableTopPlayer("expert", seed=1)
        values = advisor.expert_values(Position(state.observation(self.human)), cells)
        ranked = sorted(values.items(), key=lambda kv: (-kv[1], kv[0]))
        best, value = ranked[0]
        card = with_symbols(str(state.turned))
        mine, theirs = self._gains(best, state.turned)
        later = (
            ", then their best reply over the cards they may turn up"
            if state.placed < PLACEMENTS - 1
            else ""
        )
        self._write(
            f"Hint: {card} on {cell_name(best)}, expected net {value:+.2f}: {mine}, "
            f"{theirs} now{later}.",
            "magenta",
        )
        if len(ranked) > 1:
            second, second_value = ranked[1]
            mine, theirs = self._gains(second, state.turned)
            self._write(
                f"Runner-up: {cell_name(second)}, {second_value:+.2f}: {mine}, {theirs}.",
                "magenta",
            )
        else:
            self._write("It is the only open cell.", "magenta")
        self.cursor = best
        self._refresh()

    def _gains(self, cell: int, card: Card) -> tuple[str, str]:
        """What ``card`` on ``cell`` adds to the human's line and to the other side's, now."""
        state = self.state
        row, col = divmod(cell, SIZE)
        out = []
        for line in (row, SIZE + col):
            cards = [int(c) for c in state.line_cards(line)]
            gain = partial_line_total([*cards, int(card)]) - partial_line_total(cards)
            owner = "your" if (line < SIZE) == (state.rows_side == self._human_side) else "their"
            out.append((owner, f"{owner} {line_name(line)} +{gain}"))
        out.sort(key=lambda pair: pair[0] != "your")
        return out[0][1], out[1][1]

    # -- drawing ------------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        super()._say(with_symbols(text), error=error)

    def _refresh(self) -> None:
        self._draw_board()
        self._draw_match()
        self._say(self._prompt_text())

    def _side_style(self, side: int) -> str:
        return _SIDE_STYLES[side != self._human_side]

    def _draw_board(self) -> None:
        state = self.state
        review = self.review
        board = self.query_one("#board", Static)
        if review is not None:
            grid, rows_side = review.grid, review.rows_side
            board.border_title = f"Deal {review.deal_no + 1} · counted"
        else:
            grid, rows_side = state.grid, state.rows_side
            dealer = state.dealer
            board.border_title = (
                f"Deal {state.deal_no + 1} · {self.seat_name(dealer)} {self._deals(dealer)}"
            )
        mine = self._my_turn() and state.turned is not None
        open_cells = set(state.open_cells()) if mine else set()
        cursor = self.cursor if mine else None
        totals = _line_totals(grid)
        row_style = self._side_style(rows_side)
        col_style = self._side_style(1 - rows_side)
        cur_row, cur_col = divmod(cursor, SIZE) if cursor is not None else (-1, -1)

        out = Text("   ")
        for col, letter in enumerate(COLUMNS):
            out.append(f"  {letter}  ", style="bold yellow" if col == cur_col else "dim")
        out.append("rows\n", style=row_style)
        out.append("   ┌" + "┬".join(["────"] * SIZE) + "┐\n", style="dim")
        for row in range(SIZE):
            out.append(f" {row + 1} ", style="bold yellow" if row == cur_row else "dim")
            out.append("│", style="dim")
            for col in range(SIZE):
                cell = row * SIZE + col
                out.append_text(self._cell_text(cell, grid[cell], open_cells, cursor, state.turned))
                out.append("│", style="dim")
            out.append(f"{totals[row]:>3}\n", style=row_style)
            if row < SIZE - 1:
                out.append("   ├" + "┼".join(["────"] * SIZE) + "┤\n", style="dim")
        out.append("   └" + "┴".join(["────"] * SIZE) + "┘\n", style="dim")
        out.append("   ")
        for col in range(SIZE):
            out.append(f" {totals[SIZE + col]:>2}  ", style=col_style)
        out.append("cols\n\n", style=col_style)

        rows_total, cols_total = sum(totals[:SIZE]), sum(totals[SIZE:])
        legend = [(rows_side, "rows", rows_total), (1 - rows_side, "columns", cols_total)]
        legend.sort(key=lambda item: item[0] != self._human_side)
        card = state.turned if mine else None
        if card is not None:
            rank = "10" if card.rank == 10 else str(card)[0]
            face = Text(f"{rank:>2}")
            face.append(card.suit.symbol)
            face.stylize(card_text(card).style)
            box = [Text("┌───┐", "dim"), Text("│", "dim") + face + Text("│", "dim")]
            box.append(Text("└───┘", "dim"))
        else:
            box = [Text(" " * 5)] * 3
        for index, (side, lines, total) in enumerate(legend):
            out.append(" ")
            out.append_text(box[index])
            style = self._side_style(side)
            out.append(f"  {self.side_name(side)[:7]:<8}{lines:<8}{total:>3}\n", style=style)
        out.append(" ")
        out.append_text(box[2])
        out.append("  ")
        if review is not None:
            out.append("the deal's final count", style="dim")
        elif card is not None:
            left = state.stack_sizes()[self.human] - 1
            out.append(f"your card · {left} more", style="bold")
        elif state.is_terminal:
            out.append("the match is over", style="dim")
        if mine:
            # No blank line before the key: at 80x24 the board then fits beside a prompt of
            # two lines (a refusal of undo wraps).
            out.append("\n ")
            out.append("··", style="bold green")
            out.append(" open cell   ", style="dim")
            out.append(" ▒▒ ", style=_FRESH)
            out.append(" just placed", style="dim")
            out.append("\n type c3 ⏎ to place on C3", style="dim")
        board.update(out)

    def _cell_text(
        self,
        cell: int,
        card: int,
        open_cells: set[int],
        cursor: int | None,
        turned: Card | None,
    ) -> Text:
        at_cursor = cell == cursor
        if card != EMPTY:
            style = "reverse" if at_cursor else (_FRESH if cell in self.fresh else "")
            return _cell_card(Card(card), style)
        if at_cursor and cell in open_cells and turned is not None:
            return _cell_card(turned, "reverse")
        if at_cursor:
            return Text(" ✗  ", style="bold white on red")
        if cell in open_cells:
            return Text(_OPEN, style="bold green")
        return Text("    ")

    def _draw_match(self) -> None:
        state = self.state
        panel = self.query_one("#match", Static)
        target = self.rules.target
        panel.border_title = f"Match to {target}"
        out = Text()
        for side in range(self.rules.sides):
            score = state.scores[side]
            style = self._side_style(side)
            filled = min(_BAR, round(score * _BAR / target))
            out.append(f"{self.side_name(side)[:7]:<8}{score:>3} ", style=style)
            out.append("█" * filled, style=style.replace("bold ", ""))
            out.append("░" * (_BAR - filled), style="dim")
            if self.review is not None:
                out.append(f" +{self.review.points[side]}", style=style)
            out.append("\n")
        if state.is_terminal:
            out.append("Match over", style="bold yellow")
        elif self.review is not None:
            dealer = self.seat_name(state.dealer)
            out.append(f"Next: deal {state.deal_no + 1}, {dealer} to deal", style="dim")
        else:
            sizes = state.stack_sizes()
            if self.rules.players == 4:
                left = f"you {sizes[0]}, partner {sizes[2]}, them {sizes[1]}+{sizes[3]}"
            else:
                left = f"you {sizes[0]}, {self.seat_name(1)} {sizes[1]}"
            out.append(f"Cards to place: {left}", style="dim")
        panel.update(out)

    def _prompt_text(self) -> str:
        state = self.state
        if state.is_terminal and state.result is not None:
            result = state.result
            verb = self._verb(result.winner, "win")
            # The scores as the board holds them (the winner in the game hole): "121 - 101".
            scores = pegged_text(result.scores, self.rules.target)
            return f"{verb} {scores}. n: new match, q: quit"
        review = self.review
        if review is not None:
            points = ", ".join(
                f"{self.side_name(s)} +{review.points[s]}" for s in range(self.rules.sides)
            )
            return f"Deal {review.deal_no + 1} counted: {points}. Enter or n: next deal"
        if state.current_player != self.human or state.turned is None:
            return "waiting..."
        name = cell_name(self.cursor)
        card = with_symbols(str(state.turned))
        if self.cursor in state.open_cells():
            return f"Place {card} on {name}: Enter. Move: arrows or a-e, 1-5. h: hint"
        if state.grid[self.cursor] != EMPTY:
            held = with_symbols(str(Card(state.grid[self.cursor])))
            return f"Place {card}: {name} holds {held}; pick an open cell (··). h: hint"
        return f"Place {card}: {name} touches no card; pick an open cell (··). h: hint"

"""Cribbage Tiles in the terminal, against the computer: typed moves, fits 80x24.

The board shows the columns A-M and rows 1-13 (``G7`` is the centre, marked ``+`` until the
first play). Tiles are their value and colour (``5d`` dark, ``5l`` light; a turned 6 or 9 is
underlined and shows the value it was placed as). The opponent's last play is shaded, and a
``◆`` marks each empty cell that would finish a crib hand of five tiles of one colour (a
10-point bonus) in that colour. Your rack is under the board.

Type a move in the notation and Enter: ``G7 across 5d 6l 4d``, ``F8 5d``, ``H5 down 9=6d Kl``
(tiles already on the board are passed over), ``exchange 5d Kl`` or ``pass``. While you type,
a panel beside the board (over the log, as tall as it needs, so that nothing is cut at 80
columns) previews the score of the play, crib hand by crib hand, or says which rule it breaks.
Commands, typed then Enter as the moves are, with the letters the other terminal games use:
``h`` or ``hint`` (the expert's move goes into the input; Enter plays it), ``u`` or ``undo``
(back to before your last move, unless a tile has been shown since: the protocol's one undo
rule), ``s`` or ``save``, ``n`` or ``new`` (a new game once this one is over), ``q`` or
``quit``. Unlike in the other games the letters wait for Enter (the panel says what Enter
will do): ``h`` also begins a move from column H, and a key acting at once would take it from
the move. F1, F2 and F3 act at once (hint, undo, save), Ctrl+Q quits, PgUp/PgDn scroll the
log. The record is saved when the game ends.

>>> app = TilesApp(ai="easy", seed=3)
>>> app.state.current_player, app.seat_name(1)
(0, 'Easy')
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import ClassVar, Final

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Input, Static

from cribkit.ai.tiles import TilesPlayer
from cribkit.core.cards import RANK_CHARS
from cribkit.games.events import GameEvent
from cribkit.games.protocol import Action, GameError
from cribkit.games.tiles import (
    COLOURS,
    EMPTY,
    LETTERS,
    MAX_HAND,
    Exchange,
    GameWon,
    Pass,
    PlayTiles,
    TilesRules,
    TilesState,
    piece_colour,
    piece_turned,
    piece_value,
    tile_colour,
    tile_text,
)
from cribkit.tui.base import ComputerGameApp
from cribkit.tui.naming import counted

__all__ = ["TilesApp"]

#: The styles of dark and light tiles.
_COLOUR_STYLES: Final = ("bold cyan", "bold yellow")
_FRESH: Final = "on grey30"
_STAGED: Final = "reverse"
_SEAT = re.compile(r"\bseat (\d)\b")
_YOU_VERB = re.compile(r"\bYou (\w+)")
_SECOND_PERSON: Final = {
    "plays": "play", "scores": "score", "passes": "pass", "draws": "draw", "has": "have",
    "wins": "win", "declares": "declare", "calls": "call", "lets": "let", "is": "are",
}  # fmt: skip
_COMMANDS: Final = {
    "hint": "hint", "?": "hint", "h": "hint", "undo": "undo", "u": "undo", "save": "save",
    "s": "save", "new": "new", "n": "new", "quit": "quit", "q": "quit",
}  # fmt: skip
#: What Enter does with a command typed in the input, said while it is typed.
_COMMAND_PREVIEWS: Final = {
    "hint": "Enter: the expert's move, written here for you to play or change",
    "undo": "Enter: take back your last move",
    "save": "Enter: save the game",
    "new": "Enter: a new game, once this one is over",
    "quit": "Enter: quit",
}


def _piece_text(piece: int, style: str = "") -> Text:
    """A piece as its value and colour, ``5d``; a turned 6 or 9 underlined."""
    value = RANK_CHARS[piece_value(piece) - 1]
    colour = COLOURS[piece_colour(piece)]
    full = _COLOUR_STYLES[piece_colour(piece)] + (" underline" if piece_turned(piece) else "")
    return Text(f"{value}{colour}", style=f"{full} {style}".strip())


def _tile_text(tile: int) -> Text:
    return Text(tile_text(tile), style=_COLOUR_STYLES[tile_colour(tile)])


def bonus_cues(cells: Sequence[int], size: int) -> dict[int, int]:
    """The empty cells that would complete a crib hand of five tiles of one colour (a line of
    four of one colour with an empty cell at an end, nothing beyond it): cell -> colour.

    >>> from cribkit.games.tiles.board import Board, cell_index
    >>> board = Board.from_cells(7, {"B4": "5d", "C4": "5d", "D4": "5d", "E4": "Td"})
    >>> sorted((c, colour) for c, colour in bonus_cues(board.cells, 7).items())
    [(21, 0), (26, 0)]
    """
    cues: dict[int, int] = {}
    for step in (1, size):
        for first in range(size * size):
            if cells[first] == EMPTY:
                continue
            prev = first - step
            if (
                prev >= 0
                and (step == size or prev // size == first // size)
                and cells[prev] != EMPTY
            ):
                continue  # not the first of a line
            line = [first]
            nxt = first + step
            while (
                nxt < size * size
                and (step == size or nxt // size == first // size)
                and cells[nxt] != EMPTY
            ):
                line.append(nxt)
                nxt += step
            if len(line) != MAX_HAND - 1:
                continue
            colours = {piece_colour(cells[c]) for c in line}
            if len(colours) != 1:
                continue
            colour = colours.pop()
            for end, beyond in ((prev, prev - step), (nxt, nxt + step)):
                if not 0 <= end < size * size:
                    continue
                if step == 1 and end // size != first // size:
                    continue
                inside = 0 <= beyond < size * size and (
                    step == size or beyond // size == end // size
                )
                if inside and cells[beyond] != EMPTY:
                    continue  # the tile would join another line: more than five
                cues[end] = colour
    return cues


class TilesApp(ComputerGameApp[TilesState]):
    """A game of Cribbage Tiles, the human in seat 0 against the computer."""

    CSS = """
    Screen { layout: vertical; }
    #top { height: 1fr; }
    #board { width: 46; height: 100%; border: round $primary; padding: 0 1; }
    #side { width: 1fr; }
    #match { height: auto; border: round $primary; padding: 0 1; }
    #preview { height: auto; border: round $accent; padding: 0 1; display: none; }
    #log { height: 1fr; border: round $secondary; padding: 0 1; scrollbar-size-vertical: 1; }
    #move { height: 1; border: none; padding: 0 1; }
    /* As tall as it needs: a long refusal or the save path wraps, never cut at 80 columns. */
    #prompt { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        # h, u and s (then Enter) are typed commands, as the moves are: see on_input_submitted.
        Binding("f1", "hint", "Hint", key_display="h⏎/F1", priority=True),
        Binding("f2", "undo", "Undo", key_display="u⏎/F2", priority=True),
        Binding("f3", "save", "Save", key_display="s⏎/F3", priority=True),
        Binding("escape", "clear", "Clear", priority=True),
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("pageup", "scroll_log(-1)", "Scroll log", show=False, priority=True),
        Binding("pagedown", "scroll_log(1)", "Scroll log", show=False, priority=True),
    ]

    GAME = "tiles"
    RULES_TYPE = TilesRules
    STATE_TYPE = TilesState

    # -- setting up ---------------------------------------------------------------------------

    def _reset_view(self) -> None:
        #: Cells the other seats filled since the human's last move.
        self.fresh: set[int] = set()
        #: The play being typed, when it parses: shown on the board.
        self.staged: PlayTiles | None = None

    def compose(self) -> ComposeResult:
        # The preview goes beside the board, over the log, where it may take the rows it
        # needs: under the board, one row high at 80x24, a long play's words were cut.
        yield from self._board_beside_log(Static(id="preview"))
        yield Input(id="move", placeholder="type a move: G7 across 5d 6l · exchange 5d Kl · pass")
        yield Static(id="prompt")
        yield Footer()

    def _mounted(self) -> None:
        self.query_one("#move", Input).focus()

    def _named(self, text: str) -> str:
        named = _SEAT.sub(lambda m: self.seat_name(int(m.group(1))), text)
        named = _YOU_VERB.sub(lambda m: f"You {_SECOND_PERSON.get(m.group(1), m.group(1))}", named)
        return named[:1].upper() + named[1:]

    def _log_events(self, events: Sequence[GameEvent]) -> None:
        previous = ""
        for event in events:
            kind, before, previous = event.type, previous, event.type
            if kind == "start" and before == "draw_first":
                continue  # the draw said who plays first
            if isinstance(event, GameWon):
                self._write_win(event)
                continue
            text = str(event.to_json(viewer=self.human).get("text", ""))
            if not text:
                continue
            line = self._named(text)
            if kind == "hand":
                self._write("  " + re.split(r" scores? ", line, maxsplit=1)[-1], "cyan")
            elif kind == "bonus":
                self._write("  " + line.split(": ", 1)[-1], "bold cyan")
            elif kind == "play":
                self._write(line, "bold" if event.seat != self.human else "")
            elif kind in ("draw", "draw_first"):
                self._write(line, "dim")
            elif kind in ("end", "deduct"):
                self._write(line, "yellow")
            else:
                self._write(line)

    def _write_win(self, event: GameWon) -> None:
        scores = ", ".join(f"{self.seat_name(s)} {p}" for s, p in enumerate(event.scores))
        if len(event.seats) > 1:
            who = " and ".join(self.seat_name(s) for s in event.seats)
            self._write(f"{who} share the win: {scores}.", "bold yellow")
            return
        seat = event.seats[0]
        verb = "win" if seat == self.human else "wins"
        self._write(f"{self.seat_name(seat)} {verb}: {scores}.", "bold yellow")

    # -- the flow -----------------------------------------------------------------------------

    def _applied(
        self, before: TilesState, action: Action, events: list[GameEvent]
    ) -> list[GameEvent]:
        if isinstance(action, PlayTiles):
            size = self.rules.board_size
            cells = {r * size + c for r, c in action.cells}
            if action.seat == self.human:
                self.fresh = set()
            else:
                self.fresh |= cells
        return events

    # -- input --------------------------------------------------------------------------------

    def on_input_changed(self, message: Input.Changed) -> None:
        self._preview(message.value)

    def on_input_submitted(self, message: Input.Submitted) -> None:
        text = message.value.strip()
        box = self.query_one("#move", Input)
        command = _COMMANDS.get(text.lower())
        if not text:
            return
        if command is not None:
            box.value = ""
            if command == "quit":
                self.exit()
            elif command == "new":
                self.action_new()
            else:
                getattr(self, f"action_{command}")()
            return
        if not self._my_turn():
            self._say(
                "the game is over: new for a new game, or quit"
                if self.state.is_terminal
                else "it is not your turn",
                error=True,
            )
            return
        try:
            action = self.state.parse(text, self.human)
        except GameError as error:
            self._say(str(error), error=True)
            return
        if self.human_acts(action):
            box.value = ""

    def _preview(self, text: str) -> None:
        """Show what the typed move scores, or what is wrong with it, or what the typed command
        does; the panel is hidden while there is nothing to say."""
        self.staged = None
        text = text.strip()
        command = _COMMANDS.get(text.lower())
        if command is not None:
            self._show_preview(self._command_preview(text, command))
        elif not text or not self._my_turn():
            self._show_preview(None)
        else:
            try:
                action = self.state.parse(text, self.human)
                self._show_preview(self._preview_text(action))
            except GameError as error:
                self._show_preview(Text(self._named(str(error)), style="red"))
        self._draw_board()

    def _show_preview(self, content: Text | None) -> None:
        preview = self.query_one("#preview", Static)
        preview.border_title = "Your move"
        preview.update(content or "")
        preview.display = content is not None

    def _command_preview(self, text: str, command: str) -> Text:
        out = Text(_COMMAND_PREVIEWS[command], style="green")
        column = text.upper()
        if len(text) == 1 and column in LETTERS[: self.rules.board_size]:
            out.append(f" (or type on: a move from column {column})", style="dim")
        return out

    def _preview_text(self, action: Action) -> Text:
        """What ``action`` does (a play: what it scores); raises like ``verify``."""
        state = self.state
        match action:
            case PlayTiles():
                score = state.preview(action)
                self.staged = action
                parts = [f"{h.name} {h.points}" for h in score.hands]
                parts += [f"bonus {b.points}" for b in score.bonuses]
                out = Text(f"Scores {score.points}: ", style="bold green")
                out.append(" + ".join(parts))
                words = "; ".join(h.breakdown.words() for h in score.hands if h.main)
                if words:
                    out.append(f" ({words})", style="dim")
                return out
            case Exchange():
                state.verify(action)
                return Text("Exchange: you miss the turn and draw new tiles", "green")
            case Pass():
                state.verify(action)
                return Text("Pass: you miss the turn", "green")
            case _:
                state.verify(action)
                return Text(state.notation(action), "green")

    # -- keys and commands ----------------------------------------------------------------------

    def action_clear(self) -> None:
        self.query_one("#move", Input).value = ""

    def action_hint(self) -> None:
        """The expert's move goes into the input, with a line in the log."""
        state = self.state
        if not self._my_turn():
            self._say("a hint is for your turn", error=True)
            return
        advisor = TilesPlayer("expert", seed=1)
        action = advisor.choose(state.observation(self.human), state.legal_actions())
        if isinstance(action, PlayTiles):
            text = state.notation(action)
            points = state.preview(action).points
            self._write(f"Hint: {text} for {points} (Enter plays it).", "magenta")
        else:
            text = state.notation(action)
            self._write(f"Hint: {text} (no play worth more).", "magenta")
        box = self.query_one("#move", Input)
        box.value = text
        box.cursor_position = len(text)
        self._preview(text)

    def action_new(self) -> None:
        if not self.state.is_terminal:
            self._say("new starts a game once this one is over", error=True)
            return
        self._start_next_game()

    # -- drawing ------------------------------------------------------------------------------

    def _refresh(self) -> None:
        self._preview(self.query_one("#move", Input).value)
        self._draw_match()
        self._say(self._prompt_text())

    def _draw_board(self) -> None:
        state = self.state
        size = self.rules.board_size
        cells = state.board.cells
        staged: dict[int, int] = {}
        if self.staged is not None:
            staged = {
                r * size + c: p
                for (r, c), p in zip(self.staged.cells, self.staged.tiles, strict=True)
            }
        cues = bonus_cues(cells, size)
        centre = state.board.centre
        out = Text("   ")
        for col in range(size):
            out.append(f" {LETTERS[col]} ", style="dim")
        out.append("\n")
        for row in range(size):
            out.append(f"{row + 1:>2} ", style="dim")
            for col in range(size):
                cell = row * size + col
                piece = cells[cell]
                out.append(" ")
                if cell in staged:
                    out.append_text(_piece_text(staged[cell], _STAGED))
                elif piece != EMPTY:
                    out.append_text(_piece_text(piece, _FRESH if cell in self.fresh else ""))
                elif cell == centre:
                    out.append("+ ", style="bold magenta")
                elif cell in cues:
                    out.append("◆ ", style=_COLOUR_STYLES[cues[cell]])
                else:
                    out.append("· ", style="grey35")
            out.append("\n")
        out.append("Rack ", style="bold")
        rack = state.racks[self.human]
        for tile in rack:
            out.append_text(_tile_text(tile))
            out.append(" ")
        if not rack:
            out.append("(empty)", style="dim")
        out.append("\n")
        out.append("+ centre  ", style="dim")
        out.append("◆", style=_COLOUR_STYLES[0])
        out.append("◆", style=_COLOUR_STYLES[1])
        out.append(" 5 of a colour  ", style="dim")
        out.append("▒▒", style=_FRESH)
        out.append(" last play", style="dim")
        board = self.query_one("#board", Static)
        board.border_title = f"Cribbage Tiles {size}x{size}"
        board.update(out)

    def _draw_match(self) -> None:
        state = self.state
        panel = self.query_one("#match", Static)
        panel.border_title = "Scores"
        out = Text()
        for seat in range(self.rules.players):
            style = "bold green" if seat == self.human else "bold"
            turn = "◀" if state.current_player == seat else " "
            out.append(f"{self.seat_name(seat)[:9]:<10}{state.scores[seat]:>4} {turn}", style=style)
            if seat != self.human:
                out.append(f" {counted(state.rack_sizes()[seat], 'tile')}", style="dim")
            out.append("\n")
        bag = "/".join(str(n) for n in state.bag_sizes())
        out.append(f"Bag {bag}  ·  tiles on board {state.board.tile_count()}", style="dim")
        panel.update(out)

    def _prompt_text(self) -> str:
        state = self.state
        if state.is_terminal and state.result is not None:
            scores = "-".join(map(str, state.result.scores))
            return f"Game over, {scores}. Type new (a new game) or quit"
        if not self._my_turn():
            return "waiting..."
        if state.phase == "declare":
            return "Declare your score: declare N"
        if state.phase == "joker":
            return "Call joker or type no joker"
        if not state.legal_plays():
            return "No play: exchange TILES or pass. h hint · u undo · s save, then Enter"
        return "Your move (G7 across 5d 6l). h hint · u undo · s save, then Enter"

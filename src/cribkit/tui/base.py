"""What the terminal games against the computer share: opening or resuming a game, letting the
computer seats act, the human's turn, undo, saving the record, the log and the prompt.

Each game's app (classic, Table Top, Tiles) subclasses :class:`ComputerGameApp`, names its game,
state and rules types, and fills in the hooks that are its own: what a view resets, what an
applied action changes on screen, when the computer waits for the human to look.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar, Generic, TypeVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Event
from textual.widget import Widget
from textual.widgets import Static

from cribkit.ai.players import Player
from cribkit.games.events import GameEvent
from cribkit.games.protocol import Action, GameError, GameState, Rules, game_info
from cribkit.games.undo import first_reveal, undo_refusal
from cribkit.store.saves import save_record
from cribkit.tui.keygate import KeyGate
from cribkit.tui.naming import SeatNames
from cribkit.tui.session import computer_players, open_game
from cribkit.tui.widgets import GameLog

S = TypeVar("S", bound=GameState)


def weigh_undo(
    game: str, seat: int, since: list[GameEvent] | None, *, over: bool
) -> tuple[str | None, str | None]:
    """The protocol's one rule against the computer, as every terminal game asks it: why
    ``seat`` may not take back its last move (None: it may), and what a practice undo would go
    back past (:func:`first_reveal`; None: nothing shown since)."""
    refusal = undo_refusal(game_info(game), seat, since, over=over, past_reveals=True)
    if refusal is not None or since is None:
        return refusal, None
    return None, first_reveal(seat, since)


def practice_warning(seen: str) -> str:
    """The prompt before the first undo back past what was ``seen`` (the protocol's words of
    the first thing shown since the human's last move: :func:`first_reveal`).

    >>> print(practice_warning("the starter is 5s"))  # doctest: +NORMALIZE_WHITESPACE
    this undo goes back past what you have seen (the starter is 5s): the same cards come again,
    and the game becomes practice; press u again to undo
    """
    return (
        f"this undo goes back past what you have seen ({seen}): the same cards come again, "
        "and the game becomes practice; press u again to undo"
    )


class ComputerGameApp(App[None], Generic[S]):
    """A game with the human in seat 0 and the computer in the other seats."""

    #: The registry name of the game (also the stem of saved records).
    GAME: ClassVar[str] = ""
    #: The game's rules and state classes.
    RULES_TYPE: ClassVar[type[Rules]]
    STATE_TYPE: ClassVar[type[Any]]
    #: What the game's record is called in the log ("Game", "Match").
    RECORD_NAME: ClassVar[str] = "Game"
    #: The log line after an undo.
    UNDONE: ClassVar[str] = "Undone: back to before your last move."

    def __init__(
        self,
        rules: Rules | None = None,
        *,
        ai: str = "expert",
        seed: int | str = 0,
        record: dict[str, Any] | None = None,
        save_path: Path | None = None,
    ) -> None:
        super().__init__()
        self.rules: Any = rules or self.RULES_TYPE()
        self.ai_level = ai
        self.seed = seed
        self.human = 0
        self.save_path = save_path
        self.saved_to: Path | None = None
        self.opponents: dict[int, Player] = {}
        #: The positions before each of the human's moves, with where in :attr:`timeline` the
        #: move's events begin: an undo goes back to the last one if the protocol's rule allows.
        self.undo_stack: list[tuple[S, int]] = []
        #: Every event since the game's opening, in order (what an undo would go back past).
        self.timeline: list[GameEvent] = []
        #: An undo went back past something shown (a practice undo): the record says so.
        self.practice = False
        #: The warning before the first practice undo is on the prompt: u again undoes.
        self.undo_asked = False
        self.events: list[GameEvent] = []
        #: Drops the keys pressed while a deal's end was being counted (see :mod:`.keygate`).
        self.key_gate = KeyGate()
        self._reset_view()
        self._pending_record = record
        self.state: S = self._new_state()
        # The computer's opening moves are logged with the game's first events, on mount.
        self._run_computer(log=False)

    # -- hooks --------------------------------------------------------------------------------

    def _reset_view(self) -> None:
        """Forget what the view shows of the previous position (selection, staged moves)."""

    def _applied(self, before: S, action: Action, events: list[GameEvent]) -> list[GameEvent]:
        """Note on screen what ``action`` did; returns the events to log now."""
        return events

    def _computer_waits(self) -> bool:
        """Whether the computer waits for the human before acting (e.g. to look at a count)."""
        return False

    def _after_computer(self) -> None:
        """After the computer's turns: move the cursor and the like."""

    def _deal_ended(self, before: S) -> bool:
        """Whether a deal was counted since ``before`` (:meth:`human_acts` adds the game's end)."""
        return False

    def _log_events(self, events: Sequence[GameEvent]) -> None:
        raise NotImplementedError

    def _refresh(self) -> None:
        raise NotImplementedError

    # -- setting up ---------------------------------------------------------------------------

    async def on_event(self, event: Event) -> None:
        # Before any binding sees it: a key pressed while a deal's end was being counted was
        # not meant for the next deal.
        if self.key_gate.holds(event):
            return
        await super().on_event(event)

    def _mounted(self) -> None:
        """What a game does first on mount (e.g. focus its input)."""

    def on_mount(self) -> None:
        # Textual calls on_mount of every class in the MRO: a subclass hooks in through
        # _mounted, since its own on_mount calling this one would log the opening twice.
        self._mounted()
        self.query_one("#log", GameLog).can_focus = False
        self._log_events(self.events)
        self._saved_if_over()
        self._refresh()

    def _new_state(self) -> S:
        record = self._pending_record
        self._pending_record = None
        opened: tuple[S, list[GameEvent]] = open_game(
            self.rules, self.STATE_TYPE, seed=self.seed, record=record
        )
        state, self.events = opened
        self.rules = state.rules
        self.opponents = computer_players(
            self.GAME, self.ai_level, seed=self.seed, players=self.rules.players
        )
        self.undo_stack = []
        self.timeline = []
        self._reset_view()
        return state

    def _board_beside_log(self, *over_log: Widget) -> ComposeResult:
        """The board, and beside it the match score over the game log (``over_log`` between
        them)."""
        with Horizontal(id="top"):
            yield Static(id="board")
            with Vertical(id="side"):
                yield Static(id="match")
                yield from over_log
                yield GameLog(id="log")

    def _start_next_game(self) -> None:
        """A new game, seeded from this one's seed, once this one is over."""
        self.seed = f"{self.seed}+"
        self.saved_to = None
        self.state = self._new_state()
        self.query_one("#log", GameLog).clear()
        self._log_events(self.events)
        self._run_computer()
        self._refresh()

    # -- names and text -----------------------------------------------------------------------

    @property
    def names(self) -> SeatNames:
        return SeatNames(self.human, self.rules.players, self.ai_level)

    def seat_name(self, seat: int) -> str:
        """``You``, ``Partner``, or the computer's level (and seat, with 3 or 4 players)."""
        return self.names.seat_name(seat)

    def side_name(self, side: int) -> str:
        """The name of a side on the score board: the seat, or ``Us``/``Them`` with 4."""
        return self.names.side_name(side)

    def _named(self, text: str) -> str:
        return self.names.sentence(text)

    def _write(self, text: str | Text, style: str = "") -> None:
        line = text if isinstance(text, Text) else Text(text, style=style)
        self.query_one("#log", GameLog).add(line)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.query_one("#prompt", Static).update(Text(text, style="bold red" if error else "bold"))

    # -- the flow -----------------------------------------------------------------------------

    def _apply(self, action: Action, *, log: bool = True) -> None:
        before = self.state
        transition = before.apply(action)
        self.state = transition.state
        self.timeline.extend(transition.events)
        events = self._applied(before, action, list(transition.events))
        if log:
            self._log_events(events)
        else:
            self.events.extend(events)

    def _my_turn(self) -> bool:
        return (
            not self._computer_waits()
            and not self.state.is_terminal
            and self.state.current_player == self.human
        )

    def _run_computer(self, *, log: bool = True) -> None:
        """Let the computer seats act until it is the human's turn or the game ends."""
        state = self.state
        while not self._computer_waits() and not state.is_terminal:
            seat = state.current_player
            if seat is None or seat == self.human:
                break
            action = self.opponents[seat].choose(state.observation(seat), state.legal_actions())
            self._apply(action, log=log)
            state = self.state
        self._after_computer()
        if log:
            self._saved_if_over()

    def game_record(self) -> dict[str, Any]:
        """The game's record; after a practice undo its ``meta`` says the game is practice."""
        record = self.state.record()
        if self.practice:
            record["meta"] = {**record.get("meta", {}), "practice": True}
        return record

    def _saved_if_over(self) -> None:
        if self.state.is_terminal and self.saved_to is None:
            self.saved_to = save_record(self.game_record(), self.save_path, stem=self.GAME)
            self._write(f"{self.RECORD_NAME} record saved to {self.saved_to}", "dim")

    def human_acts(self, action: Action) -> bool:
        """Play ``action`` for the human, then let the computer answer; False (and the reason
        on the prompt) if it breaks a rule."""
        try:
            self.state.verify(action)
        except GameError as error:
            self._say(self._named(str(error)), error=True)
            return False
        before = self.state
        self.undo_asked = False  # (a warning before a practice undo is for the move it named)
        self.undo_stack.append((before, len(self.timeline)))
        self._reset_view()
        self._apply(action)
        self._run_computer()
        self._refresh()
        if self.state.is_terminal or self._deal_ended(before):
            self.key_gate.close()
        return True

    # -- keys ---------------------------------------------------------------------------------

    def action_undo(self) -> None:
        """Back to before the human's last move, as the protocol's one undo rule allows it
        against the computer (as the web app asks it): a practice undo may go back past
        something hidden shown since, once warned (u again), and the game is practice then."""
        mark = self.undo_stack[-1][1] if self.undo_stack else None
        since = None if mark is None else self.timeline[mark:]
        refusal, seen = weigh_undo(self.GAME, self.human, since, over=self.state.is_terminal)
        if refusal is not None:
            self._say(self._named(f"no undo: {refusal}"), error=True)
            return
        if seen is not None and not self.practice and not self.undo_asked:
            self.undo_asked = True
            self._say(self._named(practice_warning(seen)))
            return
        self.undo_asked = False
        self.practice = self.practice or seen is not None
        self.state, mark = self.undo_stack.pop()
        del self.timeline[mark:]
        self._reset_view()
        self._write(self.UNDONE, "magenta")
        self._after_computer()
        self._refresh()

    def action_save(self) -> None:
        path = save_record(self.game_record(), self.save_path, stem=self.GAME)
        self._say(f"saved to {path} (resume with: cribkit play {self.GAME} --resume {path})")

    def action_scroll_log(self, pages: int) -> None:
        log = self.query_one("#log", GameLog)
        if pages < 0:
            log.scroll_page_up()
        else:
            log.scroll_page_down()

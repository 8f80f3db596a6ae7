"""Cribbage Solitaire in the terminal: keyboard only, fits 80x24.

Keys: 1-6 pick the cards to lay away (a second press puts one back), Enter lays them away,
h hint (the expert's lay-away with its expected points, and the next best), u undo (asks the
protocol's one rule, as the web app does: a practice undo back past the starter, the same
starter turned again, after a warning the first time: u again), s save, q quit. Each count is written out in words as it happens; at
the end the total is set beside the best possible total for the deal (knowing the deck).

>>> app = SolitaireApp(seed=20250314)
>>> app.state.round_no, len(app.state.hand)
(0, 6)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.events import Event
from textual.widgets import Footer, Static

from cribkit.ai.solitaire import LayAwayOption, best_play, options_for
from cribkit.core.cards import Card
from cribkit.games.actions import Discard
from cribkit.games.events import GameEvent
from cribkit.games.protocol import GameError
from cribkit.games.records import replay
from cribkit.games.solitaire import (
    ROUNDS,
    CribCounted,
    GameEnded,
    HandCounted,
    HisHeels,
    LastHandCounted,
    RoundDealt,
    SolitaireRules,
    SolitaireState,
    StarterToBottom,
    StarterTurned,
    start_solitaire,
)
from cribkit.store.saves import save_record
from cribkit.tui.base import practice_warning, weigh_undo
from cribkit.tui.keygate import KeyGate
from cribkit.tui.naming import counted, with_symbols
from cribkit.tui.widgets import GameLog, card_text, cards_text

__all__ = ["SolitaireApp"]

FACE_DOWN = "▒▒"


def _cards(cards: Iterable[Card]) -> str:
    return with_symbols(" ".join(str(c) for c in cards))


class SolitaireApp(App[None]):
    """One game of Cribbage Solitaire, from a seed, an explicit deck or a saved record."""

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; padding: 0 1; background: $boost; }
    #hand { height: 1; padding: 0 1; }
    #crib { height: 1; padding: 0 1; }
    #stock { height: 1; padding: 0 1; }
    #log { height: 1fr; border: round $secondary; padding: 0 1; }
    /* As tall as it needs: a long refusal or the save path wraps, never cut at 80 columns. */
    #prompt { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        *,
        seed: int | str | None = 0,
        deck: Sequence[int | str] | None = None,
        record: dict[str, Any] | None = None,
        save_path: Path | None = None,
        title: str | None = None,
    ) -> None:
        super().__init__()
        self.seed = seed
        self.save_path = save_path
        self.saved_to: Path | None = None
        self.deal_title = title
        self.selected: set[Card] = set()
        #: The positions before each lay-away, with where in :attr:`timeline` its events begin.
        self.undo_stack: list[tuple[SolitaireState, int]] = []
        #: Every event of the lay-aways made here, in order (what an undo would go back past).
        self.timeline: list[GameEvent] = []
        #: Lay-aways taken back: a total made with undos is marked so (and in a saved record).
        self.undos = 0
        #: The warning before the first undo back past a starter is on the prompt: u again undoes.
        self.undo_asked = False
        #: Drops the keys pressed while a round was being counted (see :mod:`.keygate`).
        self.key_gate = KeyGate()
        if record is not None:
            replayed = replay(record)
            state = replayed.state
            if not isinstance(state, SolitaireState):
                raise GameError("this record is not a Cribbage Solitaire game")
            self.events: list[GameEvent] = list(replayed.events)
            self.seed = state.setup.seed
            meta = record.get("meta")
            undos = meta.get("undos") if isinstance(meta, dict) else None
            self.undos = undos if isinstance(undos, int) and undos > 0 else 0
        else:
            transition = start_solitaire(
                SolitaireRules(), seed=None if deck is not None else seed, deck=deck
            )
            state = transition.state
            self.events = list(transition.events)
        self.state: SolitaireState = state
        #: The starter of the round counted last (shown until the next one is turned).
        self.last_starter: Card | None = state.rounds[-1].starter if state.rounds else None

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="status")
            yield Static(id="hand")
            yield Static(id="crib")
            yield Static(id="stock")
            yield GameLog(id="log")
            yield Static(id="prompt")
        yield Footer()

    def on_mount(self) -> None:
        self._log_events(self.events)
        if self.state.is_terminal:
            self._finish()
        self._refresh()

    # -- the flow -----------------------------------------------------------------------------

    def _write(self, text: str | Text, style: str = "") -> None:
        line = text if isinstance(text, Text) else Text(text, style=style)
        self.query_one("#log", GameLog).add(line)

    def _log_events(self, events: Sequence[GameEvent]) -> None:
        for event in events:
            match event:
                case StarterToBottom():
                    continue  # the stock line shows the bottom of the stock
                case StarterTurned(starter=starter):
                    self.last_starter = starter
                    style = ""
                case RoundDealt():
                    style = "bold yellow"
                case HandCounted() | CribCounted() | LastHandCounted() | HisHeels():
                    style = "bold cyan" if event.points else "cyan"
                case GameEnded():
                    style = "bold green"
                case _:
                    style = ""
            line = with_symbols(event.text())
            self._write(line[0].upper() + line[1:], style)

    def _lay_away(self) -> None:
        state = self.state
        if state.is_terminal:
            self._say("the game is over: q quits", error=True)
            return
        if len(self.selected) != 2:
            self._say(f"pick 2 cards to lay away first (1-{len(state.hand)})", error=True)
            return
        action = Discard(0, tuple(sorted(self.selected)))
        try:
            transition = state.apply(action)
        except GameError as error:
            self._say(str(error), error=True)
            return
        self.undo_asked = False  # (a warning before an undo is for the lay-away it named)
        self.undo_stack.append((state, len(self.timeline)))
        self.timeline.extend(transition.events)
        self.selected = set()
        self.state = transition.state
        self._log_events(transition.events)
        if self.state.is_terminal:
            self._finish()
        self._refresh()
        # Every lay-away ends a round: keys pressed while it was counted were not meant for
        # the next round's cards.
        self.key_gate.close()

    def _finish(self) -> None:
        """The end: the total beside the best possible total, round by round; save the game."""
        state = self.state
        best = best_play(state.deck)
        total = state.total
        share = f" ({100 * total / best.total:.0f}% of it)" if best.total else ""
        self._write(
            f"Best possible total knowing the deck: {best.total}; you made {total}{share}.",
            "bold magenta",
        )
        for done, points, laid in zip(state.rounds, best.round_points, best.discards, strict=True):
            mark = "=" if done.points == points else "<"
            self._write(
                f"  round {done.round_no + 1}: you {done.points:>2} {mark} best {points:>2} "
                f"laying away {_cards(laid)}",
                "magenta",
            )
        from cribkit.analysis.daily_deal import day_of

        if self.deal_title and day_of(self.deal_title) is not None and self.seed is not None:
            from cribkit.sim.solitaire import deal_report

            expert = deal_report(self.seed)["total"]
            self._write(
                f"The expert made {expert} on the same deal: you {total - expert:+d}.",
                "bold magenta",
            )
        if self.undos:
            self._write(f"(You took back {counted(self.undos, 'lay-away')} on the way.)", "magenta")
        if self.saved_to is None:
            self.saved_to = save_record(self._record(), self.save_path, stem="solitaire")
            self._write(f"Game record saved to {self.saved_to}", "dim")

    def _record(self) -> dict[str, Any]:
        """The game's record; ``meta`` says how many lay-aways were taken back, if any (and
        then that the game is practice)."""
        record = self.state.record()
        if self.undos:
            record["meta"] = {"undos": self.undos, "practice": True}
        return record

    # -- keys ---------------------------------------------------------------------------------

    async def on_event(self, event: Event) -> None:
        # Before any binding sees it: see :mod:`cribkit.tui.keygate`.
        if self.key_gate.holds(event):
            return
        await super().on_event(event)

    def on_key(self, event: Any) -> None:
        key = event.key
        if key in ("1", "2", "3", "4", "5", "6"):
            event.stop()
            self._pick(int(key) - 1)
        elif key == "enter":
            event.stop()
            self._lay_away()

    def _pick(self, index: int) -> None:
        hand = self.state.hand
        if self.state.is_terminal or index >= len(hand):
            return
        card = hand[index]
        if card in self.selected:
            self.selected.discard(card)
        elif len(self.selected) < 2:
            self.selected.add(card)
        else:
            self._say("two cards are picked already: press one again to put it back", error=True)
            self._refresh(prompt=False)
            return
        self._refresh()

    def action_hint(self) -> None:
        state = self.state
        if state.is_terminal:
            self._say("the game is over: no hint needed", error=True)
            return
        options = options_for(state.observation(0))
        best, second = options[0], options[1]
        self._write(f"Hint: lay away {_cards(best.discard)}: {_option_text(best)}", "magenta")
        self._write(f"  next best, {_cards(second.discard)}: {_option_text(second)}", "magenta")

    def action_undo(self) -> None:
        """Back to before the last lay-away, as the protocol's one undo rule allows it (as the
        web app asks it): back past its starter only after a warning (u again)."""
        mark = self.undo_stack[-1][1] if self.undo_stack else None
        since = None if mark is None else self.timeline[mark:]
        refusal, seen = weigh_undo("solitaire", 0, since, over=self.state.is_terminal)
        if refusal is not None:
            self._say(f"no undo: {refusal}", error=True)
            return
        if seen is not None and not self.undos and not self.undo_asked:
            # (the first undo says what it goes back past; u again takes it)
            self.undo_asked = True
            self._say(practice_warning(seen))
            return
        self.undo_asked = False
        self.state, mark = self.undo_stack.pop()
        del self.timeline[mark:]
        self.undos += 1
        self.selected = set()
        self.last_starter = self.state.rounds[-1].starter if self.state.rounds else None
        self._write(f"Undone: back to round {self.state.round_no + 1}.", "magenta")
        self._refresh()

    def action_save(self) -> None:
        path = save_record(self._record(), self.save_path, stem="solitaire")
        self._say(f"saved to {path}")

    # -- drawing ------------------------------------------------------------------------------

    def _say(self, text: str, *, error: bool = False) -> None:
        self.query_one("#prompt", Static).update(
            Text(with_symbols(text), style="bold red" if error else "bold")
        )

    def _refresh(self, *, prompt: bool = True) -> None:
        state = self.state
        status = Text()
        if state.is_terminal:
            status.append("Game over", style="bold")
        else:
            status.append(f"Round {state.round_no + 1} of {ROUNDS}", style="bold")
        status.append(f" · Total {state.total}", style="bold green")
        label = self.deal_title or (f"seed {self.seed}" if self.seed is not None else "own deck")
        status.append(f" · {label}", style="dim")
        self.query_one("#status", Static).update(status)

        hand = Text("Hand: ")
        if state.is_terminal:
            hand.append("last hand ")
            hand.append_text(cards_text(list(state.last_hand)))
            hand.append(f" ({state.last_hand_points})")
        else:
            hand.append_text(
                cards_text(list(state.hand), numbered=True, selected=frozenset(self.selected))
            )
        self.query_one("#hand", Static).update(hand)

        self.query_one("#crib", Static).update(self._crib_line())

        stock = Text()
        if not state.is_terminal:
            view = state.observation(0)
            stock.append(f"Stock: {counted(view.stock_count, 'card')}")
            if view.bottom:
                stock.append("; at the bottom, as you saw them go: ", style="dim")
                stock.append_text(cards_text(list(view.bottom)))
        self.query_one("#stock", Static).update(stock)
        if prompt:
            self._say(self._prompt_text())

    def _crib_line(self) -> Text:
        state = self.state
        if state.is_terminal:
            line = Text(f"Best possible total for this deal: {best_play(state.deck).total}")
            line.append(f" (you made {state.total})", style="dim")
            return line
        line = Text("Crib: ")
        line.append(f"{FACE_DOWN} {FACE_DOWN}", style="dim")
        for card in sorted(self.selected):
            line.append(" ")
            line.append_text(card_text(card))
        line.append("   Starter: ")
        if self.last_starter is None:
            line.append("turned after you lay away", style="dim")
        else:
            line.append_text(card_text(self.last_starter))
            line.append(" (last round's)", style="dim")
        return line

    def _prompt_text(self) -> str:
        state = self.state
        if state.is_terminal and state.result is not None:
            return f"Total {state.result.total} ({state.result.rating}). q: quit"
        picked = len(self.selected)
        if picked < 2:
            more = counted(2 - picked, "more card", "more cards")
            return f"Pick {more} for the crib (1-6). h: hint, u: undo"
        return "Enter lays them away (a number puts one back). h: hint, u: undo"


def _option_text(option: LayAwayOption) -> str:
    return (
        f"expected hand {option.hand_mean:.2f} + crib {option.crib_mean:.2f} = {option.value:.2f}"
    )

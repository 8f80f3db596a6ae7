"""Classic cribbage in the terminal, against the computer: keyboard only, fits 80x24.

Keys: 1-6 pick cards (laying away: pick two, then Enter; pegging: the card is played at once),
h hint, u undo (back to your previous decision: the protocol's one undo rule, as in the web
app; back past something shown, the same cards come again and the game is practice, after a
warning the first time: u again), s save, n new game when one ends, q quit.
With manual counting, type the points and Enter to declare; m calls muggins, Enter lets a
count stand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Footer, Static

from cribkit.ai.classic import ClassicPlayer
from cribkit.ai.pegging import win_chance
from cribkit.core.cards import Card, card_rank
from cribkit.games.classic import (
    ClassicRules,
    ClassicState,
    ClassicView,
    Declare,
    Discard,
    Muggins,
    PassMuggins,
    Play,
)
from cribkit.games.events import GameEvent
from cribkit.games.protocol import pegged, pegged_text
from cribkit.tui.base import ComputerGameApp
from cribkit.tui.naming import counted, with_article, with_symbols
from cribkit.tui.widgets import GameLog, card_text, cards_text, track_rows


class ClassicApp(ComputerGameApp[ClassicState]):
    """One game of classic cribbage, the human in seat 0 and the computer in the others."""

    CSS = """
    Screen { layout: vertical; }
    #board { height: auto; border: round $primary; padding: 0 0; }
    #table { height: 2; padding: 0 1; }
    #hand { height: 1; padding: 0 1; }
    #log { height: 1fr; border: round $secondary; padding: 0 1; }
    /* As tall as it needs: a long refusal or the save path wraps, never cut at 80 columns. */
    #prompt { height: auto; padding: 0 1; background: $boost; }
    """
    BINDINGS: ClassVar[list[Binding | tuple[str, str] | tuple[str, str, str]]] = [
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("s", "save", "Save"),
        Binding("n", "new_game", "New game"),
        Binding("q", "quit", "Quit"),
    ]

    GAME = "classic"
    RULES_TYPE = ClassicRules
    STATE_TYPE = ClassicState
    #: The scores before the last points of each side: the rear pegs on the board.
    rear: list[int]
    UNDONE = "Undone: back to your previous decision."

    # -- setting up ---------------------------------------------------------------------------

    def _new_state(self) -> ClassicState:
        state = super()._new_state()
        self.rear = list(state.scores)
        return state

    def _reset_view(self) -> None:
        self.selected: set[Card] = set()
        self.typed = ""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(id="board")
            yield Static(id="table")
            yield Static(id="hand")
            yield GameLog(id="log")
            yield Static(id="prompt")
        yield Footer()

    # -- the log ----------------------------------------------------------------------------

    def _log_events(self, events: Sequence[GameEvent]) -> None:
        log = self.query_one("#log", GameLog)
        for event in events:
            if event.private and event.seat != self.human:
                continue
            if event.type in ("hand", "discard") and event.seat == self.human:
                continue
            line = self._named(event.text(full=False))
            if event.type == "peg" and event.points == 0:
                line = line.split(":")[0]
            style = "bold green" if event.points and event.seat == self.human else ""
            if event.type in ("show", "crib"):
                style = "bold cyan"
            if event.type in ("deal", "win"):
                style = "bold yellow"
            if event.type == "win":
                # "Random wins, 47-61": the scores as the board holds them, as the prompt says.
                counted = "-".join(map(str, event.scores))
                line = line.replace(
                    counted, "-".join(map(str, pegged(event.scores, self.rules.target)))
                )
            log.add(Text(line[0].upper() + line[1:], style=style))
            if event.points and event.seat is not None:
                side = (
                    self.state.sides[event.seat]
                    if event.seat < len(self.state.sides)
                    else event.seat
                )
                self.rear[side] = (
                    event.scores[side] - event.points if event.scores else self.rear[side]
                )

    # -- the flow -----------------------------------------------------------------------------

    def _deal_ended(self, before: ClassicState) -> bool:
        return self.state.deal_no != before.deal_no

    # -- keys ---------------------------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        key = event.key
        phase = self.state.phase
        if phase == "declare" and (key.isdigit() or key in ("backspace", "enter")):
            event.stop()
            self._declare_key(key)
            return
        if key.isdigit() and key != "0":
            event.stop()
            self._pick(int(key) - 1)
        elif key == "enter":
            event.stop()
            if phase == "discard":
                self._discard_selected()
            elif phase == "muggins":
                self.human_acts(PassMuggins(self.human))
        elif key == "m" and phase == "muggins":
            event.stop()
            self.human_acts(Muggins(self.human))

    def _pick(self, index: int) -> None:
        hand = self._hand()
        if self.state.is_terminal or index >= len(hand) or self.state.current_player != self.human:
            return
        card = hand[index]
        if self.state.phase == "play":
            self.human_acts(Play(self.human, card))
        elif self.state.phase == "discard":
            if card in self.selected:
                self.selected.discard(card)
            elif len(self.selected) < self.rules.discards:
                self.selected.add(card)
            self._refresh()

    def _discard_selected(self) -> None:
        if len(self.selected) != self.rules.discards:
            self._say(f"pick {counted(self.rules.discards, 'card')} to lay away first", error=True)
            return
        self.human_acts(Discard(self.human, tuple(sorted(self.selected))))

    def _declare_key(self, key: str) -> None:
        if key == "backspace":
            self.typed = self.typed[:-1]
        elif key == "enter" and self.typed:
            self.human_acts(Declare(self.human, int(self.typed)))
            return
        elif key.isdigit() and len(self.typed) < 2:
            self.typed += key
        self._refresh()

    def action_new_game(self) -> None:
        if not self.state.is_terminal:
            self._say("finish this game first (or q to quit)", error=True)
            return
        self._start_next_game()

    def action_hint(self) -> None:
        log = self.query_one("#log", GameLog)
        state = self.state
        view = self._view()
        if view.current_player != self.human:
            return
        if view.phase == "discard" and self.rules.players == 2:
            from cribkit.ai.lay_away import lay_away_values

            ways = lay_away_values(view.hand, dealer=view.dealer == self.human)
            log.add(Text("Hint: lay away (hand over 46 starters, pegging, crib):", style="magenta"))
            for way in ways[:4]:
                log.add(
                    Text(
                        f"  {way.discard}: keep {way.keep} ({way.hand_min}-{way.hand_max}): "
                        f"{way.terms()}",
                        style="magenta",
                    )
                )
        elif view.phase == "play":
            advisor = ClassicPlayer("expert", seed=1)
            hand = [card_rank(c) for c in view.hand]
            pile = [card_rank(c) for c in view.pile]
            legal = {card_rank(a.card) for a in state.legal_actions() if isinstance(a, Play)}
            if len(legal) == 1 or self.rules.players != 2:
                action = advisor.choose(view, state.legal_actions())
                if isinstance(action, Play):
                    log.add(Text(f"Hint: play {with_symbols(str(action.card))}", style="magenta"))
                return
            values = advisor.play_values(view, hand, pile)
            best = max(values, key=lambda r: (values[r], r))
            ranked = sorted(values.items(), key=lambda kv: -kv[1])
            if advisor.plays_for_chances(view):
                # Near the end the search values a card by the chance of winning it leaves.
                parts = ", ".join(f"{_rank_name(r)} {win_chance(v):.0%}" for r, v in ranked)
                measure = "the chance of winning after each card is"
            else:
                parts = ", ".join(f"{_rank_name(r)} {v:+.2f}" for r, v in ranked)
                measure = "the pegging margin of each card is"
            log.add(
                Text(
                    f"Hint: play {with_article(_rank_name(best))}. Searching the play to its end over likely "
                    f"hands of the opponent, {measure}: {parts}",
                    style="magenta",
                )
            )
        else:
            log.add(
                Text(
                    "Hint: count honestly — the true count is the largest you may declare.",
                    style="magenta",
                )
            )

    # -- drawing ------------------------------------------------------------------------------

    def _view(self) -> ClassicView:
        """What the human's seat may know: the screen shows nothing else."""
        return self.state.observation(self.human)

    def _hand(self) -> tuple[Card, ...]:
        return self._view().hand

    def _refresh(self) -> None:
        view = self._view()
        board = Text()
        sides = self.rules.sides
        for side in range(sides):
            score = view.scores[side]
            rows = track_rows(
                score, self.rear[side] if self.rear[side] != score else -1, self.rules.target
            )
            label = f"{self.side_name(side)[:6]:<6}{score:>3} "
            for index, row in enumerate(rows):
                if side or index:
                    board.append("\n")
                board.append(label if index == 0 else " " * len(label), style="bold")
                board.append(row)
        self.query_one("#board", Static).update(board)

        table = Text()
        crib_owner = self.seat_name(view.crib_owner)
        table.append(
            f"Deal {view.deal + 1} · {crib_owner}{'r' if crib_owner == 'You' else chr(39) + 's'} crib"
        )
        if view.starter is not None:
            table.append(" · starter ")
            table.append_text(card_text(view.starter))
        others = [
            f"{self.seat_name(s)} {count}"
            for s, count in enumerate(view.hand_counts)
            if s != self.human
        ]
        table.append(" · cards left: " + ", ".join(others))
        table.append(f"\nCount {view.count:>2}: ", style="bold")
        table.append_text(cards_text(list(view.pile)))
        self.query_one("#table", Static).update(table)

        hand = Text("Your hand: ")
        hand.append_text(
            cards_text(list(view.hand), numbered=True, selected=frozenset(self.selected))
        )
        if view.phase != "discard" and view.kept:
            hand.append("   for the show: ", style="dim")
            hand.append_text(cards_text(list(view.kept)))
        self.query_one("#hand", Static).update(hand)
        self._say(self._prompt_text(view))

    def _prompt_text(self, view: ClassicView) -> str:
        result = view.result
        if result is not None:
            who = self.side_name(result.winner)
            verb = "win" if who in ("You", "Us") else "wins"
            # The scores as the board holds them (the winner in the game hole): "121 - 101".
            scores = pegged_text(result.scores, self.rules.target)
            return f"{who} {verb} {scores} ({result.skunk or 'game'}). n: new game, q: quit"
        if view.current_player != self.human:
            return "waiting..."
        if view.phase == "discard":
            whose = "your" if view.dealer == self.human else f"{self.seat_name(view.dealer)}'s"
            picks = counted(self.rules.discards, "card")
            return f"Pick {picks} for {whose} crib (1-{len(view.hand)}), then Enter. h: hint"
        if view.phase == "play":
            return f"Your play on {view.count}: press the card's number. h: hint, u: undo"
        if view.phase == "declare":
            return f"Declare your points: type a number and Enter [{self.typed}]"
        if view.phase == "muggins":
            return "m: call muggins on that count, Enter: let it stand"
        return ""


def _rank_name(rank: int) -> str:
    return ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")[rank - 1]

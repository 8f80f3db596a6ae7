"""Hidden information stays hidden through every route, not only the ``state`` messages:
hints, Tiles previews, undo (refused or accepted) and errors.

Random games against the computer where, at each of seat 0's turns and before it plays a random
legal move, the seat asks for a hint, in Tiles previews a legal play and illegal ones, asks
for an undo, and sends refused messages that name hidden cards (another seat's hand or rack,
the crib, the starter to come, the undealt deck, a stack, the stock, the bag), one of each kind
of hidden place: the refusals of the same message must not tell the places apart (the same
code, and the same words once the card is replaced by a placeholder). Malformed, wrong-seat
and stale messages are sent too.

Every message the server sends to seat 0 is recorded with the true server state at the moment
it is sent (``GameSession._send`` is wrapped): after an undo the ``seq`` no longer counts the
actions, so the state cannot be replayed from it. After the game each message is checked
whole against what the seat may not know in that state: as JSON strings (``test_hidden.py``'s
check) and as words in the text, since hints, errors and the events' ``text`` write cards in
prose. An error may repeat the card the seat's own message named (that tells it nothing).
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.ai import hints
from cribkit.core.cards import DECK, Card
from cribkit.games.classic.rules import deal_positions
from cribkit.games.classic.state import ClassicState, start_game
from cribkit.games.protocol import Action, GameState
from cribkit.games.records import start_from
from cribkit.games.solitaire.rules import DEAL_ORDER
from cribkit.games.solitaire.state import SolitaireState, start_solitaire
from cribkit.games.tabletop.rules import PLACEMENTS
from cribkit.games.tabletop.state import TableTopState, start_tabletop
from cribkit.games.tiles.rules import full_set, parse_tile, tile_text
from cribkit.games.tiles.state import TilesState, start_tiles
from cribkit.web.sessions import Connection, GameSession

from ..games.hidden import card_texts, pop_past_deals, view_json
from ..games.hidden import forbidden as forbid
from .conftest import Message, Seat, new_game, socket_url
from .test_hidden import PLAYER, _shown, check_message, deal_of, forbidden_tiles, split_by_deal
from .test_ws import session_of

#: Accepted undos per game, at most (an undo goes back a move: more would walk back forever).
MAX_UNDOS = 2
#: A card or tile as a word of a text: "5h", "Td", "9=6d" (the tile 6d placed as a 9).
WORD = re.compile(r"[0-9A-Za-z]+")


def _help(parse: Callable[[str], object]) -> str:
    """The help a parser's error gives after the text it refuses."""
    try:
        parse("Zz")
    except ValueError as error:
        return str(error).partition(": ")[2]
    raise AssertionError("Zz parsed")


#: The fixed examples of the errors' help texts (the same in every game: they tell nothing).
EXAMPLES = (
    _help(Card.parse),
    _help(parse_tile),
    "such as '5h'",
    "such as ['5h', 'Kd']",
    'such as {"type": "play", "card": "5h"}',
    "such as ['5d', '9=6l']",
    "such as ['G7', 'H7']",
)
#: The codes a refused message naming a hidden card may get.
REFUSALS = {"illegal", "bad_action", "wrong_seat", "stale", "game_over"}


# -- recording ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """A message sent to seat 0, the true state when it was sent, and the cards the seat's
    own message named if it is the error answering it."""

    raw: str
    state: GameState
    named: frozenset[str] = frozenset()


@dataclass
class Recorder:
    """Every message the server sends to seat 0, by game id."""

    sent: dict[str, list[Sent]] = field(default_factory=dict)
    #: The cards named by the message being answered (set by the test around each probe).
    naming: frozenset[str] = frozenset()


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> Recorder:
    """Record what :meth:`GameSession._send` sends to seat 0, with ``session.state`` then."""
    record = Recorder()
    original = GameSession._send

    async def send(session: GameSession, connection: Connection, message: dict[str, Any]) -> None:
        if connection.seat == PLAYER and not connection.closed:
            raw = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
            record.sent.setdefault(session.id, []).append(Sent(raw, session.state, record.naming))
        await original(session, connection, message)

    monkeypatch.setattr(GameSession, "_send", send)
    return record


# -- the check ----------------------------------------------------------------------------------


def placeholder(text: str, cards: Iterable[str]) -> str:
    """``text`` with each of ``cards``, as a word, replaced by ``<card>``."""
    for card in cards:
        text = re.sub(rf"(?<![0-9A-Za-z]){re.escape(card)}(?![0-9A-Za-z])", "<card>", text)
    return text


def secret(state: GameState, held: set[str]) -> set[str]:
    """The cards or tile names seat 0 may not know in ``state`` (``held``: the tiles it has
    held in its rack so far, no secret even once given back)."""
    if isinstance(state, TilesState):
        return forbidden_tiles(state, held)
    hidden = forbid(state, PLAYER)
    # With manual counting a declaration (of a card played, or of a hand in the show) comes
    # before the crib is shown: the others' cards in it are still hidden then (``forbidden``
    # counts the crib hidden only while laying away and playing).
    if (
        isinstance(state, ClassicState)
        and not state.is_terminal
        and state.phase in ("declare", "muggins")
        and state.show_step <= state.rules.players
    ):
        hidden |= card_texts(state.crib & ~state.laid[PLAYER])
    return hidden


def _no_words(forbidden: set[str], part: object) -> None:
    text = json.dumps(part, ensure_ascii=False)
    leaks = forbidden & set(WORD.findall(text))
    assert not leaks, f"{sorted(leaks)} leak in {text[:400]}"


#: An undo refused past a reveal quotes the event that revealed something.
PAST_A_REVEAL = re.compile(r"since your last move something hidden has been shown \((.*)\): ")


def check_sent(
    item: Sent, held: set[str], last_of: Mapping[int, GameState], seen: set[str]
) -> None:
    """No card seat 0 may not know in ``item.state`` anywhere in the message; the events of an
    earlier deal are checked against the cards still unseen when that deal ended
    (``last_of``: the last state of each deal sent so far); an undo refused past a reveal, and
    what a practice undo would go back past (``undo_past``), may quote only an event the seat
    has been sent (``seen``: their texts)."""
    raw, state = item.raw, item.state
    error = json.loads(raw)
    if error["type"] == "error":
        # An error may repeat the card the seat named (it knows it named it), and the help
        # of a parser gives the same examples in every game.
        text = placeholder(error["message"], item.named)
        for example in EXAMPLES:
            text = text.replace(example, "<example>")
        quoted = PAST_A_REVEAL.match(text) if error["code"] == "cannot_undo" else None
        if quoted:
            # The reveal may be of an earlier deal, whose cards are dealt anew since.
            assert quoted[1] in seen, f"an undo refusal quotes an event never sent: {text}"
            text = text.replace(quoted[1], "<seen>")
        raw = json.dumps({**error, "message": text}, ensure_ascii=False)
    elif error["type"] == "state" and error.get("undo_past"):
        # What a practice undo would go back past: an event this seat has been sent (in an
        # earlier message or in this one), whose cards it has seen, though they may be dealt
        # anew since.
        sent_now = {e.get("text") or e["type"] for e in error["events"]}
        assert error["undo_past"] in seen | sent_now, (
            f"undo_past quotes an event never sent: {error['undo_past']}"
        )
        raw = json.dumps({**error, "undo_past": "<seen>"}, ensure_ascii=False)
    # The JSON strings of the current deal, the seed only with the result, Tiles' counts.
    check_message(raw, state, None, held)
    message = json.loads(raw)
    pop_past_deals(message, state, PLAYER)
    if isinstance(state, TilesState) and "observation" in message:
        message["observation"].pop("unseen")  # tile names as keys, counts only (checked)
    earlier: dict[int, list[Message]] = {}
    if message["type"] == "state":
        current, earlier = split_by_deal(message.pop("events"), state)
        message["events"] = current
        seen.update(e.get("text") or e["type"] for e in [*current, *earlier_events(earlier)])
    _no_words(secret(state, held), message)
    for deal, events in earlier.items():
        then = last_of[deal]
        # What the end of a deal shows (classic: the hands and the crib) is no secret after.
        _no_words(forbid(then, PLAYER) - _shown(then), events)


def earlier_events(earlier: Mapping[int, list[Message]]) -> list[Message]:
    return [event for events in earlier.values() for event in events]


def scan(sent: Sequence[Sent]) -> Counter[str]:
    """Check every message (in the order sent); how many of each type."""
    held: set[str] = set()
    last_of: dict[int, GameState] = {}
    seen: set[str] = set()
    counts: Counter[str] = Counter()
    for item in sent:
        if isinstance(item.state, TilesState):
            held |= set(view_json(item.state, PLAYER)["rack"])
        check_sent(item, held, last_of, seen)
        last_of[deal_of(item.state)] = item.state
        message = json.loads(item.raw)
        counts[message["type"]] += 1
        if message["type"] == "error":
            counts[f"error {message['code']}"] += 1
    return counts


def same_refusal(answers: Mapping[str, tuple[str, Message]]) -> None:
    """The answers to one message naming a card from each hidden place (place: (card,
    answer)) are the same error: the same code, the same words but for the card."""
    for card, answer in answers.values():
        assert answer["type"] == "error", f"{card}: {answer}"
        assert answer["code"] in REFUSALS, answer
    # (every card of the comparison replaced in each: one may be named by chance in all)
    cards = sorted({card for card, _ in answers.values()})
    told = {(a["code"], placeholder(a["message"], cards)) for _, a in answers.values()}
    assert len(told) == 1, f"the refusals tell the hidden places apart: {dict(answers)}"


# -- the hidden places ----------------------------------------------------------------------------


def hidden_places(state: GameState, held: set[str]) -> dict[str, set[str]]:
    """Where the cards seat 0 may not know are, by place (places without one left out); in
    Tiles, the tiles in the others' racks and in the bag of a name seat 0 does not hold."""
    unknown = secret(state, held)
    places: dict[str, set[str]]
    if isinstance(state, ClassicState):
        n = state.rules.players
        others = [s for s in range(n) if s != PLAYER]
        theirs = set().union(*(card_texts(state.hands[s]) for s in others))
        crib = card_texts(state.crib) - card_texts(state.laid[PLAYER])
        starter = (
            {str(state.deck[deal_positions(n, state.dealer)[1]])}
            if state.starter is None and state.deck
            else set()
        )
        places = {"their hand": theirs, "the crib": crib, "the starter to come": starter}
        places["the deck"] = unknown - theirs - crib - starter
    elif isinstance(state, TableTopState):
        n, first, deck = state.rules.players, state.first_player, state.deck
        stacks = [(str(deck[1 + i]), (first + i) % n) for i in range(state.placed + 1, PLACEMENTS)]
        places = {
            "my stack": {card for card, seat in stacks if seat == PLAYER},
            "their stack": {card for card, seat in stacks if seat != PLAYER},
            "out of play": {str(card) for card in deck[1 + PLACEMENTS :]},
        }
        assert set().union(*places.values()) == unknown
    elif isinstance(state, SolitaireState):
        unseen = [str(c) for c in state.stock[: len(state.stock) - state.known_bottom]]
        places = {
            "the starter to come": set(unseen[:1]),
            "the stock": set(unseen[1:]),
            "the crib": {str(c) for c in state.crib_down},
        }
    else:
        assert isinstance(state, TilesState)
        racks = set().union(
            *(set(view_json(state, s)["rack"]) for s in range(state.rules.players) if s != PLAYER)
        )
        bags = {tile_text(t) for bag in state.bags for t in bag}
        # A tile of a name seen before is no secret, but where it is now is: any not held.
        unknown = (racks | bags) - set(view_json(state, PLAYER)["rack"])
        places = {"their rack": racks, "the bag": bags - racks}
    found = {place: cards & unknown for place, cards in places.items()}
    return {place: cards for place, cards in found.items() if cards}


def probes(game: str, card: str, view: Message, need: int) -> dict[str, Message]:
    """Messages naming ``card``, by kind: each is refused whatever the card (not held, not
    the turned card, not an action of the game), and must not say where the card is."""
    act: dict[str, Message] = {}
    hand = view["observation"].get("hand", [])
    if game == "classic":
        act["play"] = {"type": "play", "card": card}
        act["discard"] = {"type": "discard", "cards": [card, *hand[: need - 1]]}
    elif game == "tabletop":
        # A placement names a cell, not a card: the card named is not the turned one.
        act["place"] = {"type": "place", "cell": "C3", "card": card}
        act["play"] = {"type": "play", "card": card}
    elif game == "solitaire":
        act["discard"] = {"type": "discard", "cards": [card, *hand[:1]]}
        act["play"] = {"type": "play", "card": card}
    else:
        act["exchange"] = {"type": "exchange", "tiles": [card]}
        act["play"] = {"type": "play_tiles", "cells": ["G7"], "tiles": [card]}
    out: dict[str, Message] = {
        kind: {"type": "action", "seq": view["seq"], "action": form} for kind, form in act.items()
    }
    first = next(iter(act.values()))
    out["wrong seat"] = {"type": "action", "seq": view["seq"], "action": {**first, "seat": 1}}
    if game == "tiles":
        out["preview"] = {"type": "preview", "action": act["play"]}
    return out


# -- playing -----------------------------------------------------------------------------------


class Prober:
    """Seat 0 of one game, asking the server for everything it may ask before each move."""

    def __init__(
        self, seat: Seat, session: GameSession, recorder: Recorder, rng: random.Random
    ) -> None:
        self.seat = seat
        self.session = session
        self.recorder = recorder
        self.rng = rng
        self.game = session.game
        self.counts: Counter[str] = Counter()
        self.held: set[str] = set()

    def ask(self, message: Message | str, named: Iterable[str] = ()) -> Message:
        """Send ``message``; the answer (the next message to the seat)."""
        self.recorder.naming = frozenset(named)
        try:
            if isinstance(message, str):
                self.seat.socket.send_text(message)
            else:
                self.seat.socket.send_json(message)
            answer = self.seat.receive()
            if answer["type"] == "error" and answer["code"] == "stale":
                fresh = self.seat.receive()  # a stale message is followed by a fresh state
                assert fresh["type"] == "state", fresh
            return answer
        finally:
            self.recorder.naming = frozenset()

    def hint(self, state: Message) -> None:
        # A Tiles hint is the expert's move (a second of work): asked every third turn, which
        # still asks it in every phase of the game; the other games' at every turn.
        if self.game == "tiles" and self.counts["turns"] % 3 != 1:
            return
        hint = self.ask({"type": "hint"})
        assert hint["type"] == "hint", hint
        assert hint["seq"] == state["seq"]
        self.counts["hints"] += 1

    def previews(self, truth: GameState, state: Message) -> None:
        if not isinstance(truth, TilesState):
            refused = self.ask({"type": "preview", "action": {"type": "pass"}})
            assert refused["code"] == "bad_action", refused
            return
        plays = [a for a in truth.legal_actions() if a.action_type == "play_tiles"]
        if plays:
            form = self.rng.choice(plays).to_dict()
            preview = self.ask({"type": "preview", "action": form})
            assert preview["type"] == "preview", preview
            assert preview["points"] == sum(e["points"] for e in preview["events"])
            self.counts["previews"] += 1
        rack = state["observation"]["rack"]
        if rack and state["observation"]["phase"] == "play":
            # Two tiles on a diagonal: never one line, whatever the board holds.
            bad = {"type": "play_tiles", "cells": ["A1", "B2"], "tiles": (rack * 2)[:2]}
            assert self.ask({"type": "preview", "action": bad})["code"] == "illegal"
            self.counts["previews refused"] += 1

    def undo(self, state: Message) -> Message | None:
        """Ask for an undo (unless it would be one too many); the reset state if accepted."""
        if state["can_undo"] and self.counts["undos accepted"] >= MAX_UNDOS:
            return None
        answer = self.ask({"type": "undo"})
        if answer["type"] == "error":
            assert answer["code"] == "cannot_undo", answer
            assert not state["can_undo"]
            self.counts["undos refused"] += 1
            return None
        assert answer["type"] == "state", answer
        assert answer.get("reset") is True
        assert state["can_undo"]
        self.counts["undos accepted"] += 1
        return answer

    def hidden(self, truth: GameState, state: Message) -> None:
        places = hidden_places(truth, self.held)
        cards = {place: self.rng.choice(sorted(cards)) for place, cards in places.items()}
        need = truth.rules.discards if isinstance(truth, ClassicState) else 2
        by_kind: dict[str, dict[str, tuple[str, Message]]] = {}
        for place, card in cards.items():
            for kind, message in probes(self.game, card, state, need).items():
                by_kind.setdefault(kind, {})[place] = (card, self.ask(message, [card]))
        for answers in by_kind.values():
            same_refusal(answers)  # (with one hidden place left: its code alone)
            self.counts["refusals compared"] += int(len(answers) > 1)
        # (none hidden at the end of a Tiles game, the bag empty: any tile will do)
        card = next(iter(cards.values()), "5d" if self.game == "tiles" else "5h")
        stale = probes(self.game, card, state, need)
        first = next(iter(stale.values()))
        answer = self.ask({**first, "seq": state["seq"] + 1}, [card])
        assert answer["code"] == "stale", answer
        self.counts["probes"] += sum(map(len, by_kind.values())) + 1

    def refused_own(self, truth: GameState, state: Message) -> None:
        """Moves of the seat's own refused by the rules: they explain with the seat's cards."""
        engine = {action.action_type for action in truth.legal_actions()}
        offered = {form["type"] for form in state["legal"]}
        wrong: list[Message] = []
        if "declare" in offered:
            wrong.append({"type": "declare", "points": 999})  # more than the cards score
        wrong.extend({"type": call} for call in ("muggins", "joker") if call in offered - engine)
        for form in wrong:
            answer = self.ask({"type": "action", "seq": state["seq"], "action": form})
            assert answer["code"] == "illegal", answer
            self.counts["own refused"] += 1

    def malformed(self, state: Message) -> None:
        seq = state["seq"]
        for text, code in [
            (f'{{"type": "action", "seq": {seq}, "action": {{"type": "play", "card": "Zz"}}}}', ""),
            ('{"type": "action", "action": {"type": "pass"}}', "bad_action"),
            ('{"type": "action", "seq": ', "bad_json"),
            ('{"type": "peek", "at": "the deck"}', "unknown_type"),
        ]:
            answer = self.ask(text)
            assert answer["type"] == "error", answer
            assert answer["code"] == (code or "bad_action"), answer
            self.counts["malformed"] += 1

    def turn(self, state: Message, choose: Callable[[GameState, Message], Action]) -> Message:
        """Everything before a move, then the move (or the undo): the next turn's state."""
        truth = self.session.state
        if isinstance(truth, TilesState):
            self.held |= set(view_json(truth, PLAYER)["rack"])
        self.counts["turns"] += 1
        self.hint(state)
        self.previews(truth, state)
        undone = self.undo(state)
        if undone is not None:
            return self.seat.until_turn(undone)
        self.hidden(truth, state)
        self.refused_own(truth, state)
        self.malformed(state)
        assert self.session.state is truth  # nothing was applied
        form = choose(truth, state).to_dict()
        del form["seat"]
        return self.seat.until_turn(self.seat.act(form))

    def after_the_end(self, state: Message) -> None:
        assert self.ask({"type": "hint"})["code"] == "game_over"
        assert self.ask({"type": "undo"})["code"] == "cannot_undo"
        action = {"type": "action", "seq": state["seq"], "action": {"type": "pass"}}
        assert self.ask(action)["code"] in ("game_over", "bad_action")
        if self.game == "tiles":
            preview = {
                "type": "preview",
                "action": {"type": "play_tiles", "cells": [], "tiles": []},
            }
            assert self.ask(preview)["type"] == "error"
        assert self.ask({"type": "ping"})["type"] == "pong"


def play_probed(
    client: TestClient,
    recorder: Recorder,
    game: str,
    options: dict[str, Any],
    seed: int,
    first_legal: bool = False,
) -> Counter[str]:
    """Play one game against the random computer, probing at each turn; check every message
    sent to seat 0; the counts of what was asked and answered."""
    answer = new_game(client, game, ai="random", seed=seed, options=options)
    session = session_of(client, answer["id"])
    rng = random.Random(seed)

    def choose(truth: GameState, state: Message) -> Action:
        if first_legal:
            return Action.from_dict({**state["legal"][0], "seat": PLAYER})
        return rng.choice(truth.legal_actions())

    with client.websocket_connect(socket_url(answer)) as socket:
        seat = Seat(socket)
        prober = Prober(seat, session, recorder, rng)
        state = seat.until_turn()
        while state["result"] is None:
            state = prober.turn(state, choose)
        prober.after_the_end(state)
        sent = recorder.sent[answer["id"]]
        # Every message the seat received was recorded, in order, with its state.
        assert [item.raw for item in sent] == seat.received
    counts = prober.counts + scan(sent)
    assert counts["hints"] == counts["hint"] > 0
    assert counts["undos refused"] + counts["undos accepted"] > 0
    assert counts["error"] > counts["probes"] > 0
    assert counts["refusals compared"] > 0
    if game == "tiles":
        assert counts["preview"] == counts["previews"] > 0
    if options.get("manual_counting") or options.get("joker"):
        assert counts["own refused"] > 0  # declarations over the count, calls on nothing
    return counts


GAMES = [
    ("classic", {}, 201),
    ("classic", {"players": 3, "target": 61}, 202),
    ("classic", {"manual_counting": True, "muggins": True, "target": 61}, 203),
    ("tabletop", {"target": 61}, 204),
    ("tiles", {}, 205),
    ("tiles", {"joker": True}, 208),
    ("solitaire", {}, 206),
    ("solitaire", {}, 207),
]


@pytest.mark.parametrize(("game", "options", "seed"), GAMES)
def test_hints_previews_undo_and_errors_hold_no_hidden_card(
    client: TestClient, recorder: Recorder, game: str, options: dict[str, Any], seed: int
) -> None:
    play_probed(client, recorder, game, options, seed)


def test_an_accepted_undo_is_scanned_too(client: TestClient, recorder: Recorder) -> None:
    # conftest's UNDOABLE_SEED: seat 0 taking its first legal move plays twice running in the
    # first deal, so an undo is accepted (and the game goes on from the state it restores).
    counts = play_probed(client, recorder, "classic", {"target": 61}, 4, first_legal=True)
    assert counts["undos accepted"] > 0
    assert counts["undos refused"] > 0


# -- the check finds what it looks for ----------------------------------------------------------


def _dump(message: Message) -> str:
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


@pytest.fixture
def classic_start() -> ClassicState:
    state, _ = start_from({"game": "classic", "seed": 3, "actions": []})
    assert isinstance(state, ClassicState)
    return state


def test_the_scan_finds_a_hidden_card_in_a_hint_an_error_or_an_undo(
    classic_start: ClassicState,
) -> None:
    state = classic_start
    theirs = sorted(card_texts(state.hands[1]))[0]
    mine = sorted(card_texts(state.hands[0]))
    starter = str(state.deck[deal_positions(2, state.dealer)[1]])
    leaking = [
        {"type": "hint", "seq": 0, "action": {"type": "discard", "cards": mine[:2]},
         "text": f"lay away {mine[0]} {mine[1]}: seat 1 holds {theirs}"},
        {"type": "error", "seq": 0, "code": "illegal",
         "message": f"seat 0 cannot play {theirs}: {starter} is the starter"},
        {"type": "error", "seq": 0, "code": "cannot_undo", "message": f"the starter is {starter}"},
        {"type": "state", "seq": 0, "observation": {}, "events": [
            {"type": "peg", "deal": 0, "text": f"seat 1 plays {theirs}"}]},
    ]  # fmt: skip
    for message in leaking:
        with pytest.raises(AssertionError, match="leak"):
            scan([Sent(_dump(message), state, frozenset({theirs}))])
    # An error repeating the card the seat named tells it nothing; naming another one does.
    echo = {"type": "error", "seq": 0, "code": "illegal",
            "message": f"seat 0 cannot play {theirs}: it is not in their hand"}  # fmt: skip
    assert scan([Sent(_dump(echo), state, frozenset({theirs}))])["error"] == 1
    with pytest.raises(AssertionError, match="leak"):
        scan([Sent(_dump(echo), state, frozenset({starter}))])
    # An undo refused past a reveal may quote only an event the seat was sent.
    refusal = {"type": "error", "seq": 0, "code": "cannot_undo",
               "message": f"since your last move something hidden has been shown (seat 1 "
                          f"holds {theirs}): an undo never goes back past what you have seen"}  # fmt: skip
    with pytest.raises(AssertionError, match="never sent"):
        scan([Sent(_dump(refusal), state)])


def test_the_scan_finds_a_bag_tile_in_a_preview() -> None:
    state, _ = start_from({"game": "tiles", "seed": 3, "actions": []})
    assert isinstance(state, TilesState)
    held = set(view_json(state, PLAYER)["rack"])
    bag = hidden_places(state, held)["the bag"] & secret(state, held)
    preview = {"type": "preview", "seq": 0, "action": {"type": "pass"}, "points": 0,
               "words": [f"a hand with {min(bag)}"], "events": []}  # fmt: skip
    with pytest.raises(AssertionError, match="leak"):
        scan([Sent(_dump(preview), state)])


def test_the_comparison_finds_refusals_that_tell_the_places_apart(
    classic_start: ClassicState,
) -> None:
    def refused(text: str) -> Message:
        return {"type": "error", "seq": 0, "code": "illegal", "message": text}

    same_refusal(
        {
            "their hand": ("Ah", refused("seat 0 cannot play Ah: it is not in their hand")),
            "the deck": ("Kd", refused("seat 0 cannot play Kd: it is not in their hand")),
        }
    )
    with pytest.raises(AssertionError, match="tell the hidden places apart"):
        same_refusal(
            {
                "their hand": ("Ah", refused("seat 0 cannot play Ah: seat 1 holds it")),
                "the deck": ("Kd", refused("seat 0 cannot play Kd: it is not in their hand")),
            }
        )
    with pytest.raises(AssertionError, match="tell the hidden places apart"):
        same_refusal(
            {
                "their hand": ("Ah", refused("seat 0 cannot play Ah")),
                "the deck": ("Kd", {**refused("seat 0 cannot play Kd"), "code": "bad_action"}),
            }
        )
    places = hidden_places(classic_start, set())
    assert set(places) == {"their hand", "the starter to come", "the deck"}
    assert set().union(*places.values()) == forbid(classic_start, PLAYER)


# -- a hint's choice tells nothing either -------------------------------------------------------


def twin_starts(game: str, rng: random.Random) -> tuple[GameState, GameState]:
    """Two starts seat 0 cannot tell apart: what it is dealt (and, in classic, the starter to
    come) alike, every other card or tile shuffled."""
    make: Callable[[list[str]], GameState]
    if game == "classic":
        order = [str(card) for card in DECK]
        positions, starter_at, _ = deal_positions(2, 1)
        fixed = {i for i, seat in enumerate(positions) if seat == PLAYER} | {starter_at}

        def make(cards: list[str]) -> GameState:
            return start_game(decks=[cards], first_dealer=1).state

    elif game == "tabletop":
        order, fixed = [str(card) for card in DECK], {0, 1}  # the centre card, seat 0's first

        def make(cards: list[str]) -> GameState:
            return start_tabletop(decks=[cards], first_dealer=1).state

    elif game == "solitaire":
        order = [str(card) for card in DECK]
        fixed = {i for i, place in enumerate(DEAL_ORDER) if place == "hand"}

        def make(cards: list[str]) -> GameState:
            return start_solitaire(deck=cards).state

    else:
        order, fixed = [tile_text(tile) for tile in full_set()], set(range(5))  # seat 0's rack

        def make(cards: list[str]) -> GameState:
            return start_tiles(bag=cards, first_player=0).state

    rng.shuffle(order)
    others = [card for i, card in enumerate(order) if i not in fixed]
    rng.shuffle(others)
    rest = iter(others)
    twin = [card if i in fixed else next(rest) for i, card in enumerate(order)]
    assert twin != order
    return make(order), make(twin)


@pytest.mark.parametrize("game", ["classic", "tabletop", "solitaire", "tiles"])
def test_a_hint_is_the_same_whatever_the_hidden_cards(game: str) -> None:
    """Two deals that look the same to seat 0 get the same hints for as long as they do (the
    other seat playing its own first legal move in each): the hint is the seat's view's."""
    rng = random.Random(game)
    compared = 0
    for _ in range(3):
        states = twin_starts(game, rng)
        assert view_json(states[0], PLAYER) == view_json(states[1], PLAYER)
        while not states[0].is_terminal:
            if view_json(states[0], PLAYER) != view_json(states[1], PLAYER):
                break  # something hidden was shown: the two are told apart from here
            if states[0].current_player == PLAYER:
                seed = rng.randrange(2**32)
                first, second = (hints.hint(state, PLAYER, seed) for state in states)
                assert first == second
                compared += 1
                action = Action.from_dict(first["action"])
                states = (states[0].apply(action).state, states[1].apply(action).state)
            else:
                states = (
                    states[0].apply(states[0].legal_actions()[0]).state,
                    states[1].apply(states[1].legal_actions()[0]).state,
                )
    assert compared >= 3


def test_the_crib_stays_secret_while_cards_are_declared() -> None:
    # With manual counting a declaration comes before the crib is shown: the scan counts the
    # others' cards in it hidden then (``forbidden`` alone would let them through).
    state, _ = start_from(
        {"game": "classic", "rules": {"manual_counting": True}, "seed": 5, "actions": []}
    )
    rng = random.Random(5)
    while not (isinstance(state, ClassicState) and state.phase == "declare"):
        state = state.apply(rng.choice(state.legal_actions())).state
    theirs = sorted(card_texts(state.laid[1]))
    assert theirs
    hint = {"type": "hint", "seq": 9, "action": {"type": "declare", "points": 2},
            "text": f"declare 2 (the crib holds {theirs[0]})"}  # fmt: skip
    with pytest.raises(AssertionError, match="leak"):
        scan([Sent(_dump(hint), state)])

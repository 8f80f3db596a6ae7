"""Hidden information stays hidden at a table of people: the leak scan of ``test_hidden.py`` and
``test_hidden_routes.py`` over random games between people (each a test client of its own, the
friends taking their invitations), with the computer at some seats, a spectator watching from
the start, another joining midway (sent the whole history at once), chat, muting, a page that
reconnects, and a move clock that plays for absent people (its notices).

Every message the server sends to every connection (each seat's and each spectator's) is
recorded with the true server state at the moment it is sent (``GameSession._send`` is
wrapped) and checked after the game against what that receiver may not know then
(:func:`~tests.games.hidden.forbidden` of its seat, of ``SPECTATOR`` for a spectator): as JSON
strings and as words (events' texts write cards in prose). The events of an earlier deal (a
late spectator's or a reconnecting page's history) are checked against the cards still unseen
when that deal ended. A chat line's own text is what a person said, not the server's telling:
it is left out of the card check, but a spectator must never be sent a chat line, nor a seat a
line of a seat it has muted. The seed appears only once the result is set; a table of people
gives no hints and takes no undo.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import pytest
from starlette.testclient import TestClient

from cribkit.games.classic.state import ClassicState
from cribkit.games.protocol import SPECTATOR, GameState
from cribkit.games.records import start_from
from cribkit.games.tiles.state import TilesState
from cribkit.web.sessions import Connection, GameSession
from cribkit.web.talk import PHRASES

from ..games.hidden import card_texts, pop_past_deals, tiles_unseen, view_json
from ..games.hidden import forbidden as forbid
from .conftest import WS_LOCAL, Message, Seat
from .test_hidden import _shown, _states, deal_of, split_by_deal
from .test_hidden_routes import _dump, _no_words
from .test_table_talk import player_id
from .test_tables import accept, invite, seat_url
from .test_ws import session_of

People = Callable[[], TestClient]

#: The names the people go by (none of them a card or a tile).
NAMES = ("Ann", "Bea", "Cyd", "Dot")
#: Free text said at the table: some of it names cards (what people say is no server leak).
SAYINGS = (
    "I hold 5h",
    "is the starter a Jd? I bet it is",
    "you have Qs and Kd, surely",
    "9=6d would fit there",
    "hello from the kitchen",
    "<b>15-2</b> and a pair",
    "no Ac for me 😢",
)
#: Chat lines a socket sends at most (the chat limit is 5 at once, then one every 2 s).
LINES_PER_SOCKET = 4


# -- recording ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Sent:
    """A message sent to a connection, with the true state, version and mutes at that moment."""

    connection: object
    seat: int
    raw: str
    state: GameState
    version: int
    mutes: Mapping[int, frozenset[int]] = field(default_factory=dict)


@dataclass
class Wiretap:
    """Every message the server sends to any connection, by game id, in order."""

    sent: dict[str, list[Sent]] = field(default_factory=dict)


@pytest.fixture
def wiretap(monkeypatch: pytest.MonkeyPatch) -> Wiretap:
    """Record what :meth:`GameSession._send` sends to every open connection."""
    tap = Wiretap()
    original = GameSession._send

    async def send(session: GameSession, connection: Connection, message: dict[str, Any]) -> None:
        if not connection.closed:
            raw = json.dumps(message, ensure_ascii=False, separators=(",", ":"))
            item = Sent(
                connection,
                connection.seat,
                raw,
                session.state,
                session.version,
                dict(session.row.table.mutes),
            )
            tap.sent.setdefault(session.id, []).append(item)
        await original(session, connection, message)

    monkeypatch.setattr(GameSession, "_send", send)
    return tap


# -- the check ----------------------------------------------------------------------------------


@dataclass
class Truth:
    """A game's states by version (no undo at a table: the version counts the actions), the
    last state of each deal, and the seed."""

    states: list[GameState]
    seed: str
    last_of: dict[int, GameState] = field(default_factory=dict)
    #: Tiles: the tiles each seat has held by each version (no secret to it, even given back).
    held: dict[int, list[frozenset[str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, session: GameSession) -> Truth:
        record = {"game": session.game, "rules": session.row.rules, "seed": session.row.seed,
                  **session.row.table.start, "actions": session.actions}  # fmt: skip
        states, _ = _states(record)
        truth = cls(states, str(session.row.seed))
        for state in states:
            truth.last_of[deal_of(state)] = state
        if isinstance(states[0], TilesState):
            for seat in range(states[0].rules.players):
                so_far: frozenset[str] = frozenset()
                held = truth.held.setdefault(seat, [])
                for state in states:
                    so_far |= set(view_json(state, seat)["rack"])
                    held.append(so_far)
        return truth

    def known(self, seat: int, version: int) -> frozenset[str]:
        """The tiles ``seat`` has held by ``version`` (nothing for a spectator)."""
        held = self.held.get(seat)
        return held[version] if held else frozenset()


def _no_cards(forbidden: set[str], part: object) -> None:
    """No forbidden card in ``part``: neither as a JSON string nor as a word of a text."""
    text = json.dumps(part, ensure_ascii=False)
    leaks = {card for card in forbidden if f'"{card}"' in text}
    assert not leaks, f"{sorted(leaks)} leak in {text[:400]}"
    _no_words(forbidden, part)


def check_sent(item: Sent, truth: Truth, counts: Counter[str]) -> None:
    """Check one message against what its receiver may not know when it was sent."""
    message: Message = json.loads(item.raw)
    kind, seat, state = message["type"], item.seat, item.state
    watching = seat == SPECTATOR
    assert message["seq"] == item.version, item.raw[:300]
    assert truth.states[item.version].is_terminal == state.is_terminal
    # The seed is revealed with the result, never before (in no message at all).
    if not state.is_terminal:
        assert truth.seed not in item.raw, f"the seed before the end: {item.raw[:300]}"
    if kind == "state":
        assert message["seat"] == seat
        assert message["mode"] == "table"
        assert (message["result"] is not None) == state.is_terminal
        assert ("seed" in message) == state.is_terminal, item.raw[:300]
        if state.is_terminal:
            assert message["seed"] == truth.seed
        # A table of people has no hints and no undo.
        assert message["hints"] is False
        assert message["can_undo"] is False
        if watching:
            assert message["legal"] == []
            assert "muted" not in message
        else:
            assert message["muted"] == sorted(item.mutes.get(seat, ()))
    forbidden = forbid(state, seat) - truth.known(seat, item.version)
    if isinstance(state, TilesState) and "observation" in message:
        # Tiles shows how many of each tile the seat cannot see: names as keys, counts only.
        assert message["observation"].pop("unseen") == tiles_unseen(state, seat)
    pop_past_deals(message, state, seat)
    current, earlier = split_by_deal(message.pop("events", []), state)
    counts["events of earlier deals"] += sum(map(len, earlier.values()))
    told: list[Message] = []
    for line in message.pop("lines", []):
        if line["kind"] == "chat":
            assert not watching, f"a spectator was sent chat: {line}"
            muted = item.mutes.get(seat, frozenset())
            assert line["seat"] not in muted, f"seat {seat} muted seat {line['seat']}: {line}"
            counts["chat lines"] += 1
            # What a person says is theirs: its text is no telling of the server's.
            told.append({name: value for name, value in line.items() if name != "text"})
        else:
            counts["notices"] += 1
            told.append(line)
    _no_cards(forbidden, [message, current, told])
    for deal, events in earlier.items():
        then = truth.last_of[deal]
        # What the end of a deal shows (classic: the hands and the crib) is no secret after.
        _no_cards(forbid(then, seat) - _shown(then), events)
    counts[kind] += 1
    counts["to spectators" if watching else "to seats"] += 1
    if watching and kind == "talk":
        counts["talk to spectators"] += 1


def scan(sent: Sequence[Sent], truth: Truth) -> Counter[str]:
    """Check every message of a game; how many of each kind."""
    counts: Counter[str] = Counter()
    for item in sent:
        check_sent(item, truth, counts)
    return counts


# -- playing -----------------------------------------------------------------------------------


def events_of(received: Iterable[str]) -> list[Message]:
    """Every event of the ``state`` messages of ``received``, in order."""
    out: list[Message] = []
    for message in map(json.loads, received):
        if message["type"] == "state":
            assert not message.get("reset")  # (no undo at a table)
            out.extend(message["events"])
    return out


@dataclass
class Socket:
    """One open (or closed) socket of the test: a seat's or a spectator's."""

    seat: Seat
    number: int
    stack: ExitStack
    lines: int = 0
    closed: bool = False


class Table:
    """A live game between people and the sockets of the test: every person's seat, a
    spectator from the start, one from midway."""

    def __init__(
        self,
        client: TestClient,
        people: People,
        wiretap: Wiretap,
        session: GameSession,
        persons: dict[int, TestClient],
        tokens: dict[int, str],
        seed: int,
    ) -> None:
        self.client = client
        self.watcher = people()
        self.wiretap = wiretap
        self.session = session
        self.persons = persons
        self.tokens = tokens
        self.rng = random.Random(seed)
        self.stack = ExitStack()
        self.sockets: list[Socket] = []
        self.seats: dict[int, Socket] = {}
        self.counts: Counter[str] = Counter()

    # -- sockets --

    def _open(self, person: TestClient, url: str, number: int) -> Socket:
        stack = ExitStack()
        self.stack.callback(stack.close)
        socket = Socket(Seat(stack.enter_context(person.websocket_connect(url))), number, stack)
        self.sockets.append(socket)
        return socket

    def sit(self, seat: int) -> Socket:
        url = seat_url(self.session.id, seat, self.tokens[seat])
        socket = self._open(self.persons[seat], url, seat)
        self.seats[seat] = socket
        first = socket.seat.receive()
        assert first["type"] == "state", first
        assert first["seat"] == seat
        return socket

    def watch(self) -> Socket:
        url = f"{WS_LOCAL}/ws/{self.session.id}?watch={self.session.row.table.watch}"
        return self._open(self.watcher, url, SPECTATOR)

    # -- talk --

    def ask(self, socket: Socket, message: Message, until: str) -> Message:
        """Send ``message``; the first answer of type ``until`` or an error (the states and
        talk that come before it are read on the way)."""
        socket.seat.socket.send_json(message)
        while True:
            answer = socket.seat.receive()
            if answer["type"] in (until, "error"):
                return answer

    def say(self, socket: Socket, text: str | None = None) -> Message | None:
        """A chat line of the socket's seat (free text, or a phrase if no text): the line as
        the seat heard it back; None if the socket has said enough already."""
        if socket.lines >= LINES_PER_SOCKET:
            return None
        socket.lines += 1
        if text is None and self.rng.random() < 0.4:
            phrase = self.rng.choice(sorted(PHRASES))
            message, said = {"type": "chat", "phrase": phrase}, PHRASES[phrase]
        else:
            said = text if text is not None else self.rng.choice(SAYINGS)
            message = {"type": "chat", "text": said}
        socket.seat.socket.send_json(message)
        while True:
            answer = socket.seat.receive()
            assert answer["type"] != "error", answer
            if answer["type"] == "talk":
                line: Message = answer["lines"][-1]
                if line["kind"] == "chat" and line["seat"] == socket.number:
                    assert line["text"] == said
                    self.counts["said"] += 1
                    return line

    def mute(self, socket: Socket, other: int, muted: bool = True) -> None:
        answer = self.ask(socket, {"type": "mute", "seat": other, "muted": muted}, "muted")
        assert answer["type"] == "muted", answer
        assert (other in answer["seats"]) is muted

    def unheard(self, muter: Socket, muted: Socket) -> None:
        """The muted seat says something: every seat hears it but the one that muted it."""
        before = len(muter.seat.received)
        line = self.say(muted, "I hold 5h: can you hear me?")
        if line is None:
            return
        self.counts["said while muted"] += 1
        pong = self.ask(muter, {"type": "ping"}, "pong")
        assert pong["type"] == "pong"
        heard = [
            entry
            for message in map(json.loads, muter.seat.received[before:])
            if message["type"] == "talk"
            for entry in message["lines"]
        ]
        assert all(entry["seat"] != muted.number for entry in heard), heard
        self.say(muter, "quiet here, is it?")

    def refused(self, socket: Socket) -> None:
        """A person asks for a hint and an undo: a table of people gives neither."""
        hint = self.ask(socket, {"type": "hint"}, "hint")
        assert hint["code"] == "no_hints", hint
        undo = self.ask(socket, {"type": "undo"}, "error")
        assert undo["code"] == "cannot_undo", undo
        assert undo["message"] == "no undo in a game between people"
        self.counts["refused"] += 2

    def reconnect(self, seat: int) -> Socket:
        """Close the seat's page and open it again; check what it is sent to catch up."""
        old = self.seats[seat]
        told = events_of(old.seat.received)
        old.stack.close()
        old.closed = True
        new = self.sit(seat)
        first = json.loads(new.seat.received[0])
        # The whole history, as the seat was told it live (and the rest since).
        assert first["events"][: len(told)] == told
        mutes = self.session.row.table.mutes.get(seat, frozenset())
        heard = [line for line in self.session.talk if line["kind"] != "chat" or
                 line["seat"] not in mutes]  # fmt: skip
        if heard:
            catch_up = new.seat.receive()  # (right after the state: the lock is held)
            assert catch_up["type"] == "talk"
            assert catch_up["lines"] == heard
            self.counts["talk caught up"] += len(heard)
        # (the scan checks that none of the muted seat's lines was sent, caught up or live)
        self.counts["muted lines left out"] += len(self.session.talk) - len(heard)
        self.counts["reconnected"] += 1
        return new

    # -- the game --

    def play(self, late_when: Callable[[GameSession], bool], absent: bool = False) -> Counter[str]:
        """Play the game out at random (``absent``: the people never move, their clocks run
        out), talking and probing on the way; check every message; the counts."""
        try:
            return self._play(late_when, absent)
        finally:
            self.stack.close()

    def _play(self, late_when: Callable[[GameSession], bool], absent: bool) -> Counter[str]:
        rng = self.rng
        for seat in sorted(self.persons):
            self.sit(seat)
        self.watch()
        late: Socket | None = None
        people = sorted(self.seats)
        muter, muted = self.seats[people[-1]], self.seats[people[0]]
        mute_at, unmute_at = rng.randrange(2, 6), rng.randrange(14, 20)
        refuse_at, reconnect_at = rng.randrange(0, 8), rng.randrange(mute_at + 1, unmute_at)
        for step in range(5000):
            if self.current()["result"] is not None:
                break
            if late is None and late_when(self.session):
                late = self.watch()
            if step == mute_at:
                self.mute(muter, muted.number)
                self.unheard(muter, muted)
            if step == unmute_at:
                self.mute(muter, muted.number, muted=False)
            if step == refuse_at:
                for seat in people:
                    self.refused(self.seats[seat])
            if step == reconnect_at:
                # The muter comes back (while muting: the seat's catch-up leaves the lines out).
                muter = self.reconnect(muter.number)
            if rng.random() < 0.15:
                self.say(self.seats[rng.choice(people)])
            state = self.current()  # (the talk may have read moves on the way)
            if state["result"] is not None:
                break
            mover = state["observation"].get("current_player")
            if mover in self.seats and not absent:
                self.move(self.seats[mover])
            else:  # the computer's turn, or a clock to run out: wait for the move
                self.seats[people[0]].seat.receive()
        else:
            raise AssertionError("the game did not end")
        assert late is not None, "nobody joined midway"
        for socket in [self.seats[seat] for seat in people]:
            self.say(socket, "good game, I had 5h")
        return self.finish(late)

    def current(self) -> Message:
        """The newest state any seat has read, every seat brought up to it."""
        sockets = [self.seats[seat] for seat in sorted(self.seats)]
        newest = max(s.seat.last["seq"] for s in sockets)
        for socket in sockets:
            while socket.seat.last["seq"] < newest:
                socket.seat.receive()
        return sockets[0].seat.last

    def move(self, socket: Socket) -> None:
        truth = self.session.state
        actions = truth.legal_actions()
        if isinstance(truth, TilesState):
            plays = [a for a in actions if a.action_type == "play_tiles"]
            if plays and self.rng.random() < 0.3:
                form = self.rng.choice(plays).to_dict()
                preview = self.ask(socket, {"type": "preview", "action": form}, "preview")
                assert preview["type"] == "preview", preview
                self.counts["previews"] += 1
            if plays and self.rng.random() < 0.8:
                actions = plays  # (a game of passes and exchanges would show little)
        form = self.rng.choice(actions).to_dict()
        del form["seat"]
        socket.seat.act(form)

    def finish(self, late: Socket) -> Counter[str]:
        """Read every open socket to its end; match what each read with what was sent; scan."""
        for socket in self.sockets:
            if not socket.closed:
                assert self.ask(socket, {"type": "ping"}, "pong")["type"] == "pong"
        sent = self.wiretap.sent[self.session.id]
        by_connection: dict[int, list[str]] = {}
        for item in sent:
            by_connection.setdefault(id(item.connection), []).append(item.raw)
        recorded = list(by_connection.values())
        assert len(recorded) == len(self.sockets)
        for socket in self.sockets:
            read = socket.seat.received
            if socket.closed:  # (a message may have been on its way as the page closed)
                assert any(raws[: len(read)] == read for raws in recorded)
            else:
                assert read in recorded, "a socket read what was not recorded"
        # The late spectator was sent the history a spectator from the start was told.
        first = next(s for s in self.sockets if s.number == SPECTATOR)
        assert events_of(late.seat.received) == events_of(first.seat.received)
        joined = json.loads(late.seat.received[0])
        same = [
            m
            for m in map(json.loads, first.seat.received)
            if m["type"] == "state" and m["seq"] == joined["seq"]
        ]
        assert same[-1]["observation"] == joined["observation"]
        self.counts["late history"] += len(joined["events"])
        # A spectator can only watch.
        for message in ({"type": "hint"}, {"type": "chat", "text": "psst: 5h"}, {"type": "undo"}):
            assert self.ask(late, message, "error")["code"] == "spectator"
        self.stack.close()
        truth = Truth.of(self.session)
        assert self.session.state.is_terminal
        return self.counts + scan(self.wiretap.sent[self.session.id], truth)


def open_table(
    client: TestClient,
    people: People,
    wiretap: Wiretap,
    game: str,
    options: dict[str, Any],
    kinds: Sequence[str],
    seed: int,
) -> Table:
    """A table of ``kinds`` (``me``, ``friend`` or ``computer`` a seat) made by ``client``, the
    friends (each a person of its own, with a name) taking their invitations."""
    client.post("/api/me", json={"name": NAMES[0]})
    seats: list[Message] = [
        {"kind": k} if k != "computer" else {"kind": k, "level": "random"} for k in kinds
    ]
    made = invite(client, game, seats, ai="random", options=options)
    assert made["mode"] == "table"
    persons: dict[int, TestClient] = {}
    tokens: dict[int, str] = {}
    for seat, kind in enumerate(kinds):
        if kind == "me":
            persons[seat], tokens[seat] = client, made["tokens"][str(seat)]
        elif kind == "friend":
            friend = people()
            friend.post("/api/me", json={"name": NAMES[seat]})
            taken = accept(friend, made["invites"][str(seat)]["code"])
            persons[seat], tokens[seat] = friend, taken["token"]
    session = session_of(client, made["id"])
    return Table(client, people, wiretap, session, persons, tokens, seed)


def after_the_first_deal(session: GameSession) -> bool:
    return deal_of(session.state) >= 1


def after_some_moves(session: GameSession) -> bool:
    return session.version >= 6


def assert_scanned(counts: Counter[str]) -> None:
    """The scan saw what it is for: messages to spectators, chat, the table's comings and
    goings, a late spectator's history of earlier deals or moves, a muted seat's lines."""
    assert counts["to spectators"] > 0
    assert counts["to seats"] > 0
    assert counts["chat lines"] > 0
    assert counts["table"] > 0
    assert counts["talk"] > 0
    assert counts["said while muted"] > 0
    assert counts["late history"] > 0
    assert counts["reconnected"] > 0
    assert counts["talk caught up"] > 0
    assert counts["muted lines left out"] > 0
    assert counts["refused"] > 0


GAMES = [
    ("classic", {}, ["me", "friend"], 11),
    ("classic", {"manual_counting": True, "muggins": True, "target": 61}, ["friend", "me"], 10),
    ("classic", {"players": 3, "target": 61}, ["friend", "me", "computer"], 12),
    ("classic", {"players": 4, "target": 61}, ["me", "computer", "friend", "computer"], 13),
    ("classic", {"players": 4, "target": 61}, ["me", "friend", "friend", "friend"], 14),
    ("tabletop", {"target": 61}, ["friend", "me"], 15),
    ("tiles", {}, ["me", "friend"], 16),
    ("tiles", {"players": 3}, ["me", "computer", "friend"], 17),
]


@pytest.mark.parametrize(("game", "options", "kinds", "seed"), GAMES)
def test_no_message_to_any_seat_or_spectator_holds_a_card_it_may_not_know(
    client: TestClient,
    people: People,
    wiretap: Wiretap,
    game: str,
    options: dict[str, Any],
    kinds: list[str],
    seed: int,
) -> None:
    table = open_table(client, people, wiretap, game, options, kinds, seed)
    late = after_some_moves if game == "tiles" else after_the_first_deal
    counts = table.play(late)
    assert_scanned(counts)
    if game in ("classic", "tabletop"):
        assert counts["events of earlier deals"] > 0
    if game == "tiles":
        assert counts["preview"] > 0


def test_the_clock_s_notices_and_everything_else_hold_no_card(
    client: TestClient, people: People, wiretap: Wiretap
) -> None:
    """Nobody moves: the clock runs out at every move and the computer plays it, with a notice
    to the whole table, spectators included."""
    client.post("/api/me", json={"name": NAMES[0]})
    manager: Any = client.app.state.manager  # type: ignore[attr-defined]
    session: GameSession = manager.create(
        "tabletop",
        {"target": 61},
        ai="random",
        owner=player_id(client),
        name=NAMES[0],
        seats=[{"kind": "me"}, {"kind": "friend"}],
        clock=0.02,
    )
    friend = people()
    friend.post("/api/me", json={"name": NAMES[1]})
    taken = accept(friend, session.row.table.invites[1].code)
    persons = {0: client, 1: friend}
    tokens = {0: session.row.tokens[0], 1: taken["token"]}
    table = Table(client, people, wiretap, session, persons, tokens, seed=18)
    counts = table.play(after_the_first_deal, absent=True)
    assert_scanned(counts)
    assert counts["notices"] > 0
    assert counts["talk to spectators"] > 0  # (the notices: chat never)
    notices = [line for line in session.talk if line["kind"] == "notice"]
    assert len(notices) == len(session.actions)


# -- the check finds what it looks for ----------------------------------------------------------


def test_the_scan_finds_a_hand_card_sent_to_a_spectator_and_chat_where_it_may_not_go() -> None:
    state, _ = start_from({"game": "classic", "seed": 3, "actions": []})
    assert isinstance(state, ClassicState)
    truth = Truth([state], "fair1:" + "0" * 64)
    hand = sorted(card_texts(state.hands[0]))
    theirs = sorted(card_texts(state.hands[1]))
    view = view_json(state, SPECTATOR)

    def to(seat: int, message: Message, mutes: Mapping[int, frozenset[int]] | None = None) -> Sent:
        return Sent(object(), seat, _dump(message), state, 0, mutes or {})

    def talk(*lines: Message) -> Message:
        return {"type": "talk", "seq": 0, "lines": list(lines)}

    said = {"kind": "chat", "seat": 0, "name": "Ann", "text": f"I hold {hand[0]}",
            "phrase": None, "time": 1.5}  # fmt: skip
    # What a person says is theirs, even naming a card: seat 1 may hear it.
    assert scan([to(1, talk(said))], truth)["chat lines"] == 1
    spectator_state = {
        "type": "state", "seq": 0, "seat": SPECTATOR, "mode": "table", "legal": [],
        "observation": {**view, "hand": hand[:1]}, "events": [], "result": None,
        "hints": False, "can_undo": False,
    }  # fmt: skip
    leaking = [
        (SPECTATOR, spectator_state),
        (SPECTATOR, {**spectator_state, "observation": view,
                     "events": [{"type": "deal", "deal": 0, "text": f"seat 0 holds {hand[0]}"}]}),
        (SPECTATOR, talk({"kind": "notice", "seat": None, "text": f"{hand[1]} was played"})),
        (SPECTATOR, {"type": "table", "seq": 0, "table": {"seats": [{"name": hand[2]}]}}),
        (0, {"type": "error", "seq": 0, "code": "no_hints", "message": f"seat 1 has {theirs[0]}"}),
        (1, {**talk(said), "lines": [{**said, "name": hand[0]}]}),
    ]  # fmt: skip
    for seat, message in leaking:
        with pytest.raises(AssertionError, match="leak"):
            scan([to(seat, message)], truth)
    with pytest.raises(AssertionError, match="a spectator was sent chat"):
        scan([to(SPECTATOR, talk(said))], truth)
    with pytest.raises(AssertionError, match="muted seat 0"):
        scan([to(1, talk(said), {1: frozenset({0})})], truth)
    with pytest.raises(AssertionError, match="the seed before the end"):
        scan([to(1, talk({**said, "text": f"the seed is {truth.seed}"}))], truth)


def test_the_scan_finds_a_hand_card_the_server_sends_a_spectator(
    client: TestClient, people: People, wiretap: Wiretap, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A leak planted in the server (seat 0's hand in every spectator's view) is found."""
    original = GameSession.state_message

    def leaky(
        session: GameSession, connection: Connection, table: dict[str, Any] | None = None
    ) -> dict[str, Any]:
        message = original(session, connection, table)
        state = session.state
        if connection.seat == SPECTATOR and isinstance(state, ClassicState):
            message["observation"]["hand"] = sorted(card_texts(state.hands[0]))
        return message

    monkeypatch.setattr(GameSession, "state_message", leaky)
    table = open_table(client, people, wiretap, "classic", {"target": 61}, ["me", "friend"], 19)
    with pytest.raises(AssertionError, match="leak"):
        table.play(after_the_first_deal)

"""Several people at a table, driven at random (hypothesis' stateful testing): friends take their
invitations (or fail to), pages open, close and come back, the person to move plays, others
act out of turn, for another seat or with an old ``seq``, people chat and mute each other, and
strangers try seats that are not theirs. After every step every open page's view is checked
against the server's game (``docs/web.md``, "WebSocket: one per seat", "Tables and
invitations", "Chat"), and the store against the game: nothing is applied twice, a refusal
changes nothing.

Each example is a new app over its own store: each person a test client of its own (its own
cookie jar) on the app's one event loop; the computer, where it sits, plays at random."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from unittest.mock import patch

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from hypothesis.stateful import run_state_machine_as_test as run_machine
from starlette.testclient import TestClient, WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from cribkit.games.protocol import SPECTATOR, acting_seats
from cribkit.web.app import create_app
from cribkit.web.limits import LOOKUPS_A_MINUTE
from cribkit.web.services import Services
from cribkit.web.sessions import GameSession
from cribkit.web.talk import CHAT_BURST, CHAT_LENGTH, PHRASES

from .conftest import LOCAL, WS_LOCAL, Message, Seat, unlimited
from .conftest import assert_every_finished_game_verifies as verify_finished
from .test_tables import accept, invite, seat_url

#: What only the seat itself sees of a classic game (the rest every page sees alike).
OWN_VIEW = frozenset({"seat", "side", "hand", "kept", "laid_away", "to_lay_away", "past_laid_away"})

#: The most pages open at once (sockets of seats and spectators).
MOST_PAGES = 6

#: The people: the host, up to two friends, and a stranger who is invited to nothing.
NAMES = {"host": "Ann", "friend 1": "<b>Bob</b>", "friend 2": "Cy & Co", "stranger": "Eve"}

#: Free chat text: words in any script and markup a page must not read as markup.
MARKUP = st.sampled_from(
    ["<b>", "</b>", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "&amp;",
     "&lt;", '"', "'", "`", "{{x}}", "\\", "  "]
)  # fmt: skip
WORDS = st.text(st.characters(categories=("L", "N", "P", "S"), include_characters=" "), max_size=12)


def _fits(text: str) -> bool:
    said = text.strip()
    return 0 < len(said) <= CHAT_LENGTH and said.isprintable()


CHAT_TEXT = st.lists(st.one_of(MARKUP, WORDS), min_size=1, max_size=6).map("".join).filter(_fits)

#: Chat messages refused as ``bad_chat`` (nothing said, nothing stored).
BAD_CHATS: list[Message] = [{"type": "chat", **bad} for bad in (
    {}, {"text": "   "}, {"text": "x" * (CHAT_LENGTH + 1)}, {"text": "bell\u0007"},
    {"text": "two\nlines"}, {"phrase": "insult"}, {"text": 7})]  # fmt: skip


def norm(value: Any) -> Any:
    """``value`` as it comes out of JSON (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(value))


@dataclass(eq=False, repr=False)
class Person:
    """Someone with a browser: a test client with its own cookies."""

    label: str
    client: TestClient
    #: The seat the person plays (the host's from the start, a friend's once taken).
    seat: int | None = None
    token: str | None = None
    #: A friend's invitation: ``{"seat", "code", "join"}``.
    invite: Message | None = None
    #: Whether the host cancelled the invitation (the computer took the seat).
    cancelled: bool = False

    def __repr__(self) -> str:
        return f"<{self.label}>"

    @property
    def invited(self) -> bool:
        """Whether the person's invitation is open still."""
        return self.invite is not None and self.seat is None and not self.cancelled


class Page:
    """One open socket of a person: every event and talk line it was sent, in order."""

    def __init__(self, person: Person, seat: int, socket: WebSocketTestSession) -> None:
        self.person = person
        self.seat = seat
        self.socket = socket
        self.io = Seat(socket)
        self.events: list[Message] = []
        self.talk: list[Message] = []
        #: The talk lines this page should have been sent (the model's).
        self.heard: list[Message] = []
        self.chats = 0
        self.seq = -1
        self.pong: Message = {}

    def __repr__(self) -> str:
        where = "watching" if self.seat == SPECTATOR else f"seat {self.seat}"
        return f"<page of {self.person.label}, {where}>"

    @property
    def last(self) -> Message:
        return self.io.last

    def send(self, message: Message) -> None:
        self.socket.send_json(message)

    def read(self) -> Message:
        """The next message but ``table`` ones (kept as ``io.table``), its events and lines kept."""
        message = self.io.receive()
        assert message["seq"] >= self.seq, f"{self}: seq went back: {message}"
        self.seq = message["seq"]
        if message["type"] == "state":
            if message.get("reset"):
                self.events = []
            self.events.extend(message["events"])
        elif message["type"] == "talk":
            self.talk.extend(message["lines"])
        return message

    def drain(self) -> list[Message]:
        """Every message the server sent the page before the answer to a ping, which always
        comes (so that a missing message fails, never hangs): the pong kept as :attr:`pong`.
        The socket's handler has then finished every message sent before it."""
        self.send({"type": "ping"})
        got: list[Message] = []
        while (message := self.read())["type"] != "pong":
            got.append(message)
        self.pong = message
        return got

    def updates(self) -> list[Message]:
        """:meth:`drain`, where only states may come (the computer's moves)."""
        got = self.drain()
        assert all(m["type"] == "state" for m in got), (self, got)
        return got

    def close(self) -> None:
        self.socket.__exit__(None, None, None)


class PeopleAtATable(RuleBasedStateMachine):
    """A classic table of the host, friends and maybe the computer, driven at random."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        self.app = create_app(f"sqlite:///{self.folder.name}/games.db", limits=unlimited())
        self.host = Person("host", TestClient(self.app, base_url=LOCAL))
        self.host.client.__enter__()
        self.people: list[Person] = [self.host]
        self.pages: list[Page] = []
        self.ready = False
        self.id = ""
        self.watch = ""
        self.seats = 0
        self.computers: set[int] = set()
        #: What the model expects: the human actions acknowledged, the talk, the mutes.
        self.sent: list[Message] = []
        self.said: list[Message] = []
        self.mutes: dict[int, set[int]] = {}
        self.lookups = 0

    def teardown(self) -> None:
        try:
            while self.pages:
                self.pages.pop().close()
            if self.ready:
                verify_finished(self.app.state.store)
        finally:
            for person in self.people[1:]:
                person.client.portal = None
            self.host.client.__exit__(None, None, None)
            self.folder.cleanup()

    # -- the server's side ---------------------------------------------------------------------

    @property
    def store(self) -> Any:
        return self.app.state.store

    def session(self) -> GameSession:
        """The live game, or (dropped from memory once over and unwatched) as the store has it."""
        live: GameSession | None = self.app.state.manager.sessions.get(self.id)
        if live is not None:
            return live
        assert not self.pages, "a watched game was dropped from memory"
        row = self.store.load_game(self.id)
        assert row.status == "finished", "an unfinished game was dropped from memory"
        return GameSession.rebuild(row, Services(self.store))

    @property
    def over(self) -> bool:
        return self.session().state.is_terminal

    @property
    def movers(self) -> tuple[int, ...]:
        """The seats that may act (all that have still to lay away, together)."""
        return acting_seats(self.session().state)

    def snapshot(self) -> tuple[Any, ...]:
        """What a refusal must leave as it was: the stored game and actions, the live game."""
        session = self.session()
        row = self.store.load_game(self.id)
        table = (row.owners, row.humans, row.tokens, sorted(row.table.invites), row.table.mutes)
        stored = (self.store.load_actions(self.id), self.store.load_talk(self.id), row.version)
        live = (session.version, len(session.actions), session.state.observation(SPECTATOR))
        return (*stored, table, *live)

    def hears(self, seat: int, line: Message) -> bool:
        return seat != SPECTATOR and line["seat"] not in self.mutes.get(seat, set())

    def expected_seats(self) -> list[Message]:
        """Who sits where as the model has it: kind, name or level, connected."""
        online = {page.seat for page in self.pages}
        seats: list[Message] = []
        for seat in range(self.seats):
            owner = next((p for p in self.people if p.seat == seat), None)
            form: Message = {"seat": seat}
            if seat in self.computers:
                form |= {"kind": "computer", "level": "random", "connected": True}
            elif owner is None:
                form |= {"kind": "invited", "connected": False}
            else:
                form |= {"kind": "person", "name": NAMES[owner.label], "connected": seat in online}
            seats.append(form)
        return seats

    # -- pages ---------------------------------------------------------------------------------

    def open_page(self, person: Person, seat: int) -> Page:
        """Open a page (a seat's, or a spectator's) and check what it is sent on connect: the
        state with every event, then the talk it hears so far, then nothing more."""
        if seat == SPECTATOR:
            url = f"{WS_LOCAL}/ws/{self.id}?watch={self.watch}"
        else:
            assert person.token is not None
            url = seat_url(self.id, seat, person.token)
        socket = person.client.websocket_connect(url)
        socket.__enter__()
        page = Page(person, seat, socket)
        self.pages.append(page)  # (closed at the end whatever happens)
        first = page.read()
        assert first["type"] == "state", first
        assert first["seq"] == self.session().version
        assert "reset" not in first
        assert ("muted" in first) is (seat != SPECTATOR)
        if seat != SPECTATOR:
            assert first["muted"] == sorted(self.mutes.get(seat, ()))
        page.heard = [line for line in self.said if self.hears(seat, line)]
        talk = {"type": "talk", "seq": first["seq"], "lines": page.heard}
        assert page.drain() == ([talk] if page.heard else [])
        return page

    def settle(self) -> None:
        """Read every page to the end of what the server sent: each handler's work done, the
        computer's moves made and sent, who is connected told (that is sent a moment after a
        page closes)."""
        for page in self.pages:
            page.updates()
        session = self.app.state.manager.sessions.get(self.id)
        portal = self.host.client.portal
        if session is not None and portal is not None:
            portal.call(session.wait_ai)
        for _ in range(5):
            for page in self.pages:
                page.updates()
            if all(page.io.table == norm(self.session().table_form()) for page in self.pages):
                break
        version = self.session().version
        for page in self.pages:
            assert page.pong["seq"] == page.last["seq"] == version, page

    def seated_pages(self) -> list[Page]:
        return [page for page in self.pages if page.seat != SPECTATOR]

    def mover_pages(self) -> list[Page]:
        seated = self.seated_pages()
        if not seated or self.over:
            return []
        return [page for page in seated if page.seat in self.movers]

    # -- setting the table ---------------------------------------------------------------------

    @initialize(
        kinds=st.one_of(
            st.permutations(["me", "friend"]),
            st.permutations(["me", "friend", "friend"]),
            st.permutations(["me", "friend", "computer"]),
        ),
        deal=st.integers(0, 2**64),
        data=st.data(),
    )
    def make_table(self, kinds: list[str], deal: int, data: st.DataObject) -> None:
        """The host makes the table; some friends take their seats at once, some pages open.
        Its fair seed is drawn like the rest, so that an example plays the same cards again."""
        self.seats = len(kinds)
        options = {"target": 61} if self.seats == 2 else {"players": 3, "target": 61}
        self.host.client.post("/api/me", json={"name": NAMES["host"]})
        seats = [{"kind": kind} for kind in kinds]
        with patch("cribkit.web.manager.new_fair_seed", return_value=f"fair1:{deal:064x}"):
            made = invite(self.host.client, "classic", seats, ai="random", options=options)
        assert made["mode"] == "table"
        self.id, self.watch = made["id"], made["watch"]
        self.host.seat = kinds.index("me")
        self.host.token = made["tokens"][str(self.host.seat)]
        self.computers = {s for s, kind in enumerate(kinds) if kind == "computer"}
        friends = [s for s, kind in enumerate(kinds) if kind == "friend"]
        for number, seat in enumerate(friends, 1):
            friend = self.another(f"friend {number}")
            friend.invite = {"seat": seat, **made["invites"][str(seat)]}
        self.another("stranger")
        self.ready = True
        for person in self.people:
            if person.invited and data.draw(st.booleans(), label=f"{person.label} sits down"):
                self.sit_down(person, person.invite["code"])  # type: ignore[index]
            if person.seat is not None and data.draw(st.booleans(), label=f"{person.label} opens"):
                self.open_page(person, person.seat)

    def another(self, label: str) -> Person:
        client = TestClient(self.app, base_url=LOCAL)
        client.portal = self.host.client.portal
        client.post("/api/me", json={"name": NAMES[label]})
        person = Person(label, client)
        self.people.append(person)
        return person

    # -- invitations ---------------------------------------------------------------------------

    def invited(self) -> list[Person]:
        return [p for p in self.people if p.invited]

    def can_look_up(self) -> bool:
        return self.ready and self.lookups < LOOKUPS_A_MINUTE

    @precondition(lambda self: self.can_look_up() and self.invited())
    @rule(data=st.data())
    def take_an_invitation(self, data: st.DataObject) -> None:
        """A friend takes its seat, by the link or by the join code as typed."""
        friend = data.draw(st.sampled_from(self.invited()), label="friend")
        assert friend.invite is not None
        join: str = friend.invite["join"]
        typed = data.draw(
            st.sampled_from(
                [
                    friend.invite["code"],
                    join,
                    join.lower(),
                    join.replace("-", ""),
                    join.replace("-", " ").lower(),
                ]
            ),
            label="code",
        )
        self.sit_down(friend, typed)

    def sit_down(self, friend: Person, typed: str) -> None:
        """The friend opens the invitation (``typed``, its link or join code) and takes the
        seat, unless the game is over: then there is no invitation any more."""
        assert friend.invite is not None
        self.lookups += 1
        before = self.snapshot()
        if self.over:
            answer = friend.client.post(f"/api/invites/{typed}/accept", json={})
            assert answer.status_code == 404, answer.text
            assert self.snapshot() == before
            return
        taken = accept(friend.client, typed)
        seat = friend.invite["seat"]
        assert (taken["id"], taken["seat"], len(taken["token"])) == (self.id, seat, 24)
        assert self.snapshot()[0] == before[0]  # no action
        friend.seat, friend.token = seat, taken["token"]

    @precondition(lambda self: self.can_look_up())
    @rule(data=st.data())
    def a_refused_invitation(self, data: st.DataObject) -> None:
        """Take a used or cancelled code, one not yours, your own game's seat; cancel another's
        invitation or a taken seat: refused, and nothing changes."""
        over = self.over
        tries: dict[str, tuple[Person, str, str, int]] = {}
        host, stranger = self.host, next(p for p in self.people if p.label == "stranger")

        def add(label: str, person: Person, verb: str, what: object, status: int) -> None:
            tries[label] = (person, verb, str(what), status)

        for friend in self.people:
            if friend.invite is None:
                continue
            code, join, seat = friend.invite["code"], friend.invite["join"], friend.invite["seat"]
            if not friend.invited:
                add(f"{friend.label} takes its code again", friend, "accept", code, 404)
                add(f"the stranger takes {friend.label}'s used code", stranger, "accept", join, 404)
                if not friend.cancelled:
                    add(f"the host cancels seat {seat}, taken", host, "cancel", seat, 409)
                continue
            add(f"the host takes seat {seat}", host, "accept", code, 404 if over else 409)
            add(f"the stranger cancels seat {seat}", stranger, "cancel", seat, 404)
            for other in self.people:
                if other.seat is not None and other is not host:
                    label = f"{other.label} takes {friend.label}'s seat too"
                    add(label, other, "accept", code, 404 if over else 409)
        add("the stranger guesses a join code", stranger, "accept", "ZZZZ-ZZZ9", 404)
        add("the stranger guesses a link", stranger, "accept", "x" * 22, 404)
        add("the host cancels its own seat", host, "cancel", host.seat, 409)
        label = data.draw(st.sampled_from(sorted(tries)), label="try")
        person, verb, what, status = tries[label]
        before = self.snapshot()
        if verb == "accept":
            self.lookups += 1
            answer = person.client.post(f"/api/invites/{what}/accept", json={})
        else:
            answer = person.client.delete(f"/api/games/{self.id}/invites/{what}")
        assert answer.status_code == status, (label, answer.text)
        assert self.snapshot() == before

    @precondition(lambda self: self.ready and self.invited())
    @rule(data=st.data())
    def cancel_an_invitation(self, data: st.DataObject) -> None:
        """The host cancels a friend's invitation: the computer plays the seat from now on."""
        friend = data.draw(st.sampled_from(self.invited()), label="friend")
        assert friend.invite is not None
        seat = friend.invite["seat"]
        answer = self.host.client.delete(f"/api/games/{self.id}/invites/{seat}")
        assert answer.status_code == 200, answer.text
        assert answer.json()["table"]["seats"][seat] == {
            "seat": seat,
            "kind": "computer",
            "level": "random",
            "connected": True,
        }
        friend.cancelled = True
        self.computers.add(seat)

    # -- pages open and close ------------------------------------------------------------------

    @precondition(lambda self: self.ready and len(self.pages) < MOST_PAGES)
    @rule(data=st.data())
    def open_a_page(self, data: st.DataObject) -> None:
        """A seated person opens a page of their seat, or anyone watches with the watch code."""
        choices = [(p, p.seat) for p in self.people if p.seat is not None]
        choices += [(p, SPECTATOR) for p in self.people]
        person, seat = data.draw(st.sampled_from(choices), label="who")
        self.open_page(person, seat)

    @precondition(lambda self: self.ready and self.pages)
    @rule(data=st.data())
    def close_a_page(self, data: st.DataObject) -> None:
        page = data.draw(st.sampled_from(self.pages), label="page")
        self.pages.remove(page)
        page.close()

    @precondition(lambda self: self.ready and self.pages)
    @rule(data=st.data())
    def reconnect(self, data: st.DataObject) -> None:
        """A page drops and comes back: it is sent exactly what it had, as if it never left."""
        old = data.draw(st.sampled_from(self.pages), label="page")
        self.pages.remove(old)
        old.close()
        new = self.open_page(old.person, old.seat)
        # (``away``: how long the people away have been, measured as each state is sent)
        skip = {"events", "table", "reset", "muted", "away"}
        assert {k: v for k, v in new.last.items() if k not in skip} == {
            k: v for k, v in old.last.items() if k not in skip
        }
        assert new.events == old.events

    @precondition(lambda self: self.ready)
    @rule(data=st.data())
    def a_refused_socket(self, data: st.DataObject) -> None:
        """Someone opens a seat that is not theirs (or with a wrong token or watch code): the
        socket is closed (4404 to a stranger to the game, 4403 to one of its players) and
        nothing changes."""
        tries: dict[str, tuple[Person, str, int]] = {}
        host_seat, host_token = self.host.seat, self.host.token
        for person in self.people:
            seated, who = person.seat is not None, person.label
            if person is not self.host:
                code = 4403 if seated else 4404
                tries[f"{who} opens the host's seat"] = (
                    person,
                    f"seat={host_seat}&token={host_token}",
                    code,
                )
            if seated:
                tries[f"{who} opens its seat with a wrong token"] = (
                    person,
                    f"seat={person.seat}&token=wrong",
                    4403,
                )
            for seat in set(range(self.seats)) - {person.seat}:
                code = 4403 if seated else 4404
                tries[f"{who} opens seat {seat}"] = (
                    person,
                    f"seat={seat}&token={host_token}",
                    code,
                )
            tries[f"{who} watches with a wrong code"] = (person, "watch=guess", 4404)
        label = data.draw(st.sampled_from(sorted(tries)), label="try")
        person, query, code = tries[label]
        before = self.snapshot()
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            person.client.websocket_connect(f"{WS_LOCAL}/ws/{self.id}?{query}") as socket,
        ):
            socket.receive_text()
        assert closed.value.code == code, (label, closed.value.reason)
        assert self.snapshot() == before

    # -- play ----------------------------------------------------------------------------------

    def act_once(self, data: st.DataObject) -> None:
        """The person to move plays a legal action of its page's last state: acknowledged with
        the next seq on every open page of the game, stored once."""
        page = data.draw(st.sampled_from(self.mover_pages()), label="page")
        action = data.draw(st.sampled_from(page.last["legal"]), label="action")
        before, version = self.store.load_actions(self.id), self.session().version
        page.send({"type": "action", "seq": page.last["seq"], "action": action})
        # (the acting page first: once it answers the ping, every page has been sent the move)
        for other in sorted(self.pages, key=lambda p: p is not page):
            got = other.updates()
            assert got, f"{other} heard nothing of the move"
            assert got[0]["seq"] == version + 1, (other, got[0])
        stored = self.store.load_actions(self.id)
        assert stored[: len(before) + 1] == [*before, action]
        self.sent.append(action)

    @precondition(lambda self: self.mover_pages())
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        self.act_once(data)

    def mover_at_hand(self) -> Person | None:
        """The seated person to move, if a page of theirs is open or can be opened."""
        if not self.ready or self.over:
            return None
        mover = next((p for p in self.people if p.seat in self.movers), None)
        if mover is None or not (self.mover_pages() or len(self.pages) < MOST_PAGES):
            return None
        return mover

    @precondition(lambda self: self.mover_at_hand())
    @rule(data=st.data(), moves=st.integers(1, 40))
    def play_on(self, data: st.DataObject, moves: int) -> None:
        """Several moves in a row, each by whoever is to move: a page of theirs, opened if
        none is (when there is room for one more)."""
        for _ in range(moves):
            mover = self.mover_at_hand()
            if mover is None:
                break
            if not self.mover_pages():
                assert mover.seat is not None
                self.open_page(mover, mover.seat)
            self.act_once(data)
            self.settle()

    def out_of_turn(self, page: Page) -> Message | None:
        """An action of the page's seat, of its own cards, when it may not act: None if none
        would be refused ``out_of_turn`` (a seat that has still to lay away may, whoever else
        has: see :func:`test_a_seat_cannot_lay_away_twice`)."""
        view = page.last["observation"]
        hand = view["hand"]
        if view["phase"] == "play":
            return {"type": "play", "card": hand[0] if hand else "5h"}
        if view["phase"] != "discard" or view["to_lay_away"]:
            return None
        return {"type": "discard", "cards": hand[: 2 if self.seats == 2 else 1]}

    @precondition(lambda self: self.ready and self.pages)
    @rule(data=st.data())
    def a_refused_message(self, data: st.DataObject) -> None:
        """Out of turn, for another seat, with an old (or future) seq, after the game, undo,
        hint, a spectator acting: an error with the game's seq, and nothing changes."""
        page = data.draw(st.sampled_from(self.pages), label="page")
        seq = page.last["seq"]
        legal = page.last["legal"]
        some = legal[0] if legal else {"type": "play", "card": "5h"}
        tries: dict[str, tuple[Message, str]] = {}

        def act(action: Message, code: str, at: int = seq) -> tuple[Message, str]:
            return {"type": "action", "seq": at, "action": action}, code

        if page.seat == SPECTATOR:
            asks = [act(some, "")[0], {"type": "hint"}, {"type": "undo"}]
            for message in [*asks, {"type": "chat", "text": "hi"}, {"type": "mute", "seat": 0}]:
                tries[f"the spectator sends {message['type']}"] = (message, "spectator")
        else:
            early = None if self.over or page.seat in self.movers else self.out_of_turn(page)
            if early is not None:
                tries["out of turn"] = act(early, "out_of_turn")
            if self.over:
                tries["after the game"] = act(some, "game_over")
            others = [s for s in range(self.seats) if s != page.seat]
            other = data.draw(st.sampled_from([*others, -1, 7, "0", None]), label="other seat")
            tries["for another seat"] = act({**some, "seat": other}, "wrong_seat")
            off = data.draw(st.sampled_from([-3, -1, 1, 2, 10**6]), label="seq off by")
            if (
                off < 0
                and page.seat in self.movers
                and page.last["observation"]["phase"] == "discard"
            ):
                off = -off  # (a lay-away a version old stands when only others laid away since)
            tries["with another seq"] = act(some, "stale", seq + off)
            tries["undo"] = ({"type": "undo"}, "cannot_undo")
            tries["hint"] = ({"type": "hint"}, "no_hints")
            tries["a dance"] = act({"type": "dance"}, "bad_action")
        label = data.draw(st.sampled_from(sorted(tries)), label="try")
        message, code = tries[label]
        before = self.snapshot()
        page.send(message)
        error, *fresh = page.drain()
        assert error["type"] == "error", (label, error)
        assert (error["code"], error["seq"]) == (code, seq), (label, error)
        if code == "stale":  # and a fresh state, with nothing new in it
            assert [(m["type"], m["seq"], m["events"]) for m in fresh] == [("state", seq, [])]
        else:
            assert fresh == [], (label, fresh)
        assert self.snapshot() == before

    # -- talk ----------------------------------------------------------------------------------

    @precondition(lambda self: self.ready and self.seated_pages())
    @rule(data=st.data())
    def chat(self, data: st.DataObject) -> None:
        """A line of free text or a quick phrase: to every page of the table that does not mute
        the seat, as typed (trimmed), never to a spectator; beyond the burst, refused."""
        page = data.draw(st.sampled_from(self.seated_pages()), label="page")
        if data.draw(st.booleans(), label="a phrase"):
            phrase: str | None = data.draw(st.sampled_from(sorted(PHRASES)), label="phrase")
            message: Message = {"type": "chat", "phrase": phrase}
            text = PHRASES[str(phrase)]
        else:
            phrase, typed = None, data.draw(CHAT_TEXT, label="text")
            message, text = {"type": "chat", "text": typed}, typed.strip()
        before = self.snapshot()
        page.send(message)
        (reply,) = page.drain()
        if reply["type"] == "error":
            assert reply["code"] == "rate_limited", reply
            assert page.chats >= CHAT_BURST
            assert self.snapshot() == before
            return
        page.chats += 1
        (line,) = reply["lines"]
        said = {k: v for k, v in line.items() if k != "time"}
        name = NAMES[page.person.label]
        assert said == {
            "kind": "chat",
            "seat": page.seat,
            "name": name,
            "text": text,
            "phrase": phrase,
        }
        self.said.append(line)
        for other in self.pages:
            hears = self.hears(other.seat, line)
            if other is not page:
                assert other.drain() == ([reply] if hears else []), other
            if hears:
                other.heard.append(line)

    @precondition(lambda self: self.ready and self.seated_pages())
    @rule(data=st.data(), message=st.sampled_from(BAD_CHATS))
    def a_bad_chat(self, data: st.DataObject, message: Message) -> None:
        page = data.draw(st.sampled_from(self.seated_pages()), label="page")
        before = self.snapshot()
        page.send(message)
        assert [m.get("code") for m in page.drain()] == ["bad_chat"]
        assert self.snapshot() == before

    @precondition(lambda self: self.ready and self.seated_pages())
    @rule(data=st.data(), muted=st.booleans())
    def mute(self, data: st.DataObject, muted: bool) -> None:
        """A seat mutes another (or hears it again): at every page of the seat, from now on."""
        page = data.draw(st.sampled_from(self.seated_pages()), label="page")
        other = data.draw(
            st.sampled_from([s for s in range(self.seats) if s != page.seat]), label="other"
        )
        page.send({"type": "mute", "seat": other, "muted": muted})
        now = self.mutes.setdefault(page.seat, set())
        if muted:
            now.add(other)
        else:
            now.discard(other)
        assert page.drain() == [{"type": "muted", "seq": page.last["seq"], "seats": sorted(now)}]

    # -- after every step ----------------------------------------------------------------------

    @invariant()
    def every_page_agrees_with_the_server(self) -> None:
        if not self.ready:
            return
        self.settle()
        session = self.session()
        state = session.state
        row = self.store.load_game(self.id)
        actions = self.store.load_actions(self.id)
        # Stored once, in order: the store is the game, and replays to it.
        assert actions == session.actions
        assert row.version == session.version == len(actions)  # (no undo at a table)
        assert [a for a in actions if a["seat"] not in self.computers] == self.sent
        rebuilt = GameSession.rebuild(row, Services(self.store))
        assert rebuilt.version == session.version
        assert [e.to_json() for e in rebuilt.events] == [e.to_json() for e in session.events]
        for seat in [*range(self.seats), SPECTATOR]:
            view = state.observation(seat).to_json()
            assert rebuilt.state.observation(seat).to_json() == view
        # Who sits where, who is muted, what was said.
        table = norm(session.table_form())
        assert table["seats"] == self.expected_seats()
        assert table["spectators"] == sum(p.seat == SPECTATOR for p in self.pages)
        mutes = {seat: sorted(m) for seat, m in self.mutes.items() if m}
        assert {s: sorted(m) for s, m in session.row.table.mutes.items() if m} == mutes
        assert {s: sorted(m) for s, m in row.table.mutes.items() if m} == mutes
        assert self.store.load_talk(self.id) == session.talk == self.said
        public = norm(state.observation(SPECTATOR).to_json())
        public = {k: v for k, v in public.items() if k not in OWN_VIEW}
        # Every page: what all see alike, the game's seq, the seat's view, its legal actions,
        # every event it may see (each once), the talk it hears, who sits where.
        for page in self.pages:
            last = page.last
            assert last["seq"] == session.version, page
            assert {k: v for k, v in last["observation"].items() if k not in OWN_VIEW} == public
            assert last["seat"] == page.seat
            assert last["observation"] == norm(state.observation(page.seat).to_json()), page
            assert last["result"] == norm(session.result_form())
            assert (last["can_undo"], last["hints"], last["mode"]) == (False, False, "table")
            assert ("seed" in last) is state.is_terminal
            assert page.events == norm([e.to_json(viewer=page.seat) for e in session.events])
            assert page.talk == page.heard, page
            assert page.io.table == table, page
            if page.seat == SPECTATOR:
                assert last["legal"] == []
                assert not last["observation"]["hand"]
                assert not any("cards" in e for e in page.events if e.get("private")), page
                assert not page.talk
            else:
                assert last["legal"] == norm(session.legal_for(page.seat)), page


#: About 15 s on two cores: 15 tables of 40 steps each.
SETTINGS = settings(max_examples=10, stateful_step_count=40, deadline=None)


def test_people_at_a_table_at_random() -> None:
    unhurried = [HealthCheck.too_slow, HealthCheck.filter_too_much]
    run_machine(PeopleAtATable, settings=settings(SETTINGS, suppress_health_check=unhurried))


def test_a_seat_cannot_lay_away_twice(client: TestClient, people: Callable[[], TestClient]) -> None:
    made = invite(client, "classic", [{"kind": "me"}, {"kind": "friend"}], options={"target": 61})
    friend = people()
    taken = accept(friend, made["invites"]["1"]["code"])
    store = client.app.state.store  # type: ignore[attr-defined]
    with (
        client.websocket_connect(seat_url(made["id"], 0, made["tokens"]["0"])) as mine,
        friend.websocket_connect(seat_url(made["id"], 1, taken["token"])) as theirs,
    ):
        pages = {0: Seat(mine), 1: Seat(theirs)}
        first = pages[0].receive()
        pages[1].receive()
        # The dealer lays away first (the seats lay away together); then she may not again.
        dealer = pages[first["observation"]["dealer"]]
        laid = dealer.act(dealer.last["legal"][0])
        assert laid["legal"] == []
        assert laid["observation"]["phase"] == "discard"
        stored = store.load_actions(made["id"])
        cards = laid["observation"]["hand"][:2]
        dealer.socket.send_json(
            {"type": "action", "seq": laid["seq"], "action": {"type": "discard", "cards": cards}}
        )
        answer = dealer.receive()
        assert store.load_actions(made["id"]) == stored
        assert (answer["type"], answer.get("code")) == ("error", "out_of_turn")

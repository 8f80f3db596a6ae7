import assert from "node:assert/strict";
import { test } from "node:test";

import {
  actingOf,
  canAct,
  isFinalClose,
  legalOf,
  newActionId,
  retryDelay,
  SeatProtocol,
  seatProtocols,
  socketUrl,
  watchSocketUrl,
} from "../../src/cribkit/web/static/logic/protocol.js";

const state = (seq, extra = {}) => JSON.stringify({ type: "state", seq, events: [], ...extra });

const counting = () => {
  let made = 0;
  return () => `id${(made += 1)}`;
};

test("an action carries the seq of the last state, the connection's own seat and a new id", () => {
  const protocol = new SeatProtocol(1, counting());
  assert.equal(protocol.action({ type: "play", card: "5h" }), null, "nothing before the first state");
  protocol.receive(state(7));
  const message = protocol.action({ type: "play", card: "5h", seat: 0 });
  assert.deepEqual(message, { type: "action", seq: 7, action: { type: "play", card: "5h", seat: 1 }, id: "id1" });
  protocol.receive(state(8, { ack: "id1" }));
  assert.equal(protocol.action({ type: "pass" }).id, "id2");
});

test("a new action id is 16 hex digits from the browser's crypto, new each time", () => {
  const ids = new Set(Array.from({ length: 50 }, () => newActionId()));
  assert.equal(ids.size, 50);
  for (const id of ids) assert.match(id, /^[0-9a-f]{16}$/);
  const zeros = { getRandomValues: (bytes) => bytes.fill(0) };
  assert.equal(newActionId(zeros), "0000000000000000");
});

test("one action at a time: a second is not sent until a state or an error answers", () => {
  const protocol = new SeatProtocol(0);
  protocol.receive(state(3));
  assert.ok(protocol.action({ type: "pass" }));
  assert.equal(protocol.pending, true);
  assert.equal(protocol.action({ type: "pass" }), null);
  protocol.receive(state(4));
  assert.equal(protocol.pending, false);
  assert.equal(protocol.action({ type: "pass" }).seq, 4);
  const error = protocol.receive(JSON.stringify({ type: "error", seq: 4, code: "illegal" }));
  assert.equal(error.afterAction, true);
  assert.equal(protocol.pending, false);
  assert.equal(protocol.receive(JSON.stringify({ type: "error", seq: 4, code: "bad_json" })).afterAction, false);
});

test("a dropped line keeps the action on its way: sent again first, until a state answers it", () => {
  const protocol = new SeatProtocol(0, counting());
  protocol.receive(state(1));
  const sent = protocol.action({ type: "pass" });
  protocol.dropped();
  assert.equal(protocol.pending, true);
  assert.equal(protocol.action({ type: "pass" }), null, "no second intent meanwhile");
  protocol.connecting();
  assert.deepEqual(protocol.resend(), sent, "the same message: its id and seq");
  // The new line's first state, at the seq it was sent at: not answered yet.
  assert.equal(protocol.receive(state(1)).full, true);
  assert.equal(protocol.pending, true);
  // Acknowledged by its id (the game as it is, when it was applied before the line dropped).
  protocol.receive(state(3, { ack: sent.id }));
  assert.equal(protocol.pending, false);
  assert.equal(protocol.resend(), null);
});

test("an action is answered by a state past its seq (a server that echoes no id) or by an error", () => {
  const protocol = new SeatProtocol(0, counting());
  protocol.receive(state(4));
  protocol.action({ type: "pass" });
  protocol.receive(state(4, { table: {} })); // somebody sat down: same seq, still on its way
  assert.equal(protocol.pending, true);
  protocol.receive(state(5));
  assert.equal(protocol.pending, false);
  protocol.action({ type: "pass" });
  protocol.dropped();
  assert.equal(protocol.receive(JSON.stringify({ type: "error", seq: 6, code: "stale" })).afterAction, true);
  assert.equal(protocol.resend(), null);
});

test("the first state of each connection, and a state after an undo, replace the log", () => {
  const protocol = new SeatProtocol(0);
  assert.equal(protocol.receive(state(1)).full, true);
  assert.equal(protocol.receive(state(2)).full, false);
  assert.equal(protocol.receive(state(3, { reset: true })).full, true);
  assert.equal(protocol.receive(state(4)).full, false);
  protocol.connecting();
  assert.equal(protocol.receive(state(4)).full, true);
});

test("only a state moves the seq; other messages pass through, text that is no message is dropped", () => {
  const protocol = new SeatProtocol(0);
  protocol.receive(state(5));
  const hint = protocol.receive(JSON.stringify({ type: "hint", seq: 9, text: "play the 5" }));
  assert.equal(hint.message.text, "play the 5");
  assert.equal(protocol.seq, 5);
  assert.equal(protocol.receive("{not json"), null);
  assert.equal(protocol.receive("42"), null);
  assert.equal(protocol.receive("null"), null);
  assert.equal(protocol.seq, 5);
});

test("messages written while the line is down are kept in order, and released once", () => {
  const protocol = new SeatProtocol(0);
  protocol.hold({ type: "hint" });
  protocol.hold({ type: "undo" });
  assert.deepEqual(protocol.release(), [{ type: "hint" }, { type: "undo" }]);
  assert.deepEqual(protocol.release(), []);
});

test("reconnection waits longer each time, then every five seconds", () => {
  assert.deepEqual([0, 1, 2, 3, 4, 5, 50].map(retryDelay), [300, 800, 1500, 3000, 5000, 5000, 5000]);
});

test("a refused seat or an unknown game is final; other closes are retried", () => {
  assert.equal(isFinalClose(4403), true);
  assert.equal(isFinalClose(4404), true);
  assert.equal(isFinalClose(1008), true);
  assert.equal(isFinalClose(1006), false);
  assert.equal(isFinalClose(1000), false);
});

test("the socket's address follows the page's scheme and escapes its parts; the token is no part of it", () => {
  assert.equal(
    socketUrl({ protocol: "http:", host: "127.0.0.1:8000" }, "a b", 1),
    "ws://127.0.0.1:8000/ws/a%20b?seat=1",
  );
  assert.equal(socketUrl({ protocol: "https:", host: "x.org" }, "g", 0, "secret"), "wss://x.org/ws/g?seat=0");
  // The token rides in the protocol header.
  assert.deepEqual(seatProtocols("Ab-9_x"), ["cribkit", "token.Ab-9_x"]);
  // A spectator's socket has the game's watch code and no seat.
  assert.equal(watchSocketUrl({ protocol: "https:", host: "x.org" }, "g 1", "w/x"), "wss://x.org/ws/g%201?watch=w%2Fx");
});

test("legal actions: [] when it is not this seat's turn; null lets the seat compose its own", () => {
  assert.deepEqual(legalOf({ legal: null }), []);
  assert.deepEqual(legalOf({}), []);
  assert.deepEqual(legalOf({ legal: [{ type: "pass" }] }), [{ type: "pass" }]);
  assert.equal(canAct({ legal: [] }), false);
  assert.equal(canAct({ legal: [{ type: "pass" }] }), true);
  assert.equal(canAct({ legal: null }), true);
});

test("the seats that may act: the state's acting list, else the current player alone", () => {
  assert.deepEqual(actingOf({ acting: [1, 0], observation: { current_player: 1 } }), [1, 0]);
  assert.deepEqual(actingOf({ observation: { current_player: 2 } }), [2]);
  assert.deepEqual(actingOf({ observation: { current_player: null } }), []);
  assert.deepEqual(actingOf({ observation: { current_player: -1 } }), []);
  assert.deepEqual(actingOf(null), []);
});

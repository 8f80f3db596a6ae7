// The table's notices in the game log: each where it was said, however the log was rebuilt.
import assert from "node:assert/strict";
import { test } from "node:test";

import { keepNotices, placeNotices } from "../../src/cribkit/web/static/logic/notices.js";

const events = ["deal", "discard", "discard", "starter", "play"].map((type, index) => ({
  type,
  text: `${type} ${index}`,
}));
const clock = (after, time) => ({ kind: "notice", seat: null, text: `clock ${after}`, time, after });

test("each notice goes after the events said before it, in the order said", () => {
  const notices = [clock(2, 10), clock(4, 20), clock(2, 11)];
  const log = placeNotices(events, notices).map((line) => line.text);
  assert.deepEqual(log, ["deal 0", "discard 1", "clock 2", "clock 2", "discard 2", "starter 3", "clock 4", "play 4"]);
  assert.deepEqual(placeNotices(events, [clock(0, 1)])[0], { type: "notice", text: "clock 0" });
});

test("a notice said past the events known yet, or with no place, follows them all", () => {
  const log = placeNotices(events.slice(0, 2), [clock(4, 20), { kind: "notice", text: "The game was abandoned" }]);
  assert.deepEqual(
    log.map((line) => line.text),
    ["deal 0", "discard 1", "clock 4", "The game was abandoned"],
  );
  assert.deepEqual(placeNotices(events, []), events);
  assert.deepEqual(placeNotices(null, null), []);
});

test("after a reconnect every line is heard again: the notices are kept once, in their places", () => {
  const live = keepNotices([], [clock(2, 10), { kind: "chat", seat: 1, text: "hi", time: 12 }]);
  assert.deepEqual(live, [clock(2, 10)]);
  const later = keepNotices(live, [clock(4, 20)]);
  // The reconnect: the whole talk again (chat and notices), the whole log again.
  const again = keepNotices(later, [clock(2, 10), { kind: "chat", seat: 1, text: "hi", time: 12 }, clock(4, 20)]);
  assert.equal(again.length, 2);
  const log = placeNotices(events, again).map((line) => line.text);
  assert.deepEqual(log, ["deal 0", "discard 1", "clock 2", "discard 2", "starter 3", "clock 4", "play 4"]);
  // (a notice written among the events already is not written twice)
  assert.deepEqual(placeNotices([...events, { type: "notice", text: "clock 4" }], again), placeNotices(events, again));
});

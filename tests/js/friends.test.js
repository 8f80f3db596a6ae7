// Friends and spectators without the DOM: the status while a friend has not joined, the empty
// seat's line, where a spectator goes when a game of a match is over.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FOLLOW_DELAY_MS,
  joinWaitStatus,
  openSeats,
  seatLines,
  tableNamer,
  watchNext,
  watchStatus,
} from "../../src/cribkit/web/static/logic/table.js";

const waiting = {
  seats: [
    { seat: 0, kind: "person", name: "Ann", connected: true },
    { seat: 1, kind: "invited", connected: false },
  ],
};
const state = (legal, table = waiting, result = null) => ({
  legal,
  table,
  result,
  observation: { phase: "discard", current_player: 1 },
});

test("before the friend joins, the host's status says the table waits for the friend", () => {
  assert.deepEqual(openSeats(waiting), [1]);
  assert.equal(joinWaitStatus(state([])), "Waiting for the friend invited to seat 2 to join the table\u2026");
  // A move the page can make says its own words; so does a table with every seat taken, or a game over.
  assert.equal(joinWaitStatus(state([{ type: "discard", cards: ["5h", "5d"] }])), null);
  const seated = { seats: [waiting.seats[0], { seat: 1, kind: "person", name: "Bob", connected: true }] };
  assert.equal(joinWaitStatus(state([], seated)), null);
  assert.equal(joinWaitStatus(state([], waiting, { winner: 0 })), null);
  const three = { seats: [...waiting.seats, { seat: 2, kind: "invited" }, { seat: 3, kind: "invited" }] };
  assert.equal(
    joinWaitStatus(state([], three)),
    "Waiting for the friends invited to seats 2, 3 and 4 to join the table\u2026",
  );
  // A spectator reads the same, not "Player 2 to lay away".
  assert.equal(watchStatus(state([]), tableNamer(waiting)), joinWaitStatus(state([])));
});

test("the empty seat waits for its player: it is not marked to play", () => {
  const lines = seatLines(waiting, { mine: [0], acting: [1], name: tableNamer(waiting, [0]) });
  assert.deepEqual(
    lines.map((line) => [line.name, line.detail, line.toMove]),
    [
      ["You", "at the table", false],
      ["Player 2", "invited: not joined yet", false],
    ],
  );
  const seated = { seats: [waiting.seats[0], { seat: 1, kind: "person", name: "Bob", connected: true }] };
  assert.equal(seatLines(seated, { mine: [0], acting: [0, 1], name: tableNamer(seated, [0]) })[1].toMove, true);
});

test("a spectator follows the table to the match's next game, or to the rematch", () => {
  const match = { best_of: 3, number: 1, tally: [1, 0], needed: 2, winner: null };
  assert.deepEqual(watchNext({ next: "g2", match }), {
    id: "g2",
    label: "Watch game 2",
    status: "Game 2 is dealt: this page follows the table there in a few seconds.",
  });
  const rematch = watchNext({ next: "g9", match: { ...match, winner: 0 } });
  assert.equal(rematch.label, "Watch the rematch");
  assert.equal(rematch.status, "A rematch is dealt: this page follows the table there in a few seconds.");
  assert.equal(watchNext({ next: "g9" }).label, "Watch the rematch");
  assert.equal(watchNext({ next: null, match }), null);
  assert.equal(watchNext(null), null);
  assert.ok(FOLLOW_DELAY_MS >= 3000 && FOLLOW_DELAY_MS <= 15000, "long enough to read the result, not for ever");
});

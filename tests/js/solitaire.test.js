import assert from "node:assert/strict";
import { test } from "node:test";

import {
  bestText,
  latestCount,
  meterPercent,
  roundStates,
  solitaireStatus,
} from "../../src/cribkit/web/static/logic/solitaire.js";

test("the last count is what was counted since the last lay-away", () => {
  const events = [
    { type: "show", round: 0 },
    { type: "discard" },
    { type: "starter" },
    { type: "show", round: 1 },
    { type: "crib", round: 1 },
    { type: "heels" },
    { type: "last_hand" },
  ];
  assert.deepEqual(
    latestCount(events).map((e) => e.type),
    ["show", "crib", "last_hand"],
  );
  assert.deepEqual(latestCount([...events, { type: "discard" }]), []);
});

test("each round is counted, current or to come", () => {
  const observation = {
    rounds: 4,
    round: 2,
    counted: [
      { round: 0, points: 12 },
      { round: 1, points: 0 },
    ],
  };
  assert.deepEqual(roundStates(observation), [
    { round: 0, state: "done", points: 12 },
    { round: 1, state: "done", points: 0 },
    { round: 2, state: "current", points: null },
    { round: 3, state: "", points: null },
  ]);
});

test("the meter, the best total and the status line", () => {
  assert.equal(meterPercent(0), 0);
  assert.equal(meterPercent(121), 100);
  assert.equal(meterPercent(150), 100);
  assert.ok(Math.abs(meterPercent(91) - 75.2) < 0.1);
  assert.equal(bestText(80, 100), "Best possible for this deal: 100 (you made 80%)");
  assert.equal(bestText(0, 0), "Best possible for this deal: 0 (you made 0%)");
  assert.equal(
    solitaireStatus({ observation: { round: 2, rounds: 6 } }),
    "Round 3 of 6: lay away two cards to the crib.",
  );
  assert.equal(
    solitaireStatus({ observation: { round: 6, rounds: 6 } }),
    "Round 6 of 6: lay away two cards to the crib.",
  );
  assert.equal(solitaireStatus({ observation: {}, result: { total: 90 } }), "The game is over.");
});

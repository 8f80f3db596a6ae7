import assert from "node:assert/strict";
import { test } from "node:test";

import { actionLabel, uniqueActions } from "../../src/cribkit/web/static/logic/actions.js";

test("actions without a picture of their own are labelled in words", () => {
  assert.equal(actionLabel({ type: "pass_muggins" }), "Let the count stand");
  assert.equal(actionLabel({ type: "muggins", points: 2 }), "Muggins! Take the missed points");
  assert.equal(actionLabel({ type: "say_go" }), "say go");
  assert.equal(actionLabel({ type: "claim_points", points: 3 }), "claim points 3");
});

test("repeated actions are offered once, in order", () => {
  const actions = [{ type: "pass" }, { type: "muggins", points: 2 }, { type: "pass" }, { type: "muggins", points: 3 }];
  assert.deepEqual(uniqueActions(actions), [
    { type: "pass" },
    { type: "muggins", points: 2 },
    { type: "muggins", points: 3 },
  ]);
  assert.deepEqual(uniqueActions([]), []);
});

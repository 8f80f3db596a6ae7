import assert from "node:assert/strict";
import { test } from "node:test";

import { chartPoints, milestoneWords } from "../../src/cribkit/web/static/logic/profile.js";

test("a rating chart runs left to right, the highest rating at the top", () => {
  const chart = chartPoints(
    [
      [1, 1500, 500],
      [2, 1700, 400],
      [3, 1600, 300],
    ],
    110,
    60,
    5,
  );
  assert.equal(chart.points, "5.0,55.0 55.0,5.0 105.0,30.0");
  assert.deepEqual([chart.low, chart.high], [1500, 1700]);
});

test("a flat rating is drawn in the middle of a 100-point axis", () => {
  const chart = chartPoints([[1, 1500, 500]], 110, 60, 5);
  assert.equal(chart.points, "5.0,30.0");
  assert.deepEqual([chart.low, chart.high], [1450, 1550]);
});

test("milestones in words, the ones a player has", () => {
  assert.deepEqual(milestoneWords({ hands_29: 1, hands_28: 2, skunks_won: 0, longest_winning_streak: 4 }), [
    "1 29 hand",
    "2 28 hands",
    "longest winning streak 4",
  ]);
  assert.deepEqual(milestoneWords({ hands_29: 0, hands_28: 0, skunks_won: 0, longest_winning_streak: 0 }), []);
  assert.deepEqual(milestoneWords({ skunks_won: 3, double_skunks_won: 1 }), ["3 skunks", "1 double skunk"]);
});

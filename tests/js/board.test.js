import assert from "node:assert/strict";
import { test } from "node:test";

import { boardSize, holePosition, LANE, pegsFromEvents } from "../../src/cribkit/web/static/logic/board.js";

test("the streets snake: the first runs left to right, the second back", () => {
  const first = holePosition(1, 0, 2);
  const fifth = holePosition(5, 0, 2);
  const sixth = holePosition(6, 0, 2);
  const thirtieth = holePosition(30, 0, 2);
  const thirtyFirst = holePosition(31, 0, 2);
  assert.ok(fifth.x > first.x && thirtieth.x > sixth.x);
  // A gap between each group of five holes.
  assert.ok(sixth.x - fifth.x > fifth.x - holePosition(4, 0, 2).x);
  // The second street starts under the end of the first and runs back.
  assert.equal(thirtyFirst.x, thirtieth.x);
  assert.ok(thirtyFirst.y > thirtieth.y);
  assert.ok(holePosition(60, 0, 2).x < thirtyFirst.x);
  assert.equal(holePosition(60, 0, 2).x, first.x);
});

test("each side has its own lane; the start and the game hole lie off the streets", () => {
  assert.equal(holePosition(7, 1, 2).y - holePosition(7, 0, 2).y, LANE);
  assert.ok(holePosition(0, 0, 2).x < holePosition(1, 0, 2).x);
  assert.deepEqual(holePosition(121, 0, 2), holePosition(125, 1, 2));
  const { height } = boardSize(2);
  assert.ok(holePosition(121, 0, 2).y < height);
  assert.ok(boardSize(3).height > height);
});

test("the front peg stands at each side's score, the back peg at the score before its last points", () => {
  const events = [
    { type: "deal" },
    { type: "peg", scores: [0, 0] },
    { type: "peg", scores: [2, 0] },
    { type: "go", scores: [2, 1] },
    { type: "peg", scores: [6, 1] },
    { type: "show", scores: [6, 1] },
    { type: "odd", scores: [1, 2, 3] },
  ];
  assert.deepEqual(pegsFromEvents(events, 2), { front: [6, 1], back: [2, 0] });
  assert.deepEqual(pegsFromEvents([], 2), { front: [0, 0], back: [0, 0] });
  // A position drawn alone (the review's): the pegs at its scores, not at the start.
  assert.deepEqual(pegsFromEvents([], 2, [57, 40]), { front: [57, 40], back: [57, 40] });
  assert.deepEqual(pegsFromEvents(events, 2, [57, 40]), { front: [6, 1], back: [2, 0] });
  // A game resumed mid-way starts with both pegs at its first scores.
  assert.deepEqual(pegsFromEvents([{ scores: [30, 40] }], 2), { front: [30, 40], back: [30, 40] });
});

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  isMoveKey,
  lastPlacedCell,
  legalCells,
  lineTotals,
  nextCell,
  stacksText,
  tabletopStatus,
  turnedHeading,
} from "../../src/cribkit/web/static/logic/tabletop.js";

const name = (seat) => ["You", "Computer"][seat];

test("the arrow keys move to the next lit cell that way, passing over unlit ones", () => {
  const lit = new Set(["C1", "E1", "C4", "A3"]);
  assert.equal(nextCell("C1", "ArrowRight", lit), "E1");
  assert.equal(nextCell("C1", "ArrowDown", lit), "C4");
  assert.equal(nextCell("C4", "ArrowUp", lit), "C1");
  assert.equal(nextCell("C3", "ArrowLeft", lit), "A3");
  assert.equal(nextCell("C4", "ArrowLeft", lit), null);
  assert.equal(nextCell("E1", "ArrowRight", lit), null, "the edge of the grid");
  assert.equal(nextCell("C1", "Enter", lit), null);
  assert.equal(isMoveKey("ArrowUp"), true);
  assert.equal(isMoveKey("toString"), false);
});

test("the legal cells of a state, the last card placed", () => {
  const message = { legal: [{ type: "place", cell: "b2" }, { type: "place", cell: "C3" }, { type: "pass" }] };
  assert.deepEqual([...legalCells(message)], ["B2", "C3"]);
  assert.deepEqual([...legalCells({ legal: [] })], []);
  const events = [
    { type: "place", cell: "A1" },
    { type: "line", line: "row 1" },
    { type: "place", cell: "D4" },
    { type: "score" },
  ];
  assert.equal(lastPlacedCell(events), "D4");
  assert.equal(lastPlacedCell([]), null);
});

test("the rows' side and the columns' side, each with its lines' total", () => {
  const observation = {
    sides: [0, 1],
    rows_side: 1,
    line_scores: { rows: [2, 0, 4, 0, 0], columns: [0, 6, 0, 1, 0] },
  };
  assert.deepEqual(lineTotals(observation), { rowsSeat: 1, columnsSeat: 0, rows: 6, columns: 7 });
  assert.deepEqual(stacksText({ stack_sizes: [10, 1] }, name), ["You: 10 cards to come", "Computer: 1 card to come"]);
});

test("the status line", () => {
  const observation = { turned: "5h", my_lines: "rows", current_player: 0 };
  assert.equal(
    tabletopStatus({ observation, legal: [{ type: "place", cell: "A1" }] }, name),
    "Place your 5\u2665 on a lit cell; you score the rows.",
  );
  assert.equal(
    tabletopStatus({ observation: { ...observation, current_player: 1 }, legal: [] }, name),
    "Computer is placing\u2026",
  );
  assert.equal(tabletopStatus({ observation, legal: [], result: { winner: 1 } }, name), "The match is over.");
});

test("the turned card's heading names whose it is, and never an empty name at the end", () => {
  const name = (seat) => (seat === 0 ? "You" : "Computer");
  assert.equal(turnedHeading({ current_player: 0, seat: 0 }, true, name), "Your card");
  assert.equal(turnedHeading({ current_player: 1, seat: 0 }, false, name), "Computer's card");
  // The replay and the review name the seat "You" without letting it play: still "Your card".
  assert.equal(
    turnedHeading({ current_player: 0, seat: 0 }, false, () => "You"),
    "Your card",
  );
  assert.equal(turnedHeading({ current_player: null, seat: 0 }, false, name), "No card to place");
  assert.equal(turnedHeading({ seat: 0 }, false, name), "No card to place");
});

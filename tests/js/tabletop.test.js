import assert from "node:assert/strict";
import { test } from "node:test";

import {
  isMoveKey,
  lastPlacedCell,
  legalCells,
  lineSides,
  lineTotals,
  lineTitle,
  nextCell,
  sideHeading,
  stacksText,
  tabletopShow,
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
  // Each badge wears its scorer's colour: the computer's (side 1) on the rows it scores.
  assert.deepEqual(lineSides(observation), { rows: 1, columns: 0 });
  assert.deepEqual(lineSides({ rows_side: 0 }), { rows: 0, columns: 1 });
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

const counted = (line, seat, points, cards, words = "") => ({
  type: "line",
  line,
  seat,
  seats: [seat],
  points,
  cards,
  words,
});
const ROW_CARDS = [
  ["Ah", "2h", "3h", "4h", "5h"],
  ["6h", "7h", "8h", "9h", "Th"],
  ["Ad", "2d", "3d", "4d", "5d"],
  ["6d", "7d", "8d", "9d", "Td"],
  ["Ac", "2c", "3c", "4c", "5c"],
];

test("Table Top's show: the finished grid from the rows, each line's points, his heels first", () => {
  const rows = ROW_CARDS.map((cards, r) => counted(`row ${r + 1}`, 0, r, cards, "fifteen two"));
  const columns = ["A", "B", "C", "D", "E"].map((c, i) =>
    counted(
      `column ${c}`,
      1,
      10 + i,
      ROW_CARDS.map((row) => row[i]),
    ),
  );
  const heels = { type: "heels", seat: 1, points: 2, words: "two for his heels" };
  const events = [{ type: "deal" }, { type: "place", cell: "E5" }, heels, ...rows, ...columns];
  const show = tabletopShow(events);
  assert.equal(show.heels, heels);
  assert.equal(show.rows.length, 5);
  assert.equal(show.columns.length, 5);
  assert.deepEqual(show.grid, ROW_CARDS);
  assert.deepEqual(show.lineScores, { rows: [0, 1, 2, 3, 4], columns: [10, 11, 12, 13, 14] });
  assert.deepEqual(show.sides, { rows: 0, columns: 1 });
  // the computer scored the rows of this deal: its colour on the rows
  const swapped = tabletopShow(events.map((e) => (e.seat === undefined ? e : { ...e, seat: 1 - e.seat })));
  assert.deepEqual(swapped.sides, { rows: 1, columns: 0 });
  // laid out as far as the rows: the columns not counted yet
  const half = tabletopShow(events.slice(0, 8));
  assert.deepEqual(half.lineScores.columns, [null, null, null, null, null]);
  assert.deepEqual(half.grid, ROW_CARDS);
  // events that end in no count: no show
  assert.equal(tabletopShow([...events, { type: "deal" }]), null);
  assert.equal(tabletopShow([]), null);
  assert.equal(lineTitle(rows[0]), "Row 1");
  assert.equal(lineTitle(columns[4]), "Column E");
  assert.equal(lineTitle(heels), "His heels");
  assert.equal(sideHeading(rows, "rows", name), "You score the rows: 10 points");
  assert.equal(sideHeading(columns, "columns", name), "Computer scores the columns: 60 points");
  const partners = columns.map((event) => ({ ...event, seats: [1, 3] }));
  const four = (seat) => ["You", "Computer 1", "Partner", "Computer 2"][seat];
  assert.equal(sideHeading(partners, "columns", four), "Computer 1 and Computer 2 score the columns: 60 points");
  assert.equal(sideHeading([], "rows", name), "");
});

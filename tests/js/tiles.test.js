import assert from "node:assert/strict";
import { test } from "node:test";

import {
  cellCoordinates,
  cellName,
  centreCell,
  colourBonusCells,
  isMyPlay,
  isTurnable,
  newCells,
  parseMove,
  parseTile,
  previewLines,
  rackSizesText,
  stagedAction,
  stagedOfMove,
  stageFromRack,
  tileLabel,
  tilesStatus,
  tileText,
} from "../../src/cribkit/web/static/logic/tiles.js";

const empty = (size) => Array.from({ length: size }, () => new Array(size).fill(null));

test("a tile is read with its colour and, placed turned, the value it takes", () => {
  assert.deepEqual(parseTile("5d"), { rank: "5", value: "5", colour: "d", turned: false });
  assert.deepEqual(parseTile("10L"), { rank: "T", value: "T", colour: "l", turned: false });
  assert.deepEqual(parseTile("9=6d"), { rank: "6", value: "9", colour: "d", turned: true });
  assert.throws(() => parseTile("5h"), /is not a tile/);
  assert.throws(() => parseTile("7=6d"), /is not a tile/);
  assert.equal(tileText("6d", "9"), "9=6d");
  assert.equal(tileText("6d", "6"), "6d");
  assert.equal(tileText("tl"), "Tl");
  assert.equal(tileLabel("Tl"), "10 light");
  assert.equal(tileLabel("9=6d"), "9 dark (a 6 turned)");
  assert.deepEqual(["6d", "9l", "8d"].map(isTurnable), [true, true, false]);
});

test("cells are a column letter and a row number, on the board", () => {
  assert.equal(cellName(6, 6), "G7");
  assert.equal(centreCell(13), "G7");
  assert.equal(centreCell(9), "E5");
  assert.deepEqual(cellCoordinates(" g7 ", 13), { row: 6, column: 6 });
  assert.throws(() => cellCoordinates("Z99", 13), /'Z99' is not a cell/);
  assert.throws(() => cellCoordinates("N1", 13), /N1 is off the board: the cells are A1 to M13/);
  assert.throws(() => cellCoordinates("A0", 13), /off the board/);
});

test("a move in the notation passes over the tiles already on the board", () => {
  const board = empty(13);
  board[6][6] = "5d";
  board[6][7] = "Tl";
  board[6][8] = "5l";
  const played = { type: "play_tiles", cells: ["F7", "J7"], tiles: ["Kd", "Kl"] };
  assert.deepEqual(parseMove("F7 across Kd (5d) (Tl) (5l) Kl", board), played);
  assert.deepEqual(parseMove("F7 across Kd Kl", board), played);
  assert.deepEqual(parseMove("f7 a kd . . . kl", board), played);
  assert.deepEqual(parseMove("H6 down 9=6d . Jd", board), {
    type: "play_tiles",
    cells: ["H6", "H8"],
    tiles: ["9=6d", "Jd"],
  });
  assert.deepEqual(parseMove("G8 10d", board), { type: "play_tiles", cells: ["G8"], tiles: ["Td"] });
  assert.deepEqual(parseMove("exchange 5d kl", board), { type: "exchange", tiles: ["5d", "Kl"] });
  assert.deepEqual(parseMove("  PASS ", board), { type: "pass" });
});

test("a move that cannot be read says why", () => {
  const board = empty(13);
  board[6][6] = "5d";
  assert.throws(() => parseMove("", board), /type a move/);
  assert.throws(() => parseMove("pass now", board), /pass takes nothing after it/);
  assert.throws(() => parseMove("exchange", board), /name the tiles to exchange/);
  assert.throws(() => parseMove("G8", board), /name the tiles to place/);
  assert.throws(() => parseMove("G8 5d 6d", board), /more than one tile needs a direction/);
  assert.throws(() => parseMove("F7 across Kd (6d)", board), /G7 holds 5d, not 6d/);
  assert.throws(() => parseMove("A1 across (5d)", board), /A1 holds no tile to pass over/);
  assert.throws(() => parseMove("L1 across 5d 6d 7d", board), /the tile 7d would go off the board/);
  assert.throws(() => parseMove("A1 5h", board), /'5h' is not a tile/);
});

test("five tiles of one colour in a line are ringed; four, or mixed colours, are not", () => {
  const board = empty(9);
  ["5d", "6d", "7d", "8d", "9d"].forEach((tile, c) => {
    board[0][c + 2] = tile;
  });
  ["5l", "6l", "7d", "8l", "9l"].forEach((tile, r) => {
    board[r + 2][0] = tile;
  });
  ["Al", "2l", "3l", "4l"].forEach((tile, r) => {
    board[r + 2][8] = tile;
  });
  assert.deepEqual([...colourBonusCells(board)].sort(), ["C1", "D1", "E1", "F1", "G1"]);
});

test("the cells played since the board before", () => {
  const before = empty(5);
  before[2][2] = "5d";
  const after = before.map((row) => [...row]);
  after[2][3] = "Tl";
  after[3][2] = "Kd";
  assert.deepEqual([...newCells(before, after)].sort(), ["C4", "D3"]);
  assert.deepEqual([...newCells(after, after)], []);
});

test("a play is staged from the rack: the first tile not yet used of each written rank and colour", () => {
  const rack = ["5d", "6d", "5d", "Kl", "6l"];
  const staged = stageFromRack(rack, { type: "play_tiles", cells: ["g7", "H7", "I7"], tiles: ["5d", "9=6d", "5d"] });
  assert.deepEqual(staged, [
    { rackIndex: 0, tile: "5d", value: "5", cell: "G7" },
    { rackIndex: 1, tile: "6d", value: "9", cell: "H7" },
    { rackIndex: 2, tile: "5d", value: "5", cell: "I7" },
  ]);
  assert.deepEqual(stagedAction(staged), {
    type: "play_tiles",
    cells: ["G7", "H7", "I7"],
    tiles: ["5d", "9=6d", "5d"],
  });
  assert.throws(
    () => stageFromRack(rack, { cells: ["A1", "A2"], tiles: ["Kl", "Kl"] }),
    /you hold no Kl: your rack is 5d 6d 5d Kl 6l/,
  );
});

test("a preview's lines name each hand and bonus with its points", () => {
  const lines = previewLines({
    events: [
      { type: "hand", name: "G7 across", words: "fifteen two", points: 2 },
      { type: "bonus", kind: "first play", points: 10 },
      { type: "other", words: "ignored", points: 1 },
    ],
  });
  assert.deepEqual(lines, ["G7 across: fifteen two (2)", "first play (10)"]);
  assert.deepEqual(previewLines({}), []);
});

test("the status line and whose play it is", () => {
  const name = (seat) => ["You", "Computer"][seat];
  const board = empty(5);
  const mine = { observation: { seat: 0, current_player: 0, phase: "play", board, centre: "C3" }, legal: [] };
  assert.equal(isMyPlay(mine), true);
  assert.match(tilesStatus(mine, name), /the first play covers the centre C3/);
  board[2][2] = "5d";
  assert.match(tilesStatus(mine, name), /drag tiles to the board/);
  const theirs = { observation: { ...mine.observation, current_player: 1 }, legal: [] };
  assert.equal(isMyPlay(theirs), false);
  assert.equal(tilesStatus(theirs, name), "Computer is thinking\u2026");
  assert.equal(
    tilesStatus({ ...mine, legal: [{ type: "declare", points: 0 }] }, name),
    "Declare what your play scores.",
  );
  assert.equal(tilesStatus({ ...mine, result: { winner: 0 } }, name), "The game is over.");
  assert.equal(isMyPlay({ ...mine, result: { winner: 0 } }), false);
  assert.deepEqual(rackSizesText({ seat: 0, rack_sizes: [5, 1] }, name), ["Computer: 1 tile"]);
});

test("a puzzle's play is laid on the board as its tiles, passing over the tiles there", () => {
  const board = empty(9);
  board[8][3] = "3l";
  const staged = stagedOfMove("A9 across Ad 2d 4l (3l) Kl", board);
  assert.deepEqual(
    [...staged],
    [
      ["A9", "Ad"],
      ["B9", "2d"],
      ["C9", "4l"],
      ["E9", "Kl"],
    ],
  );
  assert.equal(stagedOfMove("exchange 5d", board).size, 0);
  assert.equal(stagedOfMove("A9 across (5d) Kl", board).size, 0); // not this board's play
  assert.equal(stagedOfMove(null, board).size, 0);
});

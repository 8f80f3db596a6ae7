import assert from "node:assert/strict";
import { test } from "node:test";

import {
  isOver,
  isPractice,
  localDay,
  optionKind,
  optionLabel,
  optionValue,
  PRACTICE_NOTE,
  savedLine,
  targetOf,
  serverDate,
  shownUnfinished,
  sortGames,
  splitSaved,
  typedSeed,
  UNFINISHED_SHOWN,
} from "../../src/cribkit/web/static/logic/lobby.js";

test("the four games come first in their order, any other after them as it came", () => {
  const games = ["solitaire", "chess", "tiles", "classic", "go", "tabletop"].map((name) => ({ name }));
  assert.deepEqual(
    sortGames(games).map((g) => g.name),
    ["classic", "tabletop", "tiles", "solitaire", "chess", "go"],
  );
  assert.equal(games[0].name, "solitaire", "the list given is not changed");
});

test("each option gets the control its values need, and the value read back has its type", () => {
  assert.equal(optionKind({ name: "muggins", default: false, choices: [false, true] }), "boolean");
  assert.equal(optionKind({ name: "joker", default: true }), "boolean");
  assert.equal(optionKind({ name: "target", default: 121, choices: [61, 121] }), "choice");
  assert.equal(optionKind({ name: "board_size", default: 13 }), "number");
  assert.equal(optionKind({ name: "first_lines", default: "rows" }), "text");
  assert.equal(optionValue("boolean", true), true);
  assert.equal(optionValue("choice", "61"), 61);
  assert.equal(optionValue("choice", '"king"'), "king");
  assert.equal(optionValue("number", "9"), 9);
  assert.equal(optionValue("text", "rows"), "rows");
  assert.equal(optionLabel({ name: "manual_counting" }), "manual counting");
});

test("saved games: unfinished to resume, finished to replay", () => {
  const saved = [
    { id: "a", status: "playing" },
    { id: "b", status: "finished" },
    { id: "c", status: "playing" },
  ];
  const { unfinished, finished } = splitSaved(saved);
  assert.deepEqual(
    unfinished.map((g) => g.id),
    ["a", "c"],
  );
  assert.deepEqual(
    finished.map((g) => g.id),
    ["b"],
  );
  assert.equal(
    savedLine({ mode: "ai", ai: "medium", scores: [61, 40] }, "today"),
    "vs medium \u00b7 61\u201340 \u00b7 today",
  );
  assert.equal(savedLine({ mode: "hotseat", scores: [] }, ""), "hot-seat \u00b7  \u00b7 ");
  // The winner's peg in the game hole, the target read from the spec.
  assert.equal(
    savedLine({ mode: "ai", ai: "easy", game: "classic", spec: "classic", scores: [101, 122] }, "today"),
    "vs easy \u00b7 101\u2013121 \u00b7 today",
  );
  assert.equal(
    savedLine({ mode: "ai", ai: "easy", game: "classic", spec: "classic:target=61", scores: [62, 30] }, ""),
    "vs easy \u00b7 61\u201330 \u00b7 ",
  );
  assert.equal(targetOf({ game: "tiles", spec: "tiles:players=2" }), null);
  assert.equal(
    savedLine({ mode: "table", ai: "expert", scores: [12, 30] }, "today"),
    "with friends \u00b7 12\u201330 \u00b7 today",
  );
});

test("the server's times: seconds since 1970, milliseconds or ISO text", () => {
  assert.equal(serverDate(1700000000).getTime(), 1700000000000);
  assert.equal(serverDate(1700000000000).getTime(), 1700000000000);
  assert.equal(serverDate("2024-01-02T03:04:05Z").getTime(), Date.UTC(2024, 0, 2, 3, 4, 5));
  assert.equal(serverDate("soon"), null);
  assert.equal(serverDate(""), null);
  assert.equal(serverDate(null), null);
});

test("a saved game is tagged practice only when the server says so, and the tag says why", () => {
  assert.equal(isPractice({ practice: true }), true);
  assert.equal(isPractice({ practice: false }), false);
  assert.equal(isPractice({}), false, "a row from an older server");
  assert.match(PRACTICE_NOTE, /undo used or seed chosen/);
  assert.match(PRACTICE_NOTE, /kept out of the statistics/);
});

test("abandoned games are over; only the newest unfinished games are listed until all are asked for", () => {
  const saved = [
    { id: "x", status: "abandoned" },
    ...Array.from({ length: UNFINISHED_SHOWN + 2 }, (_, i) => ({ id: `p${i}`, status: "playing" })),
  ];
  const { unfinished, finished } = splitSaved(saved);
  assert.deepEqual(
    finished.map((g) => g.id),
    ["x"],
  );
  assert.equal(isOver({ status: "abandoned" }), true);
  assert.equal(isOver({ status: "playing" }), false);
  const few = shownUnfinished(unfinished, false);
  assert.equal(few.shown.length, UNFINISHED_SHOWN);
  assert.equal(few.shown[0].id, "p0");
  assert.equal(few.more, 2);
  assert.deepEqual(shownUnfinished(unfinished, true).more, 0);
});

test("the daily deal is the player's own date; a typed seed is a whole number or nothing", () => {
  assert.equal(localDay(new Date(2026, 11, 1, 23, 59)), "2026-12-01");
  assert.equal(localDay(new Date(2027, 0, 9, 0, 1)), "2027-01-09");
  assert.equal(typedSeed(""), null);
  assert.equal(typedSeed("  "), null);
  assert.equal(typedSeed(" 42 "), 42);
  assert.equal(typedSeed("20261201"), 20261201);
  assert.equal(typedSeed("-3"), undefined);
  assert.equal(typedSeed("seven"), undefined);
  assert.equal(typedSeed("1.5"), undefined);
});

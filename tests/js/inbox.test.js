import assert from "node:assert/strict";
import { test } from "node:test";

import {
  challengeText,
  challengesAfter,
  gameWords,
  poolWords,
  waitedText,
} from "../../src/cribkit/web/static/logic/inbox.js";

test("a game's spec reads as players name it", () => {
  assert.equal(gameWords("classic"), "Classic to 121");
  assert.equal(gameWords("classic:target=61"), "Classic to 61");
  assert.equal(gameWords("tiles"), "Cribbage Tiles");
  assert.equal(gameWords("classic:players=3,target=61"), "Classic cribbage (players 3, target 61)");
  assert.equal(poolWords({ pool: "classic", best_of: 3 }), "Classic to 121, best of 3");
  assert.equal(poolWords({ pool: "tabletop", best_of: 1 }), "Table Top");
});

test("the time waited reads as a clock", () => {
  assert.deepEqual([0, 7.9, 90, 605].map(waitedText), ["0:00", "0:07", "1:30", "10:05"]);
});

test("a challenge arrives once, first, and goes when taken or cancelled", () => {
  const first = { kind: "challenge", from: "Ann", code: "a", spec: "classic", rated: "classic" };
  let list = challengesAfter([], first);
  list = challengesAfter(list, { kind: "challenge", from: "Bob", code: "b", spec: "tiles" });
  list = challengesAfter(list, first);
  assert.deepEqual(
    list.map((c) => c.code),
    ["a", "b"],
  );
  assert.equal(challengeText(list[0]), "Ann challenges you: Classic to 121, rated");
  assert.equal(challengeText(list[1]), "Bob challenges you: Cribbage Tiles");
  assert.deepEqual(challengesAfter(list, { kind: "gone", code: "a" }), [list[1]]);
  assert.deepEqual(challengesAfter(list, { kind: "paired", id: "g" }), list);
});

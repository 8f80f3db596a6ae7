import assert from "node:assert/strict";
import { test } from "node:test";

import { betterText, coachText, costText } from "../../src/cribkit/web/static/logic/coach.js";

const name = (seat) => (seat === 0 ? "You" : "Computer");

test("a cost is said in points of expectation or of win chance", () => {
  assert.equal(costText(1.1749, "points"), "1.17 points");
  assert.equal(costText(1.001, "points"), "1.00 point");
  assert.equal(costText(0.052, "win"), "5.2 points of win chance");
});

test("the better choice in short: a lay-away's cards alone", () => {
  assert.equal(betterText("lay away 2♦ 10♥, keep 2♠ 5♣ 6♦ 7♥: hand 6.2 + crib 5.1 (your crib)"), "2♦ 10♥");
  assert.equal(betterText("play 5♦: fifteen for 2"), "play 5♦");
  assert.equal(betterText(undefined), "");
});

test("the coach's message in the table's words", () => {
  const message = {
    type: "coach",
    verdict: "mistake",
    cost: 1.1712,
    unit: "points",
    best: { words: "lay away 2d Th, keep 2s 5c 6d 7h: hand 6.20 + crib 5.10 (your crib)" },
    words: "lay away 2d 2s, keep 5c 6d 7h Th; best 2♦ 10♥, 1.17 points better",
  };
  assert.equal(
    coachText(message, name),
    "Mistake (1.17 points): 2♦ 10♥ was better. Lay away 2♦ 2♠, keep 5♣ 6♦ 7♥ 10♥; best 2♦ 10♥, 1.17 points better",
  );
  assert.match(
    coachText({ ...message, unit: "win", cost: 0.09, verdict: "blunder" }, name),
    /^Blunder \(9\.0 points of win chance\)/,
  );
});

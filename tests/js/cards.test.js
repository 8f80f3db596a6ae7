import assert from "node:assert/strict";
import { test } from "node:test";

import { cardLabel, cardName, isRed, parseCard, rankLabel } from "../../src/cribkit/web/static/logic/cards.js";

test("a card text is read in either case, with 10 as T", () => {
  assert.deepEqual(parseCard("5h"), { rank: "5", suit: "h" });
  assert.deepEqual(parseCard("td"), { rank: "T", suit: "d" });
  assert.deepEqual(parseCard("10S"), { rank: "T", suit: "s" });
  assert.deepEqual(parseCard("qC"), { rank: "Q", suit: "c" });
});

test("anything else is not a card", () => {
  for (const text of ["", "1h", "11h", "5x", "h5", "5hh", null]) {
    assert.throws(() => parseCard(text), /is not a card/, String(text));
  }
});

test("cards are written short with their suit symbol, and named in words", () => {
  assert.equal(rankLabel("T"), "10");
  assert.equal(rankLabel("K"), "K");
  assert.equal(cardLabel("5h"), "5\u2665");
  assert.equal(cardLabel("Tc"), "10\u2663");
  assert.equal(cardName("Ad"), "ace of diamonds");
  assert.equal(cardName("Js"), "jack of spades");
  assert.equal(cardName("Th"), "ten of hearts");
});

test("hearts and diamonds are red", () => {
  assert.deepEqual(["5h", "5d", "5c", "5s"].map(isRed), [true, true, false, false]);
});

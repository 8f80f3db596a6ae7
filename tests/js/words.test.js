import assert from "node:assert/strict";
import { test } from "node:test";

import {
  formatNumber,
  gameTitle,
  plural,
  pointsText,
  possessive,
  scoresText,
  seatNamer,
  sentence,
} from "../../src/cribkit/web/static/logic/words.js";

test("points are words up to ten, figures above, and one point is singular", () => {
  assert.equal(pointsText(0), "zero points");
  assert.equal(pointsText(1), "one point");
  assert.equal(pointsText(2), "two points");
  assert.equal(pointsText(10), "ten points");
  assert.equal(pointsText(12), "12 points");
  assert.equal(pointsText(-1), "minus one point");
  assert.equal(pointsText(-13), "minus 13 points");
});

test("plurals, possessives, scores and sentences", () => {
  assert.equal(plural(1, "tile"), "1 tile");
  assert.equal(plural(0, "tile"), "0 tiles");
  assert.equal(plural(5, "card"), "5 cards");
  assert.equal(possessive("You"), "Your");
  assert.equal(possessive("Computer"), "Computer's");
  assert.equal(scoresText([61, 52]), "61 \u2013 52");
  assert.equal(scoresText([84]), "84");
  assert.equal(scoresText(undefined), "");
  assert.equal(sentence("fifteen two"), "Fifteen two.");
  assert.equal(sentence(""), "");
  assert.equal(sentence(undefined), "");
});

test("numbers to a number of places, a dash for none", () => {
  assert.equal(formatNumber(4.25), "4.3");
  assert.equal(formatNumber(4, 2), "4.00");
  assert.equal(formatNumber(null), "\u2014");
  assert.equal(formatNumber(undefined), "\u2014");
});

test("games have titles; an unknown one keeps its name", () => {
  assert.equal(gameTitle("classic"), "Cribbage");
  assert.equal(gameTitle("tiles"), "Cribbage Tiles");
  assert.equal(gameTitle("chess"), "chess");
});

test("seats are named for who sits there", () => {
  const ai = seatNamer("ai", [0], 2);
  assert.deepEqual([ai(0), ai(1), ai(null)], ["You", "Computer", ""]);
  const four = seatNamer("ai", [0], 4);
  assert.deepEqual([0, 1, 2, 3].map(four), ["You", "Computer 1", "Computer 2", "Computer 3"]);
  const hotseat = seatNamer("hotseat", [0, 1], 2);
  assert.deepEqual([hotseat(0), hotseat(1)], ["Player 1", "Player 2"]);
  const colours = seatNamer("ai", [0, 1], 2, { solitaire: true });
  assert.deepEqual([colours(0), colours(1)], ["Dark", "Light"]);
});

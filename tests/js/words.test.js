import assert from "node:assert/strict";
import { test } from "node:test";

import {
  formatNumber,
  gameTitle,
  listWords,
  plural,
  pointsText,
  possessive,
  pegged,
  peggedText,
  readable,
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
  // No peg passes the game hole: the winner's stops in it, the statistics keep the count.
  assert.equal(scoresText([101, 122], 121), "101 \u2013 121");
  assert.equal(scoresText([152, 80], 121), "121 \u2013 80");
  assert.equal(scoresText([61, 52], 61), "61 \u2013 52");
  assert.equal(scoresText([122, 101]), "122 \u2013 101");
  // Table Top scores both sides at a deal's end: one peg in the hole, the other just before.
  assert.deepEqual(pegged([130, 125], 121), [121, 120]);
  assert.deepEqual(pegged([125, 130], 121), [120, 121]);
  assert.deepEqual(pegged([84], undefined), [84]);
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
  assert.deepEqual([0, 1, 2, 3].map(four), ["You", "Computer 1", "Partner", "Computer 2"]);
  const three = seatNamer("ai", [0], 3);
  assert.deepEqual([0, 1, 2].map(three), ["You", "Computer 1", "Computer 2"]);
  const hotseat = seatNamer("hotseat", [0, 1], 2);
  assert.deepEqual([hotseat(0), hotseat(1)], ["Player 1", "Player 2"]);
  const colours = seatNamer("ai", [0, 1], 2, { solitaire: true });
  assert.deepEqual([colours(0), colours(1)], ["Dark", "Light"]);
});

test("engine lines read in the table's words: names, verbs, suit symbols", () => {
  const name = (seat) => ["You", "Computer"][seat];
  assert.equal(readable("seat 0 plays 5d for 3", name), "You play 5\u2666 for 3");
  assert.equal(readable("seat 1 says go", name), "Computer says go");
  assert.equal(readable("seat 0 is dealt 3s 4c Th Qs", name), "You are dealt 3\u2660 4\u2663 10\u2665 Q\u2660");
  assert.equal(readable("seat 0: one for the go (one point)", name), "You: one for the go (one point)");
  assert.equal(
    readable("deal 1: seat 1 deals; seat 0 scores the rows, seat 1 the columns", name),
    "Deal 1: Computer deals; you score the rows, Computer the columns",
  );
  // A clock's notice, heard by every seat: the seat that ran out reads it of itself.
  const notice = "seat 0's clock ran out: the computer played for seat 0";
  assert.equal(readable(notice, name), "Your clock ran out: the computer played for you");
  assert.equal(
    readable(notice, (seat) => ["Ann", "You"][seat]),
    "Ann's clock ran out: the computer played for Ann",
  );
  assert.equal(readable("Well played. seat 0 deals", name), "Well played. You deal");
  assert.equal(readable("it is seat 1's turn, not seat 0's", name), "It is Computer's turn, not yours");
  assert.equal(readable("seat 0 passes and exchanges Al 2l", name, { cards: false }), "You pass and exchange Al 2l");
  assert.equal(
    readable("seat 1 has Kd left (minus ten points)", name, { cards: false }),
    "Computer has Kd left (minus ten points)",
  );
  assert.equal(readable("", name), "");
});

test("the win's sentence with the scores as pegged", () => {
  const win = { type: "win", seat: 1, scores: [47, 62], text: "seat 1 wins, 47-62" };
  assert.equal(peggedText(win, 61), "seat 1 wins, 47-61");
  assert.equal(peggedText(win, null), "seat 1 wins, 47-62");
  assert.equal(peggedText({ ...win, scores: [47, 61], text: "seat 1 wins, 47-61" }, 61), "seat 1 wins, 47-61");
  assert.equal(
    peggedText({ type: "peg", scores: [62, 0], text: "seat 0 plays 5h for 15" }, 61),
    "seat 0 plays 5h for 15",
  );
});

test("items in words: one, two joined by and, more with commas", () => {
  assert.equal(listWords([]), "");
  assert.equal(listWords(["Ann"]), "Ann");
  assert.equal(listWords(["Ann", "Bob"]), "Ann and Bob");
  assert.equal(listWords(["Ann", "Bob", "Cy"]), "Ann, Bob and Cy");
});

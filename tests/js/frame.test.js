import assert from "node:assert/strict";
import { test } from "node:test";

import {
  coverWords,
  hintTable,
  keysLine,
  hasMoved,
  hintValue,
  mergeEvents,
  practiceUndoQuestion,
  publicEvents,
  resultHeadline,
  scoreChips,
  scoredEntries,
  scoreSource,
  seatsOf,
  seatToShow,
  skunkText,
  undoTitle,
} from "../../src/cribkit/web/static/logic/frame.js";

const name = (seat) => ["You", "Computer 1", "Partner", "Computer 2"][seat];

test("the seats of the tokens, in numeric order", () => {
  assert.deepEqual(seatsOf({ 1: "b", 0: "a" }), [0, 1]);
  assert.deepEqual(seatsOf({ 10: "x", 2: "y", 1: "z" }), [1, 2, 10]);
});

test("a seat's log: a full state replaces it, any other follows it", () => {
  const known = [{ type: "deal" }];
  const more = { events: [{ type: "peg" }] };
  assert.deepEqual(mergeEvents(known, more, false), [{ type: "deal" }, { type: "peg" }]);
  assert.deepEqual(mergeEvents(known, more, true), [{ type: "peg" }]);
  assert.deepEqual(mergeEvents(undefined, {}, false), []);
  assert.deepEqual(known, [{ type: "deal" }], "the old log is not changed");
});

test("the screen stays on a seat that may act, else passes to one that may", () => {
  const acting = { legal: [{ type: "pass" }] };
  const waiting = { legal: [] };
  const states = new Map([
    [0, waiting],
    [1, acting],
  ]);
  assert.equal(seatToShow([0, 1], states, null), 1);
  assert.equal(seatToShow([0, 1], states, 0), 1);
  assert.equal(seatToShow([0, 1], states, 1), 1);
  const nobody = new Map([
    [0, waiting],
    [1, waiting],
  ]);
  assert.equal(seatToShow([0, 1], nobody, null), 0);
  assert.equal(seatToShow([0, 1], nobody, 1), 1, "nobody may act: the screen stays");
  const over = new Map([
    [0, { legal: [{ type: "pass" }], result: { winner: 0 } }],
    [1, waiting],
  ]);
  assert.equal(seatToShow([0, 1], over, 1), 1, "a finished game passes nothing on");
});

test("score chips: one per side, partners joined, the side to play marked", () => {
  const chips = scoreChips({ scores: [40, 52], sides: [0, 1, 0, 1], current_player: 2, target: 121 }, name);
  assert.deepEqual(chips, [
    { side: 0, label: "You & Partner", score: 40, active: true, target: 121 },
    { side: 1, label: "Computer 1 & Computer 2", score: 52, active: false, target: 121 },
  ]);
  const solo = scoreChips({ scores: [84], current_player: 0 }, name);
  assert.deepEqual(solo, [{ side: 0, label: "Total", score: 84, active: true, target: null }]);
  // Laying away together: every side with a seat still to lay away is to play.
  const laying = scoreChips({ scores: [3, 5], current_player: 0 }, name, [0, 1]);
  assert.deepEqual(
    laying.map((c) => c.active),
    [true, true],
  );
  const two = scoreChips({ scores: [3, 5], current_player: null }, name);
  assert.deepEqual(
    two.map((c) => [c.label, c.active]),
    [
      ["You", false],
      ["Computer 1", false],
    ],
  );
});

test("the scoring list: the last scores first, with who, where from and why", () => {
  const events = [
    { type: "deal", text: "deal 1" },
    { type: "peg", seat: 0, points: 2, words: "fifteen two" },
    { type: "line", seat: 1, points: 4, words: "a run of four", line: "row 2" },
    { type: "penalty", seat: 1, points: -2, text: "a penalty" },
    { type: "muggins", seat: 0, points: 0, words: "nothing missed" },
  ];
  assert.deepEqual(scoredEntries(events, name), [
    { points: "0", who: "You", source: "muggins", why: "nothing missed" },
    { points: "-2", who: "Computer 1", source: "", why: "a penalty" },
    { points: "+4", who: "Computer 1", source: "row 2", why: "a run of four" },
    { points: "+2", who: "You", source: "play", why: "fifteen two" },
  ]);
  assert.equal(scoredEntries(events, name, 2).length, 2);
  // A go said scores nothing and is not listed; the point for the go is.
  const goes = [
    { type: "say_go", seat: 1, points: 0, words: "go", text: "seat 1 says go" },
    { type: "go", seat: 0, points: 1, words: "one for the go" },
  ];
  assert.deepEqual(
    scoredEntries(goes, name).map((entry) => entry.source),
    ["go"],
  );
  // A sentence of the engine's is said in the table's words (Tiles: the tiles as written).
  const left = { type: "deduct", seat: 0, points: -11, text: "seat 0 has Ad 3l 7l left (minus eleven points)" };
  assert.deepEqual(scoredEntries([left], name, 6, { cards: false }), [
    { points: "-11", who: "You", source: "tiles left", why: "You have Ad 3l 7l left (minus eleven points)" },
  ]);
  // Words that only repeat the source are left to the tag.
  assert.deepEqual(scoredEntries([{ type: "go", seat: 1, points: 1, words: "one for the go" }], name), [
    { points: "+1", who: "Computer 1", source: "go", why: "" },
  ]);
});

test("every score names its source, in every game", () => {
  const source = (event) => scoreSource(event);
  // Classic: the play, the go, the last card, his heels, the hand, the crib, manual counting.
  assert.equal(source({ type: "peg", count: 31, words: "thirty-one for two" }), "play");
  assert.equal(source({ type: "go", words: "one for the go" }), "go");
  assert.equal(source({ type: "last_card" }), "last card");
  assert.equal(source({ type: "heels", starter: "Jd" }), "his heels");
  assert.equal(source({ type: "show", cards: ["5h"], words: "fifteen two, and one for his nobs" }), "hand");
  assert.equal(source({ type: "crib" }), "crib");
  assert.equal(source({ type: "declare", kind: "peg" }), "declared for the play");
  assert.equal(source({ type: "declare", kind: "crib" }), "declared for the crib");
  assert.equal(source({ type: "muggins", kind: "show" }), "muggins on the hand");
  // Classic's private deal scores nothing and names nothing.
  assert.equal(source({ type: "hand", cards: ["5h"] }), "");
  // Table Top: the row or column; his heels.
  assert.equal(source({ type: "line", line: "column E" }), "column E");
  // Tiles: the crib hand on the board, a bonus, the tiles left, a Joker call.
  assert.equal(source({ type: "hand", line: "G7-H7", tiles: [1, 2] }), "crib hand G7-H7");
  assert.equal(source({ type: "bonus", kind: "first" }), "bonus");
  assert.equal(source({ type: "deduct", tiles: [3] }), "tiles left");
  assert.equal(source({ type: "joker", other: 0 }), "Joker");
  // Solitaire: hand, crib, heels, the last four cards.
  assert.equal(source({ type: "last_hand" }), "last four cards");
});

test("the result's headline, for the player and for two at one screen", () => {
  const humans = [0];
  assert.equal(resultHeadline("classic", { winner: 0 }, { mode: "ai", humans, name }), "You win!");
  assert.equal(resultHeadline("classic", { winner: 1 }, { mode: "ai", humans, name }), "Computer 1 wins");
  assert.equal(resultHeadline("classic", { winners: [0, 2] }, { mode: "ai", humans, name }), "You win!");
  const players = (seat) => `Player ${seat + 1}`;
  assert.equal(
    resultHeadline("classic", { winner: 1 }, { mode: "hotseat", humans: [0, 1], name: players }),
    "Player 2 wins",
  );
  assert.equal(
    resultHeadline("classic", { winners: [0, 2] }, { mode: "hotseat", humans: [0, 1, 2, 3], name: players }),
    "Player 1 & Player 3 win",
  );
  // Partners who beat the player win together; a spectator's page names every winner.
  assert.equal(
    resultHeadline("classic", { winners: [1, 3] }, { mode: "table", humans, name }),
    "Computer 1 & Computer 2 win",
  );
  assert.equal(
    resultHeadline("classic", { winners: [0, 2] }, { mode: "watch", humans: [-1], name: players }),
    "Player 1 & Player 3 win",
  );
  assert.equal(
    resultHeadline("classic", { winner: 1 }, { mode: "watch", humans: [-1], name: players }),
    "Player 2 wins",
  );
  assert.equal(resultHeadline("tabletop", { tie: true }, { mode: "ai", humans, name }), "A tie");
  assert.equal(
    resultHeadline("solitaire", { total: 121, rating: "great" }, { mode: "ai", humans, name }),
    "121 points: great!",
  );
  assert.equal(
    resultHeadline("solitaire", { scores: [95], rating: "good" }, { mode: "ai", humans, name }),
    "95 points: past the skunk line",
  );
  assert.equal(
    resultHeadline("solitaire", { scores: [60], rating: "poor" }, { mode: "ai", humans, name }),
    "60 points: short of the skunk line",
  );
  // The skunk cheers the winner, not the one skunked; a spectator reads it plainly.
  const ai = { game: "classic", mode: "ai", humans: [0] };
  assert.equal(skunkText({ skunk: "skunk", winner: 0 }, ai), "A skunk!");
  assert.equal(skunkText({ skunk: "double skunk", winner: 0 }, ai), "A double skunk!");
  assert.equal(skunkText({ skunk: "skunk", winner: 1 }, ai), "You were skunked.");
  assert.equal(skunkText({ skunk: "double skunk", winners: [1, 3] }, ai), "You were double skunked.");
  assert.equal(skunkText({ skunk: "skunk", winner: 1 }, { ...ai, mode: "watch", humans: [-1] }), "A skunk.");
  assert.equal(skunkText({}, ai), null);
  // Solitaire: short of the skunk line by how much, never "A skunk!"
  const solitaire = { game: "solitaire", mode: "ai", humans: [0] };
  assert.equal(
    skunkText({ skunk: "skunk", total: 88, scores: [88], winner: 0 }, solitaire),
    "Skunked: 3 points short of 91.",
  );
  assert.equal(skunkText({ skunk: "skunk", total: 90, winner: 0 }, solitaire), "Skunked: 1 point short of 91.");
  assert.equal(skunkText({ skunk: "", total: 95, winner: 0 }, solitaire), null);
});

test("the hint table: headings in words, the best six rows, numbers to two places", () => {
  const row = (net) => ({
    discard: ["5h", "Jd"],
    keep: ["2c", "3c", "4c", "Tc"],
    hand: 9.24,
    hand_min: 6,
    hand_max: 16,
    pegging: -0.4,
    crib: 5.81,
    value: net,
  });
  const table = hintTable([row(8.456), row(7), row(6), row(5), row(4), row(3), row(2)]);
  assert.deepEqual(table.headings, ["lay away", "keep", "hand", "peg", "crib", "value"]);
  assert.equal(table.rows.length, 6);
  assert.deepEqual(table.rows[0], [
    "5\u2665\u00a0J\u2666",
    "2\u2663\u00a03\u2663 4\u2663\u00a010\u2663",
    "9.24",
    "-0.40",
    "5.81",
    "8.46",
  ]);
  assert.equal(hintTable([]), null);
  assert.equal(hintTable(undefined), null);
  assert.equal(hintValue("x"), "x");
});

test("under the hot-seat cover the log keeps only the public events, in order", () => {
  const events = [
    { type: "deal", seat: 0, text: "deal 1: seat 0 deals" },
    {
      type: "hand",
      seat: 0,
      private: true,
      cards: ["Ad", "As", "7c", "7d", "9h", "Th"],
      text: "seat 0 is dealt Ad As",
    },
    { type: "hand", seat: 1, private: true, card_count: 6, text: "seat 1 is dealt 6 cards" },
    { type: "lay_away", seat: 1, private: true, card_count: 2, text: "seat 1 lays away 2 cards" },
    { type: "starter", text: "the starter is 5h" },
  ];
  const shown = publicEvents(events);
  assert.deepEqual(
    shown.map((event) => event.type),
    ["deal", "starter"],
  );
  assert.ok(!JSON.stringify(shown).includes("Ad"), "no card of a hand");
  assert.equal(events.length, 5, "the log itself is not changed");
  assert.deepEqual(publicEvents(undefined), []);
});

test("the hot-seat cover names the player to take the device", () => {
  const passed = coverWords(1, false);
  assert.equal(passed.heading, "Pass the device to Player 2");
  assert.equal(passed.button, "I am Player 2: show my hand");
  assert.match(passed.status, /Player 2/);
  assert.equal(coverWords(0, true).heading, "Player 1 starts");
});

test("whether a seat has moved: one of its own moves in its log, not a deal or a count", () => {
  const dealt = [{ type: "cut" }, { type: "deal", seat: 1 }, { type: "hand", seat: 0 }];
  assert.equal(hasMoved(dealt, 0), false);
  assert.equal(hasMoved([...dealt, { type: "discard", seat: 1 }], 0), false, "the computer's move");
  assert.equal(hasMoved([...dealt, { type: "discard", seat: 0 }], 0), true);
  assert.equal(hasMoved([{ type: "place", seat: 0 }], 0), true);
  assert.equal(hasMoved(undefined, 0), false);
});

test("the undo button's title says what it does, or why it is disabled", () => {
  const state = (fields) => ({ game: "classic", seat: 0, result: null, can_undo: false, ...fields });
  const moved = [
    { type: "discard", seat: 0 },
    { type: "starter", seat: 1 },
  ];
  const names = (seat) => ["You", "Computer"][seat];
  const played = [...moved, { type: "peg", seat: 0, text: "seat 0 plays 5d for 20" }, { type: "peg", seat: 1 }];
  assert.equal(
    undoTitle(state({ can_undo: true }), { mode: "ai", events: played, name: names }),
    "Undo (U) takes back your last move (you play 5\u2666 for 20) and the computer's replies.",
  );
  // A practice undo says what it goes back past, and what becomes of the game.
  assert.equal(
    undoTitle(state({ can_undo: true, undo_past: "seat 1 plays Kd for 30" }), {
      mode: "ai",
      events: played,
      name: names,
    }),
    "Undo (U) takes back your last move (you play 5\u2666 for 20) and the computer's replies. It goes back past " +
      "what you have seen (Computer plays K\u2666 for 30): the same cards come again, and the game becomes practice.",
  );
  assert.match(undoTitle(state({}), { mode: "hotseat", events: moved, name: names }), /hot-seat/);
  assert.match(undoTitle(state({ result: { winner: 0 } }), { mode: "ai", events: moved }), /game is over/);
  assert.match(undoTitle(state({}), { mode: "ai", events: [{ type: "deal", seat: 1 }] }), /^Nothing to undo yet/);
  const past = undoTitle(state({}), { mode: "ai", events: moved });
  assert.match(past, /only to before anything hidden was shown/);
  assert.match(past, /the starter/);
  assert.match(undoTitle(state({ game: "solitaire" }), { mode: "ai", events: moved }), /the next hand/);
  assert.match(undoTitle(state({ game: "other" }), { mode: "ai", events: moved }), /something hidden/);
});

test("an abandoned game's headline: the one who left, and the others told who won and why", () => {
  const name = (seat) => ["Ann", "Bob"][seat];
  const left = { winners: [1], abandoned: { seats: [0] } };
  assert.equal(resultHeadline("classic", left, { mode: "ai", humans: [0], name }), "Game abandoned");
  assert.equal(resultHeadline("classic", left, { mode: "table", humans: [1], name }), "You won: Ann left the game");
  assert.equal(
    resultHeadline("solitaire", { winners: [], abandoned: { seats: [0] } }, { mode: "ai", humans: [0], name }),
    "Game abandoned",
  );
  assert.equal(resultHeadline("classic", left, { mode: "watch", humans: [0], name }), "Bob won: Ann left the game");
});

test("the keys line names the keys that work in each game", () => {
  assert.equal(
    keysLine("classic", { hints: true, undo: true }),
    "Keys: H hint \u00b7 U undo \u00b7 M sound \u00b7 1-6 pick cards \u00b7 Enter plays",
  );
  // Table Top has cells, not cards to pick; a table of people has no hint and no undo.
  assert.equal(keysLine("tabletop", {}), "Keys: M sound \u00b7 arrows move between open cells \u00b7 Enter places");
  assert.doesNotMatch(keysLine("tabletop", { hints: true }), /pick cards/);
  assert.match(keysLine("tiles", { hints: true }), /^Keys: H hint \u00b7 M sound \u00b7 1-5 pick tiles/);
  assert.match(keysLine("solitaire", { hints: true, undo: true }), /Enter lays away$/);
});

test("the page asks before the first undo past what was seen, and only then", () => {
  const state = (fields) => ({ can_undo: true, undo_past: "the starter is 5s", practice: false, ...fields });
  assert.match(practiceUndoQuestion(state({})), /becomes a practice game/);
  assert.equal(practiceUndoQuestion(state({ practice: true })), null, "practice already: no need to ask");
  assert.equal(practiceUndoQuestion(state({ undo_past: null })), null, "nothing seen: a plain undo");
  assert.equal(practiceUndoQuestion(state({ can_undo: false })), null);
  assert.match(
    undoTitle(
      { game: "classic", seat: 0, result: null, can_undo: true, undo_past: "the starter is 5s" },
      { mode: "ai", events: [], name: String },
    ),
    /past what you have seen \(the starter is 5\u2660\)/,
  );
});

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  bestOfWords,
  bracketGroups,
  columnLink,
  matchView,
  roundLabel,
} from "../../src/cribkit/web/static/logic/bracket.js";

/** A match as GET /api/events/ID draws it. */
function match(id, bracket, round, first, second, more = {}) {
  return { id, bracket, round, first, second, seeds: [null, null], winner: null, games: [], needless: false, ...more };
}

/** A game of the event, played (`scores`) or being played. */
function game(number, first, second, scores = null) {
  return { number, round: 1, first, second, id: `g${number}`, result: scores ? { scores, skunk: "" } : null };
}

// A single elimination of five (drawn for eight: byes to the three top seeds), its first match
// of two players decided, the second round being played.
const SINGLE = {
  seeds: ["Ann", "Bob", "Cal", "Dee", "Eve"],
  best_of: 1,
  champion: null,
  matches: [
    match(1, "winners", 1, "Ann", null, { seeds: [1, 8], winner: "Ann" }),
    match(2, "winners", 1, "Dee", "Eve", { seeds: [4, 5], winner: "Eve", games: [1] }),
    match(3, "winners", 1, "Bob", null, { seeds: [2, 7], winner: "Bob" }),
    match(4, "winners", 1, "Cal", null, { seeds: [3, 6], winner: "Cal" }),
    match(5, "winners", 2, "Ann", "Eve", { games: [3] }),
    match(6, "winners", 2, "Bob", "Cal", { games: [2] }),
    match(7, "winners", 3, "?", "?"),
  ],
};

test("a single elimination's rounds are columns named from the final back", () => {
  const groups = bracketGroups(SINGLE, "single");
  assert.equal(groups.length, 1);
  assert.equal(groups[0].title, null);
  const columns = groups[0].columns;
  assert.deepEqual(
    columns.map((c) => c.label),
    ["Quarter-finals", "Semi-finals", "Final"],
  );
  assert.deepEqual(
    columns.map((c) => c.matches.map((m) => m.id)),
    [[1, 2, 3, 4], [5, 6], [7]],
  );
  assert.deepEqual(
    columns.map((c, i) => columnLink(c, columns[i + 1])),
    ["pairs", "pairs", null],
  );
  assert.equal(roundLabel("winners", 1, 5, false), "Round 1");
  assert.equal(roundLabel("winners", 1, 1, false), "Final");
});

test("a match's sides: seeds, byes, players to come, the winner and the games' scores", () => {
  const games = [game(1, "Eve", "Dee", [61, 40]), game(2, "Bob", "Cal", null), game(3, "Ann", "Eve", null)];
  const bye = matchView(SINGLE.matches[0], SINGLE, games);
  assert.equal(bye.state, "bye");
  assert.deepEqual(
    bye.sides.map((s) => [s.text, s.seed, s.kind, s.won]),
    [
      ["Ann", 1, "player", true],
      ["bye", null, "bye", false],
    ],
  );
  assert.equal(bye.words, "Ann: a bye");
  // The game's first player is the match's second: each side's own score.
  const decided = matchView(SINGLE.matches[1], SINGLE, games);
  assert.equal(decided.state, "decided");
  assert.deepEqual(
    decided.sides.map((s) => [s.text, s.seed, s.won, s.scores.map((x) => x.value)]),
    [
      ["Dee", 4, false, [40]],
      ["Eve", 5, true, [61]],
    ],
  );
  assert.equal(decided.words, "Eve beat Dee, 61 to 40");
  // A later round: the seeds are the players' own; a game being played has no score yet.
  const playing = matchView(SINGLE.matches[5], SINGLE, games);
  assert.equal(playing.state, "playing");
  assert.deepEqual(
    playing.sides.map((s) => [s.seed, s.scores.map((x) => x.value)]),
    [
      [2, [null]],
      [3, [null]],
    ],
  );
  assert.equal(playing.words, "Bob v Cal, being played");
  const final = matchView(SINGLE.matches[6], SINGLE, games);
  assert.equal(final.state, "waiting");
  assert.deepEqual(
    final.sides.map((s) => [s.text, s.kind, s.seed]),
    [
      ["to come", "unknown", null],
      ["to come", "unknown", null],
    ],
  );
});

test("a best-of-3 match is won in games", () => {
  const bracket = {
    seeds: ["Hal", "Bob", "Ann", "Fay"],
    best_of: 3,
    champion: "Bob",
    matches: [match(1, "winners", 1, "Hal", "Fay", { seeds: [1, 4], winner: "Fay", games: [13, 15, 17] })],
  };
  const games = [game(13, "Hal", "Fay", [62, 54]), game(15, "Hal", "Fay", [57, 61]), game(17, "Fay", "Hal", [65, 56])];
  const view = matchView(bracket.matches[0], bracket, games);
  assert.deepEqual(
    view.sides.map((s) => [s.text, s.won, s.scores.map((x) => `${x.value}${x.won ? "*" : ""}`)]),
    [
      ["Hal", false, ["62*", "57", "56"]],
      ["Fay", true, ["54", "61*", "65*"]],
    ],
  );
  assert.equal(view.words, "Fay beat Hal, 2 games to 1");
  assert.equal(bestOfWords(3), "Matches are best of 3 games");
  assert.equal(bestOfWords(1), "Each match is one game");
});

test("a double elimination: the winners', the losers' and the final's groups; a deciding match not needed", () => {
  const bracket = {
    seeds: ["Ann", "Bob", "Cal", "Dee"],
    best_of: 1,
    champion: "Ann",
    matches: [
      match(1, "winners", 1, "Ann", "Dee", { winner: "Ann", games: [1] }),
      match(2, "winners", 1, "Bob", "Cal", { winner: "Bob", games: [2] }),
      match(3, "winners", 2, "Ann", "Bob", { winner: "Ann", games: [3] }),
      match(4, "losers", 1, "Dee", "Cal", { winner: "Cal", games: [4] }),
      match(5, "losers", 2, "Cal", "Bob", { winner: "Bob", games: [5] }),
      match(6, "final", 1, "Ann", "Bob", { winner: "Ann", games: [6] }),
      match(7, "decider", 1, "Ann", null, { needless: true }),
      match(8, "losers", 1, null, null),
    ],
  };
  const groups = bracketGroups(bracket, "double");
  assert.deepEqual(
    groups.map((g) => [g.kind, g.title, g.columns.map((c) => c.label)]),
    [
      ["winners", "Winners' bracket", ["Round 1", "Winners' final"]],
      ["losers", "Losers' bracket", ["Round 1", "Losers' final"]],
      ["finals", "Final", ["Final", "Deciding match"]],
    ],
  );
  const [, losers, finals] = groups;
  assert.deepEqual(
    losers.columns[0].matches.map((m) => m.id),
    [4, 8],
  );
  assert.equal(columnLink(losers.columns[0], losers.columns[1]), "pairs");
  assert.equal(columnLink(finals.columns[0], finals.columns[1]), "straight");
  const decider = matchView(bracket.matches[6], bracket, []);
  assert.equal(decider.state, "needless");
  assert.deepEqual(
    decider.sides.map((s) => [s.text, s.kind, s.won]),
    [
      ["Ann", "player", false],
      ["not needed", "needless", false],
    ],
  );
  assert.equal(decider.words, "Not needed: the final decided it");
  const empty = matchView(bracket.matches[7], bracket, []);
  assert.equal(empty.state, "empty");
  assert.deepEqual(
    empty.sides.map((s) => s.text),
    ["bye", "bye"],
  );
});

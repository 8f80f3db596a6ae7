import assert from "node:assert/strict";
import { test } from "node:test";

import { currentGame, eventWords, gameLine, spreadText } from "../../src/cribkit/web/static/logic/events.js";

test("an event, its spreads and its games in words", () => {
  assert.equal(
    eventWords({ format: "night", options: { games: 9 }, game: "classic" }),
    "Club night of 9 games, Classic to 121",
  );
  assert.equal(
    eventWords({ format: "double", options: { best_of: 3 }, game: "tiles" }),
    "Double elimination, Cribbage Tiles",
  );
  assert.deepEqual([12, -7, 0].map(spreadText), ["+12", "-7", "0"]);
  assert.equal(gameLine({ first: "Ann", second: null }), "Ann: a bye");
  assert.equal(gameLine({ first: "Ann", second: "Bob", result: null }), "Ann v Bob (playing)");
  assert.equal(
    gameLine({ first: "Ann", second: "Bob", result: { scores: [121, 98] }, awarded: true }),
    "Ann 121 - 98 Bob (awarded)",
  );
});

test("the game a player plays now", () => {
  const event = {
    games: [
      { first: "Ann", second: "Bob", id: "g1", result: { scores: [121, 90] } },
      { first: "Cal", second: "Ann", id: "g2", result: null },
    ],
  };
  assert.equal(currentGame(event, "Ann"), "g2");
  assert.equal(currentGame(event, "Bob"), null);
});

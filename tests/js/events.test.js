import assert from "node:assert/strict";
import { test } from "node:test";

import {
  bestOfChoices,
  currentGame,
  eventWords,
  gameLine,
  listedLine,
  newEventBody,
  percent,
  registrationBody,
  replayable,
  revealedSeeds,
  spreadText,
} from "../../src/cribkit/web/static/logic/events.js";

test("an event, its spreads and its games in words", () => {
  assert.equal(
    eventWords({ format: "night", options: { games: 9 }, game: "classic" }),
    "Club night of 9 games, Classic to 121",
  );
  assert.equal(
    eventWords({ format: "double", options: { best_of: 3 }, game: "tiles" }),
    "Double elimination, best of 3, Cribbage Tiles",
  );
  assert.equal(
    eventWords({ format: "qualifier", options: { games: 12, cut: 0.25, best_of: 3 }, game: "classic:target=61" }),
    "Qualifier and playoff of 12 games, the top 25% on, best of 3, Classic to 61",
  );
  assert.equal(
    eventWords({ format: "night", options: { games: 3, duplicate: true }, game: "classic" }),
    "Club night of 3 games, duplicate deals, Classic to 121",
  );
  assert.deepEqual([0.25, 0.125, 1 / 3].map(percent), ["25%", "12.5%", "33.3%"]);
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

test("a duplicate night's games are replayed once their round is over, its seeds shown then", () => {
  const played = { round: 1, id: "g1", result: { scores: [121, 90] } };
  const later = { round: 2, id: "g3", result: { scores: [121, 80] } };
  assert.equal(replayable(played, {}), true);
  assert.equal(replayable({ ...played, result: null }, {}), false);
  const event = {
    rounds: [
      { round: 1, over: true, seed: "fair1:ab" },
      { round: 2, over: false, seed: null },
    ],
  };
  assert.equal(replayable(played, event), true);
  assert.equal(replayable(later, event), false);
  assert.deepEqual(revealedSeeds(event), [{ round: 1, over: true, seed: "fair1:ab" }]);
  assert.deepEqual(revealedSeeds({}), []);
});

test("a registration by code, or by a public event's id", () => {
  assert.deepEqual(registrationBody("KX7P2Q", "e1"), { code: "KX7P2Q" });
  assert.deepEqual(registrationBody(null, "e1"), { event: "e1" });
});

test("a new event's body carries only its format's options", () => {
  const fields = {
    name: "Cup",
    game: "classic",
    games: "5",
    cutPercent: "50",
    bestOf: "5",
    duplicate: true,
    season: "  Winter  ",
    listed: true,
    starts: 100,
  };
  assert.deepEqual(newEventBody({ ...fields, format: "qualifier" }), {
    name: "Cup",
    game: "classic",
    format: "qualifier",
    options: { games: 5, cut: 0.5, best_of: 5 },
    starts: 100,
    public: true,
  });
  assert.deepEqual(newEventBody({ ...fields, format: "night" }).options, { games: 5, duplicate: true });
  assert.equal(newEventBody({ ...fields, format: "night" }).season, "Winter");
  assert.deepEqual(newEventBody({ ...fields, format: "double", listed: false }), {
    name: "Cup",
    game: "classic",
    format: "double",
    options: { best_of: 5 },
    starts: 100,
    public: false,
  });
  assert.equal(newEventBody({ ...fields, format: "night", season: " " }).season, undefined);
  assert.deepEqual(bestOfChoices("qualifier"), [3, 5]);
  assert.deepEqual(bestOfChoices("single"), [1, 3, 5]);
  assert.deepEqual(bestOfChoices("night"), []);
});

test("a public event in the lobby's list", () => {
  const event = { format: "single", options: { best_of: 1 }, game: "tabletop", status: "open", players: 1 };
  assert.equal(listedLine(event), "Single elimination, Table Top \u00b7 registration open \u00b7 1 player");
  assert.equal(listedLine({ ...event, status: "running", players: 6 }).endsWith("being played \u00b7 6 players"), true);
});

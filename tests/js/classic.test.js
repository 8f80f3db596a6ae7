import assert from "node:assert/strict";
import { test } from "node:test";

import {
  classicStatus,
  countTitle,
  declarePrompt,
  hintedCards,
  lastShow,
  playedBefore,
} from "../../src/cribkit/web/static/logic/classic.js";

const name = (seat) => ["You", "Computer"][seat];
const message = (observation, legal = [], result = null) => ({ observation, legal, result });

test("the status line says what to do, and whose turn it is", () => {
  const discard = { phase: "discard", to_lay_away: 2, crib_owner: 1, current_player: 0 };
  assert.equal(
    classicStatus(message(discard, [{ type: "discard", cards: ["5h", "5d"] }]), name),
    "Lay away 2 cards to Computer's crib.",
  );
  assert.equal(
    classicStatus(message({ ...discard, to_lay_away: 1, crib_owner: 0 }, [{ type: "discard" }]), name),
    "Lay away one card to your crib.",
  );
  assert.equal(classicStatus(message(discard), name), "Waiting for the other lay-aways\u2026");
  const play = { phase: "play", count: 17, current_player: 1 };
  assert.equal(
    classicStatus(message(play, [{ type: "play", card: "4h" }]), name),
    "Your turn to play: the count is 17.",
  );
  assert.equal(classicStatus(message(play), name), "Computer to play; the count is 17.");
  const show = { phase: "show", current_player: 0 };
  assert.equal(
    classicStatus(message(show, [{ type: "declare", points: 4 }]), name),
    "Count your points and declare them.",
  );
  assert.match(classicStatus(message(show, [{ type: "pass_muggins" }]), name), /^Muggins\?/);
  assert.equal(classicStatus(message({ ...show, current_player: 1 }), name), "Waiting for Computer\u2026");
  assert.equal(classicStatus(message(play, [], { winner: 0 }), name), "The game is over.");
});

test("the show stays on the table after the deal's counts, and while the next deal is laid away", () => {
  const events = [
    { type: "deal", deal: 0 },
    { type: "show", seat: 1, points: 4 },
    { type: "show", seat: 0, points: 6 },
    { type: "crib", seat: 0, points: 2 },
    { type: "deal", deal: 1 },
  ];
  const laying = lastShow(events, { deal: 1, phase: "discard" });
  assert.deepEqual(
    laying.events.map((e) => [e.type, e.seat]),
    [
      ["show", 1],
      ["show", 0],
      ["crib", 0],
    ],
  );
  assert.equal(laying.deal, 0);
  // Once the play of the next deal begins, the old show goes.
  assert.deepEqual(lastShow(events, { deal: 1, phase: "play" }).events, []);
  // A show of this deal.
  const later = [...events, { type: "peg" }, { type: "show", seat: 0, points: 8 }];
  const now = lastShow(later, { deal: 1, phase: "show" });
  assert.deepEqual(
    now.events.map((e) => e.points),
    [8],
  );
  assert.equal(now.deal, 1);
  assert.deepEqual(lastShow([{ type: "deal" }], { deal: 0, phase: "discard" }).events, []);
});

test("the cards played before this count are those played but not on the pile", () => {
  const observation = {
    pile: ["5h", "Kd"],
    played: [
      [0, "9c"],
      [1, "8d"],
      [0, "5h"],
      [1, "Kd"],
    ],
  };
  assert.deepEqual(playedBefore(observation), ["9c", "8d"]);
  assert.deepEqual(playedBefore({}), []);
});

test("counted hands are titled by whose they are", () => {
  assert.equal(countTitle({ type: "show" }, "You"), "Your hand");
  assert.equal(countTitle({ type: "crib" }, "Computer"), "Computer's crib");
  assert.equal(countTitle({ type: "last_hand" }, "You"), "Last hand");
});

test("a declare box asks for the claim's kind, showing the last four cards of a pegging claim", () => {
  const cards = ["Ah", "2h", "3h", "4h", "5h"];
  assert.deepEqual(declarePrompt({ kind: "peg", cards }), {
    text: "Declare the points of your card:",
    cards: ["2h", "3h", "4h", "5h"],
  });
  assert.deepEqual(declarePrompt({ kind: "crib", cards: ["Ah"] }), { text: "Declare the crib:", cards: ["Ah"] });
  assert.deepEqual(declarePrompt({}), { text: "Declare the hand:", cards: null });
});

test("a hint marks the cards of its action", () => {
  assert.deepEqual(hintedCards({ type: "discard", cards: ["5h", "Jd"] }), ["5h", "Jd"]);
  assert.deepEqual(hintedCards({ type: "play", card: "7c" }), ["7c"]);
  assert.deepEqual(hintedCards({ type: "go" }), []);
  assert.deepEqual(hintedCards(null), []);
});

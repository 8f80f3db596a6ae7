import assert from "node:assert/strict";
import { test } from "node:test";

import { endSound, SOUNDS, soundsFor } from "../../src/cribkit/web/static/logic/sounds.js";

const peg = (points = 0, seat = 0) => ({ type: "peg", seat, points, cards: ["5h"], count: 5 });

test("a card laid sounds once however many were laid, and its points sound after it", () => {
  assert.deepEqual(soundsFor({}, [peg(), peg(0, 1)]), ["card"]);
  assert.deepEqual(soundsFor({}, [peg(2)]), ["card", "points"]);
  // Points of the show, the go, his heels: pegged without a card laid.
  assert.deepEqual(soundsFor({}, [{ type: "show", seat: 1, points: 8 }]), ["points"]);
  assert.deepEqual(soundsFor({}, [{ type: "go", seat: 0, points: 1 }]), ["points"]);
});

test("every game's card-laying events sound a card: a discard, the starter, a placement, tiles", () => {
  for (const type of ["discard", "starter", "place", "turn_up", "play", "exchange"])
    assert.deepEqual(soundsFor({}, [{ type, seat: 0, points: 0 }]), ["card"], type);
  // A deal, a hand dealt, a notice of the table: nothing laid, nothing heard.
  assert.deepEqual(soundsFor({}, [{ type: "deal" }, { type: "hand", points: 0 }, { type: "notice", text: "x" }]), []);
});

test("a go, and a pass in Tiles, sound a go; nothing scored sounds no points", () => {
  assert.deepEqual(soundsFor({}, [{ type: "say_go", seat: 1, points: 0 }, peg()]), ["card", "go"]);
  assert.deepEqual(soundsFor({}, [{ type: "pass", seat: 0, points: 0 }]), ["go"]);
  // A rack deducted at the end of Tiles takes points away: that is not a peg.
  assert.deepEqual(soundsFor({}, [{ type: "deduct", seat: 0, points: -6 }]), []);
});

test("a state drawn again (no new events) is silent, even a finished game's", () => {
  const finished = { result: { winner: 0, winners: [0], scores: [121, 90] } };
  assert.deepEqual(soundsFor(finished, [], { humans: [0] }), []);
  assert.deepEqual(soundsFor(finished, undefined, { humans: [0] }), []);
});

test("the game's last event sounds a win for a winner at the screen, a loss otherwise", () => {
  const result = { winner: 1, winners: [1, 3], scores: [100, 121] };
  const events = [peg(2, 3), { type: "win", seat: 3, points: 0 }];
  assert.deepEqual(soundsFor({ result }, events, { humans: [3] }), ["card", "win"]);
  assert.deepEqual(soundsFor({ result }, events, { humans: [1] }), ["card", "win"]);
  assert.deepEqual(soundsFor({ result }, events, { humans: [0] }), ["card", "loss"]);
  // A spectator hears the end of the game as a win: nobody at that screen lost.
  assert.deepEqual(soundsFor({ result }, events, { humans: [], watching: true }), ["card", "win"]);
});

test("a game abandoned ends without a sound; a win event with no result yet is not the end", () => {
  const abandoned = { result: { abandoned: { seats: [1] }, winners: [0] } };
  assert.deepEqual(soundsFor(abandoned, [{ type: "win", seat: 0, points: 0 }], { humans: [0] }), []);
  assert.deepEqual(soundsFor({}, [{ type: "win", seat: 0, points: 0 }], { humans: [0] }), []);
});

test("Solitaire's end is a win past the skunk line, a loss short of it", () => {
  const end = [{ type: "end", seat: 0, points: 0 }];
  assert.equal(endSound({ rating: "great", winners: [0] }, { humans: [0] }), "win");
  assert.equal(endSound({ rating: "good", winners: [0] }, { humans: [0] }), "win");
  assert.deepEqual(soundsFor({ result: { rating: "skunked", winners: [0] } }, end, { humans: [0] }), ["loss"]);
});

test("the sounds come in one order: the card, the go, the points, the end", () => {
  const events = [{ type: "go", seat: 0, points: 1 }, { type: "say_go", seat: 1, points: 0 }, peg()];
  assert.deepEqual(soundsFor({}, events), ["card", "go", "points"]);
  assert.deepEqual(SOUNDS, ["card", "go", "points", "win", "loss"]);
});

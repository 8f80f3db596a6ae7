import assert from "node:assert/strict";
import { test } from "node:test";

import {
  clampStep,
  cribKnown,
  describeAction,
  eventsUpTo,
  replayNamer,
  resultText,
  seatCount,
  stepMessage,
} from "../../src/cribkit/web/static/logic/replay.js";

const view = (extra = {}) => ({
  game: "classic",
  rules: { players: 2 },
  seat: 1,
  scores: [0, 0],
  result: null,
  ...extra,
});
const replay = {
  game: "classic",
  spec: "classic:target=61",
  seat: 1,
  steps: [
    { action: null, events: [{ type: "cut" }, { type: "deal" }], scores: [0, 0], view: view() },
    {
      action: { type: "discard", seat: 0, cards: ["5h", "Td"] },
      events: [{ type: "discard" }],
      scores: [0, 0],
      view: view(),
    },
    {
      action: { type: "play", seat: 1, card: "Ks" },
      events: [{ type: "peg" }],
      scores: [61, 40],
      view: view({ scores: [61, 40] }),
    },
  ],
  result: { winner: 0, scores: [61, 40], skunk: "skunk" },
};

test("each step is the live game's state message for the replay's seat, with nothing to do", () => {
  const message = stepMessage(replay, 1);
  assert.equal(message.type, "state");
  assert.equal(message.seat, 1);
  assert.equal(message.game, "classic");
  // The seat's view, and (classic) what the record knows of the crib.
  assert.deepEqual(message.observation, { ...replay.steps[1].view, crib_known: { cards: [], faceUp: false } });
  assert.deepEqual(message.legal, []);
  assert.deepEqual(message.events, [{ type: "discard" }]);
  assert.equal(message.result, null);
  assert.equal(message.can_undo, false);
  assert.deepEqual(stepMessage(replay, 2).result, replay.result, "the last step carries the result");
  assert.equal(stepMessage({ ...replay, seat: undefined }, 0).seat, 0);
});

test("the events up to a step, and steps kept within the replay", () => {
  assert.deepEqual(
    eventsUpTo(replay.steps, 1).map((e) => e.type),
    ["cut", "deal", "discard"],
  );
  assert.equal(eventsUpTo(replay.steps, 2).length, 4);
  assert.deepEqual(
    [-1, 0, 2, 3, 99].map((i) => clampStep(i, replay.steps)),
    [0, 0, 2, 2, 2],
  );
});

test("each action in words, by the seat's name", () => {
  const name = replayNamer(replay);
  assert.equal(describeAction(null, name), "The opening: the cut and the deal.");
  assert.equal(describeAction(replay.steps[1].action, name), "Player 1 lays away 5\u2665 10\u2666");
  assert.equal(describeAction(replay.steps[2].action, name), "Player 2 plays K\u2660");
  assert.equal(describeAction({ type: "place", seat: 0, cell: "C3" }, name), "Player 1 places on C3");
  assert.equal(
    describeAction({ type: "play_tiles", seat: 1, tiles: ["5d", "Tl"], cells: ["G7", "H7"] }, name),
    "Player 2 plays 5d Tl on G7 H7",
  );
  assert.equal(describeAction({ type: "exchange", seat: 0, tiles: ["5d"] }, name), "Player 1 exchanges 1 tile");
  assert.equal(describeAction({ type: "pass_muggins", seat: 1 }, name), "Player 2 pass muggins");
  assert.equal(describeAction({ type: "declare", seat: 0, points: 8 }, name), "Player 1 declare 8");
});

test("the seats of a replay, and their names", () => {
  assert.equal(seatCount(replay), 2);
  const four = { steps: [{ view: view({ rules: { players: 4 } }) }] };
  assert.equal(seatCount(four), 4);
  assert.equal(seatCount({ steps: [{ view: { rules: {} } }] }), 1, "Solitaire's rules name no players");
  assert.equal(seatCount({ steps: [] }), 1);
  const colours = replayNamer({ steps: [{ view: { rules: { players: 2, solitaire: true } } }] });
  assert.deepEqual([colours(0), colours(1)], ["Dark", "Light"]);
  assert.equal(resultText(replay.result), "Result: 61 \u2013 40 (skunk)");
  assert.equal(resultText({ scores: [84] }), "Result: 84");
});

test("classic's crib in the replay: laid away face down, then counted face up", () => {
  const events = [
    { type: "deal", seat: 1 },
    { type: "discard", seat: 0, cards: ["5h", "Td"] },
    { type: "discard", seat: 1, card_count: 2 },
  ];
  assert.deepEqual(cribKnown(events), { cards: ["5h", "Td"], faceUp: false });
  const counted = [...events, { type: "crib", seat: 1, cards: ["5h", "Td", "2c", "Kc"], points: 2 }];
  assert.deepEqual(cribKnown(counted), { cards: ["5h", "Td", "2c", "Kc"], faceUp: true });
  // A new deal starts an empty crib.
  assert.deepEqual(cribKnown([...counted, { type: "deal", seat: 0 }]), { cards: [], faceUp: false });
  // The step's message carries it for classic only.
  const message = stepMessage(
    { ...replay, steps: replay.steps.map((step, i) => (i === 1 ? { ...step, events } : step)) },
    1,
  );
  assert.deepEqual(message.observation.crib_known, { cards: ["5h", "Td"], faceUp: false });
  assert.equal(stepMessage({ ...replay, game: "tiles" }, 1).observation.crib_known, undefined);
});

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  byAnother,
  countAt,
  countIndexes,
  drawsOf,
  motionOf,
  PaceQueue,
  showStatus,
  stagedMessage,
} from "../../src/cribkit/web/static/logic/pacing.js";

// A classic state of `seq` in which `current` is to move, with `events`.
const state = (seq, current, events = [], extra = {}) => ({
  type: "state",
  seq,
  game: "classic",
  observation: { seat: 0, current_player: current, scores: [0, 0], hand: ["5h"], hand_counts: [1, 1] },
  legal: current === 0 ? [{ type: "play", card: "5h" }] : [],
  events,
  result: null,
  can_undo: true,
  ...extra,
});
const peg = (seat, card) => ({ type: "peg", seat, cards: ["4c", card], scores: [0, 0] });
const at = (seat, full = false) => ({ seat, full });

test("a state is another seat's move when the seat to move before it is not one of the page's", () => {
  const mine = state(4, 0);
  const theirs = state(5, 1);
  assert.equal(byAnother(theirs, state(6, 0, [peg(1, "9d")]), [0]), true);
  assert.equal(byAnother(mine, state(5, 1, [peg(0, "5h")]), [0]), false);
  // hot-seat: both seats are the page's; a spectator's page plays none
  assert.equal(byAnother(theirs, state(6, 0), [0, 1]), false);
  assert.equal(byAnother(theirs, state(6, 0), [-1]), true);
  // no state before, or the same seq again (somebody sat down): no move
  assert.equal(byAnother(null, state(6, 0), [0]), false);
  assert.equal(byAnother(theirs, state(5, 1), [0]), false);
  // nobody to move before (between deals): no move of anyone's
  assert.equal(byAnother(state(5, null), state(6, 0), [0]), false);
  // laying away together: the seat that could act and no longer can is the one that moved
  const both = { ...state(5, 0), acting: [0, 1] };
  assert.equal(byAnother(both, { ...state(6, 0), acting: [0] }, [0]), true);
  assert.equal(byAnother(both, { ...state(6, 1), acting: [1] }, [0]), false);
});

test("the computer's move waits one pace after the draw before it; the player's own goes at once", () => {
  const queue = new PaceQueue();
  const pace = 750;
  const before = state(4, 0);
  const mine = state(5, 1, [peg(0, "5h")]);
  const answer = state(6, 0, [peg(1, "9d")]);
  queue.push(...drawsOf(mine, at(0), { previous: before, own: [0] }));
  queue.push(...drawsOf(answer, at(0), { previous: mine, own: [0] }));
  // the player's card at once (t=1000), the answer not yet
  assert.deepEqual(
    queue.due(1000, pace).map((d) => d.message.seq),
    [5],
  );
  assert.equal(queue.waiting, true);
  assert.equal(queue.nextAt(pace), 1750);
  assert.deepEqual(queue.due(1749, pace), []);
  assert.deepEqual(
    queue.due(1750, pace).map((d) => d.message.seq),
    [6],
  );
  assert.equal(queue.waiting, false);
  assert.equal(queue.nextAt(pace), null);
});

test("several moves of others are drawn a pace apart; at the instant pace all at once", () => {
  const moves = [state(5, 2, [peg(1, "9d")]), state(6, 0, [peg(2, "Td")])];
  const paced = new PaceQueue();
  paced.push(...drawsOf(moves[0], at(0), { previous: state(4, 1), own: [0] }));
  paced.push(...drawsOf(moves[1], at(0), { previous: moves[0], own: [0] }));
  // nothing drawn for a long time: the first goes at once, the second a pace later
  assert.deepEqual(
    paced.due(10_000, 300).map((d) => d.message.seq),
    [5],
  );
  assert.equal(paced.nextAt(300), 10_300);
  // the speed set to instant meanwhile: the rest goes now
  assert.deepEqual(
    paced.due(10_001, 0).map((d) => d.message.seq),
    [6],
  );
});

test("a full state (a new connection, an undo's reset) jumps: one draw, at once", () => {
  const reset = state(9, 0, [peg(0, "5h")], { reset: true });
  const draws = drawsOf(reset, at(0, true), { previous: state(8, 1), own: [0], stage: true });
  assert.equal(draws.length, 1);
  assert.equal(draws[0].jump, true);
  assert.equal(draws[0].paced, false);
  // what waited for the seat is dropped, another seat's stays
  const queue = new PaceQueue();
  queue.push({ seat: 0, paced: true, group: null }, { seat: 1, paced: true, group: null });
  queue.drop(0);
  assert.deepEqual(
    queue.entries.map((e) => e.seat),
    [1],
  );
});

const show = (type, seat, scores) => ({ type, seat, cards: ["5h", "5c", "5d", "Jh"], starter: "5s", scores });
const lastPlay = state(20, 0, [
  peg(0, "5h"),
  { type: "last_card", seat: 0, scores: [31, 20] },
  show("show", 1, [31, 28]),
  show("show", 0, [60, 28]),
  show("crib", 0, [64, 28]),
  { type: "deal", seat: 1, scores: [64, 28] },
  { type: "hand", seat: 0, cards: ["Ah", "2h", "3h", "4h", "6h", "7h"], scores: [64, 28] },
]);

test("the show is drawn count by count, a pace apart, then the next deal waits to be continued", () => {
  const draws = drawsOf(lastPlay, at(0), { previous: state(19, 0), own: [0], stage: true });
  assert.deepEqual(
    draws.map((d) => (d.events ? d.events.map((e) => e.type).join(",") : "whole")),
    ["peg,last_card,show", "peg,last_card,show,show", "peg,last_card,show,show,crib", "whole"],
  );
  // the player's last card and the first count at once, each further draw at the pace
  assert.deepEqual(
    draws.map((d) => d.paced),
    [false, true, true, true],
  );
  // the last count lays the show out whole; the state after it is held for the player
  assert.deepEqual(
    draws.map((d) => [Boolean(d.complete), Boolean(d.held)]),
    [
      [false, false],
      [false, false],
      [true, false],
      [false, true],
    ],
  );
  // each count's draw knows the state before the show (the deal counted)
  assert.equal(draws[0].before.seq, 19);
  const queue = new PaceQueue();
  queue.push(...draws);
  assert.equal(queue.due(0, 750).length, 1);
  assert.equal(queue.showing, 20);
  assert.equal(queue.holding, false);
  assert.equal(queue.due(750, 750).length, 1);
  // Skip: the rest of the counts at once; the next deal still waits
  assert.deepEqual(
    queue.skip(800).map((d) => (d.events ? d.events.length : "whole")),
    [5],
  );
  assert.equal(queue.holding, true);
  assert.equal(queue.waiting, true);
  assert.deepEqual(queue.skip(900), []);
  // Continue: the next deal at once
  assert.equal(queue.release(), true);
  assert.deepEqual(
    queue.due(901, 750).map((d) => (d.events ? d.events.length : "whole")),
    ["whole"],
  );
  assert.equal(queue.showing, null);
  assert.equal(queue.waiting, false);
  assert.equal(queue.release(), false, "nothing is held any more");
});

test("a show laid out whole holds at every pace, however long, and what comes after it waits too", () => {
  for (const pace of [0, 300, 750, 1400]) {
    const queue = new PaceQueue();
    queue.push(...drawsOf(lastPlay, at(0), { previous: state(19, 0), own: [0], stage: true }));
    // the computer's lay-away of the next deal, heard meanwhile
    const next = state(21, 0, [{ type: "discard", seat: 1, card_count: 2 }]);
    const computerToMove = { ...lastPlay, observation: { ...lastPlay.observation, current_player: 1 } };
    queue.push(...drawsOf(next, at(0), { previous: computerToMove, own: [0], stage: true }));
    const drawn = [];
    for (let now = 0; now <= 60_000; now += 100) drawn.push(...queue.due(now, pace));
    assert.deepEqual(
      drawn.map((d) => (d.complete ? "whole show" : d.message.seq)),
      [20, 20, "whole show"],
      `pace ${pace}`,
    );
    assert.equal(queue.holding, true);
    assert.equal(queue.nextAt(pace), null, "nothing is due by the clock");
    queue.release();
    // the next deal at once, the computer's move a pace after it
    assert.deepEqual(
      queue.due(60_100, pace).map((d) => d.message.seq),
      pace ? [20] : [20, 21],
    );
    if (pace) assert.equal(queue.nextAt(pace), 60_100 + pace);
  }
});

test("a show that ends the game is not held: the result follows it at the pace", () => {
  const won = { ...lastPlay, result: { winner: 0 } };
  const draws = drawsOf(won, at(0), { previous: state(19, 0), own: [0], stage: true });
  assert.deepEqual(
    draws.map((d) => [d.events ? d.events.length : "whole", Boolean(d.held), Boolean(d.complete)]),
    [
      [3, false, false],
      [4, false, false],
      [5, false, false],
      ["whole", false, false],
    ],
  );
});

test("a page's continue is its own: another queue heard the same states still holds", () => {
  const mine = new PaceQueue();
  const theirs = new PaceQueue();
  for (const queue of [mine, theirs]) {
    queue.push(...drawsOf(lastPlay, at(0), { previous: state(19, 0), own: [0], stage: true }));
    queue.due(0, 0);
  }
  mine.release();
  assert.equal(mine.due(1, 0).length, 1);
  assert.equal(mine.holding, false);
  assert.equal(theirs.holding, true);
  assert.deepEqual(theirs.due(1, 0), []);
});

test("a full state drops a held show: the page draws it at once", () => {
  const queue = new PaceQueue();
  queue.push(...drawsOf(lastPlay, at(0), { previous: state(19, 0), own: [0], stage: true }));
  queue.due(0, 0);
  assert.equal(queue.holding, true);
  queue.drop(0);
  assert.equal(queue.holding, false);
  assert.equal(queue.showing, null);
});

test("Table Top's show: his heels and the rows one draw, the columns the next, then held", () => {
  const line = (name, seat, points) => ({ type: "line", line: name, seat, points, scores: [points, 0] });
  const rows = ["row 1", "row 2", "row 3", "row 4", "row 5"].map((name) => line(name, 0, 2));
  const columns = ["column A", "column B", "column C", "column D", "column E"].map((name) => line(name, 1, 4));
  const message = {
    ...state(40, 1, [
      { type: "place", seat: 0, cell: "E5" },
      { type: "heels", seat: 1, points: 2 },
      ...rows,
      ...columns,
    ]),
    game: "tabletop",
  };
  message.events.push({ type: "deal", seat: 0 }, { type: "centre", cards: ["5h"] });
  assert.deepEqual(countIndexes("tabletop", message.events), [6, 11]);
  const draws = drawsOf(message, at(0), { previous: state(39, 0), own: [0], stage: true });
  assert.deepEqual(
    draws.map((d) => [d.events ? d.events.length : "whole", Boolean(d.held)]),
    [
      [7, false],
      [12, false],
      ["whole", true],
    ],
  );
});

test("the status line says the show is being counted, then that it waits for the player", () => {
  assert.equal(showStatus({ game: "classic", staged: true, complete: false }), "The show: counting the hands\u2026");
  assert.match(showStatus({ game: "classic", staged: true, complete: true }), /^The show is counted: continue .*Enter/);
  assert.match(showStatus({ game: "tabletop", staged: true, complete: true }), /^The lines are counted/);
});

test("the computer's last card waits the pace before its show; without stages a show is one draw", () => {
  const draws = drawsOf(lastPlay, at(0), { previous: state(19, 1), own: [0], stage: true });
  assert.equal(draws[0].paced, true);
  assert.equal(drawsOf(lastPlay, at(1), { previous: state(19, 1), own: [0, 1] }).length, 1);
});

test("a count with nothing after it is the state itself, drawn whole", () => {
  const declared = state(30, 1, [show("show", 0, [40, 30])]);
  const draws = drawsOf(declared, at(0), { previous: state(29, 0), own: [0], stage: true });
  assert.equal(draws.length, 1);
  assert.equal(draws[0].events, undefined);
  const two = state(31, 1, [show("show", 1, [40, 40]), show("crib", 1, [40, 44])]);
  const twoDraws = drawsOf(two, at(0), { previous: state(30, 1), own: [0], stage: true });
  assert.deepEqual(
    twoDraws.map((d) => [d.paced, d.events ? d.events.length : "whole"]),
    [
      [true, 1],
      [true, "whole"],
    ],
  );
});

test("the counted kinds are each game's: Tiles' `hand` counts are not a classic show", () => {
  const events = [{ type: "hand" }, { type: "show" }, { type: "last_hand" }];
  assert.deepEqual(countIndexes("classic", events), [1]);
  assert.deepEqual(countIndexes("solitaire", events), [1, 2]);
  assert.deepEqual(countIndexes("tiles", events), []);
});

test("a staged state holds nobody's cards, lets nobody act and shows the scores so far", () => {
  const events = lastPlay.events.slice(0, 3);
  const staged = stagedMessage(lastPlay, events);
  assert.deepEqual(staged.legal, []);
  assert.equal(staged.can_undo, false);
  assert.equal(staged.result, null);
  assert.equal(staged.staged, true);
  assert.deepEqual(staged.observation.hand, []);
  assert.deepEqual(staged.observation.hand_counts, [0, 0]);
  assert.deepEqual(staged.observation.scores, [31, 28]);
  assert.equal(staged.observation.current_player, null);
  // the state itself is untouched
  assert.deepEqual(lastPlay.observation.hand, ["5h"]);
  // the deal counted stays on the table (its dealer, crib and starter), not the next one's
  const next = {
    ...lastPlay,
    observation: { ...lastPlay.observation, dealer: 1, crib_owner: 1, starter: null, deal: 3 },
  };
  const before = { observation: { dealer: 0, crib_owner: 0, starter: "5s", deal: 2 } };
  const kept = stagedMessage(next, events, before).observation;
  assert.deepEqual([kept.dealer, kept.crib_owner, kept.starter, kept.deal], [0, 0, "5s", 2]);
  assert.equal(stagedMessage(next, events).observation.dealer, 1);
  // Solitaire's total is its one score
  const solitaire = { ...lastPlay, game: "solitaire", observation: { total: 10, scores: [10], hand: ["Ah"] } };
  assert.equal(stagedMessage(solitaire, [show("show", 0, [18])]).observation.total, 18);
});

test("a score counts up to the new one over the time given, and is the new one at the end", () => {
  assert.equal(countAt(10, 20, 0, 750), 10);
  const middle = countAt(10, 20, 375, 750);
  assert.ok(middle > 10 && middle < 20, middle);
  assert.equal(countAt(10, 20, 750, 750), 20);
  assert.equal(countAt(10, 20, 5000, 750), 20);
  assert.equal(countAt(10, 20, 0, 0), 20);
});

test("what moved: the card played last and by whom, a hand dealt to this seat, a card placed", () => {
  assert.deepEqual(motionOf([peg(1, "9d")], 0), { played: "9d", mine: false, dealt: false, placed: false });
  assert.equal(motionOf([peg(0, "5h")], 0).mine, true);
  assert.equal(motionOf(lastPlay.events, 0).dealt, true);
  // another seat's hand (its cards hidden) is not this seat's deal
  assert.equal(motionOf([{ type: "hand", seat: 1, card_count: 6 }], 0).dealt, false);
  assert.equal(motionOf([{ type: "deal", seat: 0, cards: ["Ah"] }], 0).dealt, true);
  assert.equal(motionOf([{ type: "place", seat: 1, cell: "B2" }], 0).placed, true);
  assert.deepEqual(motionOf([], 0), { played: null, mine: false, dealt: false, placed: false });
});

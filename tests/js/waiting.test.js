import assert from "node:assert/strict";
import { test } from "node:test";

import {
  COMPUTER_WAIT_MS,
  COMPUTER_WAIT_WORDS,
  ComputerWait,
  computerToMove,
} from "../../src/cribkit/web/static/logic/waiting.js";

const seats = [
  { seat: 0, kind: "person", name: "Ann" },
  { seat: 1, kind: "computer", level: "easy" },
];
const state = (player, extra = {}) => ({
  type: "state",
  observation: { current_player: player },
  table: { seats },
  result: null,
  ...extra,
});

test("the computer is to move when its seat is the current player of a game going on", () => {
  assert.equal(computerToMove(state(1)), true);
  assert.equal(computerToMove(state(0)), false);
  assert.equal(computerToMove(state(null)), false);
  assert.equal(computerToMove(state(1, { result: { winner: 0 } })), false);
  assert.equal(computerToMove(state(1, { table: { seats: [{ seat: 1, kind: "person" }] } })), false);
  assert.equal(computerToMove(null), false);
  // Laying away together: while the person has still to lay away the game waits on her.
  assert.equal(computerToMove(state(0, { acting: [0, 1] })), false);
  assert.equal(computerToMove(state(0, { acting: [1] })), true);
});

/** Timers the test runs by hand. */
function fakeTimers() {
  const pending = new Map();
  let next = 0;
  return {
    pending,
    setTimeout: (callback, delay) => {
      next += 1;
      pending.set(next, { callback, delay });
      return next;
    },
    clearTimeout: (id) => pending.delete(id),
    fire() {
      for (const [id, { callback }] of [...pending]) {
        pending.delete(id);
        callback();
      }
    },
  };
}

test("after 3 s with the computer to move and no new state, the page says it waits", () => {
  const timers = fakeTimers();
  const said = [];
  const wait = new ComputerWait((words) => said.push(words), { timers });
  wait.state(state(1));
  assert.equal([...timers.pending.values()][0].delay, COMPUTER_WAIT_MS);
  assert.equal(COMPUTER_WAIT_MS, 3000);
  timers.fire();
  assert.deepEqual(said, [COMPUTER_WAIT_WORDS]);
});

test("a state that comes in time, or leaves a person to move, says nothing", () => {
  const timers = fakeTimers();
  const said = [];
  const wait = new ComputerWait((words) => said.push(words), { timers });
  wait.state(state(1));
  wait.state(state(0)); // the computer moved: the person's turn
  assert.equal(timers.pending.size, 0);
  wait.state(state(1));
  wait.state(state(1)); // another of its moves: the 3 s start again, once
  assert.equal(timers.pending.size, 1);
  wait.cancel();
  timers.fire();
  assert.deepEqual(said, []);
});

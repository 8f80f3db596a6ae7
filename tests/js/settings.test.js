import assert from "node:assert/strict";
import { test } from "node:test";

import {
  CHOICE_WORDS,
  CHOICES,
  continueAfterMs,
  DEFAULTS,
  formatSettings,
  paceOf,
  parseSettings,
  withChanges,
} from "../../src/cribkit/web/static/logic/settings.js";

test("the defaults are each setting's first choice: normal pace, sound on, the green table", () => {
  assert.equal(DEFAULTS.speed, "normal");
  assert.equal(DEFAULTS.sound, "on");
  assert.equal(DEFAULTS.table, "green");
  assert.deepEqual(Object.keys(DEFAULTS), Object.keys(CHOICES));
});

test("kept settings round-trip, and only what differs from the defaults is kept", () => {
  const settings = withChanges(DEFAULTS, { speed: "slow", deck: "four-colour" });
  assert.equal(formatSettings(settings), '{"speed":"slow","deck":"four-colour"}');
  assert.deepEqual(parseSettings(formatSettings(settings)), settings);
  assert.equal(formatSettings(DEFAULTS), "{}");
});

test("broken or hostile kept text gives the defaults, value by value", () => {
  for (const text of [null, "", "{", "[1,2]", "42", '"x"', "null"]) assert.deepEqual(parseSettings(text), DEFAULTS);
  const mixed = parseSettings('{"speed":"fast","table":"plaid","sound":1,"__proto__":{"x":1},"extra":"y"}');
  assert.deepEqual(mixed, { ...DEFAULTS, speed: "fast" });
});

test("the pace slows from instant to slow", () => {
  const pace = (speed) => paceOf(withChanges(DEFAULTS, { speed }));
  assert.equal(pace("instant"), 0);
  assert.ok(pace("fast") < pace("normal") && pace("normal") < pace("slow"));
});

test("the show waits for the player by default; the setting makes it continue by itself", () => {
  assert.equal(DEFAULTS.continueAfter, "off");
  assert.equal(continueAfterMs(DEFAULTS), null);
  assert.equal(continueAfterMs(withChanges(DEFAULTS, { continueAfter: "10" })), 10_000);
  // a value not among the choices is the default: no continuing by itself
  assert.equal(continueAfterMs(parseSettings('{"continueAfter":"0.001"}')), null);
  assert.equal(CHOICE_WORDS.continueAfter["5"], "After 5 s");
});

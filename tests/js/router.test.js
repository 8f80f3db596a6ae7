import assert from "node:assert/strict";
import { test } from "node:test";

import { parseRoute } from "../../src/cribkit/web/static/logic/router.js";

test("the hash names the page and its argument", () => {
  assert.deepEqual(parseRoute(""), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/"), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/game/abc123"), { page: "game", argument: "abc123" });
  assert.deepEqual(parseRoute("#/replay/upload"), { page: "replay", argument: "upload" });
  assert.deepEqual(parseRoute("#/review/g1"), { page: "review", argument: "g1" });
  assert.deepEqual(parseRoute("#/replay/a%20b"), { page: "replay", argument: "a b" });
  assert.deepEqual(parseRoute("#/stats"), { page: "stats", argument: null });
  assert.deepEqual(parseRoute("#stats"), { page: "stats", argument: null });
  assert.deepEqual(parseRoute("#/account"), { page: "account", argument: null });
  assert.deepEqual(parseRoute("#/player/Ann%20B"), { page: "player", argument: "Ann B" });
  assert.deepEqual(parseRoute("#/puzzle"), { page: "puzzle", argument: null });
  assert.deepEqual(parseRoute("#/puzzle/play-001"), { page: "puzzle", argument: "play-001" });
});

test("a page without its argument, or an unknown one, is the lobby", () => {
  assert.deepEqual(parseRoute("#/game"), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/nowhere/x"), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/game/%E0%A4%A"), { page: "game", argument: "%E0%A4%A" });
});

test("an invitation's page and a spectator's", () => {
  assert.deepEqual(parseRoute("#/join/7KQ2-M9XD"), { page: "join", argument: "7KQ2-M9XD" });
  assert.deepEqual(parseRoute("#/link/7KQ2-M9XD"), { page: "account", argument: "7KQ2-M9XD" });
  assert.deepEqual(parseRoute("#/link"), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/event/ab12"), { page: "event", argument: "ab12", code: null });
  assert.deepEqual(parseRoute("#/event/ab12/KX7P2Q"), { page: "event", argument: "ab12", code: "KX7P2Q" });
  assert.deepEqual(parseRoute("#/watch/g1/abc"), { page: "watch", argument: "g1", code: "abc" });
  assert.deepEqual(parseRoute("#/watch/g1/a%2Fb"), { page: "watch", argument: "g1", code: "a/b" });
  assert.deepEqual(parseRoute("#/watch/g1"), { page: "lobby", argument: null });
  assert.deepEqual(parseRoute("#/join"), { page: "lobby", argument: null });
});

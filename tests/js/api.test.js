import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import { api, errorMessage, recordLink } from "../../src/cribkit/web/static/api.js";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A fetch that answers `status` with `body` and records what it was asked. */
function answer(status, body) {
  const calls = [];
  globalThis.fetch = async (path, init) => {
    calls.push({ path, init });
    return { ok: status < 400, status, text: async () => body };
  };
  return calls;
}

test("a JSON body is sent as JSON, a text body as it is, and the answer is read as JSON", async () => {
  const calls = answer(200, '{"id": "g1"}');
  assert.deepEqual(await api("POST", "/api/games", { game: "classic" }), { id: "g1" });
  assert.equal(calls[0].path, "/api/games");
  assert.equal(calls[0].init.method, "POST");
  assert.equal(calls[0].init.headers["content-type"], "application/json");
  assert.equal(calls[0].init.body, '{"game":"classic"}');
  await api("POST", "/api/replay", '{"game": "tiles"}');
  assert.equal(calls[1].init.body, '{"game": "tiles"}');
  await api("GET", "/api/stats");
  assert.equal(calls[2].init.body, undefined);
  answer(204, "");
  assert.equal(await api("DELETE", "/x"), null);
});

test("an error answer raises the server's message", async () => {
  answer(422, '{"error": "bad_record", "message": "action 1 is illegal"}');
  await assert.rejects(api("POST", "/api/replay", "{}"), /action 1 is illegal/);
  answer(422, '{"detail": [{"loc": ["body"]}]}');
  await assert.rejects(api("POST", "/api/games", {}), /\[\{"loc":\["body"\]\}\]/);
  answer(500, "Internal Server Error");
  await assert.rejects(api("GET", "/api/stats"), /GET \/api\/stats: 500/);
  assert.equal(errorMessage({ detail: "Not Found" }), "Not Found");
  assert.equal(errorMessage({}), null);
  assert.equal(errorMessage(null), null);
});

test("a record's link names its file", () => {
  assert.deepEqual(recordLink("classic", "a b"), {
    href: "/api/games/a%20b/record",
    download: "cribkit-classic-a b.json",
  });
});

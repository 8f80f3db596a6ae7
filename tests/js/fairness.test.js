import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";

import {
  COMMITMENT_NOTE,
  commitmentLine,
  commitmentOf,
  firstCommitment,
  isFairSeed,
  seedHash,
  seedText,
  seedWords,
  shortHex,
  verdict,
} from "../../src/cribkit/web/static/logic/fairness.js";
import { sha256Hex, utf8 } from "../../src/cribkit/web/static/logic/sha256.js";

const sha = (text) => createHash("sha256").update(text, "utf8").digest("hex");
const FAIR = `fair1:${"0123456789abcdef".repeat(4)}`;
const COMMIT = sha(FAIR);
const OTHER = sha("7");

test("SHA-256 in the page is node's: empty, one block, two blocks, long and non-ASCII text", () => {
  assert.equal(sha256Hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  assert.equal(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  for (const text of [FAIR, "7", "x".repeat(55), "x".repeat(56), "y".repeat(64), "z".repeat(1000), "é♥𝄞 seed"])
    assert.equal(sha256Hex(text), sha(text), text.slice(0, 20));
  assert.deepEqual(utf8("a\u00e9\u2665\u{1d11e}"), [...Buffer.from("a\u00e9\u2665\u{1d11e}", "utf8")]);
});

test("a seed's text and hash: fair text as it is, whole numbers in decimal, unsafe numbers unknown", () => {
  assert.equal(seedText(FAIR), FAIR);
  assert.equal(seedText(5), "5");
  assert.equal(seedText(2 ** 60), null);
  assert.equal(seedText(undefined), null);
  assert.equal(seedHash(5), sha("5"));
  assert.equal(seedHash(FAIR), COMMIT);
  assert.equal(seedHash(null), null);
  assert.ok(isFairSeed(FAIR));
  assert.ok(!isFairSeed("fair1:abc") && !isFairSeed(5) && !isFairSeed(`${FAIR}0`));
});

test("commitments are compared in lowercase hex; the short form is 12 digits", () => {
  assert.equal(commitmentOf(COMMIT.toUpperCase()), COMMIT);
  assert.equal(commitmentOf("nope"), null);
  assert.equal(commitmentOf(42), null);
  assert.equal(shortHex(COMMIT), `${COMMIT.slice(0, 12)}\u2026`);
  assert.equal(shortHex(null), "");
});

test("the first commitment: the one kept, else the first state's while the game is played", () => {
  assert.deepEqual(firstCommitment(null, { commitment: COMMIT, result: null }), { shown: COMMIT, store: true });
  assert.deepEqual(firstCommitment(OTHER, { commitment: COMMIT, result: null }), { shown: OTHER, store: false });
  // First seen at the end: the page cannot say it was shown before the seed.
  assert.deepEqual(firstCommitment(null, { commitment: COMMIT, result: { scores: [90] } }), {
    shown: null,
    store: false,
  });
  assert.deepEqual(firstCommitment("garbage", {}), { shown: null, store: false });
});

test("the commitment line: the one shown, a warning when it changes, none without one", () => {
  const ok = commitmentLine(COMMIT, COMMIT);
  assert.equal(ok.state, "ok");
  assert.equal(ok.full, COMMIT);
  assert.equal(ok.short, shortHex(COMMIT));
  assert.equal(ok.text, COMMITMENT_NOTE);
  const changed = commitmentLine(COMMIT, OTHER);
  assert.equal(changed.state, "changed");
  assert.match(changed.text, /changed/);
  assert.ok(changed.text.includes(shortHex(COMMIT)) && changed.text.includes(shortHex(OTHER)));
  assert.equal(commitmentLine(null, COMMIT).state, "late");
  assert.equal(commitmentLine(null, undefined).state, "none");
  // A state without one (an older server) changes nothing.
  assert.equal(commitmentLine(COMMIT, undefined).state, "ok");
});

test("the seed's words: fair, a practice seed chosen by the player, an older one", () => {
  assert.match(seedWords(FAIR, false), /^A fair seed/);
  assert.match(seedWords(FAIR, true), /^A fair seed/, "undo makes practice, the seed is still fair");
  assert.equal(
    seedWords("73", true, "daily deal 2026-12-01"),
    "The daily deal of 2026-12-01: the same cards for everyone that day, kept out of the statistics.",
  );
  assert.match(seedWords("7", true, "seed 7 chosen by the player"), /^A practice seed, chosen by the player/);
  assert.match(seedWords(5, true), /practice seed, chosen by the player/);
  assert.match(seedWords(123456, false), /older seed/);
});

const answer = { ok: true, summary: `verified: 7 deals from seed ${FAIR}; commitment ${COMMIT}`, fair: true };
const record = { game: "classic", seed: FAIR, commitment: COMMIT };

test("verified: the server's check, the commitment shown at the start and the seed's hash all agree", () => {
  const found = verdict({ shown: COMMIT, record, answer, shownSeed: FAIR });
  assert.equal(found.verdict, "verified");
  assert.equal(found.headline, "Verified");
  assert.equal(found.problem, null);
  assert.equal(found.lines[0], answer.summary);
  assert.match(found.lines[1], /the one shown at the start/);
  // The commitment as shown may be in any case.
  assert.equal(verdict({ shown: COMMIT.toUpperCase(), record, answer }).verdict, "verified");
});

test("not verified: the server's problem, another commitment, a seed that does not hash to it", () => {
  const refused = verdict({
    shown: COMMIT,
    record,
    answer: {
      ok: false,
      summary: "not verified: deal 1: the deck is not the seed's",
      problem: "deal 1: the deck is not the seed's",
    },
  });
  assert.equal(refused.verdict, "failed");
  assert.equal(refused.headline, "Not verified");
  assert.equal(refused.problem, "deal 1: the deck is not the seed's");
  assert.deepEqual(refused.lines, [], "the summary would say the problem twice");
  // The server verifies a record whose commitment is not the one the page was shown at the start.
  const swapped = verdict({ shown: OTHER, record, answer });
  assert.equal(swapped.verdict, "failed");
  assert.match(swapped.problem, /not the one shown at the start/);
  // A server that says ok about a commitment the seed does not hash to is caught here.
  const lying = verdict({ shown: OTHER, record: { ...record, commitment: OTHER }, answer });
  assert.equal(lying.verdict, "failed");
  assert.match(lying.problem, /worked out in this browser/);
  const otherSeed = verdict({ shown: COMMIT, record, answer, shownSeed: 5 });
  assert.equal(otherSeed.verdict, "failed");
  assert.equal(verdict({ shown: COMMIT, record: { seed: FAIR }, answer }).verdict, "failed");
  assert.equal(verdict({ shown: COMMIT, record, answer: null }).verdict, "failed");
});

test("unconfirmed: the deals check out but the page kept no commitment from the start", () => {
  const found = verdict({ shown: null, record, answer });
  assert.equal(found.verdict, "unconfirmed");
  assert.notEqual(found.headline, "Verified");
  assert.match(found.lines.at(-1), /kept no commitment/);
});

test("not verified: a state of the game carried another commitment, even if the record matches the first", () => {
  const found = verdict({ shown: COMMIT, record, answer, other: OTHER });
  assert.equal(found.verdict, "failed");
  assert.match(found.problem, /another commitment/);
  assert.equal(verdict({ shown: COMMIT, record, answer, other: COMMIT }).verdict, "verified");
});

// The fair deal without the DOM (docs/web.md, "Security"): the commitment the page was shown at
// the start, the seed revealed at the end, and the verdict of "Verify this deal".
import { sha256Hex } from "./sha256.js";

/** The one line under the commitment: what it is. */
export const COMMITMENT_NOTE = "SHA-256 of the seed, fixed before the first card; the seed is shown at the end.";

const HEX = /^[0-9a-f]{64}$/;
const FAIR = /^fair1:[0-9a-f]{64}$/;

/** A commitment as the page compares them (lowercase hex), or null when it is none. */
export function commitmentOf(value) {
  if (typeof value !== "string") return null;
  const hex = value.trim().toLowerCase();
  return HEX.test(hex) ? hex : null;
}

/** The first `length` hex digits of a commitment and an ellipsis ("3fa9c1e07b2d…"). */
export function shortHex(hex, length = 12) {
  if (!hex) return "";
  return hex.length > length ? `${hex.slice(0, length)}\u2026` : hex;
}

/** Whether a seed is a fair one: "fair1:" and 64 hex digits (256 bits of the server's CSPRNG). */
export function isFairSeed(seed) {
  return typeof seed === "string" && FAIR.test(seed);
}

/** The text the commitment hashes: the seed itself, or a whole number in decimal; null if unknown. */
export function seedText(seed) {
  if (typeof seed === "string") return seed;
  // A number past 2^53 was rounded by JSON.parse: its digits are no longer the seed's.
  if (typeof seed === "number" && Number.isSafeInteger(seed)) return String(seed);
  return null;
}

/** The SHA-256 of a seed's text, worked out in the page; null when the seed's text is unknown. */
export function seedHash(seed) {
  const text = seedText(seed);
  return text === null ? null : sha256Hex(text);
}

/**
 * The commitment the page holds to after a state: the one kept from earlier (`stored`), else the
 * message's while the game is still being played (so it was shown before the seed). `store` says
 * whether to keep it; `shown` is null when the page first saw the game after its end.
 */
export function firstCommitment(stored, message) {
  const kept = commitmentOf(stored);
  if (kept) return { shown: kept, store: false };
  const sent = commitmentOf(message && message.commitment);
  if (sent && !message.result) return { shown: sent, store: true };
  return { shown: null, store: false };
}

/**
 * The commitment line of the game page: `state` "ok" (the one shown at the start), "changed" (a
 * later message carries another: a red warning), "late" (first seen at the end) or "none" (the
 * server sends none).
 */
export function commitmentLine(shown, current) {
  const now = commitmentOf(current);
  if (!shown && !now) return { state: "none", short: "", full: "", text: "" };
  if (!shown) {
    return {
      state: "late",
      short: shortHex(now),
      full: now,
      text: "This browser first saw the commitment after the game was over.",
    };
  }
  if (now && now !== shown) {
    return {
      state: "changed",
      short: shortHex(now),
      full: now,
      text: `Warning: the deal commitment changed from ${shortHex(shown)} at the start to ${shortHex(now)}`,
    };
  }
  return { state: "ok", short: shortHex(shown), full: shown, text: COMMITMENT_NOTE };
}

/**
 * What kind of seed a finished game had, in a player's words; `deal` is which deal a practice
 * game's chosen seed is ("daily deal 2026-12-01"), when the server says.
 */
export function seedWords(seed, practice, deal = "") {
  if (isFairSeed(seed)) return "A fair seed: 256 random bits the server drew before the first card.";
  const daily = /^daily deal (\d{4}-\d{2}-\d{2})$/.exec(deal || "");
  if (practice && daily)
    return `The daily deal of ${daily[1]}: the same cards for everyone that day, kept out of the statistics.`;
  if (practice) return "A practice seed, chosen by the player: not a fair deal, and kept out of the statistics.";
  return "An older seed, from before fair deals: not a secret one.";
}

/**
 * The verdict of "Verify this deal": the server's check of the record (`answer` of POST
 * /api/verify) and the page's own, that the record's commitment is the one shown at the start
 * (`shown`), that the seed hashes to it here, and that the seed is the one the page was shown
 * (`shownSeed`), and that no state of the game carried another commitment (`other`). "verified"
 * needs all of them; "unconfirmed" when the page kept no commitment from the start; else
 * "failed", with the first `problem`.
 */
export function verdict({ shown: start, record, answer, shownSeed, other }) {
  const shown = commitmentOf(start);
  const recorded = commitmentOf(record && record.commitment);
  const seed = record ? record.seed : undefined;
  const summary = (answer && answer.summary) || "";
  const local = seedHash(seed);
  const lines = summary ? [summary] : [];
  const failed = (problem) => ({ verdict: "failed", headline: "Not verified", problem, lines });
  // The server's refusal is its problem alone (its summary says the same).
  if (!answer || !answer.ok) {
    const problem = (answer && (answer.problem || answer.summary)) || "the server did not verify it";
    return { verdict: "failed", headline: "Not verified", problem, lines: [] };
  }
  if (!recorded) return failed("the record has no commitment");
  if (shown && recorded !== shown) {
    return failed(
      `the record's commitment ${shortHex(recorded)} is not the one shown at the start of the game, ${shortHex(shown)}`,
    );
  }
  if (local && local !== recorded) {
    return failed(`the seed's SHA-256, worked out in this browser, is ${shortHex(local)}, not the commitment`);
  }
  if (commitmentOf(other) && commitmentOf(other) !== shown) {
    return failed(`a state of the game carried another commitment, ${shortHex(commitmentOf(other))}`);
  }
  if (shownSeed !== undefined && shownSeed !== null && seedText(shownSeed) !== seedText(seed)) {
    return failed("the record's seed is not the one this page was shown at the end");
  }
  if (!shown) {
    return {
      verdict: "unconfirmed",
      headline: "The deals check out",
      problem: null,
      lines: [
        ...lines,
        "This browser kept no commitment from the start of the game: " +
          `compare ${shortHex(recorded)} with the one you saw.`,
      ],
    };
  }
  return {
    verdict: "verified",
    headline: "Verified",
    problem: null,
    lines: [
      ...lines,
      `Its commitment is the one shown at the start (${shortHex(shown)})` +
        (local ? ", and this browser hashed the seed to it too." : "."),
    ],
  };
}

// The coach's words (docs/web.md, "The coach"): what a `coach` message says, in the table's
// words. Pure: no DOM.
import { readable } from "./words.js";

/** What the coach says while the seat wants it and some other person at the table does not. */
export const COACH_WAITING = "Coach: waiting for the others to turn it on";

/**
 * What a decision cost, as the coach says it: "1.17 points" of expectation, or "5.0 points of
 * win chance" (a win-chance cost runs from 0 to 1).
 *
 * >>> costText(1.1749, "points")
 * "1.17 points"
 */
export function costText(cost, unit) {
  if (unit === "win") return `${(100 * cost).toFixed(1)} points of win chance`;
  const shown = cost.toFixed(2);
  return `${shown} point${shown === "1.00" ? "" : "s"}`;
}

/**
 * The better choice in short: the first part of its words, a lay-away's cards alone
 * ("lay away 2♦ 10♥, keep ..." reads "2♦ 10♥").
 */
export function betterText(words) {
  return String(words || "")
    .split(/[,:;]/)[0]
    .replace(/^lay away /i, "")
    .trim();
}

/**
 * The coach's message in the table's words: "Mistake (1.17 points): 2♦ 10♥ was better. Lay away
 * 2♦ 2♠, keep ...". `name(seat)` names the seats as the table does; `cards: false` for Tiles.
 */
export function coachText(message, name, { cards = true } = {}) {
  const verdict = String(message.verdict || "");
  const amount = costText(Number(message.cost) || 0, message.unit);
  const head = `${verdict.charAt(0).toUpperCase()}${verdict.slice(1)} (${amount})`;
  const better = readable(betterText(message.best && message.best.words), name, { cards });
  const why = readable(message.words || "", name, { cards });
  return `${head}: ${better} was better.${why ? ` ${why}` : ""}`;
}

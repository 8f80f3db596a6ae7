// The daily deals (docs/analysis.md, "The daily deal"), without the DOM: which game is one, when
// the classic deal is over, the game to ask for, and the results kept in this browser's history of
// puzzles (the classic deals and the Solitaire deals by date, the days in a row played).
import { previousDay } from "./puzzles.js";

/** Where each daily deal's results are kept in the history, and what its lines call it. */
export const DAILY_KINDS = {
  classic: { key: "deals", name: "Daily deals" },
  solitaire: { key: "solitaire", name: "Daily Solitaire" },
};

/** The date of a daily deal's game ("YYYY-MM-DD", from its table), or null for any other. */
export function dailyDate(message) {
  return DAILY_KINDS[message.game] ? message.table?.daily || null : null;
}

/** A finished daily Solitaire deal's total beside the expert's, as the classic deal's comparison. */
export function solitaireComparison(date, result) {
  const you = result.total;
  const expert = result.expert_total;
  const difference = you - expert;
  let words = "the same as the expert on the same deck";
  if (difference > 0) words = `${difference} points better than the expert on the same deck`;
  if (difference < 0) words = `${-difference} points behind the expert on the same deck`;
  return { date, you, expert, difference, words: `You ${you}, the expert ${expert}: ${words}` };
}

/** Whether the state is past the daily deal: the next deal dealt, or the game over. */
export function dealOver(message) {
  return (message.result !== null && message.result !== undefined) || (message.observation?.deal ?? 0) > 0;
}

/** The body of `POST /api/games` for the day's deal: two players, the standard rules, the expert. */
export function dailyBody(day) {
  return { game: "classic", daily: day, mode: "ai", ai: "expert" };
}

/**
 * The history with a deal's result (`GET /api/games/{id}/daily-deal`'s) kept: one per date, the
 * first played (a second game of the day's deal is played knowing its cards).
 */
export function recordDeal(history, result, game = "classic") {
  const key = DAILY_KINDS[game].key;
  const kept = history[key] || [];
  if (kept.some((deal) => deal.date === result.date)) return history;
  const deal = { date: result.date, you: result.you, expert: result.expert, difference: result.difference };
  const deals = [...kept, deal].sort((a, b) => a.date.localeCompare(b.date));
  // (a year of deals is enough to look back on; local storage is small)
  return { ...history, [key]: deals.slice(-366) };
}

/** The days in a row, up to the last one played, whose deal was played. */
export function dealStreak(history, game = "classic") {
  const dates = new Set((history[DAILY_KINDS[game].key] || []).map((deal) => deal.date));
  const last = [...dates].sort().at(-1);
  let count = 0;
  for (let day = last; day && dates.has(day); day = previousDay(day)) count += 1;
  return count;
}

/** The line of the deals played: "Daily deals: 3 played, 2 at least level with the expert, 2 days in a row". */
export function dealsText(history, game = "classic") {
  const { key, name } = DAILY_KINDS[game];
  const deals = history[key] || [];
  if (!deals.length) return `${name}: none played yet.`;
  const level = deals.filter((deal) => deal.difference >= 0).length;
  const streak = dealStreak(history, game);
  const days = streak === 1 ? "1 day" : `${streak} days`;
  return `${name}: ${deals.length} played, ${level} at least level with the expert, ${days} in a row.`;
}

/**
 * A classic deal's margin against the computer in words, as the server's result says it
 * (analysis/daily_deal.py): "13 points behind the computer", "level with the computer".
 */
export function marginWords(margin) {
  if (!margin) return "level with the computer";
  const size = Math.abs(margin);
  return `${size} point${size === 1 ? "" : "s"} ${margin > 0 ? "ahead of" : "behind"} the computer`;
}

/** Today's line of a daily deal played (`played`: its kept result), or "" when not played. */
export function todayLine(game, played) {
  if (!played) return "";
  if (game !== "classic") return `Today: you ${played.you}, the expert ${played.expert}. `;
  return `Today: you ended the deal ${marginWords(played.you)}, the expert ${marginWords(played.expert)}. `;
}

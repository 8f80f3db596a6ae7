// The daily classic deal (docs/analysis.md, "The daily deal"), without the DOM: which game is one,
// when its deal is over, the game to ask for, and its results kept in this browser's history of
// puzzles (the deals by date, the days in a row played).

/** The date of a daily classic deal's game ("YYYY-MM-DD", from its table), or null for any other. */
export function dailyDate(message) {
  return message.game === "classic" ? message.table?.daily || null : null;
}

/** Whether the state is past the daily deal: the next deal dealt, or the game over. */
export function dealOver(message) {
  return (message.result !== null && message.result !== undefined) || (message.observation?.deal ?? 0) > 0;
}

/** The body of `POST /api/games` for the day's deal: two players, the standard rules, the expert. */
export function dailyBody(day) {
  return { game: "classic", daily: day, mode: "ai", ai: "expert" };
}

function dayBefore(date) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The history with a deal's result (`GET /api/games/{id}/daily-deal`'s) kept: one per date, the
 * first played (a second game of the day's deal is played knowing its cards).
 */
export function recordDeal(history, result) {
  const kept = history.deals || [];
  if (kept.some((deal) => deal.date === result.date)) return history;
  const deal = { date: result.date, you: result.you, expert: result.expert, difference: result.difference };
  const deals = [...kept, deal].sort((a, b) => a.date.localeCompare(b.date));
  // (a year of deals is enough to look back on; local storage is small)
  return { ...history, deals: deals.slice(-366) };
}

/** The days in a row, up to the last one played, whose deal was played. */
export function dealStreak(history) {
  const dates = new Set((history.deals || []).map((deal) => deal.date));
  const last = [...dates].sort().at(-1);
  let count = 0;
  for (let day = last; day && dates.has(day); day = dayBefore(day)) count += 1;
  return count;
}

/** The line of the deals played: "Daily deals: 3 played, 2 at least level with the expert, 2 days in a row". */
export function dealsText(history) {
  const deals = history.deals || [];
  if (!deals.length) return "Daily deals: none played yet.";
  const level = deals.filter((deal) => deal.difference >= 0).length;
  const streak = dealStreak(history);
  const days = streak === 1 ? "1 day" : `${streak} days`;
  return `Daily deals: ${deals.length} played, ${level} at least level with the expert, ${days} in a row.`;
}

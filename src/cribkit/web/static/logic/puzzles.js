// The puzzles page's logic: what an answer is made of, the values table and the streaks kept in
// the browser's local storage (the rules of cribkit.analysis.puzzles.record_answer). No DOM.

/** How many cards a puzzle of `kind` is answered with (0: a cell or a play, not cards). */
export function cardsWanted(kind) {
  if (kind === "lay-away") return 2;
  if (kind === "play") return 1;
  return 0;
}

/**
 * The selection after a click on `card`: a chosen card is let go; a new one is added, the oldest
 * dropped when there are already as many as the puzzle wants.
 */
export function toggleCard(selected, card, want) {
  if (selected.includes(card)) return selected.filter((c) => c !== card);
  const next = [...selected, card];
  return next.length > want ? next.slice(next.length - want) : next;
}

/** The answer to send (as the API reads it), or null while it is not complete. */
export function answerText(kind, selection) {
  const want = cardsWanted(kind);
  if (want) return Array.isArray(selection) && selection.length === want ? selection.join(" ") : null;
  return typeof selection === "string" && selection ? selection : null;
}

/** The verdict's table, best first: [{key, words, value, behind, best, yours}]. */
export function valueRows(verdict) {
  const best = verdict.best_value;
  return (verdict.choices || []).map((choice) => ({
    key: choice.key,
    words: choice.words || choice.key,
    value: choice.value.toFixed(2),
    behind: best - choice.value < 0.005 ? "" : `\u2212${(best - choice.value).toFixed(2)}`,
    best: best - choice.value < 0.005,
    yours: choice.key === verdict.answer,
  }));
}

/** The heading of a verdict: "Right: the best choice." or "Not the best: 1.57 points less (a mistake)." */
export function verdictHeading(verdict) {
  if (verdict.correct) return "Right: the best choice.";
  const name = verdict.verdict === "inaccuracy" ? "an inaccuracy" : `a ${verdict.verdict}`;
  return `Not the best: ${verdict.cost.toFixed(2)} points less (${name}).`;
}

/** A new history: nothing answered yet. */
export function emptyHistory() {
  return { streak: 0, best_streak: 0, daily_streak: 0, last_daily: null, answers: [] };
}

/** The day before `date` ("YYYY-MM-DD"). */
export function previousDay(date) {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The history with a verdict added: right answers in a row (and the best such run), and the days
 * in a row whose daily puzzle was answered right (a missed day or a wrong daily answer starts it
 * again; the day's second answer does not count twice). `date` is "YYYY-MM-DD".
 */
export function recordAnswer(history, verdict, { date, daily = false }) {
  const out = { ...emptyHistory(), ...history };
  out.answers = [...(history.answers || [])];
  out.streak = verdict.correct ? (history.streak || 0) + 1 : 0;
  out.best_streak = Math.max(history.best_streak || 0, out.streak);
  if (daily && history.last_daily !== date) {
    const continued = history.last_daily === previousDay(date) ? history.daily_streak || 0 : 0;
    out.daily_streak = verdict.correct ? continued + 1 : 0;
    out.last_daily = date;
  }
  out.answers.push({ date, puzzle: verdict.puzzle, answer: verdict.answer, correct: verdict.correct, daily });
  // (the newest 500 are enough to look back on; local storage is small)
  if (out.answers.length > 500) out.answers = out.answers.slice(-500);
  return out;
}

/** The history read back from storage text (a new one if there is none or it is not one). */
export function readHistory(text) {
  try {
    const data = JSON.parse(text);
    if (data && typeof data === "object" && Array.isArray(data.answers)) return { ...emptyHistory(), ...data };
  } catch {
    // (not JSON: a new history)
  }
  return emptyHistory();
}

/** The streak line: "Streak 3 (best 5) · daily 2 days". */
export function streakText(history) {
  const days = history.daily_streak === 1 ? "1 day" : `${history.daily_streak} days`;
  return `Streak ${history.streak} (best ${history.best_streak}) \u00b7 daily ${days}`;
}

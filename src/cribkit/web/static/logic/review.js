// The review of a finished game (review.js draws it): the decisions' marks, the two charts'
// series and the alternatives' table, from the analysis (GET /api/games/ID/analysis) and the
// replay's steps. No DOM.

/** What each verdict is called on the page (the analysis names them: docs/analysis.md). */
export const VERDICT_WORDS = {
  best: "best",
  good: "good",
  inaccuracy: "inaccuracy",
  mistake: "mistake",
  blunder: "blunder",
};

const PLURALS = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };

/** A value in its unit: "2.19 points", "54.1% to win". */
export function valueText(value, unit) {
  if (unit === "win") return `${(value * 100).toFixed(1)}% to win`;
  return `${value.toFixed(2)} points`;
}

/** A cost in its unit: "0.93 points", "4.2 percentage points of win chance". */
export function costText(cost, unit) {
  if (unit === "win") return `${(cost * 100).toFixed(1)} percentage points of win chance`;
  return `${cost.toFixed(2)} points`;
}

/** One mark per decision, in the game's order: its position, its verdict and a short label. */
export function timelineMarks(analysis) {
  return analysis.decisions.map((decision, position) => ({
    position,
    index: decision.index,
    phase: decision.phase,
    verdict: decision.verdict,
    label: `${position + 1}. ${decision.phase}: ${VERDICT_WORDS[decision.verdict] || decision.verdict}`,
  }));
}

/** The decision to open first: the costliest (the first of equals), or null when there is none. */
export function worstDecision(analysis) {
  let worst = null;
  analysis.decisions.forEach((decision, position) => {
    const cost = decision.unit === "win" ? decision.cost * 100 : decision.cost;
    if (worst === null || cost > worst.cost) worst = { position, cost };
  });
  return worst === null ? null : worst.position;
}

/**
 * The alternatives of a decision, best first: their words, value, how far below the best and
 * whether it is the one chosen (the analysis gives them best first; the chosen one is found by
 * its action).
 */
export function choiceRows(decision) {
  const chosen = JSON.stringify(decision.chosen.action);
  const best = decision.choices[0]?.value ?? 0;
  return decision.choices.map((choice) => ({
    words: choice.words,
    value: `${valueText(choice.value, decision.unit)}${choice.error ? ` \u00b1 ${choice.error.toFixed(2)}` : ""}`,
    behind: best - choice.value <= 0 ? "" : `\u2212${costText(best - choice.value, decision.unit)}`,
    chosen: JSON.stringify(choice.action) === chosen,
    best: choice === decision.choices[0],
  }));
}

/** The verdict of a decision in a sentence: what was chosen, and what was better by how much. */
export function verdictSentence(decision) {
  const name = VERDICT_WORDS[decision.verdict] || decision.verdict;
  if (decision.verdict === "best") return `Best: ${decision.chosen.words}.`;
  const cost = costText(decision.cost, decision.unit);
  return `${name[0].toUpperCase()}${name.slice(1)} (${cost}): better was ${decision.best.words}.`;
}

/** The count of a classic play in words, from the seat's view at that moment; "" elsewhere. */
export function countWords(view, phase) {
  if (phase !== "play" || !view || view.count === undefined) return "";
  const pile = view.pile || [];
  if (!pile.length) return "The count was 0: a new count starts with this card.";
  const left = 31 - view.count;
  const cards = `${pile.length} card${pile.length === 1 ? "" : "s"}`;
  return `The count stood at ${view.count} after ${cards}: a card of ${left} or less could be played (to 31).`;
}

/** The score race: for every seat, its score after each step ([step, score] pairs). */
export function scoreSeries(steps) {
  const seats = steps.length ? steps[0].scores.length : 0;
  return Array.from({ length: seats }, (_, seat) => steps.map((step, i) => [i, step.scores[seat]]));
}

/**
 * The expected points lost, cumulated, per seat analysed: [action index, total] pairs from 0 (a
 * decision valued in win chance is not added to points: it is marked apart).
 */
export function lossSeries(analysis) {
  return analysis.seats.map((seat) => {
    let total = 0;
    const points = [[0, 0]];
    for (const decision of analysis.decisions) {
      if (decision.seat !== seat || decision.unit !== "points") continue;
      total += decision.cost;
      points.push([decision.index + 1, Math.round(total * 100) / 100]);
    }
    return points;
  });
}

/** The points of a series in a box of `width` x `height` (y up) for x to `maxX` and y to `maxY`. */
export function polyline(series, width, height, maxX, maxY) {
  const x = (v) => (maxX > 0 ? (v / maxX) * width : 0);
  const y = (v) => height - (maxY > 0 ? (v / maxY) * height : 0);
  return series.map(([a, b]) => `${x(a).toFixed(1)},${y(b).toFixed(1)}`).join(" ");
}

/** The totals of a seat's phases as lines: "play: 25 decisions, 3.21 points lost (3 inaccuracies)". */
export function totalLines(totals) {
  return totals.map((total) => {
    const marked = ["inaccuracy", "mistake", "blunder"]
      .filter((name) => total.verdicts[name])
      .map((name) => `${total.verdicts[name]} ${total.verdicts[name] === 1 ? name : PLURALS[name]}`)
      .join(", ");
    const plural = total.decisions === 1 ? "" : "s";
    const lost = `${costText(total.cost, total.unit)} lost${marked ? ` (${marked})` : ""}`;
    return `${total.phase}: ${total.decisions} decision${plural}, ${lost}`;
  });
}

/** A luck line: "hands: 5 dealt, mean 7.20 against 4.77 expected (90th percentile)". */
export function luckLine(luck) {
  const p = Math.round(luck.percentile);
  const suffix =
    p % 10 === 1 && p !== 11 ? "st" : p % 10 === 2 && p !== 12 ? "nd" : p % 10 === 3 && p !== 13 ? "rd" : "th";
  const means = `mean ${luck.mean.toFixed(2)} against ${luck.expected.toFixed(2)} expected`;
  return `${luck.kind}: ${luck.count} dealt, ${means} (${p}${suffix} percentile)`;
}

/** How many alternatives the table shows before "Show all" (the chosen one is always shown). */
export const SHOWN_CHOICES = 5;

/** The rows shown: every one with `all`, else the best few and the chosen one. */
export function shownRows(rows, all) {
  if (all) return rows;
  return rows.filter((row, i) => i < SHOWN_CHOICES || row.chosen);
}

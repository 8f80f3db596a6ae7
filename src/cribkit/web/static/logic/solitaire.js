// Cribbage Solitaire without the DOM: the status line, the last count, the meter's marks.
/** The skunk line of the total, and the great total. */
export const SKUNK_LINE = 91;
export const GREAT = 121;

/** The status line of the Solitaire table. */
export function solitaireStatus(message) {
  const o = message.observation;
  if (message.result) return "The game is over.";
  return `Round ${Math.min(o.round + 1, o.rounds)} of ${o.rounds}: lay away two cards to the crib.`;
}

/** The hand, crib and last hand of the most recent count (since the last lay-away), in order. */
export function latestCount(events) {
  const counts = [];
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i];
    if (event.type === "discard") break;
    if (["show", "crib", "last_hand"].includes(event.type)) counts.unshift(event);
  }
  return counts;
}

/** How far along the meter a total stands, in percent of 121 (at most 100). */
export function meterPercent(total) {
  return Math.min(100, (total / GREAT) * 100);
}

/** The best possible total of the deal and the share of it made: "Best possible ... (you made 80%)". */
export function bestText(total, best) {
  return `Best possible for this deal: ${best} (you made ${Math.round((total / Math.max(best, 1)) * 100)}%)`;
}

/** The state of each round: counted (with its points), the current one, or to come. */
export function roundStates(observation) {
  const rounds = [];
  for (let round = 0; round < observation.rounds; round += 1) {
    const counted = (observation.counted || []).find((c) => c.round === round);
    const state = counted ? "done" : round === observation.round ? "current" : "";
    rounds.push({ round, state, points: counted ? counted.points : null });
  }
  return rounds;
}

// A player's profile in words and numbers, and the points of a rating chart. No DOM.

/** A pool as players name it. */
export const POOL_NAMES = {
  classic: "Classic to 121",
  "classic-61": "Classic to 61",
  tabletop: "Table Top",
  tiles: "Tiles",
};

/**
 * The points of a rating chart of `history` ([[at, rating, deviation], ...], oldest first) in a
 * box of `width` x `height` with `pad` around: {points: "x,y x,y ...", low, high} (the rating
 * axis from `low` to `high`, widened to 100 points at least).
 */
export function chartPoints(history, width, height, pad) {
  const ratings = history.map((entry) => entry[1]);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < 100) {
    const middle = (high + low) / 2;
    low = middle - 50;
    high = middle + 50;
  }
  const step = history.length > 1 ? (width - 2 * pad) / (history.length - 1) : 0;
  const y = (rating) => pad + ((high - rating) / (high - low)) * (height - 2 * pad);
  const points = ratings.map((rating, i) => `${(pad + i * step).toFixed(1)},${y(rating).toFixed(1)}`).join(" ");
  return { points, low: Math.round(low), high: Math.round(high) };
}

/** The longest winning streak and the hands of note, in words. */
export function milestoneWords(milestones) {
  const words = [];
  const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  if (milestones.hands_29) words.push(plural(milestones.hands_29, "29 hand", "29 hands"));
  if (milestones.hands_28) words.push(plural(milestones.hands_28, "28 hand", "28 hands"));
  if (milestones.skunks_won) words.push(plural(milestones.skunks_won, "skunk", "skunks"));
  if (milestones.double_skunks_won) {
    words.push(plural(milestones.double_skunks_won, "double skunk", "double skunks"));
  }
  if (milestones.longest_winning_streak) words.push(`longest winning streak ${milestones.longest_winning_streak}`);
  return words;
}

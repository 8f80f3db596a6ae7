// The 121-hole board's geometry (four streets of thirty holes in a snake, one lane per side)
// and where the pegs stand. No DOM.

export const HOLE = 13;
export const GROUP_GAP = 8;
export const LEFT = 46;
export const STREET_TOP = 22;
export const LANE = 11;

/** The height of one street of `lanes` lanes. */
export function streetHeight(lanes) {
  return lanes * LANE + 16;
}

/** The board's width and height for `lanes` lanes. */
export function boardSize(lanes) {
  return { width: LEFT + 30 * HOLE + 5 * GROUP_GAP + 16, height: STREET_TOP + 4 * streetHeight(lanes) + 12 };
}

/** Centre of hole `n` (0 = the start, 1-120 on the streets, 121 the game hole) in lane `lane`. */
export function holePosition(n, lane, lanes) {
  const width = 30 * HOLE + 5 * GROUP_GAP;
  if (n <= 0) return { x: LEFT - 24, y: STREET_TOP + lane * LANE };
  if (n >= 121) {
    const y = STREET_TOP + 3 * streetHeight(lanes) + ((lanes - 1) * LANE) / 2;
    return { x: LEFT - 26, y: y + (lanes * LANE) / 2 + 12 };
  }
  const street = Math.floor((n - 1) / 30);
  const index = (n - 1) % 30;
  let x = index * HOLE + Math.floor(index / 5) * GROUP_GAP;
  if (street % 2 === 1) x = width - HOLE - x;
  return { x: LEFT + x, y: STREET_TOP + street * streetHeight(lanes) + lane * LANE };
}

/** Front and back pegs from the events: each side's score, and its score before the last points. */
export function pegsFromEvents(events, sides, scores = null) {
  const front = new Array(sides).fill(0);
  const back = new Array(sides).fill(0);
  let previous = null;
  for (const event of events) {
    const scores = event.scores;
    if (!Array.isArray(scores) || scores.length !== sides) continue;
    if (previous) {
      scores.forEach((score, side) => {
        if (score !== previous[side]) {
          back[side] = previous[side];
          front[side] = score;
        }
      });
    } else {
      scores.forEach((score, side) => {
        front[side] = score;
        back[side] = score;
      });
    }
    previous = scores;
  }
  // No event says the scores (a position drawn alone, as the review draws one): both pegs at
  // the scores the position has.
  if (!previous && Array.isArray(scores) && scores.length === sides) return { front: [...scores], back: [...scores] };
  return { front, back };
}

// The 121-hole cribbage board: four streets of thirty holes in a snake, one lane per side,
// two pegs per side (the front peg at the score, the back peg at the score before it).
import { svg } from "./cards.js";

const HOLE = 13;
const GROUP_GAP = 8;
const LEFT = 46;
const STREET_TOP = 22;
const LANE = 11;
export const PEG_COLOURS = ["#d8342c", "#2f6fd6", "#2f9e55", "#b8860b"];

function streetHeight(lanes) {
  return lanes * LANE + 16;
}

/** Centre of hole `n` (0 = the start, 1-120 on the streets, 121 the game hole) in lane `lane`. */
export function holePosition(n, lane, lanes) {
  const width = 30 * HOLE + 5 * GROUP_GAP;
  if (n <= 0) return { x: LEFT - 24, y: STREET_TOP + lane * LANE };
  if (n >= 121) {
    const y = STREET_TOP + 3 * streetHeight(lanes) + ((lanes - 1) * LANE) / 2;
    return { x: LEFT - 26, y: y + lanes * LANE / 2 + 12 };
  }
  const street = Math.floor((n - 1) / 30);
  const index = (n - 1) % 30;
  let x = index * HOLE + Math.floor(index / 5) * GROUP_GAP;
  if (street % 2 === 1) x = width - HOLE - x;
  return { x: LEFT + x, y: STREET_TOP + street * streetHeight(lanes) + lane * LANE };
}

export class CribbageBoard {
  constructor(lanes, target) {
    this.lanes = lanes;
    this.target = target;
    const width = LEFT + 30 * HOLE + 5 * GROUP_GAP + 16;
    const height = STREET_TOP + 4 * streetHeight(lanes) + 12;
    const holes = [];
    for (let lane = 0; lane < lanes; lane += 1) {
      for (let n = 1; n <= 120; n += 1) {
        const { x, y } = holePosition(n, lane, lanes);
        const mark = n === target || (n % 5 === 0);
        holes.push(svg("circle", { cx: x, cy: y, r: n === target ? 3.2 : 2.1, class: mark ? "hole mark" : "hole" }));
      }
      const start = holePosition(0, lane, lanes);
      holes.push(svg("circle", { cx: start.x, cy: start.y, r: 2.4, class: "hole" }));
    }
    const home = holePosition(121, 0, lanes);
    const labels = [];
    for (let street = 0; street < 4; street += 1) {
      const first = street * 30 + 1;
      const { y } = holePosition(first, 0, lanes);
      for (const n of [first + 9, first + 19, first + 29]) {
        const p = holePosition(n, lanes - 1, lanes);
        labels.push(svg("text", { x: p.x, y: p.y + 11, class: "board-label", "text-anchor": "middle" }, String(n)));
      }
      labels.push(svg("line", { x1: LEFT - 6, x2: width - 12, y1: y - 7, y2: y - 7, class: "street-line" }));
    }
    const targetPos = holePosition(target, lanes - 1, lanes);
    this.pegs = [];
    for (let lane = 0; lane < lanes; lane += 1) {
      const back = svg("circle", { r: 4, class: "peg back", fill: PEG_COLOURS[lane], "data-testid": `peg-back-${lane}` });
      const front = svg("circle", { r: 4.6, class: "peg front", fill: PEG_COLOURS[lane], "data-testid": `peg-front-${lane}` });
      this.pegs.push({ back, front });
    }
    this.element = svg("svg", { class: "crib-board", viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "the cribbage board", "data-testid": "board" },
      svg("rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 14, class: "board-wood" }),
      labels,
      svg("text", { x: targetPos.x, y: targetPos.y - LANE * lanes - 2, class: "board-label target", "text-anchor": "middle" }, `\u2691 ${target}`),
      svg("circle", { cx: home.x, cy: home.y, r: 4, class: "hole mark" }),
      svg("text", { x: home.x, y: home.y + 14, class: "board-label", "text-anchor": "middle" }, "121"),
      holes,
      this.pegs.map((peg) => [peg.back, peg.front]));
    this.update(new Array(lanes).fill(0), new Array(lanes).fill(0));
  }

  /** Move the pegs: `front[side]` is each side's score, `back[side]` the score before. */
  update(front, back) {
    this.pegs.forEach((peg, lane) => {
      const f = holePosition(Math.min(front[lane] || 0, 121), lane, this.lanes);
      const b = holePosition(Math.min(back[lane] || 0, 121), lane, this.lanes);
      // The two pegs start side by side in the start holes.
      const bOffset = (back[lane] || 0) === 0 && (front[lane] || 0) === 0 ? -7 : 0;
      peg.front.setAttribute("cx", String(f.x));
      peg.front.setAttribute("cy", String(f.y));
      peg.back.setAttribute("cx", String(b.x + bOffset));
      peg.back.setAttribute("cy", String(b.y));
      peg.front.dataset.hole = String(front[lane] || 0);
      peg.back.dataset.hole = String(back[lane] || 0);
    });
  }
}

/** Front and back pegs from the events: each side's last two scores. */
export function pegsFromEvents(events, sides) {
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
      scores.forEach((score, side) => { front[side] = score; back[side] = score; });
    }
    previous = scores;
  }
  return { front, back };
}

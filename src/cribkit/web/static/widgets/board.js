// The 121-hole cribbage board as SVG: two pegs per side (the front peg at the score, the back
// peg at the score before it), moved as points are scored.
import { h } from "../dom.js";
import { boardSize, holePosition, LANE, LEFT } from "../logic/board.js";

export const PEG_COLOURS = ["#d8342c", "#2f6fd6", "#2f9e55", "#b8860b"];

export class CribbageBoard {
  constructor(lanes, target) {
    this.lanes = lanes;
    this.target = target;
    const { width, height } = boardSize(lanes);
    const holes = [];
    for (let lane = 0; lane < lanes; lane += 1) {
      for (let n = 1; n <= 120; n += 1) {
        const { x, y } = holePosition(n, lane, lanes);
        const mark = n === target || n % 5 === 0;
        holes.push(h("svg:circle", { cx: x, cy: y, r: n === target ? 3.2 : 2.1, class: mark ? "hole mark" : "hole" }));
      }
      const start = holePosition(0, lane, lanes);
      holes.push(h("svg:circle", { cx: start.x, cy: start.y, r: 2.4, class: "hole" }));
    }
    const home = holePosition(121, 0, lanes);
    const labels = [];
    for (let street = 0; street < 4; street += 1) {
      const first = street * 30 + 1;
      const { y } = holePosition(first, 0, lanes);
      for (const n of [first + 9, first + 19, first + 29]) {
        const p = holePosition(n, lanes - 1, lanes);
        labels.push(h("svg:text", { x: p.x, y: p.y + 11, class: "board-label", "text-anchor": "middle" }, String(n)));
      }
      labels.push(h("svg:line", { x1: LEFT - 6, x2: width - 12, y1: y - 7, y2: y - 7, class: "street-line" }));
    }
    const flag = holePosition(target, lanes - 1, lanes);
    this.pegs = [];
    for (let lane = 0; lane < lanes; lane += 1) {
      const fill = PEG_COLOURS[lane];
      const back = h("svg:circle", { r: 4, class: "peg back", fill, "data-testid": `peg-back-${lane}` });
      const front = h("svg:circle", { r: 4.6, class: "peg front", fill, "data-testid": `peg-front-${lane}` });
      this.pegs.push({ back, front });
    }
    const centred = { class: "board-label", "text-anchor": "middle" };
    this.element = h(
      "svg:svg",
      {
        class: "crib-board",
        viewBox: `0 0 ${width} ${height}`,
        role: "img",
        "aria-label": "the cribbage board",
        "data-testid": "board",
      },
      h("svg:rect", { x: 1, y: 1, width: width - 2, height: height - 2, rx: 14, class: "board-wood" }),
      labels,
      h(
        "svg:text",
        { ...centred, x: flag.x, y: flag.y - LANE * lanes - 2, class: "board-label target" },
        `\u2691 ${target}`,
      ),
      h("svg:circle", { cx: home.x, cy: home.y, r: 4, class: "hole mark" }),
      h("svg:text", { ...centred, x: home.x, y: home.y + 14 }, "121"),
      holes,
      this.pegs.map((peg) => [peg.back, peg.front]),
    );
    this.update(new Array(lanes).fill(0), new Array(lanes).fill(0));
  }

  /**
   * Move the pegs: `front[side]` is each side's score, `back[side]` the score before. No peg
   * goes past the game hole (the target): a 2 pegged from 60 in a game to 61 stops in it.
   */
  update(front, back) {
    const hole = (score) => Math.min(score || 0, this.target || 121);
    this.pegs.forEach((peg, lane) => {
      const f = holePosition(hole(front[lane]), lane, this.lanes);
      const b = holePosition(hole(back[lane]), lane, this.lanes);
      // The two pegs start side by side in the start holes.
      const bOffset = (back[lane] || 0) === 0 && (front[lane] || 0) === 0 ? -7 : 0;
      peg.front.setAttribute("cx", String(f.x));
      peg.front.setAttribute("cy", String(f.y));
      peg.back.setAttribute("cx", String(b.x + bOffset));
      peg.back.setAttribute("cy", String(b.y));
      peg.front.dataset.hole = String(hole(front[lane]));
      peg.back.dataset.hole = String(hole(back[lane]));
    });
  }
}

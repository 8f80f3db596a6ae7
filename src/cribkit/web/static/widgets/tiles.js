// Cribbage Tiles drawn as SVG (dark tiles slate, light ones ivory), and the board of tiles.
import { h, readerOnly } from "../dom.js";
import { rankLabel } from "../logic/cards.js";
import { cellName, colourBonusCells, LETTERS, parseTile, tileLabel } from "../logic/tiles.js";

/** A Cribbage Tiles tile as an <svg> element. */
export function tileSvg(text) {
  const { rank, value, colour, turned } = parseTile(text);
  const dark = colour === "d";
  const ink = dark ? "#f6efd9" : "#27304a";
  const parts = [
    h("svg:rect", {
      x: 1,
      y: 1,
      width: 38,
      height: 38,
      rx: 5,
      fill: dark ? "#33405f" : "#f7f0dc",
      stroke: dark ? "#1d2740" : "#b7a987",
      "stroke-width": 1.3,
    }),
    h("svg:rect", {
      x: 3,
      y: 3,
      width: 34,
      height: 34,
      rx: 4,
      fill: "none",
      stroke: dark ? "#4d5c82" : "#fffaf0",
      "stroke-width": 1,
    }),
    h(
      "svg:text",
      {
        x: 20,
        y: 27,
        "font-size": value === "T" ? 17 : 20,
        "font-weight": 700,
        fill: ink,
        "text-anchor": "middle",
        "font-family": "Georgia, serif",
      },
      rankLabel(value),
    ),
  ];
  if (value === "6" || value === "9") {
    // Underline 6 and 9 so that a turned tile still reads the right way.
    parts.push(h("svg:line", { x1: 14, y1: 31, x2: 26, y2: 31, stroke: ink, "stroke-width": 1.6 }));
  }
  if (turned) {
    const mark = { x: 35, y: 11, "font-size": 8, fill: dark ? "#ffd479" : "#9b5d00", "text-anchor": "end" };
    parts.push(h("svg:text", mark, `\u21bb${rank}`));
  }
  return h(
    "svg:svg",
    { class: "tile-svg", viewBox: "0 0 40 40", role: "img", "aria-label": tileLabel(text) },
    h("svg:title", {}, tileLabel(text)),
    parts,
  );
}

/**
 * The board: a grid of cells (buttons) with their column letters and row numbers; the centre is
 * starred, crib hands of five tiles of one colour ringed, the last play and the staged tiles lit.
 * `onCell(cell)` for a click on an empty cell (none: every cell is disabled).
 */
export function tilesBoard(
  board,
  { centre, staged = new Map(), last = new Set(), onCell = null, testid = "tiles-board" } = {},
) {
  const size = board.length;
  const bonus = colourBonusCells(board);
  const element = h("div", { class: "tiles-board", "data-testid": testid, style: { "--size": String(size) } });
  element.append(h("span", { class: "tb-head" }));
  for (let c = 0; c < size; c += 1) element.append(h("span", { class: "tb-head" }, LETTERS[c]));
  for (let r = 0; r < size; r += 1) {
    element.append(h("span", { class: "tb-head tb-row" }, String(r + 1)));
    for (let c = 0; c < size; c += 1) {
      const cell = cellName(r, c);
      const tile = board[r][c];
      const stagedTile = staged.get(cell);
      const classes = ["tb-cell"];
      if (cell === centre) classes.push("centre");
      if (bonus.has(cell)) classes.push("colour-bonus");
      if (last.has(cell)) classes.push("last");
      if (stagedTile) classes.push("staged");
      // A cell with a tile is named by its content, "E5: 5 dark" (see readerOnly); an empty one
      // by its label.
      let content = null;
      if (tile) content = [readerOnly(`${cell}: `), tileSvg(tile)];
      else if (stagedTile) content = [readerOnly(`${cell}: `), tileSvg(stagedTile), readerOnly(" (not played yet)")];
      else if (cell === centre) content = h("span", { class: "centre-star" }, "\u2605");
      const label = tile || stagedTile ? null : cell;
      element.append(
        h(
          "button",
          {
            type: "button",
            class: classes.join(" "),
            "data-testid": "tile-cell",
            "data-cell": cell,
            "aria-label": label,
            tabindex: "-1",
            disabled: Boolean(tile) || !onCell,
            onclick: onCell ? () => onCell(cell) : null,
          },
          content,
        ),
      );
    }
  }
  return element;
}

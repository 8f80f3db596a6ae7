// Table Top Cribbage: the 5x5 grid, the turned card, legal cells lit, line scores per side.
import { cardLabel, cardSvg } from "./cards.js";
import { clear, h } from "./dom.js";
import { legalOf } from "./common.js";

export const COLUMNS = ["A", "B", "C", "D", "E"];

/** The 5x5 grid as a table of cells; `onPlace(cell)` for the legal ones. */
export function tabletopGrid(grid, { legalCells = new Set(), hinted = null, lastCell = null, lineScores = null, rowsName = "", columnsName = "", onPlace = null } = {}) {
  const table = h("div", { class: "tt-grid", "data-testid": "grid", role: "grid" });
  table.append(h("span", { class: "tt-corner" }));
  for (const column of COLUMNS) table.append(h("span", { class: "tt-head" }, column));
  table.append(h("span", { class: "tt-head tt-score-head", title: `rows score for ${rowsName}` }, rowsName ? `${rowsName}` : ""));
  grid.forEach((row, r) => {
    table.append(h("span", { class: "tt-head" }, String(r + 1)));
    row.forEach((card, c) => {
      const cell = `${COLUMNS[c]}${r + 1}`;
      const legal = legalCells.has(cell);
      const classes = ["tt-cell"];
      if (legal) classes.push("legal");
      if (cell === hinted) classes.push("hinted");
      if (cell === lastCell) classes.push("last");
      if (cell === "C3") classes.push("centre");
      table.append(h("button", {
        type: "button", class: classes.join(" "), "data-testid": "cell", "data-cell": cell,
        "aria-label": card ? `${cell}: ${cardLabel(card)}` : `${cell}${legal ? ": place here" : ""}`,
        disabled: !legal, tabindex: legal ? "0" : "-1",
        onclick: legal && onPlace ? () => onPlace(cell) : null,
      }, card ? cardSvg(card) : h("span", { class: "cell-name" }, cell)));
    });
    table.append(h("span", { class: "tt-line-score rows", "data-testid": `row-score-${r + 1}` }, lineScores ? String(lineScores.rows[r]) : ""));
  });
  table.append(h("span", { class: "tt-head tt-score-head" }, columnsName));
  COLUMNS.forEach((column, c) => table.append(h("span", { class: "tt-line-score columns", "data-testid": `column-score-${column}` }, lineScores ? String(lineScores.columns[c]) : "")));
  table.append(h("span", {}));
  return table;
}

export class TableTopView {
  constructor(root) {
    this.root = root;
    this.hinted = null;
  }

  update(message, context, newEvents, allEvents) {
    this.message = message;
    this.context = context;
    if (newEvents.length) this.hinted = null;
    const places = allEvents.filter((e) => e.type === "place");
    this.lastCell = places.length ? places[places.length - 1].cell : null;
    this.render();
  }

  status(message, context) {
    const o = message.observation;
    if (message.result) return "The match is over.";
    if (legalOf(message).length) return `Place your ${o.turned ? cardLabel(o.turned) : "card"} on a lit cell; you score the ${o.my_lines}.`;
    return o.current_player !== null ? `${context.name(o.current_player)} is placing\u2026` : "";
  }

  sideName(seat) {
    return this.context.name(seat);
  }

  render() {
    const o = this.message.observation;
    const legal = legalOf(this.message).filter((a) => a.type === "place");
    const legalCells = new Set(legal.map((a) => a.cell.toUpperCase()));
    const sides = o.sides || [0, 1];
    const rowsSeat = sides.indexOf(o.rows_side);
    const columnsSeat = sides.findIndex((s) => s !== o.rows_side);
    const rowsName = this.context.name(rowsSeat);
    const columnsName = this.context.name(columnsSeat);
    const rowsTotal = o.line_scores.rows.reduce((a, b) => a + b, 0);
    const columnsTotal = o.line_scores.columns.reduce((a, b) => a + b, 0);
    const grid = tabletopGrid(o.grid, {
      legalCells, hinted: this.hinted, lastCell: this.lastCell, lineScores: o.line_scores,
      rowsName: "rows", columnsName: "cols",
      onPlace: (cell) => this.context.send({ type: "place", cell }),
    });
    const stacks = (o.stack_sizes || []).map((n, seat) => h("li", {}, `${this.context.name(seat)}: ${n} card${n === 1 ? "" : "s"} to come`));
    clear(this.root).append(h("div", { class: "tabletop-table" },
      h("div", { class: "tt-main" }, grid),
      h("div", { class: "tt-side" },
        h("div", { class: "panel turned", "data-testid": "turned" },
          h("h3", {}, o.current_player === o.seat && legal.length ? "Your card" : `${this.context.name(o.current_player)}'s card`),
          o.turned ? h("div", { class: "card-row" }, h("span", { class: "card static big" }, cardSvg(o.turned))) : h("p", { class: "muted" }, "\u2014")),
        h("div", { class: "panel line-totals", "data-testid": "line-totals" },
          h("h3", {}, "This deal"),
          h("p", {}, h("strong", {}, `${rowsName}`), ` (rows): ${rowsTotal}`),
          h("p", {}, h("strong", {}, `${columnsName}`), ` (columns): ${columnsTotal}`),
          h("p", { class: "muted" }, "Line scores so far; the lines are counted when the grid is full.")),
        h("ul", { class: "stacks muted" }, stacks))));
  }

  applyHint(action, context) {
    context.send(action);
  }

  showHint(message) {
    this.hinted = message.action && message.action.cell ? message.action.cell.toUpperCase() : null;
    this.render();
  }

  onKey(event) {
    const active = document.activeElement;
    if (!active || !active.dataset || !active.dataset.cell) {
      if (event.key.startsWith("Arrow")) {
        const first = this.root.querySelector(".tt-cell.legal");
        if (first) first.focus();
        return Boolean(first);
      }
      return false;
    }
    const moves = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (!moves[event.key]) return false;
    const [dx, dy] = moves[event.key];
    let column = COLUMNS.indexOf(active.dataset.cell[0]);
    let row = Number(active.dataset.cell.slice(1)) - 1;
    for (let step = 0; step < 5; step += 1) {
      column += dx;
      row += dy;
      if (column < 0 || column > 4 || row < 0 || row > 4) break;
      const next = this.root.querySelector(`[data-cell="${COLUMNS[column]}${row + 1}"]`);
      if (next && !next.disabled) { next.focus(); return true; }
    }
    return true;
  }
}

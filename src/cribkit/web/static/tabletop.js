// Table Top Cribbage: the 5x5 grid, the turned card, legal cells lit, line scores per side.
import { clear, h, readerOnly } from "./dom.js";
import { pegsFromEvents } from "./logic/board.js";
import {
  COLUMNS,
  isMoveKey,
  lastPlacedCell,
  legalCells,
  lineSides,
  lineTotals,
  nextCell,
  stacksText,
  tabletopShow,
  tabletopStatus,
  turnedHeading,
} from "./logic/tabletop.js";
import { CribbageBoard } from "./widgets/board.js";
import { cardSvg } from "./widgets/cards.js";
import { tabletopShowPanel } from "./widgets/tabletopshow.js";

/** The 5x5 grid as a grid of cells (buttons); `onPlace(cell)` for the legal ones. */
function tabletopGrid(
  grid,
  {
    legal = new Set(),
    hinted = null,
    lastCell = null,
    placed = false,
    lineScores = null,
    sides = { rows: 0, columns: 1 },
    onPlace = null,
  } = {},
) {
  // (a group of buttons, not an ARIA grid: that would need rows of cells around them)
  const table = h("div", { class: "tt-grid", "data-testid": "grid", role: "group", "aria-label": "the grid" });
  table.append(h("span", { class: "tt-corner" }));
  for (const column of COLUMNS) table.append(h("span", { class: "tt-head" }, column));
  table.append(h("span", { class: "tt-head tt-score-head", title: "the rows' scores" }, "rows"));
  grid.forEach((row, r) => {
    table.append(h("span", { class: "tt-head" }, String(r + 1)));
    row.forEach((card, c) => {
      const cell = `${COLUMNS[c]}${r + 1}`;
      const lit = legal.has(cell);
      const classes = ["tt-cell"];
      if (lit) classes.push("legal");
      if (cell === hinted) classes.push("hinted");
      if (cell === lastCell) classes.push(placed ? "last placed" : "last");
      if (cell === "C3") classes.push("centre");
      table.append(
        h(
          "button",
          {
            type: "button",
            class: classes.join(" "),
            "data-testid": "cell",
            "data-cell": cell,
            // (a cell with a card is named by its content, "C3: five of diamonds": see readerOnly)
            "aria-label": card ? null : `${cell}${lit ? ": place here" : ""}`,
            disabled: !lit,
            tabindex: lit ? "0" : "-1",
            onclick: lit && onPlace ? () => onPlace(cell) : null,
          },
          card ? [readerOnly(`${cell}: `), cardSvg(card)] : h("span", { class: "cell-name" }, cell),
        ),
      );
    });
    const rowScore = lineScores && lineScores.rows[r] !== null ? String(lineScores.rows[r]) : "";
    table.append(
      h("span", { class: `tt-line-score rows side-${sides.rows}`, "data-testid": `row-score-${r + 1}` }, rowScore),
    );
  });
  table.append(h("span", { class: "tt-head tt-score-head", title: "the columns' scores" }, "cols"));
  COLUMNS.forEach((column, c) => {
    const columnScore = lineScores && lineScores.columns[c] !== null ? String(lineScores.columns[c]) : "";
    table.append(
      h(
        "span",
        { class: `tt-line-score columns side-${sides.columns}`, "data-testid": `column-score-${column}` },
        columnScore,
      ),
    );
  });
  table.append(h("span", {}));
  return table;
}

export class TableTopView {
  constructor(root) {
    this.root = root;
    this.hinted = null;
    this.board = null;
  }

  update(message, context, newEvents, allEvents) {
    this.message = message;
    this.context = context;
    // While the show is on the table, the finished grid and its lines (the events laid out so far).
    this.show = message.staged ? tabletopShow(allEvents, message.observation.sides || undefined) : null;
    if (newEvents.length) this.hinted = null;
    this.lastCell = lastPlacedCell(allEvents);
    // Only this drawing moves the card just placed into its cell; a redrawing (a hint) does not.
    this.placed = newEvents.some((event) => event.type === "place");
    // The match to the target on a peg board, as classic's: the sides' pegs move at each
    // deal's count (the events' scores are the match's).
    const o = message.observation;
    const sides = o.scores.length;
    if (!this.board) this.board = new CribbageBoard(sides, o.target);
    const pegs = pegsFromEvents(allEvents, sides, o.scores);
    this.board.update(pegs.front, pegs.back);
    this.render();
    this.placed = false;
  }

  status(message, context) {
    return tabletopStatus(message, context.name);
  }

  render() {
    if (this.show) {
      this.renderShow();
      return;
    }
    const o = this.message.observation;
    const name = this.context.name;
    const legal = legalCells(this.message);
    const totals = lineTotals(o);
    const grid = tabletopGrid(o.grid, {
      legal,
      hinted: this.hinted,
      lastCell: this.lastCell,
      placed: this.placed,
      lineScores: o.line_scores,
      sides: lineSides(o),
      onPlace: (cell) => this.context.send({ type: "place", cell }),
    });
    const turned = o.turned
      ? h("div", { class: "card-row" }, h("span", { class: "card static big" }, cardSvg(o.turned)))
      : h("p", { class: "muted" }, "\u2014");
    clear(this.root).append(
      h(
        "div",
        { class: "tabletop-table" },
        h("div", { class: "tt-main" }, grid),
        h(
          "div",
          { class: "tt-side" },
          // The card to place, the deal's totals and the match's board: beside the grid at
          // 1280x800, under it within a phone's screen (the places are layout.css's).
          h(
            "div",
            { class: "panel turned", "data-testid": "turned" },
            h("h3", {}, turnedHeading(o, legal.size > 0, name)),
            turned,
          ),
          h(
            "div",
            { class: "panel line-totals", "data-testid": "line-totals" },
            h("h3", {}, "This deal"),
            h("p", {}, h("strong", {}, name(totals.rowsSeat)), ` (rows): ${totals.rows}`),
            h("p", {}, h("strong", {}, name(totals.columnsSeat)), ` (columns): ${totals.columns}`),
            h("p", { class: "muted tt-note" }, "Line scores so far; the lines are counted when the grid is full."),
          ),
          h("div", { class: "board-wrap tt-board", "data-testid": "match-board" }, this.board.element),
          h(
            "ul",
            { class: "stacks muted" },
            stacksText(o, name).map((text) => h("li", {}, text)),
          ),
        ),
      ),
    );
  }

  /** The show: the finished grid with each line's points at its end, the lines in words beside it. */
  renderShow() {
    const show = this.show;
    clear(this.root).append(
      h(
        "div",
        { class: "tabletop-table showing" },
        h(
          "div",
          { class: "tt-main show-in-view" },
          tabletopGrid(show.grid, { lineScores: show.lineScores, sides: show.sides }),
        ),
        h(
          "div",
          { class: "tt-side" },
          tabletopShowPanel(show, this.message, this.context),
          h("div", { class: "board-wrap tt-board", "data-testid": "match-board" }, this.board.element),
        ),
      ),
    );
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
      if (!event.key.startsWith("Arrow")) return false;
      const first = this.root.querySelector(".tt-cell.legal");
      if (first) first.focus();
      return Boolean(first);
    }
    if (!isMoveKey(event.key)) return false;
    const next = nextCell(active.dataset.cell, event.key, legalCells(this.message));
    if (next) this.root.querySelector(`[data-cell="${next}"]`).focus();
    return true;
  }
}

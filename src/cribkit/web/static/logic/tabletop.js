// Table Top Cribbage without the DOM: the status line, the last card placed, whose lines are
// the rows, the totals, and moving between lit cells with the arrow keys.
import { cardLabel } from "./cards.js";
import { legalOf } from "./protocol.js";
import { plural, possessive } from "./words.js";

export const COLUMNS = ["A", "B", "C", "D", "E"];

/** The status line of the Table Top table. */
export function tabletopStatus(message, name) {
  const o = message.observation;
  if (message.result) return "The match is over.";
  if (legalOf(message).length) {
    return `Place your ${o.turned ? cardLabel(o.turned) : "card"} on a lit cell; you score the ${o.my_lines}.`;
  }
  return o.current_player !== null ? `${name(o.current_player)} is placing\u2026` : "";
}

/** The cell of the last card placed (by anyone), or null. */
export function lastPlacedCell(events) {
  for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].type === "place") return events[i].cell;
  return null;
}

/** The legal cells of a state message, in capitals. */
export function legalCells(message) {
  return new Set(
    legalOf(message)
      .filter((a) => a.type === "place")
      .map((a) => a.cell.toUpperCase()),
  );
}

/** The seats that score the rows and the columns, and each one's total so far this deal. */
export function lineTotals(observation) {
  const sides = observation.sides || [0, 1];
  const sum = (values) => values.reduce((a, b) => a + b, 0);
  return {
    rowsSeat: sides.indexOf(observation.rows_side),
    columnsSeat: sides.findIndex((s) => s !== observation.rows_side),
    rows: sum(observation.line_scores.rows),
    columns: sum(observation.line_scores.columns),
  };
}

/**
 * The side whose colour each line's score badge wears (the score bar's and the board's: side 0
 * red, side 1 blue): the rows' scorer's and the columns' scorer's, whoever they are.
 */
export function lineSides(observation) {
  const rows = observation.rows_side ?? 0;
  return { rows, columns: rows === 0 ? 1 : 0 };
}

/**
 * The heading over the turned card: "Your card" when it is yours to place, "Computer's card"
 * while another places, and "No card to place" once nobody is to place (the match is over).
 */
export function turnedHeading(observation, yours, name) {
  const current = observation.current_player;
  if (current === null || current === undefined) return "No card to place";
  return current === observation.seat && yours ? "Your card" : `${possessive(name(current))} card`;
}

/** "Computer: 10 cards to come" for every seat. */
export function stacksText(observation, name) {
  return (observation.stack_sizes || []).map((n, seat) => `${name(seat)}: ${plural(n, "card")} to come`);
}

const MOVES = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** Whether a key moves between cells. */
export function isMoveKey(key) {
  return Object.hasOwn(MOVES, key);
}

/** The next lit cell from `cell` in the arrow `key`'s direction (skipping unlit ones), or null. */
export function nextCell(cell, key, lit) {
  const [dx, dy] = MOVES[key] || [0, 0];
  if (!dx && !dy) return null;
  let column = COLUMNS.indexOf(cell[0]);
  let row = Number(cell.slice(1)) - 1;
  for (let step = 0; step < 5; step += 1) {
    column += dx;
    row += dy;
    if (column < 0 || column > 4 || row < 0 || row > 4) return null;
    const next = `${COLUMNS[column]}${row + 1}`;
    if (lit.has(next)) return next;
  }
  return null;
}

const isLineCount = (event) => event.type === "line" || event.type === "heels";
const lineOf = (event, kind) => typeof event.line === "string" && event.line.startsWith(kind);

/**
 * The show of the deal whose counts end `events` (the page's show, laid out that far): his
 * heels (or null), the rows and the columns counted (`{line, seat, points, words}` each, in
 * order), the finished grid read back from the rows (null cells for rows not counted yet), and
 * each row's and column's points (null: not counted yet), and the side that scored each kind
 * of line (see lineSides; `sides` maps seats to sides). Null when `events` end in no count.
 */
export function tabletopShow(events, sides = [0, 1, 0, 1]) {
  let start = events.length;
  while (start > 0 && isLineCount(events[start - 1])) start -= 1;
  const counted = events.slice(start);
  if (!counted.length) return null;
  const rows = counted.filter((event) => lineOf(event, "row"));
  const columns = counted.filter((event) => lineOf(event, "column"));
  const rowOf = (r) => rows.find((event) => event.line === `row ${r + 1}`);
  const columnOf = (c) => columns.find((event) => event.line === `column ${COLUMNS[c]}`);
  const indexes = [0, 1, 2, 3, 4];
  return {
    heels: counted.find((event) => event.type === "heels") || null,
    rows,
    columns,
    grid: indexes.map((r) => (rowOf(r) && Array.isArray(rowOf(r).cards) ? rowOf(r).cards : indexes.map(() => null))),
    lineScores: {
      rows: indexes.map((r) => (rowOf(r) ? rowOf(r).points || 0 : null)),
      columns: indexes.map((c) => (columnOf(c) ? columnOf(c).points || 0 : null)),
    },
    sides: lineSides({
      rows_side: rows.length ? sides[rows[0].seat] : columns.length ? 1 - sides[columns[0].seat] : 0,
    }),
  };
}

/** A line's name as a heading: "Row 1", "Column A". */
export function lineTitle(event) {
  return event.line ? `${event.line[0].toUpperCase()}${event.line.slice(1)}` : "His heels";
}

/** The heading of a side's lines in the show: "You score the rows: 24 points". */
export function sideHeading(lines, kind, name) {
  if (!lines.length) return "";
  const total = lines.reduce((sum, event) => sum + (event.points || 0), 0);
  const seats = Array.isArray(lines[0].seats) && lines[0].seats.length ? lines[0].seats : [lines[0].seat];
  const who = seats.map(name).join(" and ");
  const verb = seats.length > 1 || who === "You" ? "score" : "scores";
  return `${who} ${verb} the ${kind}: ${plural(total, "point")}`;
}

// Cribbage Tiles without the DOM: tiles as text, cells, the move notation (as
// cribkit.games.tiles.notation reads it), the colour bonus cue, staging and previews.
import { rankLabel } from "./cards.js";
import { legalOf } from "./protocol.js";
import { plural } from "./words.js";

export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";

/** Parse a tile text: "5d", "Tl", "9=6d" (the tile 6d placed as a 9). */
export function parseTile(text) {
  const match = /^(?:(6|9)=)?(10|[2-9AaTtJjQqKk])([dlDL])$/.exec(String(text));
  if (!match) throw new Error(`'${text}' is not a tile`);
  const rank = match[2] === "10" ? "T" : match[2].toUpperCase();
  const value = match[1] || rank;
  return { rank, value, colour: match[3].toLowerCase(), turned: value !== rank };
}

/** The tile text for placing `tile` as `value` ("9=6d"), or plain when not turned. */
export function tileText(tile, value) {
  const { rank, colour } = parseTile(tile);
  return value && value !== rank ? `${value}=${rank}${colour}` : `${rank}${colour}`;
}

/** "5 dark", "9 light (a 6 turned)": the accessible name of a tile. */
export function tileLabel(text) {
  const { value, colour, turned, rank } = parseTile(text);
  return `${rankLabel(value)}${colour === "d" ? " dark" : " light"}${turned ? ` (a ${rank} turned)` : ""}`;
}

/** Whether a tile may be turned (a 6 played as a 9, or a 9 as a 6). */
export function isTurnable(tile) {
  const { rank } = parseTile(tile);
  return rank === "6" || rank === "9";
}

/** "G7" for row 6, column 6. */
export function cellName(row, column) {
  return `${LETTERS[column]}${row + 1}`;
}

/** The row and column of a cell name on a board of `size`; an error says what is wrong. */
export function cellCoordinates(name, size) {
  const match = /^([A-Ya-y])(\d{1,2})$/.exec(String(name).trim());
  if (!match) throw new Error(`'${name}' is not a cell: write a column letter and a row number, like G7`);
  const column = LETTERS.indexOf(match[1].toUpperCase());
  const row = Number(match[2]) - 1;
  if (column >= size || row < 0 || row >= size) {
    throw new Error(`${name.toUpperCase()} is off the board: the cells are A1 to ${LETTERS[size - 1]}${size}`);
  }
  return { row, column };
}

/** The centre cell of a board of `size` ("G7" on 13 by 13). */
export function centreCell(size) {
  const middle = Math.floor(size / 2);
  return cellName(middle, middle);
}

/**
 * Read a move in the notation ("H7 across 5d 6l 4d", "G8 5d", "F7 across Kd (5d) Kl",
 * "exchange 5d Kl", "pass") against the board; answers an action without its seat.
 */
export function parseMove(text, board) {
  const words = String(text).trim().split(/\s+/).filter(Boolean);
  if (!words.length) throw new Error("type a move, like G7 across 5d 6l 4d");
  const first = words[0].toLowerCase();
  if (first === "pass") {
    if (words.length > 1) throw new Error("pass takes nothing after it");
    return { type: "pass" };
  }
  if (first === "exchange") {
    if (words.length < 2) throw new Error("name the tiles to exchange, like exchange 5d Kl");
    return { type: "exchange", tiles: words.slice(1).map((word) => tileText(word)) };
  }
  const size = board.length;
  const start = cellCoordinates(words[0], size);
  let direction = null;
  let tokens = words.slice(1);
  if (tokens.length && /^(across|down|a|d)$/i.test(tokens[0]) && !/^\d/.test(tokens[0])) {
    direction = /^a/i.test(tokens[0]) ? "across" : "down";
    tokens = tokens.slice(1);
  }
  if (!tokens.length) throw new Error("name the tiles to place after the cell");
  if (!direction) {
    if (tokens.length > 1) throw new Error("more than one tile needs a direction: across or down");
    direction = "across";
  }
  const [dr, dc] = direction === "across" ? [0, 1] : [1, 0];
  let { row, column } = start;
  const cells = [];
  const tiles = [];
  const inside = () => row >= 0 && row < size && column >= 0 && column < size;
  for (const token of tokens) {
    if (token === "." || /^\(.*\)$/.test(token)) {
      if (!inside() || !board[row][column]) {
        throw new Error(`${inside() ? cellName(row, column) : "that cell"} holds no tile to pass over`);
      }
      if (token !== ".") {
        const written = token.slice(1, -1);
        const on = parseTile(board[row][column]);
        const want = parseTile(written);
        if (on.value !== want.value || on.colour !== want.colour) {
          throw new Error(`${cellName(row, column)} holds ${board[row][column]}, not ${written}`);
        }
      }
      row += dr;
      column += dc;
      continue;
    }
    while (inside() && board[row][column]) {
      row += dr;
      column += dc;
    }
    if (!inside()) throw new Error(`the tile ${token} would go off the board`);
    parseTile(token);
    cells.push(cellName(row, column));
    tiles.push(
      token.replace(/^(10|[2-9ATJQK])([dl])$/i, (m, r, c) => `${r === "10" ? "T" : r.toUpperCase()}${c.toLowerCase()}`),
    );
    row += dr;
    column += dc;
  }
  return { type: "play_tiles", cells, tiles };
}

/**
 * A play written in the notation, as the tiles it lays: a Map of cell to tile, to draw staged on
 * the board (a puzzle's answers); empty for what is not a play on this board.
 */
export function stagedOfMove(text, board) {
  try {
    const move = text ? parseMove(text, board) : null;
    if (!move || move.type !== "play_tiles") return new Map();
    return new Map(move.cells.map((cell, i) => [cell, move.tiles[i]]));
  } catch {
    return new Map();
  }
}

/** Cells of every full crib hand (5 tiles in a line) of one colour: the colour bonus cue. */
export function colourBonusCells(board) {
  const size = board.length;
  const cells = new Set();
  const scan = (get) => {
    let run = [];
    const flush = () => {
      if (run.length === 5 && run.every((c) => parseTile(c.tile).colour === parseTile(run[0].tile).colour)) {
        for (const c of run) cells.add(c.cell);
      }
      run = [];
    };
    for (let i = 0; i <= size; i += 1) {
      const item = i < size ? get(i) : null;
      if (item && item.tile) run.push(item);
      else flush();
    }
  };
  for (let r = 0; r < size; r += 1) scan((c) => ({ tile: board[r][c], cell: cellName(r, c) }));
  for (let c = 0; c < size; c += 1) scan((r) => ({ tile: board[r][c], cell: cellName(r, c) }));
  return cells;
}

/** The cells holding a tile on `board` that were empty on `previous`. */
export function newCells(previous, board) {
  const cells = new Set();
  board.forEach((row, r) =>
    row.forEach((tile, c) => {
      if (tile && !(previous[r] && previous[r][c])) cells.add(cellName(r, c));
    }),
  );
  return cells;
}

/** Whether the observation is of the seat's own turn to play (and the game goes on). */
export function isMyPlay(message) {
  const o = message.observation;
  return !message.result && o.current_player === o.seat && o.phase === "play";
}

/** The play of the staged tiles (each `{rackIndex, tile, value, cell}`), as an action. */
export function stagedAction(staged) {
  return {
    type: "play_tiles",
    cells: staged.map((s) => s.cell),
    tiles: staged.map((s) => tileText(s.tile, s.value)),
  };
}

/**
 * Stage a play's tiles from the rack: for each cell, the first rack tile not yet used of the
 * written rank and colour (as it is written: a 9=6d needs a 6d). An error names a missing tile.
 */
export function stageFromRack(rack, action) {
  const used = new Set();
  return action.cells.map((cell, i) => {
    const written = parseTile(action.tiles[i]);
    const index = rack.findIndex((tile, j) => {
      const t = parseTile(tile);
      return !used.has(j) && t.rank === written.rank && t.colour === written.colour;
    });
    if (index < 0) throw new Error(`you hold no ${written.rank}${written.colour}: your rack is ${rack.join(" ")}`);
    used.add(index);
    return { rackIndex: index, tile: rack[index], value: written.value, cell: cell.toUpperCase() };
  });
}

/** A preview's lines, hand by hand and bonus by bonus: "H7 across: fifteen two (2)". */
export function previewLines(message) {
  return (message.events || [])
    .filter((e) => e.type === "hand" || e.type === "bonus")
    .map((e) => `${e.name || e.line ? `${e.name || e.line}: ` : ""}${e.words || e.text || e.kind} (${e.points})`);
}

/** The status line of the Tiles table. */
export function tilesStatus(message, name) {
  const o = message.observation;
  if (message.result) return "The game is over.";
  if (legalOf(message).some((a) => a.type === "declare")) return "Declare what your play scores.";
  if (isMyPlay(message)) {
    return o.board.every((row) => row.every((t) => !t))
      ? `Your move: the first play covers the centre ${o.centre} with 2 to 5 tiles.`
      : "Your move: drag tiles to the board (or pick a tile, then a cell), then Play.";
  }
  return o.current_player !== null ? `${name(o.current_player)} is thinking\u2026` : "";
}

/** "Computer: 5 tiles" for every seat but the observer's. */
export function rackSizesText(observation, name) {
  return (observation.rack_sizes || [])
    .map((n, seat) => (seat === observation.seat ? null : `${name(seat)}: ${plural(n, "tile")}`))
    .filter(Boolean);
}

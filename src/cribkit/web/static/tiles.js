// Cribbage Tiles: the board with its centre and bonus cues, the rack (drag, click or type a
// move), 6/9 turning, a score preview from the server before the play is committed.
import { parseTile, tileLabel, tileSvg, tileText } from "./cards.js";
import { clear, h, possessive } from "./dom.js";
import { genericActions, isButton, legalOf } from "./common.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXY";

export function cellName(row, column) {
  return `${LETTERS[column]}${row + 1}`;
}

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
    tiles.push(token.replace(/^(10|[2-9ATJQK])([dl])$/i, (m, r, c) => `${r === "10" ? "T" : r.toUpperCase()}${c.toLowerCase()}`));
    row += dr;
    column += dc;
  }
  return { type: "play_tiles", cells, tiles };
}

/** Cells of every full crib hand (5 tiles) of one colour: the colour bonus cue. */
function colourBonusCells(board) {
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

export function tilesBoard(board, { centre, staged = new Map(), last = new Set(), onCell = null, testid = "tiles-board" } = {}) {
  const size = board.length;
  const bonus = colourBonusCells(board);
  const element = h("div", { class: "tiles-board", "data-testid": testid, style: { "--size": String(size) } });
  element.append(h("span", { class: "tb-head" }));
  for (let c = 0; c < size; c += 1) element.append(h("span", { class: "tb-head" }, LETTERS[c]));
  for (let r = 0; r < size; r += 1) {
    element.append(h("span", { class: "tb-head" }, String(r + 1)));
    for (let c = 0; c < size; c += 1) {
      const cell = cellName(r, c);
      const tile = board[r][c];
      const stagedTile = staged.get(cell);
      const classes = ["tb-cell"];
      if (cell === centre) classes.push("centre");
      if (bonus.has(cell)) classes.push("colour-bonus");
      if (last.has(cell)) classes.push("last");
      if (stagedTile) classes.push("staged");
      const content = tile ? tileSvg(tile) : stagedTile ? tileSvg(stagedTile) : cell === centre ? h("span", { class: "centre-star" }, "\u2605") : null;
      element.append(h("button", {
        type: "button", class: classes.join(" "), "data-testid": "tile-cell", "data-cell": cell,
        "aria-label": tile ? `${cell}: ${tileLabel(tile)}` : stagedTile ? `${cell}: ${tileLabel(stagedTile)} (not played yet)` : cell,
        tabindex: "-1", disabled: Boolean(tile) || !onCell,
        onclick: onCell ? () => onCell(cell) : null,
      }, content));
    }
  }
  return element;
}

export class TilesView {
  constructor(root) {
    this.root = root;
    this.staged = []; // {rackIndex, tile (as held), value, cell}
    this.selectedIndex = null;
    this.exchangeMode = false;
    this.exchangeMarks = new Set();
    this.preview = null;
    this.previousBoard = null;
    this.lastCells = new Set();
    this.cursor = null;
    this.drag = null;
  }

  myTurn() {
    const o = this.message.observation;
    return !this.message.result && o.current_player === o.seat && o.phase === "play";
  }

  update(message, context, newEvents) {
    const o = message.observation;
    if (this.previousBoard && newEvents.some((e) => e.type === "play")) {
      this.lastCells = new Set();
      o.board.forEach((row, r) => row.forEach((tile, c) => {
        if (tile && !this.previousBoard[r][c]) this.lastCells.add(cellName(r, c));
      }));
    }
    this.previousBoard = o.board;
    const rackChanged = !this.message || JSON.stringify(this.message.observation.rack) !== JSON.stringify(o.rack) || newEvents.length;
    this.message = message;
    this.context = context;
    if (rackChanged) this.resetStaging();
    this.render();
  }

  resetStaging() {
    this.staged = [];
    this.selectedIndex = null;
    this.exchangeMode = false;
    this.exchangeMarks.clear();
    this.preview = null;
  }

  status(message, context) {
    const o = message.observation;
    if (message.result) return "The game is over.";
    if (legalOf(message).some((a) => a.type === "declare")) return "Declare what your play scores.";
    if (this.message && this.myTurn()) {
      return o.board.every((row) => row.every((t) => !t))
        ? `Your move: the first play covers the centre ${o.centre} with 2 to 5 tiles.`
        : "Your move: drag tiles to the board (or pick a tile, then a cell), then Play.";
    }
    return o.current_player !== null ? `${context.name(o.current_player)} is thinking\u2026` : "";
  }

  stagedAction() {
    return {
      type: "play_tiles",
      cells: this.staged.map((s) => s.cell),
      tiles: this.staged.map((s) => tileText(s.tile, s.value)),
    };
  }

  stagedMap() {
    return new Map(this.staged.map((s) => [s.cell, tileText(s.tile, s.value)]));
  }

  render() {
    const o = this.message.observation;
    const myTurn = this.myTurn();
    const usedIndexes = new Set(this.staged.map((s) => s.rackIndex));
    const board = tilesBoard(o.board, {
      centre: o.centre, staged: this.stagedMap(), last: this.lastCells,
      onCell: myTurn ? (cell) => this.clickCell(cell) : null,
    });
    // Staged cells stay clickable (to take the tile back).
    for (const button of board.querySelectorAll(".tb-cell.staged")) button.disabled = false;
    const rack = h("div", { class: "rack", "data-testid": "rack" }, (o.rack || []).map((tile, index) => {
      const used = usedIndexes.has(index);
      const classes = ["rack-tile"];
      if (used) classes.push("used");
      if (index === this.selectedIndex) classes.push("selected");
      if (this.exchangeMarks.has(index)) classes.push("marked");
      const button = h("button", {
        type: "button", class: classes.join(" "), "data-testid": "rack-tile", "data-tile": tile, "data-index": String(index),
        "aria-label": `${tileLabel(tile)} (key ${index + 1})`, "aria-pressed": index === this.selectedIndex ? "true" : "false",
        disabled: used || !myTurn,
      }, tileSvg(tile));
      button.addEventListener("pointerdown", (event) => this.pointerDown(event, index));
      button.addEventListener("click", (event) => { if (event.detail === 0) this.clickRack(index); });
      return button;
    }));
    const stagedList = h("ul", { class: "staged-list", "data-testid": "staged" }, this.staged.map((s) => {
      const { rank } = parseTile(s.tile);
      const turnable = rank === "6" || rank === "9";
      return h("li", {},
        h("span", { class: "mini-tile" }, tileSvg(tileText(s.tile, s.value))), ` ${s.cell} `,
        turnable ? h("button", { type: "button", class: "small", "data-action": "turn", "data-cell": s.cell, title: "Turn: play a 6 as a 9 or a 9 as a 6 (T)", onclick: () => this.turn(s) }, `Turn to ${s.value === "6" ? "9" : "6"}`) : null,
        h("button", { type: "button", class: "small subtle", "data-action": "unstage", "data-cell": s.cell, onclick: () => this.unstage(s.cell) }, "\u2715"));
    }));
    const previewBox = h("div", { class: "preview-box", "data-testid": "preview", "aria-live": "polite" });
    if (this.preview) {
      if (this.preview.error) previewBox.append(h("p", { class: "error-line", "data-testid": "preview-error" }, this.preview.error));
      else {
        const lines = this.preview.lines && this.preview.lines.length ? this.preview.lines : this.preview.words ? [this.preview.words] : [];
        previewBox.append(h("p", {}, "This play scores ", h("strong", { "data-testid": "preview-points" }, `${this.preview.points} point${this.preview.points === 1 ? "" : "s"}`)),
          lines.length ? h("ul", { class: "preview-lines" }, lines.map((line) => h("li", {}, line))) : null);
      }
    }
    const moveInput = h("input", { type: "text", "data-testid": "move-input", placeholder: "G7 across 5d 6l 4d", "aria-label": "type a move", autocomplete: "off", spellcheck: "false" });
    const enterMove = () => this.typedMove(moveInput.value);
    moveInput.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); enterMove(); } });
    const bagTooSmall = (o.bag_size || 0) < 1;
    const controls = h("div", { class: "tiles-controls" },
      h("button", { type: "button", class: "primary", "data-action": "commit", disabled: !myTurn || !this.staged.length || (this.preview && this.preview.error), onclick: () => this.commit() }, "Play"),
      h("button", { type: "button", "data-action": "clear", disabled: !this.staged.length, onclick: () => { this.resetStaging(); this.render(); } }, "Take back"),
      this.exchangeMode
        ? [h("button", { type: "button", "data-action": "exchange", disabled: !this.exchangeMarks.size, onclick: () => this.exchange() }, `Exchange ${this.exchangeMarks.size} tile${this.exchangeMarks.size === 1 ? "" : "s"}`),
          h("button", { type: "button", class: "subtle", "data-action": "cancel-exchange", onclick: () => { this.exchangeMode = false; this.exchangeMarks.clear(); this.render(); } }, "Cancel")]
        : h("button", { type: "button", "data-action": "exchange-mode", disabled: !myTurn || bagTooSmall, onclick: () => { this.resetStaging(); this.exchangeMode = true; this.render(); } }, "Exchange\u2026"),
      h("button", { type: "button", "data-action": "pass", disabled: !myTurn, onclick: () => this.context.send({ type: "pass" }) }, "Pass"));
    const declare = legalOf(this.message).filter((a) => a.type === "declare");
    let declareBox = null;
    if (declare.length) {
      const input = h("input", { type: "number", min: 0, value: 0, "data-testid": "declare-points", "aria-label": "points to declare" });
      declareBox = h("div", { class: "declare-box", "data-testid": "declare" }, h("span", {}, "Your play scores: "), input,
        h("button", { type: "button", class: "primary", "data-action": "declare", onclick: () => this.context.send({ type: "declare", points: Number(input.value) }) }, "Declare"));
    }
    const others = (o.rack_sizes || []).map((n, seat) => seat === o.seat ? null : h("li", {}, `${this.context.name(seat)}: ${n} tile${n === 1 ? "" : "s"}`)).filter(Boolean);
    const unseen = o.unseen ? Object.entries(o.unseen).filter(([, n]) => n > 0) : [];
    clear(this.root).append(h("div", { class: "tiles-table" },
      h("div", { class: "tiles-main" }, h("div", { class: "board-scroll" }, board)),
      h("div", { class: "tiles-side" },
        h("div", { class: `panel rack-panel${myTurn ? " active" : ""}` }, h("h3", {}, `${possessive(this.context.name(o.seat))} rack`), rack,
          this.exchangeMode ? h("p", { class: "muted" }, "Pick the tiles to give back, then Exchange.") : null,
          stagedList, previewBox, controls, declareBox, genericActions(legalOf(this.message).filter((a) => ["joker", "pass_joker"].includes(a.type)), this.context),
          h("div", { class: "move-box" }, moveInput, h("button", { type: "button", "data-action": "enter-move", disabled: !myTurn, onclick: enterMove }, "Enter"))),
        h("div", { class: "panel" }, h("h3", {}, "Table"),
          h("p", { "data-testid": "bag" }, `Bag: ${o.bag_size} tile${o.bag_size === 1 ? "" : "s"}`),
          h("ul", { class: "muted" }, others),
          h("p", { class: "legend" }, h("span", { class: "centre-star" }, "\u2605"), " centre \u00b7 ",
            h("span", { class: "legend-bonus" }, "gold"), " a crib hand of five tiles of one colour (+10)"),
          h("p", { class: "muted small-print" }, "Bonuses: +10 the first play, +10 all five rack tiles in one play, +10 each five-tile hand of one colour.")),
        unseen.length ? h("details", { class: "panel" }, h("summary", {}, "Tiles you have not seen"),
          h("p", { class: "unseen" }, unseen.map(([tile, n]) => h("span", { class: "unseen-item" }, h("span", { class: "mini-tile" }, tileSvg(tile)), `\u00d7${n}`)))) : null)));
  }

  clickRack(index) {
    if (!this.myTurn()) return;
    if (this.exchangeMode) {
      if (this.exchangeMarks.has(index)) this.exchangeMarks.delete(index);
      else this.exchangeMarks.add(index);
    } else {
      this.selectedIndex = this.selectedIndex === index ? null : index;
    }
    this.render();
  }

  clickCell(cell) {
    const existing = this.staged.find((s) => s.cell === cell);
    if (existing) {
      this.unstage(cell);
      return;
    }
    if (this.selectedIndex === null) {
      this.selectedIndex = this.firstFreeIndex();
      if (this.selectedIndex === null) return;
    }
    this.stage(this.selectedIndex, cell);
  }

  firstFreeIndex() {
    const used = new Set(this.staged.map((s) => s.rackIndex));
    const rack = this.message.observation.rack || [];
    for (let i = 0; i < rack.length; i += 1) if (!used.has(i)) return i;
    return null;
  }

  stage(index, cell) {
    const o = this.message.observation;
    const { row, column } = cellCoordinates(cell, o.board.length);
    if (o.board[row][column] || this.staged.some((s) => s.rackIndex === index)) return;
    this.staged = this.staged.filter((s) => s.cell !== cell);
    const tile = o.rack[index];
    this.staged.push({ rackIndex: index, tile, value: parseTile(tile).rank, cell });
    this.selectedIndex = null;
    this.exchangeMode = false;
    this.requestPreview();
  }

  unstage(cell) {
    this.staged = this.staged.filter((s) => s.cell !== cell);
    this.requestPreview();
  }

  turn(staged) {
    const { rank } = parseTile(staged.tile);
    if (rank !== "6" && rank !== "9") return;
    staged.value = staged.value === "6" ? "9" : "6";
    this.requestPreview();
  }

  requestPreview() {
    this.preview = null;
    if (this.staged.length) {
      this.previewFor = JSON.stringify(this.stagedAction());
      this.context.preview(this.stagedAction());
    }
    this.render();
  }

  showPreview(message) {
    if (!this.staged.length) return;
    const lines = (message.events || []).filter((e) => e.type === "hand" || e.type === "bonus")
      .map((e) => `${e.name || e.line ? `${e.name || e.line}: ` : ""}${e.words || e.text || e.kind} (${e.points})`);
    this.preview = { points: message.points, words: message.words || "", lines };
    this.render();
  }

  showError(message) {
    if (!this.staged.length || !this.previewFor) return false;
    this.preview = { error: message.message || message.code };
    this.render();
    return true;
  }

  commit() {
    if (!this.staged.length) return;
    this.context.send(this.stagedAction());
  }

  exchange() {
    const rack = this.message.observation.rack;
    const tiles = [...this.exchangeMarks].sort().map((i) => rack[i]);
    if (tiles.length) this.context.send({ type: "exchange", tiles });
  }

  /** Stage an action's tiles from the rack (a hint or a typed move) and ask for its preview. */
  stageAction(action) {
    const rack = this.message.observation.rack || [];
    const used = new Set();
    const staged = [];
    action.cells.forEach((cell, i) => {
      const written = parseTile(action.tiles[i]);
      const index = rack.findIndex((tile, j) => {
        const t = parseTile(tile);
        return !used.has(j) && t.rank === written.rank && t.colour === written.colour;
      });
      if (index < 0) throw new Error(`you hold no ${written.rank}${written.colour}: your rack is ${rack.join(" ")}`);
      used.add(index);
      staged.push({ rackIndex: index, tile: rack[index], value: written.value, cell: cell.toUpperCase() });
    });
    this.staged = staged;
    this.selectedIndex = null;
    this.exchangeMode = false;
    this.requestPreview();
  }

  typedMove(text) {
    try {
      const action = parseMove(text, this.message.observation.board);
      if (action.type === "play_tiles") this.stageAction(action);
      else this.context.send(action);
    } catch (error) {
      this.staged = [];
      this.preview = { error: error.message };
      this.render();
    }
  }

  applyHint(action, context) {
    if (action.type === "play_tiles") this.stageAction(action);
    else context.send(action);
  }

  showHint(message) {
    if (message.action && message.action.type === "play_tiles") this.stageAction(message.action);
  }

  pointerDown(event, index) {
    if (!this.myTurn() || event.button > 0) return;
    const source = event.currentTarget;
    const startX = event.clientX;
    const startY = event.clientY;
    let ghost = null;
    source.setPointerCapture(event.pointerId);
    const move = (e) => {
      if (!ghost && Math.hypot(e.clientX - startX, e.clientY - startY) > 6) {
        ghost = h("div", { class: "drag-ghost" }, tileSvg(this.message.observation.rack[index]));
        document.body.append(ghost);
      }
      if (ghost) {
        ghost.style.left = `${e.clientX - 22}px`;
        ghost.style.top = `${e.clientY - 22}px`;
        e.preventDefault();
      }
    };
    const up = (e) => {
      source.removeEventListener("pointermove", move);
      source.removeEventListener("pointerup", up);
      source.removeEventListener("pointercancel", up);
      if (ghost) {
        ghost.remove();
        const target = document.elementFromPoint(e.clientX, e.clientY);
        const cell = target && target.closest("[data-cell]");
        if (cell && this.root.contains(cell)) this.stage(index, cell.dataset.cell);
      } else if (e.type === "pointerup") {
        this.clickRack(index);
      }
    };
    source.addEventListener("pointermove", move);
    source.addEventListener("pointerup", up);
    source.addEventListener("pointercancel", up);
  }

  onKey(event) {
    if (!this.message || !this.myTurn()) return false;
    const rack = this.message.observation.rack || [];
    if (/^[1-5]$/.test(event.key) && Number(event.key) <= rack.length) {
      this.clickRack(Number(event.key) - 1);
      return true;
    }
    if (event.key === "t" || event.key === "T") {
      const last = [...this.staged].reverse().find((s) => ["6", "9"].includes(parseTile(s.tile).rank));
      if (last) this.turn(last);
      return Boolean(last);
    }
    if (event.key === "Escape") { this.resetStaging(); this.render(); return true; }
    if (event.key === "Backspace" && this.staged.length) { this.unstage(this.staged[this.staged.length - 1].cell); return true; }
    const size = this.message.observation.board.length;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[event.key]) {
      const { row, column } = this.cursor || cellCoordinates(this.message.observation.centre, size);
      const r = Math.max(0, Math.min(size - 1, row + moves[event.key][0]));
      const c = Math.max(0, Math.min(size - 1, column + moves[event.key][1]));
      this.cursor = { row: r, column: c };
      const button = this.root.querySelector(`[data-cell="${cellName(r, c)}"]`);
      for (const b of this.root.querySelectorAll(".tb-cell.cursor")) b.classList.remove("cursor");
      if (button) button.classList.add("cursor");
      return true;
    }
    if ((event.key === "Enter" || event.key === " ") && this.cursor) {
      const cell = cellName(this.cursor.row, this.cursor.column);
      const { row, column } = this.cursor;
      if (!this.message.observation.board[row][column]) {
        this.clickCell(cell);
        this.root.querySelector(`[data-cell="${cell}"]`)?.classList.add("cursor");
        return true;
      }
    }
    if (event.key === "Enter" && this.staged.length && !isButton(document.activeElement)) { this.commit(); return true; }
    return false;
  }
}

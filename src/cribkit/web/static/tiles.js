// Cribbage Tiles: the board with its centre and bonus cues, the rack (drag, click or type a
// move), 6/9 turning, a score preview from the server before the play is committed.
import { clear, h, isButton } from "./dom.js";
import { legalOf } from "./logic/protocol.js";
import {
  cellCoordinates,
  cellName,
  isMyPlay,
  isTurnable,
  newCells,
  parseMove,
  parseTile,
  previewLines,
  rackSizesText,
  stagedAction,
  stageFromRack,
  tileLabel,
  tilesStatus,
  tileText,
} from "./logic/tiles.js";
import { plural, possessive } from "./logic/words.js";
import { genericActions } from "./widgets/actions.js";
import { tilesBoard, tileSvg } from "./widgets/tiles.js";

// Drivers of the page (the browser tests) read the notation from this module.
export { parseMove };

/**
 * Below a board wider than its panel (a phone), say that it scrolls and which way more columns
 * are: "◀ swipe the board for more columns ▶", each arrow only while columns hide that side.
 */
function pointToHiddenColumns(scroller, cue) {
  const left = scroller.scrollLeft > 1;
  const right = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
  cue.hidden = !left && !right;
  cue.textContent = `${left ? "\u25c0 " : ""}swipe the board for more columns${right ? " \u25b6" : ""}`;
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
  }

  /** Whether the seat may play now (never in a replay: it is watched, not played). */
  myTurn() {
    return !this.context.readOnly && isMyPlay(this.message);
  }

  update(message, context, newEvents) {
    const o = message.observation;
    if (this.previousBoard && newEvents.some((e) => e.type === "play"))
      this.lastCells = newCells(this.previousBoard, o.board);
    this.previousBoard = o.board;
    const rackChanged =
      !this.message || JSON.stringify(this.message.observation.rack) !== JSON.stringify(o.rack) || newEvents.length;
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
    return tilesStatus(message, context.name);
  }

  stagedMap() {
    return new Map(this.staged.map((s) => [s.cell, tileText(s.tile, s.value)]));
  }

  render() {
    const o = this.message.observation;
    const myTurn = this.myTurn();
    const board = tilesBoard(o.board, {
      centre: o.centre,
      staged: this.stagedMap(),
      last: this.lastCells,
      onCell: myTurn ? (cell) => this.clickCell(cell) : null,
    });
    // Staged cells stay clickable (to take the tile back).
    for (const button of board.querySelectorAll(".tb-cell.staged")) button.disabled = false;
    const unseen = o.unseen ? Object.entries(o.unseen).filter(([, n]) => n > 0) : [];
    // On a phone the board is wider than the screen and scrolls inside its panel: each drawing
    // keeps where the player scrolled it (the first shows the centre).
    const before = this.root.querySelector(".board-scroll");
    const scrolled = before ? before.scrollLeft : null;
    clear(this.root).append(
      h(
        "div",
        { class: "tiles-table" },
        h(
          "div",
          { class: "tiles-main" },
          h("div", { class: "board-scroll" }, board),
          h("p", { class: "scroll-cue", "data-testid": "board-scroll-cue", hidden: true }),
        ),
        h(
          "div",
          { class: "tiles-side" },
          // A spectator sees no rack.
          this.context.watching ? null : this.rackPanel(o, myTurn),
          h(
            "div",
            { class: "panel" },
            h("h3", {}, "Table"),
            h("p", { "data-testid": "bag" }, `Bag: ${plural(o.bag_size, "tile")}`),
            h(
              "ul",
              { class: "muted" },
              rackSizesText(o, this.context.name).map((text) => h("li", {}, text)),
            ),
            h(
              "p",
              { class: "legend" },
              h("span", { class: "centre-star" }, "\u2605"),
              " centre \u00b7 ",
              h("span", { class: "legend-bonus" }, "gold"),
              " a crib hand of five tiles of one colour (+10)",
            ),
            h(
              "p",
              { class: "muted small-print" },
              "Bonuses: +10 the first play, +10 all five rack tiles in one play, " +
                "+10 each five-tile hand of one colour.",
            ),
          ),
          unseen.length
            ? h(
                "details",
                { class: "panel" },
                h("summary", {}, "Tiles you have not seen"),
                h(
                  "p",
                  { class: "unseen" },
                  unseen.map(([tile, n]) =>
                    h("span", { class: "unseen-item" }, h("span", { class: "mini-tile" }, tileSvg(tile)), `\u00d7${n}`),
                  ),
                ),
              )
            : null,
        ),
      ),
    );
    const scroller = this.root.querySelector(".board-scroll");
    if (scroller) {
      scroller.scrollLeft = scrolled ?? (scroller.scrollWidth - scroller.clientWidth) / 2;
      const cue = this.root.querySelector("[data-testid=board-scroll-cue]");
      const point = () => pointToHiddenColumns(scroller, cue);
      scroller.addEventListener("scroll", point, { passive: true });
      point();
    }
    // A preview or a rule's error below the screen's edge is brought into view (a phone).
    if (this.preview) this.root.querySelector("[data-testid=preview]")?.scrollIntoView({ block: "nearest" });
  }

  /** The seat's rack, what is staged with its preview, the buttons, a declare box, the move box. */
  rackPanel(o, myTurn) {
    const legal = legalOf(this.message);
    return h(
      "div",
      { class: `panel rack-panel${myTurn ? " active" : ""}` },
      h("h3", {}, `${possessive(this.context.name(o.seat))} rack`),
      this.rack(o, myTurn),
      this.exchangeMode ? h("p", { class: "muted" }, "Pick the tiles to give back, then Exchange.") : null,
      this.stagedList(),
      this.previewBox(),
      this.controls(o, myTurn),
      legal.some((a) => a.type === "declare") ? this.declareBox() : null,
      genericActions(
        legal.filter((a) => ["joker", "pass_joker"].includes(a.type)),
        this.context,
      ),
      this.moveBox(myTurn),
    );
  }

  rack(o, myTurn) {
    const used = new Set(this.staged.map((s) => s.rackIndex));
    const tiles = (o.rack || []).map((tile, index) => {
      const classes = ["rack-tile"];
      if (used.has(index)) classes.push("used");
      if (index === this.selectedIndex) classes.push("selected");
      if (this.exchangeMarks.has(index)) classes.push("marked");
      const button = h(
        "button",
        {
          type: "button",
          class: classes.join(" "),
          "data-testid": "rack-tile",
          "data-tile": tile,
          "data-index": String(index),
          "aria-label": `${tileLabel(tile)} (key ${index + 1})`,
          "aria-pressed": index === this.selectedIndex ? "true" : "false",
          disabled: used.has(index) || !myTurn,
        },
        tileSvg(tile),
      );
      button.addEventListener("pointerdown", (event) => this.pointerDown(event, index));
      button.addEventListener("click", (event) => {
        if (event.detail === 0) this.clickRack(index);
      });
      return button;
    });
    return h("div", { class: "rack", "data-testid": "rack" }, tiles);
  }

  stagedList() {
    return h(
      "ul",
      { class: "staged-list", "data-testid": "staged" },
      this.staged.map((s) =>
        h(
          "li",
          {},
          h("span", { class: "mini-tile" }, tileSvg(tileText(s.tile, s.value))),
          ` ${s.cell} `,
          isTurnable(s.tile)
            ? h(
                "button",
                {
                  type: "button",
                  class: "small",
                  "data-action": "turn",
                  "data-cell": s.cell,
                  title: "Turn: play a 6 as a 9 or a 9 as a 6 (T)",
                  onclick: () => this.turn(s),
                },
                `Turn to ${s.value === "6" ? "9" : "6"}`,
              )
            : null,
          h(
            "button",
            {
              type: "button",
              class: "small subtle",
              "data-action": "unstage",
              "data-cell": s.cell,
              onclick: () => this.unstage(s.cell),
            },
            "\u2715",
          ),
        ),
      ),
    );
  }

  previewBox() {
    const box = h("div", { class: "preview-box", "data-testid": "preview", "aria-live": "polite" });
    const preview = this.preview;
    if (!preview) return box;
    if (preview.error) {
      box.append(h("p", { class: "error-line", "data-testid": "preview-error" }, preview.error));
      return box;
    }
    const lines = preview.lines && preview.lines.length ? preview.lines : preview.words ? [preview.words] : [];
    box.append(
      h(
        "p",
        {},
        "This play scores ",
        h("strong", { "data-testid": "preview-points" }, plural(preview.points, "point")),
      ),
      lines.length
        ? h(
            "ul",
            { class: "preview-lines" },
            lines.map((line) => h("li", {}, line)),
          )
        : null,
    );
    return box;
  }

  controls(o, myTurn) {
    const marks = this.exchangeMarks.size;
    const button = (action, label, onclick, { disabled = false, className = null } = {}) =>
      h("button", { type: "button", class: className, "data-action": action, disabled, onclick }, label);
    const exchange = this.exchangeMode
      ? [
          button("exchange", `Exchange ${plural(marks, "tile")}`, () => this.exchange(), { disabled: !marks }),
          button(
            "cancel-exchange",
            "Cancel",
            () => {
              this.exchangeMode = false;
              this.exchangeMarks.clear();
              this.render();
            },
            { className: "subtle" },
          ),
        ]
      : button(
          "exchange-mode",
          "Exchange\u2026",
          () => {
            this.resetStaging();
            this.exchangeMode = true;
            this.render();
          },
          { disabled: !myTurn || (o.bag_size || 0) < 1 },
        );
    return h(
      "div",
      { class: "tiles-controls" },
      button("commit", "Play", () => this.commit(), {
        disabled: !myTurn || !this.staged.length || Boolean(this.preview && this.preview.error),
        className: "primary",
      }),
      button(
        "clear",
        "Take back",
        () => {
          this.resetStaging();
          this.render();
        },
        { disabled: !this.staged.length },
      ),
      exchange,
      button("pass", "Pass", () => this.context.send({ type: "pass" }), { disabled: !myTurn }),
    );
  }

  declareBox() {
    const input = h("input", {
      type: "number",
      min: 0,
      value: 0,
      "data-testid": "declare-points",
      "aria-label": "points to declare",
    });
    const declare = () => this.context.send({ type: "declare", points: Number(input.value) });
    return h(
      "div",
      { class: "declare-box", "data-testid": "declare" },
      h("span", {}, "Your play scores: "),
      input,
      h("button", { type: "button", class: "primary", "data-action": "declare", onclick: declare }, "Declare"),
    );
  }

  moveBox(myTurn) {
    const input = h("input", {
      type: "text",
      "data-testid": "move-input",
      placeholder: "G7 across 5d 6l 4d",
      "aria-label": "type a move",
      autocomplete: "off",
      spellcheck: "false",
    });
    const enter = () => this.typedMove(input.value);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        event.preventDefault();
        enter();
      }
    });
    return h(
      "div",
      { class: "move-box" },
      input,
      h("button", { type: "button", "data-action": "enter-move", disabled: !myTurn, onclick: enter }, "Enter"),
    );
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
    if (this.staged.some((s) => s.cell === cell)) {
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
    if (!isTurnable(staged.tile)) return;
    staged.value = staged.value === "6" ? "9" : "6";
    this.requestPreview();
  }

  requestPreview() {
    this.preview = null;
    if (this.staged.length) {
      this.previewFor = JSON.stringify(stagedAction(this.staged));
      this.context.preview(stagedAction(this.staged));
    }
    this.render();
  }

  showPreview(message) {
    if (!this.staged.length) return;
    this.preview = { points: message.points, words: message.words || "", lines: previewLines(message) };
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
    this.context.send(stagedAction(this.staged));
  }

  exchange() {
    const rack = this.message.observation.rack;
    const tiles = [...this.exchangeMarks].sort((a, b) => a - b).map((i) => rack[i]);
    if (tiles.length) this.context.send({ type: "exchange", tiles });
  }

  /** Stage an action's tiles from the rack (a hint or a typed move) and ask for its preview. */
  stageAction(action) {
    this.staged = stageFromRack(this.message.observation.rack || [], action);
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
    const o = this.message.observation;
    const rack = o.rack || [];
    if (/^[1-5]$/.test(event.key) && Number(event.key) <= rack.length) {
      this.clickRack(Number(event.key) - 1);
      return true;
    }
    if (event.key === "t" || event.key === "T") {
      const last = [...this.staged].reverse().find((s) => isTurnable(s.tile));
      if (last) this.turn(last);
      return Boolean(last);
    }
    if (event.key === "Escape") {
      this.resetStaging();
      this.render();
      return true;
    }
    if (event.key === "Backspace" && this.staged.length) {
      this.unstage(this.staged[this.staged.length - 1].cell);
      return true;
    }
    const size = o.board.length;
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    if (moves[event.key]) {
      const { row, column } = this.cursor || cellCoordinates(o.centre, size);
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
      if (!o.board[row][column]) {
        this.clickCell(cell);
        this.root.querySelector(`[data-cell="${cell}"]`)?.classList.add("cursor");
        return true;
      }
    }
    if (event.key === "Enter" && this.staged.length && !isButton(document.activeElement)) {
      this.commit();
      return true;
    }
    return false;
  }
}

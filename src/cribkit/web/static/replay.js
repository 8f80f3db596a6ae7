// The replay viewer: step forward and back through any game record.
import { cardLabel } from "./cards.js";
import { CribbageBoard, pegsFromEvents } from "./board.js";
import { api, clear, GAME_TITLES, h } from "./dom.js";
import { backRow, cardRow, showEntry } from "./classic.js";
import { tabletopGrid } from "./tabletop.js";
import { parseMove, tilesBoard, cellCoordinates } from "./tiles.js";

export const UPLOAD_KEY = "cribkit:replay:upload";

function describeAction(action) {
  if (!action) return "The opening: the cut and the deal.";
  const who = action.seat !== undefined ? `Seat ${action.seat}` : "";
  switch (action.type) {
    case "discard": return `${who} lays away ${action.cards.map(cardLabel).join(" ")}`;
    case "play": return `${who} plays ${cardLabel(action.card)}`;
    case "place": return `${who} places on ${action.cell}`;
    case "play_tiles": return `${who} plays ${action.tiles.join(" ")} on ${action.cells.join(" ")}`;
    case "exchange": return `${who} exchanges ${action.tiles.length} tile${action.tiles.length === 1 ? "" : "s"}`;
    default: return `${who} ${action.type.replace(/_/g, " ")}${action.points !== undefined ? ` ${action.points}` : ""}`;
  }
}

export class ReplayPage {
  constructor(root, source) {
    this.root = root;
    this.source = source;
    this.index = 0;
    this.onKey = (event) => {
      if (/^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName) && event.target.type !== "range") return;
      if (event.key === "ArrowRight") { this.go(this.index + 1); event.preventDefault(); }
      if (event.key === "ArrowLeft") { this.go(this.index - 1); event.preventDefault(); }
      if (event.key === "Home") { this.go(0); event.preventDefault(); }
      if (event.key === "End") { this.go(this.replay.steps.length - 1); event.preventDefault(); }
    };
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading the replay\u2026"));
    try {
      if (this.source === "upload") {
        const stored = sessionStorage.getItem(UPLOAD_KEY);
        if (!stored) throw new Error("no record was uploaded: choose one in the lobby");
        this.replay = JSON.parse(stored);
      } else {
        this.replay = await api("GET", `/api/games/${encodeURIComponent(this.source)}/replay`);
      }
    } catch (error) {
      if (this.stopped) return;
      clear(this.root).append(h("div", { class: "panel error-box", "data-testid": "replay-error" },
        h("p", {}, `This replay cannot be shown: ${error.message}`), h("a", { class: "button", href: "#/" }, "Back to the lobby")));
      return;
    }
    if (this.stopped) return;
    document.addEventListener("keydown", this.onKey);
    this.build();
    this.go(0);
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("keydown", this.onKey);
  }

  build() {
    const steps = this.replay.steps;
    const title = GAME_TITLES[this.replay.game] || this.replay.game;
    this.slider = h("input", { type: "range", min: 0, max: steps.length - 1, value: 0, "data-testid": "replay-slider", "aria-label": "step", oninput: (e) => this.go(Number(e.target.value)) });
    this.stepLabel = h("span", { class: "step-label", "data-testid": "replay-step" });
    this.actionLabel = h("p", { class: "replay-action", "data-testid": "replay-action" });
    this.scoreLine = h("p", { class: "replay-scores", "data-testid": "replay-scores" });
    this.tableArea = h("div", { class: "replay-table", "data-testid": "replay-table" });
    this.eventsList = h("ol", { class: "log-list", "data-testid": "replay-events" });
    const button = (action, label, delta, title) => h("button", { type: "button", "data-action": action, title, onclick: () => this.go(delta(this.index)) }, label);
    clear(this.root).append(
      h("div", { class: "game-head" }, h("div", { class: "title-row" }, h("h2", { class: "game-title" }, `Replay: ${title}`),
        h("span", { class: "badge" }, this.replay.spec || this.replay.game))),
      h("div", { class: "replay-controls panel" },
        button("replay-first", "\u25c0\u25c0", () => 0, "first (Home)"),
        button("replay-prev", "\u25c0 Back", (i) => i - 1, "back (\u2190)"),
        this.stepLabel,
        button("replay-next", "Forward \u25b6", (i) => i + 1, "forward (\u2192)"),
        button("replay-last", "\u25b6\u25b6", () => steps.length - 1, "last (End)"),
        this.slider),
      this.actionLabel, this.scoreLine,
      h("div", { class: "game-layout" }, this.tableArea,
        h("aside", { class: "side-panel" }, h("section", { class: "panel" }, h("h3", {}, "Events up to here"), this.eventsList),
          this.replay.result ? h("p", { class: "panel", "data-testid": "replay-result" }, `Result: ${(this.replay.result.scores || []).join(" \u2013 ")}${this.replay.result.skunk ? ` (${this.replay.result.skunk})` : ""}`) : null,
          h("a", { class: "button subtle", href: "#/" }, "Lobby"))));
  }

  go(index) {
    const steps = this.replay.steps;
    this.index = Math.max(0, Math.min(steps.length - 1, index));
    const step = steps[this.index];
    this.slider.value = String(this.index);
    this.stepLabel.textContent = `Step ${this.index} / ${steps.length - 1}`;
    this.actionLabel.textContent = describeAction(step.action);
    this.scoreLine.textContent = `Scores: ${(step.scores || []).join(" \u2013 ")}`;
    const events = steps.slice(0, this.index + 1).flatMap((s) => s.events || []);
    clear(this.eventsList);
    const recent = new Set(step.events || []);
    for (const event of events.slice(-80)) {
      if (event.text) this.eventsList.append(h("li", { class: recent.has(event) ? "current" : "" }, event.text));
    }
    this.eventsList.scrollTop = this.eventsList.scrollHeight;
    clear(this.tableArea);
    try {
      this.tableArea.append(this.picture(events, step));
    } catch (error) {
      this.tableArea.append(h("p", { class: "muted" }, `(no picture: ${error.message})`));
    }
  }

  picture(events, step) {
    const game = this.replay.game;
    if (game === "tabletop") return this.tabletopPicture(events, step);
    if (game === "tiles") return this.tilesPicture(events, step);
    if (game === "solitaire") return this.solitairePicture(events, step);
    return this.classicPicture(events, step);
  }

  classicPicture(events, step) {
    const sides = (step.scores || [0, 0]).length;
    const board = new CribbageBoard(sides, (this.replay.spec && /target=61/.test(this.replay.spec)) ? 61 : 121);
    const pegs = pegsFromEvents(events, sides);
    board.update(pegs.front, pegs.back);
    const hands = new Map();
    let pile = [];
    let starter = null;
    for (const event of events) {
      if (event.type === "deal") { pile = []; starter = null; }
      if (event.type === "hand" && event.cards) hands.set(event.seat, [...event.cards]);
      if (event.type === "discard" && event.cards) hands.set(event.seat, (hands.get(event.seat) || []).filter((c) => !event.cards.includes(c)));
      if (event.type === "starter") starter = event.starter;
      if (event.type === "peg") {
        pile = event.cards || [];
        const card = pile[pile.length - 1];
        hands.set(event.seat, (hands.get(event.seat) || []).filter((c) => c !== card));
      }
    }
    const shows = (step.events || []).filter((e) => ["show", "crib"].includes(e.type));
    return h("div", { class: "classic-table" },
      h("div", { class: "board-wrap" }, board.element),
      h("div", { class: "centre-row" },
        h("div", { class: "starter" }, h("span", { class: "label" }, "Starter"), starter ? cardRow([starter]) : backRow(1, { small: false })),
        h("div", { class: "pile" }, h("span", { class: "label" }, "Pegging"), cardRow(pile, { small: true }))),
      h("div", { class: "replay-hands" }, [...hands.entries()].sort((a, b) => a[0] - b[0]).map(([seat, cards]) =>
        h("div", { class: "replay-hand" }, h("span", { class: "seat-name" }, `Seat ${seat}`), cardRow(cards, { small: true })))),
      shows.length ? h("section", { class: "panel show-panel", "data-testid": "show" }, shows.map((e) => showEntry(e, `Seat ${e.seat}`))) : null);
  }

  tabletopPicture(events, step) {
    const seen = step.observations && step.observations[0];
    let grid = seen && seen.grid ? seen.grid : null;
    if (!grid) grid = this.gridFromEvents(events);
    const lines = events.filter((e) => e.type === "line").slice(-10);
    return h("div", { class: "tabletop-table" }, h("div", { class: "tt-main" }, tabletopGrid(grid, { lineScores: seen && seen.line_scores, rowsName: "rows", columnsName: "cols" })),
      lines.length ? h("ul", { class: "line-list" }, lines.map((e) => h("li", {}, `${e.line}: ${e.points} \u2014 ${e.words || ""}`))) : null);
  }

  gridFromEvents(events) {
    let grid = null;
    for (const event of events) {
      if (event.type === "deal" || !grid) grid = Array.from({ length: 5 }, () => new Array(5).fill(null));
      if (event.type === "centre") grid[2][2] = event.cards[0];
      if (event.type === "place") {
        const column = "ABCDE".indexOf(event.cell[0].toUpperCase());
        grid[Number(event.cell.slice(1)) - 1][column] = event.cards[0];
      }
    }
    return grid || Array.from({ length: 5 }, () => new Array(5).fill(null));
  }

  tilesPicture(events, step) {
    const seen = step.observations && step.observations[0];
    const size = seen && seen.board ? seen.board.length : Number(((this.replay.spec || "").match(/board_size=(\d+)/) || [])[1] || 13);
    const board = Array.from({ length: size }, () => new Array(size).fill(null));
    let last = new Set();
    for (const event of events) {
      if (event.type !== "play" || !event.move) continue;
      const action = parseMove(event.move, board);
      last = new Set(action.cells);
      action.cells.forEach((cell, i) => {
        const { row, column } = cellCoordinates(cell, size);
        board[row][column] = action.tiles[i];
      });
    }
    if (seen && seen.board) seen.board.forEach((row, r) => row.forEach((tile, c) => { board[r][c] = tile; }));
    const centreIndex = Math.floor(size / 2);
    const centre = `${"ABCDEFGHIJKLMNOPQRSTUVWXY"[centreIndex]}${centreIndex + 1}`;
    return h("div", { class: "tiles-table" }, h("div", { class: "board-scroll" }, tilesBoard(board, { centre, last, testid: "replay-board" })));
  }

  solitairePicture(events, step) {
    const counts = (step.events || []).filter((e) => ["show", "crib", "last_hand"].includes(e.type));
    const dealt = [...events].reverse().find((e) => e.type === "deal");
    return h("div", { class: "solitaire-table" },
      dealt ? h("div", {}, h("span", { class: "label" }, `Round ${(dealt.deal || 0) + 1}: dealt`), cardRow(dealt.cards || [], { small: true })) : null,
      counts.length ? h("section", { class: "panel show-panel", "data-testid": "show" }, counts.map((e) => showEntry(e, "You"))) : null);
  }
}

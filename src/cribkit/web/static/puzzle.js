// The puzzles page, "#/puzzle" (the day's puzzle) and "#/puzzle/ID": the position as the seat saw
// it, the choice, "Check", then the verdict, the values of the alternatives and why. The streaks
// are kept in this browser's local storage (logic/puzzles.js).
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import {
  answerText,
  cardsWanted,
  readHistory,
  recordAnswer,
  streakText,
  toggleCard,
  valueRows,
  verdictHeading,
} from "./logic/puzzles.js";
import { cardLabel } from "./logic/cards.js";
import { untilReachable } from "./reach.js";
import { storedPuzzles, storePuzzles } from "./storage.js";
import { cardButton, cardRow } from "./widgets/cards.js";
import { dailyDealsPanel } from "./widgets/daily.js";
import { stagedOfMove } from "./logic/tiles.js";
import { tilesBoard, tileSvg } from "./widgets/tiles.js";

function loadHistory() {
  return readHistory(storedPuzzles());
}

export class PuzzlePage {
  constructor(root, argument) {
    this.root = root;
    this.id = argument;
    this.selection = null;
    this.verdict = null;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Setting up the puzzle\u2026"));
    const path = this.id ? `/api/puzzles/${encodeURIComponent(this.id)}` : "/api/puzzles/daily";
    try {
      this.puzzle = await untilReachable(this, () => api("GET", path));
    } catch (error) {
      if (!this.stopped) clear(this.root).append(h("p", { class: "error-line" }, `No puzzle: ${error.message}`));
      return;
    }
    if (this.stopped) return;
    this.selection = cardsWanted(this.puzzle.kind) ? [] : null;
    this.draw();
  }

  stop() {
    this.stopped = true;
  }

  choose(selection) {
    if (this.verdict) return;
    this.selection = selection;
    this.draw();
  }

  /** After the verdict: show the play `key` on the board (a Tiles puzzle's answers). */
  show(key) {
    this.shown = key;
    this.draw();
  }

  async check() {
    const answer = answerText(this.puzzle.kind, this.selection);
    if (!answer || this.verdict) return;
    try {
      this.verdict = await api("POST", `/api/puzzles/${encodeURIComponent(this.puzzle.id)}/answer`, { answer });
    } catch (error) {
      this.error = error.message;
      this.draw();
      return;
    }
    const date = this.puzzle.date || new Date().toISOString().slice(0, 10);
    storePuzzles(recordAnswer(loadHistory(), this.verdict, { date, daily: Boolean(this.puzzle.date) }));
    this.draw();
  }

  position() {
    const { kind, view, options } = this.puzzle;
    const parts = [];
    if (kind === "lay-away" || kind === "play") {
      if (view.starter)
        parts.push(h("p", { class: "puzzle-label" }, "The starter"), cardRow([view.starter], { small: true }));
      if (view.pile && view.pile.length)
        parts.push(
          h("p", { class: "puzzle-label" }, `The play so far (count ${view.count})`),
          cardRow(view.pile, { small: true }),
        );
      const want = cardsWanted(kind);
      parts.push(
        h(
          "p",
          { class: "puzzle-label" },
          want === 2 ? "Your hand: pick two cards to lay away" : "Your hand: pick a card",
        ),
        h(
          "div",
          { class: "hand", "data-testid": "puzzle-hand" },
          view.hand.map((card) =>
            cardButton(card, {
              selected: this.selection.includes(card),
              playable: !this.verdict && (kind === "lay-away" || options.includes(card)),
              onclick: () => this.choose(toggleCard(this.selection, card, want)),
            }),
          ),
        ),
      );
    } else if (kind === "place") {
      const open = new Set(view.open_cells);
      const grid = h("div", { class: "puzzle-grid", "data-testid": "puzzle-grid" });
      view.grid.forEach((row, r) =>
        row.forEach((card, c) => {
          const cell = `${"ABCDE"[c]}${r + 1}`;
          const chosen = this.selection === cell;
          grid.append(
            card
              ? h("span", { class: "puzzle-cell", "data-cell": cell }, cardRow([card], { small: true }))
              : h(
                  "button",
                  {
                    type: "button",
                    class: `puzzle-cell open${chosen ? " selected" : ""}`,
                    "data-testid": "puzzle-cell",
                    "data-cell": cell,
                    "aria-pressed": chosen ? "true" : "false",
                    disabled: !open.has(cell) || Boolean(this.verdict),
                    onclick: () => this.choose(cell),
                  },
                  cell,
                ),
          );
        }),
      );
      parts.push(
        h("p", { class: "puzzle-label" }, `The card to place (you score the ${view.my_lines})`),
        cardRow([view.turned], { small: true }),
        grid,
      );
    } else {
      // The play chosen, or after the verdict the one asked for (the best first), laid on the
      // board as tiles not played yet.
      const shown = this.verdict ? (this.shown ?? this.verdict.best) : this.selection;
      const staged = stagedOfMove(shown, view.board);
      parts.push(
        tilesBoard(view.board, { centre: view.centre, staged, testid: "puzzle-board" }),
        staged.size
          ? h(
              "p",
              { class: "puzzle-label", "data-testid": "puzzle-board-shows" },
              `On the board: ${shown}${this.verdict && shown === this.verdict.best ? " (the best)" : ""}`,
            )
          : null,
        h("p", { class: "puzzle-label" }, "Your rack"),
        h(
          "div",
          { class: "card-row" },
          view.rack.map((tile) => h("span", { class: "mini-tile" }, tileSvg(tile))),
        ),
        h(
          "div",
          { class: "puzzle-options", role: "radiogroup", "aria-label": "the plays" },
          options.map((key) =>
            h(
              "button",
              {
                type: "button",
                role: "radio",
                class: `button subtle${shown === key ? " selected" : ""}`,
                "data-testid": "puzzle-option",
                "data-key": key,
                "aria-checked": shown === key ? "true" : "false",
                // After the verdict a play is shown on the board, no longer chosen.
                onclick: () => (this.verdict ? this.show(key) : this.choose(key)),
              },
              key,
            ),
          ),
        ),
      );
    }
    return parts;
  }

  result() {
    const v = this.verdict;
    if (!v) return null;
    const rows = valueRows(v);
    return h(
      "section",
      { class: "panel puzzle-verdict", "data-testid": "puzzle-verdict", "data-correct": String(v.correct) },
      h("h3", { "data-testid": "verdict-heading" }, verdictHeading(v)),
      h("p", { "data-testid": "verdict-words" }, v.words),
      h(
        "table",
        { class: "stats-table", "data-testid": "puzzle-values" },
        h(
          "thead",
          {},
          h(
            "tr",
            {},
            ["Choice", "Value", "Behind the best"].map((t) => h("th", {}, t)),
          ),
        ),
        h(
          "tbody",
          {},
          rows.map((row) =>
            h(
              "tr",
              {
                "data-testid": "value-row",
                "data-key": row.key,
                class: `${row.best ? "best" : ""}${row.yours ? " yours" : ""}`,
              },
              h("td", {}, row.words, row.yours ? " (yours)" : ""),
              h("td", {}, row.value),
              h("td", {}, row.behind),
            ),
          ),
        ),
      ),
    );
  }

  draw() {
    const p = this.puzzle;
    const answer = answerText(p.kind, this.selection);
    clear(this.root).append(
      h(
        "div",
        { class: "game-head" },
        h(
          "div",
          { class: "title-row" },
          h("h2", { class: "game-title" }, p.date ? `The puzzle of ${p.date}` : `Puzzle ${p.id}`),
          h("a", { class: "button subtle", href: "#/" }, "Lobby"),
        ),
        h("p", { class: "status", "data-testid": "puzzle-streak" }, streakText(loadHistory())),
      ),
      h(
        "section",
        { class: "panel puzzle", "data-testid": "puzzle", "data-id": p.id, "data-kind": p.kind },
        h("p", { class: "puzzle-question", "data-testid": "puzzle-question" }, p.question),
        this.position(),
        this.error ? h("p", { class: "error-line" }, this.error) : null,
        h(
          "div",
          { class: "actions" },
          h(
            "button",
            {
              type: "button",
              class: "button",
              "data-testid": "puzzle-check",
              disabled: !answer || Boolean(this.verdict),
              onclick: () => this.check(),
            },
            answer && cardsWanted(p.kind) ? `Check ${answer.split(" ").map(cardLabel).join(" ")}` : "Check",
          ),
          h(
            "a",
            { class: "button subtle", href: `#/puzzle/${encodeURIComponent(p.next)}`, "data-testid": "puzzle-next" },
            "Next puzzle",
          ),
        ),
      ),
      ...[this.result()].filter(Boolean),
      this.dealPanel(),
    );
  }

  /** The daily deals: those played in this browser, and today's to play. */
  dealPanel() {
    return dailyDealsPanel(loadHistory(), (message) => {
      this.error = message;
      this.draw();
    });
  }
}

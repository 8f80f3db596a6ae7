// The review of a finished game: the seat's decisions on a timeline (each marked by its verdict,
// in words as well as colour), the score race and the expected points lost drawn here as SVG,
// and for the decision chosen the position as the seat saw it (the replay's step, drawn by the
// live game's own table), the alternatives with their values, and why.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import {
  choiceRows,
  costText,
  countWords,
  lossSeries,
  luckLine,
  polyline,
  scoreSeries,
  shownRows,
  timelineMarks,
  totalLines,
  verdictSentence,
  worstDecision,
} from "./logic/review.js";
import { stepMessage } from "./logic/replay.js";
import { tableWords } from "./logic/table.js";
import { gameTitle, scoresText, sentence } from "./logic/words.js";
import { viewFor } from "./views.js";

const HEIGHT = 150;
const PAD = { left: 34, right: 10, top: 10, bottom: 22 };

export class ReviewPage {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.position = null;
    this.view = null;
  }

  async start(seat = null) {
    clear(this.root).append(h("p", { class: "loading" }, "Analysing the game\u2026"));
    const id = encodeURIComponent(this.gameId);
    try {
      this.analysis = await api("GET", `/api/games/${id}/analysis${seat === null ? "" : `?seat=${seat}`}`);
      this.replay = await api("GET", `/api/games/${id}/replay?seat=${this.analysis.seat}`);
    } catch (error) {
      if (this.stopped) return;
      clear(this.root).append(
        h(
          "div",
          { class: "panel error-box", "data-testid": "review-error" },
          h("p", {}, `This game cannot be reviewed: ${error.message}`),
          h("a", { class: "button", href: "#/" }, "Back to the lobby"),
        ),
      );
      return;
    }
    if (this.stopped) return;
    this.build();
    const worst = worstDecision(this.analysis);
    if (worst !== null) this.show(worst, false);
  }

  stop() {
    this.stopped = true;
  }

  name(seat) {
    return this.analysis.names[seat] ?? `Seat ${seat + 1}`;
  }

  build() {
    const analysis = this.analysis;
    const seat = analysis.seat;
    document.title = `Review: ${gameTitle(analysis.game)} \u2013 cribkit`;
    this.detail = h("div", { class: "review-detail", "data-testid": "review-detail" });
    this.marks = timelineMarks(analysis).map((mark) =>
      h(
        "li",
        {},
        h(
          "button",
          {
            type: "button",
            class: `review-mark verdict-${mark.verdict}`,
            "data-testid": "review-mark",
            "data-verdict": mark.verdict,
            "aria-pressed": "false",
            onclick: () => this.show(mark.position, true),
            onkeydown: (event) => this.onKey(event, mark.position),
          },
          mark.label,
        ),
      ),
    );
    const last = this.replay.steps[this.replay.steps.length - 1];
    clear(this.root).append(
      h(
        "div",
        { class: "game-head" },
        h(
          "div",
          { class: "title-row" },
          h("h2", { class: "game-title" }, `Review: ${tableWords(gameTitle(analysis.game), this.replay.spec)}`),
        ),
      ),
      h(
        "section",
        { class: "panel review-summary", "data-testid": "review-summary" },
        h("h3", {}, `${this.name(seat)}: the decisions`),
        this.seatChooser(),
        h("p", {}, `Final scores: ${scoresText(last.scores, last.view?.target)}`),
        h(
          "ul",
          { class: "review-lines", "data-testid": "review-totals" },
          this.totals().map((line) => h("li", {}, line)),
        ),
        analysis.luck.length
          ? [
              h("h4", {}, "Luck of the cards"),
              h(
                "ul",
                { class: "review-lines", "data-testid": "review-luck" },
                analysis.luck.map((luck) => h("li", {}, luckLine(luck))),
              ),
            ]
          : null,
        analysis.notes.map((note) => h("p", { class: "muted" }, sentence(note))),
      ),
      h(
        "div",
        { class: "charts" },
        h("section", { class: "panel" }, h("h3", {}, "The score race, move by move"), this.raceChart()),
        h("section", { class: "panel" }, h("h3", {}, "Expected points lost, move by move"), this.lossChart()),
      ),
      h(
        "section",
        { class: "panel" },
        h("h3", { id: "review-timeline-title" }, "Timeline"),
        this.marks.length
          ? h("ol", { class: "review-timeline", "aria-labelledby": "review-timeline-title" }, this.marks)
          : h("p", { class: "muted" }, "No decision to review: every move was the only one."),
      ),
      this.detail,
      h(
        "div",
        { class: "button-row" },
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.gameId)}` }, "Replay"),
        h("a", { class: "button", href: "#/" }, "Lobby"),
      ),
    );
  }

  totals() {
    const lines = totalLines(this.analysis.totals[String(this.analysis.seat)] || []);
    return lines.length ? lines : ["no decisions"];
  }

  /** A list of the seats to review (only the player's own at a table of people: the server says). */
  seatChooser() {
    const seats = this.analysis.names.length;
    if (seats < 2 || this.replay.steps.length === 0) return null;
    const options = this.analysis.names.map((name, seat) =>
      h("option", { value: seat, selected: seat === this.analysis.seat }, name),
    );
    return h(
      "label",
      { class: "replay-seat" },
      "Review the decisions of ",
      h("select", { "data-testid": "review-seat", onchange: (e) => this.start(Number(e.target.value)) }, options),
    );
  }

  /** Arrow keys move along the timeline (the marks are buttons: Tab, Enter and Space work too). */
  onKey(event, position) {
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
    let to = position + (moves[event.key] || 0);
    if (event.key === "Home") to = 0;
    if (event.key === "End") to = this.marks.length - 1;
    if (to === position || to < 0 || to >= this.marks.length) return;
    event.preventDefault();
    this.show(to, true);
  }

  show(position, focus) {
    const decision = this.analysis.decisions[position];
    this.position = position;
    this.marks.forEach((mark, i) => mark.firstChild.setAttribute("aria-pressed", String(i === position)));
    if (focus) this.marks[position].firstChild.focus();
    const step = this.replay.steps[decision.index];
    const count = countWords(step?.view, decision.phase);
    const rows = choiceRows(decision);
    this.body = h("tbody", {});
    this.fillChoices(rows, false);
    const more =
      rows.length > shownRows(rows, false).length
        ? h(
            "button",
            {
              type: "button",
              "data-testid": "review-all-choices",
              onclick: (event) => {
                this.fillChoices(rows, true);
                event.target.remove();
              },
            },
            `Show all ${rows.length} choices`,
          )
        : null;
    this.table = h("div", { class: "replay-table review-position", "data-testid": "review-position" });
    // (h() leaves out the nulls: the DOM's own append would write them as text)
    const words = h(
      "section",
      { class: "panel", "aria-live": "polite" },
      h(
        "h3",
        {},
        `Decision ${position + 1} of ${this.analysis.decisions.length}: ${decision.phase}, ` +
          `scores ${decision.scores.join("\u2013")}`,
      ),
      h(
        "p",
        { class: `review-verdict verdict-${decision.verdict}`, "data-testid": "review-verdict" },
        verdictSentence(decision),
      ),
      h("p", { "data-testid": "review-why" }, `Why: ${decision.words}.`),
      count ? h("p", { "data-testid": "review-count" }, count) : null,
      decision.samples
        ? h(
            "p",
            { class: "muted" },
            `Values estimated from ${decision.samples} samples (the \u00b1 is one standard error).`,
          )
        : null,
      h(
        "div",
        { class: "table-scroll" },
        h(
          "table",
          { class: "stats-table review-choices", "data-testid": "review-choices" },
          h("caption", { class: "reader-only" }, "The alternatives, best first"),
          h(
            "thead",
            {},
            h(
              "tr",
              {},
              h("th", { scope: "col" }, "Choice"),
              h("th", { scope: "col" }, "Value"),
              h("th", { scope: "col" }, "Below the best"),
            ),
          ),
          this.body,
        ),
      ),
      more,
      decision.hindsight
        ? h(
            "p",
            { class: "muted", "data-testid": "review-hindsight" },
            `With every card known: ${decision.hindsight.words}.`,
          )
        : null,
    );
    clear(this.detail).append(
      words,
      h("h3", { class: "review-felt" }, `The position as ${sawIt(this.name(decision.seat))} saw it`),
      this.table,
    );
    this.drawPosition(decision.index);
  }

  /** The alternatives' rows: the best few and the chosen one, or all of them. */
  fillChoices(rows, all) {
    clear(this.body).append(
      ...shownRows(rows, all).map((row) =>
        h(
          "tr",
          { class: row.chosen ? "chosen" : null, "data-chosen": String(row.chosen) },
          h(
            "td",
            { class: "choice-words" },
            row.words,
            row.chosen ? h("strong", {}, " (chosen)") : null,
            row.best ? h("strong", {}, " (best)") : null,
          ),
          h("td", {}, row.value),
          h("td", {}, row.behind),
        ),
      ),
    );
  }

  /** The step before the decision, drawn read-only by the game's own table. */
  drawPosition(index) {
    try {
      const view = viewFor(this.replay.game, this.table);
      if (!view) throw new Error(`this page cannot show the game ${this.replay.game}`);
      view.update(stepMessage(this.replay, index), this.context(), [], []);
    } catch (error) {
      clear(this.table).append(h("p", { class: "muted" }, `(no picture: ${error.message})`));
    }
  }

  context() {
    return {
      seat: this.analysis.seat,
      mode: "replay",
      gameId: this.gameId,
      name: (seat) => this.name(seat),
      readOnly: true,
      send: () => false,
      preview: () => {},
      hint: () => {},
      busy: () => false,
    };
  }

  /** Both sides' scores after every step. */
  raceChart() {
    const series = scoreSeries(this.replay.steps);
    const maxX = Math.max(1, this.replay.steps.length - 1);
    const maxY = Math.max(1, this.replay.steps[0]?.view?.target || 0, ...series.flat().map(([, s]) => s));
    return this.chart(
      "score-chart",
      `The score race: ${series.map((s, seat) => `${this.name(seat)} ${s[s.length - 1]?.[1] ?? 0}`).join(", ")}`,
      series.map((s, seat) => ({ points: s, label: this.name(seat), style: `seat-${seat % 4}` })),
      maxX,
      maxY,
    );
  }

  /** The seat's expected points lost, summed along the game. */
  lossChart() {
    const series = lossSeries(this.analysis);
    const maxX = Math.max(1, this.replay.steps.length - 1);
    const maxY = Math.max(1, ...series.flat().map(([, v]) => v));
    const total = series[0]?.[series[0].length - 1]?.[1] ?? 0;
    return this.chart(
      "loss-chart",
      `Expected points lost by ${this.name(this.analysis.seat)}: ${costText(total, "points")} in all`,
      series.map((s, i) => ({ points: s, label: this.name(this.analysis.seats[i]), style: "loss" })),
      maxX,
      maxY,
    );
  }

  chart(testid, title, lines, maxX, maxY) {
    // As wide as the page allows (up to 600): the labels keep their size on a phone.
    const WIDTH = Math.round(Math.min(600, Math.max(300, (this.root.clientWidth || 600) - 48)));
    const w = WIDTH - PAD.left - PAD.right;
    const ht = HEIGHT - PAD.top - PAD.bottom;
    const parts = [h("svg:title", {}, title)];
    for (const fraction of [0, 0.5, 1]) {
      const y = PAD.top + ht * (1 - fraction);
      parts.push(h("svg:line", { x1: PAD.left, x2: WIDTH - PAD.right, y1: y, y2: y, class: "grid-line" }));
      const value = maxY * fraction;
      parts.push(
        h(
          "svg:text",
          { x: PAD.left - 4, y: y + 3, "text-anchor": "end", class: "axis-label" },
          Number.isInteger(value) ? value : value.toFixed(1),
        ),
      );
    }
    lines.forEach((line, i) => {
      parts.push(
        h("svg:polyline", {
          points: polyline(line.points, w, ht, maxX, maxY),
          transform: `translate(${PAD.left} ${PAD.top})`,
          class: `review-line ${line.style}`,
        }),
      );
      // The legend names each line and draws its stroke (dashed or not): never colour alone.
      const x = PAD.left + 8 + i * Math.min(150, w / lines.length);
      parts.push(
        h("svg:line", { x1: x, x2: x + 22, y1: HEIGHT - 9, y2: HEIGHT - 9, class: `review-line ${line.style}` }),
      );
      parts.push(h("svg:text", { x: x + 26, y: HEIGHT - 5, class: "axis-label" }, line.label));
    });
    return h(
      "svg:svg",
      { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "chart", role: "img", "aria-label": title, "data-testid": testid },
      parts,
    );
  }
}

/** Who saw a position, as the sentence says it ("you", not "You", in the middle of it). */
function sawIt(name) {
  return name === "You" ? "you" : name;
}

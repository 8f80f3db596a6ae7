// The replay viewer: step forward and back through a game record. Each step is drawn from the
// seat's view (the same observation a live game's state carries) by the live game's own table
// (views.js); the log and the action come from the events.
import { api } from "./api.js";
import { clear, h, isTyping } from "./dom.js";
import {
  clampStep,
  describeAction,
  eventsUpTo,
  replayNamer,
  resultText,
  seatCount,
  stepMessage,
} from "./logic/replay.js";
import { tableWords } from "./logic/table.js";
import { gameTitle, scoresText } from "./logic/words.js";
import { untilReachable } from "./reach.js";
import { uploaded } from "./storage.js";
import { viewFor } from "./views.js";
import { fillLog } from "./widgets/log.js";

const KEYS = {
  ArrowRight: (index) => index + 1,
  ArrowLeft: (index) => index - 1,
  Home: () => 0,
  End: (index, last) => last,
};

export class ReplayPage {
  constructor(root, source) {
    this.root = root;
    this.source = source;
    this.index = 0;
    this.view = null;
    this.drawn = null;
    this.onKey = (event) => {
      if (isTyping(event) && event.target.type !== "range") return;
      const move = KEYS[event.key];
      if (!move) return;
      this.go(move(this.index, this.replay.steps.length - 1));
      event.preventDefault();
    };
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading the replay\u2026"));
    try {
      this.replay = await untilReachable(this, () => this.load(null));
    } catch (error) {
      if (this.stopped) return;
      clear(this.root).append(
        h(
          "div",
          { class: "panel error-box", "data-testid": "replay-error" },
          h("p", {}, `This replay cannot be shown: ${error.message}`),
          h("a", { class: "button", href: "#/" }, "Back to the lobby"),
        ),
      );
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

  /** The replay as `seat` saw it (null: as the server gives it, seat 0's view). */
  async load(seat) {
    const query = seat === null ? "" : `?seat=${seat}`;
    if (this.source !== "upload") return api("GET", `/api/games/${encodeURIComponent(this.source)}/replay${query}`);
    const kept = uploaded();
    if (!kept) throw new Error("no record was uploaded: choose one in the lobby");
    if (seat === null || seat === (kept.replay.seat ?? 0)) return kept.replay;
    return api("POST", `/api/replay${query}`, kept.record);
  }

  /** Show the game from another seat, at the same step. */
  async showSeat(seat) {
    let replay;
    try {
      replay = await this.load(seat);
    } catch (error) {
      if (!this.stopped) this.actionLabel.textContent = `That seat's view cannot be shown: ${error.message}`;
      return;
    }
    if (this.stopped) return;
    this.replay = replay;
    this.view = null;
    this.drawn = null;
    this.go(this.index);
  }

  build() {
    const steps = this.replay.steps;
    const last = steps.length - 1;
    this.name = replayNamer(this.replay);
    this.slider = h("input", {
      type: "range",
      min: 0,
      max: last,
      value: 0,
      "data-testid": "replay-slider",
      "aria-label": "step",
      oninput: (e) => this.go(Number(e.target.value)),
    });
    this.stepLabel = h("span", { class: "step-label", "data-testid": "replay-step" });
    this.actionLabel = h("p", { class: "replay-action", "data-testid": "replay-action" });
    this.scoreLine = h("p", { class: "replay-scores", "data-testid": "replay-scores" });
    this.tableArea = h("div", { class: "replay-table", "data-testid": "replay-table" });
    this.eventsList = h("ol", {
      class: "log-list",
      "data-testid": "replay-events",
      tabindex: "0", // (it scrolls: focusable, so that the keyboard can scroll it too)
      "aria-label": "Events up to here",
    });
    const button = (action, label, to, title) =>
      h("button", { type: "button", "data-action": action, title, onclick: () => this.go(to(this.index)) }, label);
    // The result is told at the last step only: before it, the game is still being played.
    this.resultLine = h("p", { class: "panel", "data-testid": "replay-result", hidden: true });
    clear(this.root).append(
      h(
        "div",
        { class: "game-head" },
        h(
          "div",
          { class: "title-row" },
          h("h2", { class: "game-title" }, `Replay: ${tableWords(gameTitle(this.replay.game), this.replay.spec)}`),
        ),
      ),
      h(
        "div",
        { class: "replay-controls panel" },
        button("replay-first", "\u25c0\u25c0", () => 0, "first (Home)"),
        button("replay-prev", "\u25c0 Back", (i) => i - 1, "back (\u2190)"),
        this.stepLabel,
        button("replay-next", "Forward \u25b6", (i) => i + 1, "forward (\u2192)"),
        button("replay-last", "\u25b6\u25b6", () => last, "last (End)"),
        this.slider,
        this.seatChooser(),
      ),
      this.actionLabel,
      this.scoreLine,
      h(
        "div",
        { class: "game-layout" },
        this.tableArea,
        h(
          "aside",
          { class: "side-panel" },
          h("section", { class: "panel" }, h("h3", {}, "Events up to here"), this.eventsList),
          this.resultLine,
          // A stored game has its review (an uploaded record is no game of the player's).
          this.source === "upload"
            ? null
            : h(
                "a",
                {
                  class: "button",
                  href: `#/review/${encodeURIComponent(this.source)}`,
                  "data-testid": "replay-review",
                },
                "Review",
              ),
          h("a", { class: "button subtle", href: "#/" }, "Lobby"),
        ),
      ),
    );
  }

  /** A list of the seats whose view the table shows (none for a game of one seat). */
  seatChooser() {
    const seats = seatCount(this.replay);
    if (seats < 2) return null;
    const shown = this.replay.seat ?? 0;
    const options = Array.from({ length: seats }, (_, seat) =>
      h("option", { value: seat, selected: seat === shown }, this.name(seat)),
    );
    return h(
      "label",
      { class: "replay-seat" },
      "Seen by ",
      h("select", { "data-testid": "replay-seat", onchange: (e) => this.showSeat(Number(e.target.value)) }, options),
    );
  }

  go(index) {
    const steps = this.replay.steps;
    this.index = clampStep(index, steps);
    const step = steps[this.index];
    this.slider.value = String(this.index);
    this.stepLabel.textContent = `Step ${this.index} / ${steps.length - 1}`;
    this.actionLabel.textContent = describeAction(step.action, this.name);
    this.scoreLine.textContent = `Scores: ${scoresText(step.scores, step.view?.target)}`;
    const result = this.index === steps.length - 1 ? this.replay.result : null;
    this.resultLine.hidden = !result;
    this.resultLine.textContent = result ? resultText(result, step.view?.target) : "";
    const events = eventsUpTo(steps, this.index);
    const current = new Set(step.events || []);
    fillLog(this.eventsList, events, {
      limit: 80,
      current,
      name: this.name,
      cards: this.replay.game !== "tiles",
      target: step.view?.target,
    });
    this.draw(events);
  }

  /** Draw the step's view with the live game's table, read-only. */
  draw(events) {
    const steps = this.replay.steps;
    try {
      if (!this.view) this.view = viewFor(this.replay.game, this.tableArea);
      if (!this.view) throw new Error(`this page cannot show the game ${this.replay.game}`);
      const context = this.context();
      // A view lights what changed since the state it drew last (the last play): first draw the
      // step before, unless it is the one on the table, as the live game would have shown it.
      if (this.index > 0 && this.drawn !== this.index - 1) {
        this.view.update(stepMessage(this.replay, this.index - 1), context, [], eventsUpTo(steps, this.index - 1));
      }
      this.view.update(stepMessage(this.replay, this.index), context, steps[this.index].events || [], events);
      this.drawn = this.index;
    } catch (error) {
      this.view = null;
      this.drawn = null;
      clear(this.tableArea).append(h("p", { class: "muted" }, `(no picture: ${error.message})`));
    }
  }

  /** What the views are given in a replay: names, the seat, and no way to act. */
  context() {
    return {
      seat: this.replay.seat ?? 0,
      mode: "replay",
      gameId: this.source,
      name: this.name,
      readOnly: true,
      send: () => false,
      preview: () => {},
      hint: () => {},
      busy: () => false,
    };
  }
}

// The coach at the table (docs/web.md, "The coach"): its toggle in the side panel's controls,
// remembered per browser (the settings' `coach`), and its box, which says at once what a move
// cost and the better choice, until the next move or until it is closed.
import { clear, h } from "../dom.js";
import { COACH_WAITING, coachText } from "../logic/coach.js";
import { changeSettings, settings } from "../settings.js";

export class CoachPanel {
  /**
   * @param {{connections: () => Iterable<{send: Function}>,
   *   words: (seat: number) => {name: Function, cards: boolean}}} page the game page's sockets and words
   */
  constructor(page) {
    this.page = page;
    this.button = h(
      "button",
      {
        type: "button",
        "data-action": "coach",
        "aria-pressed": String(this.on),
        title: "Coach: say at once when a move of yours costs points, with the better choice",
        onclick: () => this.toggle(),
      },
      "Coach",
    );
    this.note = h("p", { class: "muted coach-note", "data-testid": "coach-status", hidden: true });
    this.box = h("div", { class: "hint-box coach-box", "data-testid": "coach", hidden: true });
    // One live region: what the coach says is read out as it comes.
    this.region = h("div", { class: "coach-region", role: "status", "aria-live": "polite" }, this.note, this.box);
  }

  /** Whether this browser wants the coach. */
  get on() {
    return settings().coach === "on";
  }

  toggle() {
    changeSettings({ coach: this.on ? "off" : "on" });
    this.button.setAttribute("aria-pressed", String(this.on));
    if (!this.on) {
      this.clear();
      this.note.hidden = true;
    }
    for (const connection of this.page.connections()) connection.send({ type: "coach", on: this.on });
  }

  /** A seat's socket is open: the server keeps the wish only while it runs, so it is told again. */
  opened(connection) {
    if (this.on) connection.send({ type: "coach", on: true });
  }

  /** Where the coach stands (a `coach_state`): waiting for the others at a table of people. */
  status(message) {
    this.note.textContent = message.waiting ? COACH_WAITING : "";
    this.note.hidden = !message.waiting;
  }

  /** The coach's word on the seat's move (a `coach` message). */
  speak(message, seat) {
    const { name, cards } = this.page.words(seat);
    const close = h(
      "button",
      {
        type: "button",
        class: "coach-close small subtle",
        "data-action": "close-coach",
        "aria-label": "Close the coach's note",
        onclick: () => this.clear(),
      },
      "\u00d7",
    );
    clear(this.box).append(close, h("p", { "data-testid": "coach-text" }, coachText(message, name, { cards })));
    this.box.dataset.verdict = message.verdict;
    this.box.hidden = false;
  }

  /** Gone at the next move, or closed, or under the hot-seat cover. */
  clear() {
    clear(this.box).hidden = true;
  }
}

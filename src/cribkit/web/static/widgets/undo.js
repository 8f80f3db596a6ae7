// The undo control: its button, the words beside it (what an undo would take back, or why
// there is none), and the question asked before the first undo back past what was seen.
import { clear, h } from "../dom.js";
import { practiceUndoQuestion, undoTitle } from "../logic/frame.js";

export class UndoControl {
  /** `send()` sends the undo (the page's connection of the seat shown). */
  constructor(send) {
    this.send = send;
    this.message = null;
    this.button = h(
      "button",
      { type: "button", "data-action": "undo", title: "Undo (U)", onclick: () => this.press(), disabled: true },
      "Undo",
    );
    this.note = h("p", { class: "undo-note", "data-testid": "undo-note", hidden: true });
    this.ask = h("div", { class: "undo-ask", "data-testid": "undo-ask", role: "group", hidden: true });
  }

  /** Draw for a state `message` (`mode`, the seat's `events`, its `name`r; `shown`: whether undo is offered at all). */
  update(message, { mode, events, name, shown }) {
    this.message = message;
    this.button.hidden = !shown;
    this.button.disabled = !shown || !message.can_undo || mode === "hotseat";
    const words = undoTitle(message, { mode, events, name });
    this.button.title = words;
    this.note.textContent = words;
    this.note.hidden = !shown;
    // A question left open is for the state it was asked on.
    this.close();
  }

  /** Nothing to undo while no state is shown (a hot-seat cover). */
  disable() {
    this.button.disabled = true;
    this.close();
  }

  /** Undo now, or ask first when this undo goes back past what was seen (once a game). */
  press() {
    if (this.button.disabled || !this.message) return;
    const question = practiceUndoQuestion(this.message);
    if (!question) {
      this.send();
      return;
    }
    const yes = h(
      "button",
      {
        type: "button",
        class: "primary small",
        "data-action": "undo-anyway",
        onclick: () => {
          this.close();
          this.send();
        },
      },
      "Undo anyway",
    );
    const no = h("button", { type: "button", class: "small", onclick: () => this.close() }, "Keep playing");
    clear(this.ask).append(h("p", {}, question), h("div", { class: "undo-ask-buttons" }, yes, no));
    this.ask.hidden = false;
    yes.focus();
  }

  close() {
    if (!this.ask.hidden) clear(this.ask).hidden = true;
  }
}

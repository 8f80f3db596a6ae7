// The table talk: the lines said and the table's notices (always written as text, never as
// markup), the quick phrases and a text box. A spectator's panel has the notices only.
import { clear, h } from "../dom.js";
import { CHAT_LENGTH, chatProblem, PHRASES, talkEntry } from "../logic/table.js";

/** How soon after the panel is made the talk so far arrives (the server sends it on connecting). */
const HISTORY_MS = 1500;

export class ChatPanel {
  /**
   * @param {{send: Function|null, name: Function}} options `send(message)` sends a chat message
   *   (null: the panel only reads, as a spectator's); `name(seat)` names a seat.
   */
  constructor({ send = null, name }) {
    this.send = send;
    this.name = name;
    this.lines = [];
    this.made = performance.now();
    // A list (its lines are list items) inside the live log: role "log" on the list itself would
    // take its list role away. It scrolls, so the keyboard can reach it.
    this.list = h("ol", {
      class: "chat-list",
      "data-testid": "chat-lines",
      tabindex: "0",
      "aria-label": "the lines said",
    });
    this.problem = h("p", { class: "error-line", "data-testid": "chat-error", role: "alert", hidden: true });
    // A line said while the talk is off the screen (a phone: the chat is below the table)
    // shows a pill at the screen's foot, which brings the talk into view.
    this.pill = h(
      "button",
      { type: "button", class: "chat-pill", "data-testid": "chat-pill", hidden: true, onclick: () => this.show() },
      "",
    );
    this.element = h(
      "section",
      { class: "panel chat-panel", "data-testid": "chat" },
      h("h3", {}, send ? "Table talk" : "Table notices"),
      h("div", { role: "log", "aria-live": "polite" }, this.list),
      send ? this.composer() : null,
      this.problem,
      this.pill,
    );
    if (typeof IntersectionObserver !== "undefined") {
      new IntersectionObserver((seen) => {
        if (seen.some((entry) => entry.isIntersecting)) this.pill.hidden = true;
      }).observe(this.list);
    }
    this.draw();
  }

  /** Whether the lines are on the screen now. */
  inView() {
    const box = this.list.getBoundingClientRect();
    return box.bottom > 0 && box.top < window.innerHeight && box.height > 0;
  }

  /** Bring the talk into view (the pill's click). */
  show() {
    this.pill.hidden = true;
    this.element.scrollIntoView({ block: "center" });
  }

  composer() {
    this.input = h("input", {
      type: "text",
      maxlength: CHAT_LENGTH,
      placeholder: "Say something\u2026",
      "aria-label": "a chat line",
      "data-testid": "chat-input",
      autocomplete: "off",
    });
    const submit = (event) => {
      event.preventDefault();
      const problem = chatProblem(this.input.value);
      if (problem) {
        this.showError(problem);
        return;
      }
      this.showError(null);
      this.send({ type: "chat", text: this.input.value.trim() });
      this.input.value = "";
    };
    const phrases = Object.entries(PHRASES).map(([key, text]) =>
      h(
        "button",
        {
          type: "button",
          class: "small phrase",
          "data-action": "phrase",
          "data-phrase": key,
          onclick: () => {
            this.showError(null);
            this.send({ type: "chat", phrase: key });
          },
        },
        text,
      ),
    );
    return [
      h("div", { class: "phrases", "data-testid": "phrases" }, phrases),
      h(
        "form",
        { class: "chat-form", onsubmit: submit },
        this.input,
        h("button", { type: "submit", class: "small primary", "data-action": "send-chat" }, "Send"),
      ),
    ];
  }

  /** Lines from the server: on connecting, the talk so far (`replace`), then each new one. */
  receive(lines, replace = false) {
    // The lines new to this page: a reset sends them all again, and the talk so far comes
    // with the connection (the moment the panel is made), which is no news.
    const key = (line) => `${line.time}\u0000${line.seat}\u0000${line.text}`;
    const known = new Set(this.lines.map(key));
    const news = performance.now() - this.made > HISTORY_MS;
    const fresh = news ? lines.filter((line) => !known.has(key(line))) : [];
    this.lines = replace ? [...lines] : [...this.lines, ...lines];
    this.draw();
    const said = fresh.filter((line) => line.kind === "chat" && this.name(line.seat) !== "You");
    if (said.length && !this.inView()) {
      const who = talkEntry(said[said.length - 1], this.name).who;
      this.pill.textContent = `\u2193 ${who} said something`;
      this.pill.hidden = false;
    }
  }

  /** Draw the lines again (the names may have changed). */
  draw() {
    clear(this.list);
    if (!this.lines.length)
      this.list.append(
        h("li", { class: "muted empty" }, this.send ? "No chat yet: say hello." : "Nothing said at the table."),
      );
    for (const line of this.lines.slice(-100)) {
      const entry = talkEntry(line, this.name);
      this.list.append(
        h(
          "li",
          { class: `talk-${entry.kind}`, "data-testid": "chat-line", "data-kind": entry.kind },
          entry.time ? h("span", { class: "talk-time" }, entry.time) : null,
          entry.who ? h("strong", { class: "talk-who" }, `${entry.who}:`) : null,
          " ",
          // The text as text: a line "<b>hi</b>" shows those characters, never a bold "hi".
          h("span", { class: "talk-text", "data-testid": "chat-text" }, entry.text),
        ),
      );
    }
    this.list.scrollTop = this.list.scrollHeight;
  }

  /** Show why a line was not sent (null hides it). */
  showError(text) {
    this.problem.textContent = text || "";
    this.problem.hidden = !text;
  }
}

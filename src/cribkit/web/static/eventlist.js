// The lobby's "Club nights and tournaments": the public events open for registration or being
// played (GET /api/events), each a link to its page; shown only when there is one, and read
// again every 15 s while the lobby is open (as the public tables are).
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { listedLine } from "./logic/events.js";

export class PublicEvents {
  constructor() {
    this.list = h("ul", { class: "public-list" });
    this.element = h(
      "section",
      { class: "panel lobby-events", "data-testid": "lobby-events", hidden: true },
      h("h3", {}, "Club nights and tournaments"),
      this.list,
    );
  }

  start() {
    this.load();
    this.timer = setInterval(() => this.load(), 15_000);
  }

  async load() {
    let events;
    try {
      events = await api("GET", "/api/events");
    } catch {
      return;
    }
    if (this.stopped || !Array.isArray(events)) return;
    clear(this.list).append(
      ...events.map((event) =>
        h(
          "li",
          { class: "public-table", "data-testid": "lobby-event" },
          h(
            "span",
            { class: "public-what" },
            h("a", { href: `#/event/${encodeURIComponent(event.id)}`, "data-action": "open-event" }, event.name),
            h("span", { class: "muted" }, ` \u00b7 ${listedLine(event)} \u00b7 directed by ${event.director}`),
          ),
        ),
      ),
    );
    this.element.hidden = !events.length;
  }

  stop() {
    this.stopped = true;
    clearInterval(this.timer);
  }
}

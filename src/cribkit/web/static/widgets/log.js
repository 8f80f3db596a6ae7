// The game log and the scoring list, shared by the game page and the replay viewer.
import { clear, h } from "../dom.js";
import { scoredEntries } from "../logic/frame.js";
import { readable } from "../logic/words.js";

/**
 * Fill a list with the last `limit` events that tell something (their text, in the table's
 * words when `name` names the seats: see `readable`), scrolled to the end; the events of
 * `current` (a set) are marked.
 */
export function fillLog(list, events, { limit = 120, current = null, name = null, cards = true } = {}) {
  clear(list);
  for (const event of events.slice(-limit)) {
    if (!event.text) continue;
    const marked = current && current.has(event);
    const text = name ? readable(event.text, name, { cards }) : event.text;
    list.append(h("li", { class: marked ? "current" : `log-${event.type}` }, text));
  }
  list.scrollTop = list.scrollHeight;
}

/** Fill a list with the last points scored, newest first: the points, who, and why in words. */
export function fillScoring(list, events, name) {
  clear(list);
  const entries = scoredEntries(events, name);
  if (!entries.length) list.append(h("li", { class: "muted" }, "No points yet."));
  for (const entry of entries) {
    list.append(
      h(
        "li",
        {},
        h("span", { class: "pts" }, entry.points),
        " ",
        h("span", { class: "who" }, entry.who),
        " ",
        h("span", { class: "why" }, entry.why),
      ),
    );
  }
}

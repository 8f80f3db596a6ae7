// The game log and the scoring list, shared by the game page and the replay viewer.
import { clear, h } from "../dom.js";
import { scoredEntries } from "../logic/frame.js";
import { peggedText, readable } from "../logic/words.js";

/**
 * Fill a list with the last `limit` events that tell something (their text, in the table's
 * words when `name` names the seats: see `readable`), scrolled to the end; the events of
 * `current` (a set) are marked; with the game's `target`, the win's scores as pegged.
 */
export function fillLog(list, events, { limit = 120, current = null, name = null, cards = true, target = null } = {}) {
  clear(list);
  for (const event of events.slice(-limit)) {
    if (!event.text) continue;
    const marked = current && current.has(event);
    // The final scores as the board holds them (with the game's `target`).
    const said = peggedText(event, target);
    const text = name ? readable(said, name, { cards }) : said;
    list.append(h("li", { class: marked ? "current" : `log-${event.type}` }, text));
  }
  list.scrollTop = list.scrollHeight;
}

/**
 * Fill a list with the last points scored, newest first: the points, who, where they came from
 * (the play, the hand, the crib, his heels, a row...) and why in words (`cards`: as fillLog's).
 */
export function fillScoring(list, events, name, { cards = true } = {}) {
  clear(list);
  const entries = scoredEntries(events, name, 6, { cards });
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
        entry.source ? h("span", { class: "src", "data-testid": "score-source" }, entry.source) : "",
        entry.source ? " " : "",
        h("span", { class: "why" }, entry.why),
      ),
    );
  }
}

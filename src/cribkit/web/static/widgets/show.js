// A counted hand laid out (the show, a crib, Solitaire's last hand): the cards, the starter and
// the count in words.
import { h } from "../dom.js";
import { countTitle } from "../logic/classic.js";
import { pointsText, sentence } from "../logic/words.js";
import { cardRow } from "./cards.js";

export function showEntry(event, name) {
  const starter = event.starter
    ? h(
        "div",
        { class: "starter-mini" },
        h("span", { class: "tiny" }, "starter"),
        cardRow([event.starter], { small: true }),
      )
    : null;
  return h(
    "div",
    { class: "show-entry", "data-testid": "show-entry" },
    h("div", { class: "show-cards" }, cardRow(event.cards || [], { small: true }), starter),
    h(
      "div",
      { class: "show-words" },
      h("strong", {}, `${countTitle(event, name)}: ${pointsText(event.points || 0)}`),
      h("p", { class: "words" }, sentence(event.words)),
    ),
  );
}

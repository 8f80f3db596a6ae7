// Table Top's show: the lines of the finished grid counted, each row's and column's points and
// words (his heels first when the centre card is a jack), under the side that scores them. The
// grid itself, with each line's points at its end, is the view's (tabletop.js).
import { h } from "../dom.js";
import { lineTitle, sideHeading } from "../logic/tabletop.js";
import { pointsText } from "../logic/words.js";
import { continueFoot, skipButton, tapToContinue } from "./showcontrols.js";

function lineEntry(event) {
  const points = event.points || 0;
  // (a line of no points says so once: "Row 2: no points", not "zero points. No points.")
  return h(
    "li",
    { class: "tt-show-line", "data-testid": "show-line", "data-line": event.line || "heels" },
    h("strong", {}, `${lineTitle(event)}: ${points ? pointsText(points) : "no points"}`),
    points && event.words ? h("span", { class: "words" }, ` \u2014 ${event.words}.`) : null,
  );
}

function sideGroup(lines, kind, name) {
  if (!lines.length) return null;
  return h(
    "div",
    { class: "tt-show-side", "data-testid": `show-${kind}` },
    h("h4", {}, sideHeading(lines, kind, name)),
    h("ol", { class: "tt-show-lines" }, lines.map(lineEntry)),
  );
}

/** The show panel of `show` (logic/tabletop.js `tabletopShow`) for the staged `message`. */
export function tabletopShowPanel(show, message, context) {
  const name = context.name;
  const panel = h(
    "section",
    { class: "panel show-panel tt-show staged", "data-testid": "show" },
    h("div", { class: "panel-head" }, h("h3", {}, "The show: the lines"), skipButton(message, context)),
    show.heels ? h("ol", { class: "tt-show-lines" }, lineEntry(show.heels)) : null,
    sideGroup(show.rows, "rows", name),
    sideGroup(show.columns, "columns", name),
    continueFoot(message, context),
  );
  return tapToContinue(panel, message, context);
}

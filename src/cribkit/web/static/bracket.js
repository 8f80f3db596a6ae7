// An event's bracket drawn (logic/bracket.js says what goes where): the champion, how long the
// matches are, then the groups (a double elimination's winners', losers' and final), each a row
// of columns, a round each, each match a box of its two sides (seed, name or "bye" or "to come",
// the winner marked, the scores of its games), a pair of matches joined to the match it feeds.
// The drawing scrolls sideways in its own frame when it is wider than the page (on a phone),
// saying so; the page itself never does.
import { h, readerOnly } from "./dom.js";
import { bestOfWords, bracketGroups, columnLink, matchView } from "./logic/bracket.js";

/** One side of a match: seed, name, the winner's mark, a score a game. */
function sideRow(side) {
  return h(
    "div",
    {
      class: `bracket-side side-${side.kind}${side.won ? " won" : ""}`,
      "data-testid": "bracket-side",
      "data-won": side.won ? "true" : null,
    },
    h("span", { class: "bracket-seed" }, side.seed ? String(side.seed) : ""),
    h("span", { class: "bracket-name", title: side.name || null }, side.text),
    h("span", { class: "bracket-mark", "aria-hidden": "true" }, side.won ? "\u2713" : ""),
    side.won ? readerOnly(" won") : null,
    h(
      "span",
      { class: "bracket-scores" },
      side.scores.map((score) =>
        h(
          "span",
          { class: `bracket-score${score.won ? " won" : ""}`, title: score.awarded ? "awarded" : null },
          score.value === null ? "\u2026" : String(score.value),
        ),
      ),
    ),
  );
}

/** A match's box (its words, for a screen reader, before its drawing's). */
function matchBox(match, bracket, games) {
  const view = matchView(match, bracket, games);
  return h(
    "div",
    { class: "bracket-slot" },
    h(
      "div",
      {
        class: `bracket-match match-${view.state}`,
        role: "group",
        "aria-label": view.words,
        "data-testid": "bracket-match",
        "data-match": String(match.id),
        "data-state": view.state,
      },
      view.sides.map(sideRow),
    ),
  );
}

/** A column: the round's name over its matches (joined two by two when they feed the next). */
function columnOf(column, link, fed, bracket, games, heading) {
  const boxes = column.matches.map((match) => matchBox(match, bracket, games));
  const body = [];
  if (link === "pairs")
    for (let i = 0; i < boxes.length; i += 2) body.push(h("div", { class: "bracket-pair" }, boxes.slice(i, i + 2)));
  else body.push(...boxes);
  return h(
    "div",
    {
      class: `bracket-column${link ? ` feeds-${link}` : ""}${fed ? " fed" : ""}`,
      "data-testid": "bracket-column",
    },
    h(heading, { class: "bracket-round" }, column.label),
    h("div", { class: "bracket-body" }, body),
  );
}

/**
 * The bracket's section: `{element, fit}`; `fit()` (once the element is in the page, and when
 * the window changes size) says whether the drawing scrolls sideways.
 */
export function bracketDrawing(event) {
  const bracket = event.bracket;
  const groups = bracketGroups(bracket, event.format);
  const games = event.games || [];
  const frame = h(
    "div",
    {
      class: "bracket-scroll",
      tabindex: "0",
      role: "region",
      "aria-label": "The bracket, round by round",
      "data-testid": "bracket-scroll",
      style: { "--games": String(bracket.best_of || 1) },
    },
    groups.map((group) =>
      h(
        "div",
        { class: "bracket-group", "data-group": group.kind },
        group.title ? h("h4", { class: "bracket-group-title" }, group.title) : null,
        h(
          "div",
          { class: "bracket-columns" },
          group.columns.map((column, index) =>
            columnOf(
              column,
              columnLink(column, group.columns[index + 1]),
              index > 0 && columnLink(group.columns[index - 1], column) !== null,
              bracket,
              games,
              group.title ? "h5" : "h4",
            ),
          ),
        ),
      ),
    ),
  );
  const shade = h("div", { class: "bracket-frame" }, frame);
  const cue = h(
    "p",
    { class: "bracket-cue", "data-testid": "bracket-cue", hidden: true },
    "The later rounds are to the right: scroll the bracket sideways \u2192",
  );
  const fit = () => {
    const wider = frame.scrollWidth > frame.clientWidth + 1;
    cue.hidden = !wider;
    shade.classList.toggle("more", wider && frame.scrollLeft + frame.clientWidth < frame.scrollWidth - 1);
  };
  frame.addEventListener("scroll", fit, { passive: true });
  const champion = bracket.champion
    ? h(
        "p",
        { class: "bracket-champion", "data-testid": "bracket-champion" },
        h("span", { "aria-hidden": "true" }, "\u2605 "),
        "Champion: ",
        h("strong", {}, bracket.champion),
      )
    : null;
  const element = h(
    "section",
    { class: "bracket", "data-testid": "bracket" },
    h("h3", {}, event.format === "qualifier" ? "The playoff" : "The bracket"),
    champion,
    h("p", { class: "muted bracket-note" }, bestOfWords(bracket.best_of), seedNote(bracket)),
    cue,
    shade,
  );
  return { element, frame, fit };
}

/** A note on the seeds: "; the small numbers are the seeds". */
function seedNote(bracket) {
  return bracket.seeds && bracket.seeds.length ? "; the small numbers are the seeds" : "";
}

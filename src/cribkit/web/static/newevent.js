// The account page's "Run a club night or a tournament": a name, the game, the format and the
// format's own options (a night's games, duplicate deals and season; a qualifier's games, cut
// and matches' length; an elimination's matches' length), and whether the lobby lists it; made
// as a draft, then its own page (#/event/ID) opens it.
import { api } from "./api.js";
import { h } from "./dom.js";
import { bestOfChoices, FORMAT_OPTIONS, newEventBody } from "./logic/events.js";
import { POOL_NAMES } from "./logic/profile.js";

const GAMES = [
  ["classic", POOL_NAMES.classic],
  ["classic:target=61", POOL_NAMES["classic-61"]],
  ["tabletop", POOL_NAMES.tabletop],
  ["tiles", POOL_NAMES.tiles],
];
const FORMATS = [
  ["night", "Club night (a new opponent each game)"],
  ["qualifier", "Qualifier, then a playoff of the best"],
  ["single", "Single elimination"],
  ["double", "Double elimination"],
];

/** A labelled field of the form (`hint`: a line of small print under it). */
function field(label, control, hint) {
  return h(
    "label",
    { class: "account-field" },
    h("span", {}, label),
    control,
    hint ? h("small", { class: "muted" }, hint) : null,
  );
}

/** A checkbox with its label beside it. */
function tick(control, label) {
  return h("label", { class: "account-tick" }, control, h("span", {}, label));
}

/** The form; `problem` shows what the server refused, in one line. */
export function newEventForm() {
  const problem = h("p", { class: "error-line", "data-testid": "new-event-error", hidden: true });
  const name = h("input", { name: "name", required: true, maxlength: 60, placeholder: "Tuesday night" });
  const game = h(
    "select",
    { name: "game", "data-testid": "new-event-game" },
    GAMES.map(([value, label]) => h("option", { value }, label)),
  );
  const format = h(
    "select",
    { name: "format", "data-testid": "new-event-format" },
    FORMATS.map(([value, label]) => h("option", { value }, label)),
  );
  const games = h("input", { name: "games", type: "number", min: 1, max: 30, value: 9 });
  const cut = h("input", { name: "cut", type: "number", min: 1, max: 100, step: "any", value: 25 });
  const bestOf = h("select", { name: "best_of", "data-testid": "new-event-best-of" });
  const duplicate = h("input", { name: "duplicate", type: "checkbox" });
  const season = h("input", { name: "season", maxlength: 60, placeholder: "Winter 2027" });
  const listed = h("input", { name: "public", type: "checkbox" });
  // Each option's field, shown for the formats that take it.
  const fields = {
    games: field("Games a player", games),
    cut: field("Playoff: the top % of the field", cut, "25 sends the top quarter on (two players at least)"),
    best_of: field("Matches: best of", bestOf),
    duplicate: tick(duplicate, "Duplicate deals: every table of a round plays the same cards"),
    season: field("Season (optional)", season, "Your nights of the same season add up to a season table"),
  };
  const show = () => {
    const taken = FORMAT_OPTIONS[format.value];
    for (const [key, element] of Object.entries(fields))
      element.hidden = key === "season" ? format.value !== "night" : !taken.includes(key);
    const lengths = bestOfChoices(format.value);
    const chosen = Number(bestOf.value);
    bestOf.replaceChildren(...lengths.map((n) => h("option", { value: n }, n === 1 ? "1 (one game)" : String(n))));
    bestOf.value = String(lengths.includes(chosen) ? chosen : lengths[0] || "");
  };
  format.addEventListener("change", show);
  const submit = async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const body = newEventBody({
      name: name.value,
      game: game.value,
      format: format.value,
      games: games.value,
      cutPercent: cut.value,
      bestOf: bestOf.value,
      duplicate: duplicate.checked,
      season: season.value,
      listed: listed.checked,
      starts: Date.now() / 1000,
    });
    try {
      const made = await api("POST", "/api/events", body);
      location.hash = `#/event/${encodeURIComponent(made.id)}`;
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  };
  show();
  return h(
    "form",
    { class: "account-form", "data-testid": "new-event", onsubmit: submit },
    h("h3", {}, "Run a club night or a tournament"),
    field("Name", name),
    field("Game", game),
    field("Format", format),
    Object.values(fields),
    tick(listed, "List it in the lobby (public): anyone signed in registers from its page"),
    problem,
    h("button", { type: "submit", class: "primary" }, "Make the event"),
  );
}

// The account page's "Run a club night or a tournament": a name, the game, the format and its
// games or matches' length; made as a draft, then its own page (#/event/ID) opens it.
import { api } from "./api.js";
import { h } from "./dom.js";
import { POOL_NAMES } from "./logic/profile.js";

const GAMES = [
  ["classic", POOL_NAMES.classic],
  ["classic:target=61", POOL_NAMES["classic-61"]],
  ["tabletop", POOL_NAMES.tabletop],
  ["tiles", POOL_NAMES.tiles],
];
const FORMATS = [
  ["night", "Club night (9 games, a new opponent each)"],
  ["qualifier", "Qualifier, then a playoff of the top quarter"],
  ["single", "Single elimination"],
  ["double", "Double elimination"],
];

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
  const games = h("input", { name: "games", type: "number", min: 1, max: 30, value: 9, "aria-label": "games" });
  const submit = async (event) => {
    event.preventDefault();
    problem.hidden = true;
    const options = ["night", "qualifier"].includes(format.value) ? { games: Number(games.value) } : {};
    try {
      const made = await api("POST", "/api/events", {
        name: name.value,
        game: game.value,
        format: format.value,
        options,
        starts: Date.now() / 1000,
      });
      location.hash = `#/event/${encodeURIComponent(made.id)}`;
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  };
  return h(
    "form",
    { class: "account-form", "data-testid": "new-event", onsubmit: submit },
    h("h3", {}, "Run a club night or a tournament"),
    h("label", { class: "account-field" }, h("span", {}, "Name"), name),
    h("label", { class: "account-field" }, h("span", {}, "Game"), game),
    h("label", { class: "account-field" }, h("span", {}, "Format"), format),
    h("label", { class: "account-field" }, h("span", {}, "Games a player (a night, a qualifier)"), games),
    problem,
    h("button", { type: "submit", class: "primary" }, "Make the event"),
  );
}

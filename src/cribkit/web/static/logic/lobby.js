// The lobby without the DOM: the order of the games, the kind of each rule option and the value
// its control holds, the saved games' lines.
import { pegged } from "./words.js";

const ORDER = ["classic", "tabletop", "tiles", "solitaire"];

export const HOW_IT_PLAYS = {
  classic: "Lay away to the crib, peg to 31, count the show. First to the target wins.",
  tabletop: "Place each turned card on the 5x5 grid: you score the rows, the other side the columns.",
  tiles: "Build crib hands crossword-style: fifteens, pairs and runs across and down.",
  solitaire:
    "Six rounds from one deck: keep four, lay two away to your own crib. 91 passes the skunk line, 121 is great.",
};

/** The games in the lobby's order (the four known ones first, then any other as it came). */
export function sortGames(games) {
  const rank = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return [...games].sort((a, b) => rank(a.name) - rank(b.name));
}

/** The control an option needs: "boolean" (a check box), "choice" (a list), "number" or "text". */
export function optionKind(option) {
  const choices = option.choices || [];
  const booleanChoices = choices.length === 2 && choices.every((c) => typeof c === "boolean");
  if (booleanChoices || (typeof option.default === "boolean" && !choices.length)) return "boolean";
  if (choices.length) return "choice";
  return typeof option.default === "number" ? "number" : "text";
}

/** An option's name as the lobby writes it ("manual_counting" is "manual counting"). */
export function optionLabel(option) {
  return option.name.replace(/_/g, " ");
}

/** The value of an option's control: a check box's state, a choice's JSON, a number or text. */
export function optionValue(kind, raw) {
  if (kind === "boolean") return Boolean(raw);
  if (kind === "choice") return JSON.parse(raw);
  if (kind === "number") return Number(raw);
  return raw;
}

/** Whether a saved game is over: finished by its rules, or abandoned (it has a record either way). */
export function isOver(game) {
  return game.status === "finished" || game.status === "abandoned";
}

/** The saved games split: unfinished ones to resume (or abandon), those over to replay. */
export function splitSaved(saved) {
  return {
    unfinished: saved.filter((game) => !isOver(game)),
    finished: saved.filter(isOver),
  };
}

/** How many unfinished games the lobby lists before a "Show all" button: the newest ones. */
export const UNFINISHED_SHOWN = 5;

/** The unfinished games the lobby lists (every one when `all`), and how many more there are. */
export function shownUnfinished(unfinished, all) {
  const shown = all ? unfinished : unfinished.slice(0, UNFINISHED_SHOWN);
  return { shown, more: unfinished.length - shown.length };
}

/** A time of the server (seconds since 1970, milliseconds, or ISO text) as a date; null if none. */
export function serverDate(value) {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The target of a saved game's spec ("classic:target=61"), 121 for a game to 121 by default. */
export function targetOf(game) {
  const chosen = /(?:^|[:,])target=(\d+)/.exec(game.spec || "");
  if (chosen) return Number(chosen[1]);
  return game.game === "classic" || game.game === "tabletop" ? 121 : null;
}

/** What a saved game's line says after its title: "vs medium · 61–40 · <when>" (as pegged). */
export function savedLine(game, when) {
  const against =
    game.mode === "hotseat" ? "hot-seat" : game.mode === "table" ? "with friends" : `vs ${game.ai || "computer"}`;
  return `${against} \u00b7 ${pegged(game.scores, targetOf(game)).join("\u2013")} \u00b7 ${when}`;
}

/** The title of a saved game's "practice" tag: why it is one, and what that means. */
export const PRACTICE_NOTE = "A practice game (undo used or seed chosen): kept out of the statistics.";

/** Whether a saved game's row carries the "practice" tag. */
export function isPractice(game) {
  return game.practice === true;
}

/** The player's own date as "YYYY-MM-DD": the day whose Solitaire deal is the daily deal. */
export function localDay(date = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/**
 * A Solitaire seed typed by the player: null when the field is empty (a fair deal), the whole
 * number it names, or undefined when it names none.
 */
export function typedSeed(text) {
  const value = String(text ?? "").trim();
  if (!value) return null;
  return /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

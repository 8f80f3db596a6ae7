// An event in words and numbers: its format, a standings line, a game's line, the body of a new
// event and of a registration, which games may be replayed. No DOM.
import { gameWords } from "./inbox.js";

const FORMAT_NAMES = {
  night: "Club night",
  qualifier: "Qualifier and playoff",
  single: "Single elimination",
  double: "Double elimination",
};

/** The options each format takes beside the scoring's (the server refuses any other). */
export const FORMAT_OPTIONS = {
  night: ["games", "duplicate"],
  qualifier: ["games", "cut", "best_of"],
  single: ["best_of"],
  double: ["best_of"],
};

/** The lengths a format's matches may have (none: a night has no matches). */
export function bestOfChoices(format) {
  if (format === "qualifier") return [3, 5];
  return format === "single" || format === "double" ? [1, 3, 5] : [];
}

/** A share of the field as a percentage: 0.25 is "25%", 0.125 "12.5%". */
export function percent(share) {
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * The event's kind in words: "Club night of 9 games, Classic to 121", "Qualifier and playoff
 * of 12 games, the top 25% on, best of 3, Classic to 61", "Single elimination, best of 3, ...".
 */
export function eventWords(event) {
  const format = FORMAT_NAMES[event.format] || event.format;
  const options = event.options || {};
  const parts = [options.games ? `${format} of ${options.games} games` : format];
  if (event.format === "qualifier" && options.cut) parts.push(`the top ${percent(options.cut)} on`);
  if (options.best_of > 1) parts.push(`best of ${options.best_of}`);
  if (options.duplicate) parts.push("duplicate deals");
  parts.push(gameWords(event.game));
  return parts.join(", ");
}

/** A spread as the standings write it: "+12", "-7", "0". */
export function spreadText(spread) {
  return spread > 0 ? `+${spread}` : String(spread);
}

/** A game of the event in words: "Ann 121 - 98 Bob", "Ann: a bye", "Ann v Bob (playing)". */
export function gameLine(game) {
  if (!game.second) return `${game.first}: a bye`;
  if (!game.result) return `${game.first} v ${game.second} (playing)`;
  const [first, second] = game.result.scores;
  return `${game.first} ${first} - ${second} ${game.second}${game.awarded ? " (awarded)" : ""}`;
}

/** The game `name` plays now, if any: its id. */
export function currentGame(event, name) {
  const game = event.games.find((g) => g.second && !g.result && (g.first === name || g.second === name));
  return game ? game.id : null;
}

/**
 * Whether a game of the event can be replayed: played, and (a night of duplicate deals) its
 * round over: until then the same cards are being played at the round's other tables.
 */
export function replayable(game, event) {
  if (!game.result || !game.id) return false;
  if (!event.rounds) return true;
  const round = event.rounds.find((r) => r.round === game.round);
  return Boolean(round && round.over);
}

/** A duplicate night's rounds that are over, with the seed their tables were dealt from. */
export function revealedSeeds(event) {
  return (event.rounds || []).filter((round) => round.over && round.seed);
}

/** The body of a registration: by the code shared, or by the id of a public event. */
export function registrationBody(code, eventId) {
  return code ? { code } : { event: eventId };
}

/**
 * The body of POST /api/events from the new-event form's fields: `{name, game, format, games,
 * cutPercent, bestOf, duplicate, season, listed, starts}`; only the options of the format (and
 * a season for a night, when named).
 */
export function newEventBody(fields) {
  const taken = FORMAT_OPTIONS[fields.format] || [];
  const given = {
    games: Number(fields.games),
    cut: Number(fields.cutPercent) / 100,
    best_of: Number(fields.bestOf),
    duplicate: Boolean(fields.duplicate),
  };
  const options = Object.fromEntries(taken.map((key) => [key, given[key]]));
  const body = {
    name: fields.name,
    game: fields.game,
    format: fields.format,
    options,
    starts: fields.starts,
    public: Boolean(fields.listed),
  };
  const season = String(fields.season || "").trim();
  if (fields.format === "night" && season) body.season = season;
  return body;
}

/** An event of the lobby's list in words: "Club night of 9 games, Classic to 121 · open · 6 players". */
export function listedLine(event) {
  const players = event.players === 1 ? "1 player" : `${event.players} players`;
  const status = event.status === "open" ? "registration open" : event.status === "paused" ? "paused" : "being played";
  return `${eventWords(event)} \u00b7 ${status} \u00b7 ${players}`;
}

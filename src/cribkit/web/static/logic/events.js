// An event in words and numbers: its format, a standings line, a game's line. No DOM.
import { gameWords } from "./inbox.js";

const FORMAT_NAMES = {
  night: "Club night",
  qualifier: "Qualifier and playoff",
  single: "Single elimination",
  double: "Double elimination",
};

/** The event's kind in words: "Club night of 9 games, Classic to 121". */
export function eventWords(event) {
  const format = FORMAT_NAMES[event.format] || event.format;
  const games = event.options && event.options.games ? ` of ${event.options.games} games` : "";
  return `${format}${games}, ${gameWords(event.game)}`;
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

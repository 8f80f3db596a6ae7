// Words every page shares: points, possessives, plurals, scores, game titles, seat names. No DOM.

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export const GAME_TITLES = {
  classic: "Cribbage",
  tabletop: "Table Top Cribbage",
  tiles: "Cribbage Tiles",
  solitaire: "Cribbage Solitaire",
};

/** The title of a game ("Cribbage" for classic), or its name when it has none. */
export function gameTitle(game) {
  return GAME_TITLES[game] || game;
}

/** "two points", "one point", "minus three points", "12 points". */
export function pointsText(points) {
  const n = Math.abs(points);
  const word = n <= 10 ? NUMBER_WORDS[n] : String(n);
  return `${points < 0 ? "minus " : ""}${word} point${n === 1 ? "" : "s"}`;
}

/** "1 card", "3 cards": a count and its noun. */
export function plural(count, noun) {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** "Your" for the player, "Computer's" for the others. */
export function possessive(name) {
  return name === "You" ? "Your" : `${name}'s`;
}

/** Scores as the pages show them: "61 – 52". */
export function scoresText(scores) {
  return (scores || []).join(" \u2013 ");
}

/** The sentence's first letter in capitals and a full stop after it ("" stays ""). */
export function sentence(words) {
  return words ? `${words[0].toUpperCase()}${words.slice(1)}.` : "";
}

/** A number to `digits` places, or a dash when there is none. */
export function formatNumber(value, digits = 1) {
  return typeof value === "number" ? value.toFixed(digits) : "\u2014";
}

/**
 * Names of seats: "You" and "Computer" against the AI, "Player 1", "Player 2" in hot-seat;
 * "Dark" and "Light" when one person plays both colours of Tiles.
 */
export function seatNamer(mode, humans, players, rules = {}) {
  return (seat) => {
    if (seat === null || seat === undefined) return "";
    if (rules.solitaire && players === 2) return seat === 0 ? "Dark" : "Light";
    if (mode === "hotseat") return `Player ${seat + 1}`;
    if (humans.includes(seat)) return "You";
    if (players > 2) return `Computer ${seat}`;
    return "Computer";
  };
}

// Words every page shares: points, possessives, plurals, scores, game titles, seat names. No DOM.
import { cardLabel } from "./cards.js";

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

/**
 * Scores as the board holds them: no peg goes past the game hole. The winner's stops in it
 * (the target: a 2 pegged from 120 ends the game on 121, not 122); a side that passed it in
 * the same count (Table Top scores both sides at a deal's end) waits in the hole before. The
 * statistics keep the scores as counted (the margin of a game).
 */
export function pegged(scores, target) {
  const list = scores || [];
  if (!target || !list.some((score) => score > target)) return list;
  const top = Math.max(...list);
  let holed = false;
  return list.map((score) => {
    if (score < target) return score;
    if (score === top && !holed) {
      holed = true;
      return target;
    }
    return target - 1;
  });
}

/**
 * An event's sentence with the scores as the board holds them: the win's "seat 1 wins, 47-62"
 * to 61 reads "seat 1 wins, 47-61" (see `pegged`); any other sentence as it is.
 */
export function peggedText(event, target) {
  const text = event.text || "";
  if (event.type !== "win" || !target || !Array.isArray(event.scores)) return text;
  return text.replace(event.scores.join("-"), pegged(event.scores, target).join("-"));
}

/** Scores as the pages show them: "61 – 52" (with the `target`, as pegged: "121 – 101"). */
export function scoresText(scores, target) {
  return pegged(scores, target).join(" \u2013 ");
}

/** Items in words: "a", "a and b", "a, b and c" ("" for none). */
export function listWords(items) {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items.join("");
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
    // Four play as two partnerships, across the table from each other.
    if (players === 4 && humans.length === 1 && seat === (humans[0] + 2) % 4) return "Partner";
    // Several computers are numbered in their order round the table (1 and 2 across a partner,
    // never by the seat's own number: "Computer 1 & Computer 3" named a pair with a gap).
    if (players > 2) {
      const partner = players === 4 && humans.length === 1 ? (humans[0] + 2) % 4 : null;
      const computers = [...Array(players).keys()].filter((s) => !humans.includes(s) && s !== partner);
      return `Computer ${computers.indexOf(seat) + 1}`;
    }
    return "Computer";
  };
}

// "You" takes the plural verb ("You play", not "You plays").
const YOU_VERBS = { is: "are", was: "were", has: "have", passes: "pass" };
/** "plays" as "You" says it: "play". */
function youVerb(verb) {
  return YOU_VERBS[verb] || (verb.length > 2 && verb.endsWith("s") && !verb.endsWith("ss") ? verb.slice(0, -1) : verb);
}

const SEAT = /\bseat (\d+)('s)?(?: (\w+)(?: and (\w+))?)?/g;
const CARD = /\b(10|[2-9TJQKA])([cdhs])\b/g;

/**
 * An engine line in the table's words: "seat 0 plays 5d for 3" reads "You play 5♦ for 3",
 * "seat 1 says go" reads "Computer says go" (the seats named as the table names them), the
 * cards with their suits' symbols (not for Tiles, whose tiles are written as the tiles are:
 * `cards: false`), and its first letter in capitals; `within: true` for words set inside a
 * sentence of the page's ("your last move (you play 5♦ for 20)"): no capital to open them.
 */
export function readable(text, name, { cards = true, within = false } = {}) {
  if (!text) return "";
  let out = text.replace(SEAT, (match, seat, owns, verb, also, offset) => {
    const who = name(Number(seat));
    const and = also ? ` and ${also}` : "";
    // "You" and "Your" open a sentence; within one they are "you" and "your".
    const opens = (offset === 0 && !within) || /[.!?]\s+$/.test(text.slice(0, offset));
    const you = (word) => (opens ? word : word.toLowerCase());
    if (owns && !verb) return who === "You" ? "yours" : `${who}'s`;
    if (owns) return `${who === "You" ? you("Your") : possessive(who)} ${verb}${and}`;
    if (!verb) return who === "You" ? you(who) : who;
    if (who !== "You") return `${who} ${verb}${and}`;
    return `${you("You")} ${youVerb(verb)}${also ? ` and ${youVerb(also)}` : ""}`;
  });
  if (cards) out = out.replace(CARD, (card) => cardLabel(card.replace("10", "T")));
  return within ? out : out[0].toUpperCase() + out.slice(1);
}

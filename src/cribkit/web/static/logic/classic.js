// Classic cribbage without the DOM: the status line, which show stays on the table, the cards
// played before this count, the box that asks for a declared count.
import { legalOf } from "./protocol.js";
import { plural, possessive } from "./words.js";

/** The status line of the classic table. */
export function classicStatus(message, name) {
  const observation = message.observation;
  if (message.result) return "The game is over.";
  const legal = legalOf(message);
  const current = observation.current_player;
  if (observation.phase === "discard") {
    if (legal.some((a) => a.type === "discard")) {
      const n = observation.to_lay_away;
      const crib = possessive(name(observation.crib_owner));
      return `Lay away ${n === 1 ? "one card" : plural(n, "card")} to ${crib === "Your" ? "your" : crib} crib.`;
    }
    return "Waiting for the other lay-aways\u2026";
  }
  if (observation.phase === "play") {
    if (legal.length) return `Your turn to play: the count is ${observation.count}.`;
    return `${name(current)} to play; the count is ${observation.count}.`;
  }
  if (legal.some((a) => a.type === "declare")) return "Count your points and declare them.";
  if (legal.some((a) => a.type === "muggins" || a.type === "pass_muggins")) {
    return "Muggins? Take the missed points, or let the count stand.";
  }
  return current !== null && current !== undefined ? `Waiting for ${name(current)}\u2026` : "";
}

function lastIndexOfType(events, type, before = events.length) {
  for (let i = before - 1; i >= 0; i -= 1) if (events[i].type === type) return i;
  return -1;
}

const isCount = (event) => event.type === "show" || event.type === "crib";

/**
 * The show that stays on the table: the hands and crib counted since the last deal, or, while
 * the next deal's cards are laid away, those of the deal before. `deal` is the deal they belong to.
 */
export function lastShow(events, observation) {
  const lastDeal = lastIndexOfType(events, "deal");
  let shown = events.slice(lastDeal + 1).filter(isCount);
  let deal = observation.deal;
  if (!shown.length && lastDeal > 0 && observation.phase === "discard") {
    const previousDeal = lastIndexOfType(events, "deal", lastDeal);
    shown = events.slice(previousDeal + 1, lastDeal).filter(isCount);
    deal = observation.deal - 1;
  }
  return { events: shown, deal };
}

/** The cards played in this deal before the current count began (oldest first). */
export function playedBefore(observation) {
  const pile = observation.pile || [];
  return (observation.played || []).map(([, card]) => card).filter((card) => !pile.includes(card));
}

/** The title of a counted hand: "Your hand", "Computer's crib", "Last hand". */
export function countTitle(event, name) {
  if (event.type === "crib") return `${possessive(name)} crib`;
  if (event.type === "last_hand") return "Last hand";
  return `${possessive(name)} hand`;
}

/** What a declare box asks for, and the cards it shows. */
export function declarePrompt(claim) {
  const kind = claim && claim.kind;
  const what = kind === "peg" ? "points of your card" : kind === "crib" ? "crib" : "hand";
  const cards = claim && claim.cards ? (kind === "peg" ? claim.cards.slice(-4) : claim.cards) : null;
  return { text: `Declare the ${what}:`, cards };
}

/** The cards a hint marks: a lay-away's two, or the card to play. */
export function hintedCards(action) {
  if (!action) return [];
  return action.cards || (action.card ? [action.card] : []);
}

// The replay viewer without the DOM: the steps of /api/replay turned into the state messages the
// live tables draw (each step's `view` is the seat's observation), what each action did, the events.
import { cardLabel } from "./cards.js";
import { plural, scoresText, seatNamer } from "./words.js";

/** A step's action in words ("Player 1 lays away 5♥ J♦"); step 0 is the opening. */
export function describeAction(action, name) {
  if (!action) return "The opening: the cut and the deal.";
  const who = action.seat !== undefined ? name(action.seat) : "";
  switch (action.type) {
    case "discard":
      return `${who} lays away ${action.cards.map(cardLabel).join(" ")}`;
    case "play":
      return `${who} plays ${cardLabel(action.card)}`;
    case "place":
      return `${who} places on ${action.cell}`;
    case "play_tiles":
      return `${who} plays ${action.tiles.join(" ")} on ${action.cells.join(" ")}`;
    case "exchange":
      return `${who} exchanges ${plural(action.tiles.length, "tile")}`;
    default:
      return `${who} ${action.type.replace(/_/g, " ")}${action.points !== undefined ? ` ${action.points}` : ""}`;
  }
}

/** A step index kept within the replay's steps. */
export function clampStep(index, steps) {
  return Math.max(0, Math.min(steps.length - 1, index));
}

/** Every event from the opening up to and including step `index`. */
export function eventsUpTo(steps, index) {
  return steps.slice(0, index + 1).flatMap((step) => step.events || []);
}

/** How many seats the replay's game has (its view's rules; Solitaire has one). */
export function seatCount(replay) {
  const view = replay.steps.length ? replay.steps[0].view : null;
  const players = view && view.rules ? view.rules.players : null;
  return Number.isInteger(players) && players > 0 ? players : 1;
}

/** The names of the seats in a replay: "Player 1", "Player 2" (or Tiles' "Dark" and "Light"). */
export function replayNamer(replay) {
  const view = replay.steps.length ? replay.steps[0].view : null;
  return seatNamer("hotseat", [], seatCount(replay), (view && view.rules) || {});
}

/**
 * Step `index` as the live game's `state` message for the replay's seat: its view is the
 * observation, nothing is legal (a replay is watched, not played), and the last step carries
 * the result.
 */
export function stepMessage(replay, index) {
  const step = replay.steps[index];
  const last = index === replay.steps.length - 1;
  // Classic's crib as the record knows it at this step (the live table has only its count).
  const observation =
    replay.game === "classic" ? { ...step.view, crib_known: cribKnown(eventsUpTo(replay.steps, index)) } : step.view;
  return {
    type: "state",
    seq: index,
    seat: replay.seat ?? 0,
    game: replay.game,
    spec: replay.spec,
    mode: "replay",
    observation,
    legal: [],
    events: step.events || [],
    result: (last && replay.result) || step.view.result || null,
    can_undo: false,
  };
}

/** The result line of a replay: "Result: 61 – 52 (skunk)" (pegged, with the `target`). */
export function resultText(result, target) {
  return `Result: ${scoresText(result.scores, target)}${result.skunk ? ` (${result.skunk})` : ""}`;
}

/**
 * Classic's crib in the deal under way, as the events the replay's seat saw tell it: the cards
 * laid away whose faces it knows (its own; all of them in a record seen whole), face down
 * (`faceUp` false) until the crib is counted, then the four face up.
 */
export function cribKnown(events) {
  let crib = { cards: [], faceUp: false };
  for (const event of events) {
    if (event.type === "deal") crib = { cards: [], faceUp: false };
    else if (event.type === "discard" && Array.isArray(event.cards)) crib.cards.push(...event.cards);
    else if (event.type === "crib" && Array.isArray(event.cards)) crib = { cards: [...event.cards], faceUp: true };
  }
  return crib;
}

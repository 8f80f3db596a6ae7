// The frame every game shares, without the DOM: which seat the screen shows, the event log
// of each seat, the score chips, the scoring list, the result's headline and the hint table.
import { cardLabel } from "./cards.js";
import { canAct } from "./protocol.js";
import { abandonedHeadline } from "./table.js";
import { pegged } from "./words.js";

/** The seats of a game's tokens ({"0": ..., "1": ...}), in order. */
export function seatsOf(tokens) {
  return Object.keys(tokens)
    .map(Number)
    .sort((a, b) => a - b);
}

/** A seat's log after a state: its events replace the log when `full`, else follow it. */
export function mergeEvents(known, message, full) {
  const events = message.events || [];
  return full ? [...events] : [...(known || []), ...events];
}

/**
 * The seat the screen shows: the one shown while it may act, else the first that may act
 * (hot-seat passes the screen), else the first human's.
 */
export function seatToShow(humans, states, shown) {
  const mayAct = (seat) => {
    const state = states.get(seat);
    return Boolean(state && !state.result && canAct(state));
  };
  if (shown === null || shown === undefined) return humans.find(mayAct) ?? humans[0];
  if (!mayAct(shown)) return humans.find(mayAct) ?? shown;
  return shown;
}

/**
 * The events a log may show while the hot-seat cover is up: the public ones. A private event
 * (a hand dealt, the cards laid away) is left out in both its forms, the seat's own (with the
 * cards) and another seat's (their count), so the page under the cover tells no one's hand.
 */
export function publicEvents(events) {
  return (events || []).filter((event) => !event.private);
}

/** The words of the hot-seat cover for `seat`: its heading, the note under it, the button's. */
export function coverWords(seat, first) {
  const player = `Player ${seat + 1}`;
  return {
    heading: first ? `${player} starts` : `Pass the device to ${player}`,
    note: first
      ? `${player}, your hand is drawn when you are ready.`
      : `${player}, take the device. Your hand is not drawn until you are ready.`,
    button: `I am ${player}: show my hand`,
    status: `Waiting for ${player} to take the device\u2026`,
  };
}

/** The score bar: each side's label (partners joined by "&"), score and whether it is to play. */
export function scoreChips(observation, name) {
  const scores = pegged(observation.scores, observation.target);
  const sides = observation.sides;
  const current = observation.current_player;
  return scores.map((score, side) => {
    let label;
    if (scores.length === 1) label = "Total";
    else if (sides && sides.length > scores.length) {
      label = sides
        .map((s, seat) => (s === side ? name(seat) : null))
        .filter(Boolean)
        .join(" & ");
    } else label = name(side);
    const active = current !== null && current !== undefined && (sides ? sides[current] === side : current === side);
    return { side, label, score, active, target: observation.target || null };
  });
}

// Where a kind of event's points come from, for the scoring list (every game's kinds: see
// docs/records.md). A kind named by its line (a Table Top row, a Tiles crib hand) says which.
const COUNTED = { peg: "play", show: "hand", crib: "crib" };
const SOURCES = {
  peg: "play",
  say_go: "go",
  go: "go",
  last_card: "last card",
  heels: "his heels",
  show: "hand",
  crib: "crib",
  last_hand: "last four cards",
  bonus: "bonus",
  deduct: "tiles left",
  joker: "Joker",
};

/**
 * Where an event's points came from, in players' words: "play", "go", "last card", "his
 * heels", "hand", "crib", "muggins on the hand", "row 1", "crib hand G7-H7"...; "" for a kind
 * that says it in its own sentence.
 */
export function scoreSource(event) {
  const counted = COUNTED[event.kind];
  if (event.type === "muggins") return counted ? `muggins on the ${counted}` : "muggins";
  if (event.type === "declare") return counted ? `declared for the ${counted}` : "declared";
  if (event.type === "line") return event.line || "line";
  // Classic's "hand" is a private deal that scores nothing; Tiles' is a crib hand on the board.
  if (event.type === "hand") return event.line ? `crib hand ${event.line}` : "";
  return SOURCES[event.type] || "";
}

/**
 * The last `limit` events that scored (newest first): points ("+2"), who, where the points came
 * from (`source`, see scoreSource) and why (the count in words, or the event's sentence).
 */
export function scoredEntries(events, name, limit = 6) {
  return events
    .filter((event) => event.points || event.words)
    .slice(-limit)
    .reverse()
    .map((event) => {
      const source = scoreSource(event);
      const why = event.words || event.text || event.type;
      return {
        points: event.points ? `${event.points > 0 ? "+" : ""}${event.points}` : "0",
        who: event.seat !== undefined && event.seat !== null ? name(event.seat) : "",
        source,
        // "one for the go" after the tag "go" says it twice: the tag is enough.
        why: source && why.endsWith(source) ? "" : why,
      };
    });
}

/** The headline of a finished game, for the player(s) at this screen. */
export function resultHeadline(game, result, { mode, humans, name }) {
  // Left unfinished (resigned, or claimed against one away): who won, and why (logic/table.js).
  if (result.abandoned) return abandonedHeadline(result, { mode, humans, name });
  if (game === "solitaire") {
    const total = result.total ?? result.scores[0];
    const rating =
      result.rating === "great"
        ? "great!"
        : result.rating === "good"
          ? "past the skunk line"
          : "short of the skunk line";
    return `${total} points: ${rating}`;
  }
  if (result.tie) return "A tie";
  const winners = result.winners || [result.winner];
  // A spectator ("watch") and a hot-seat screen name every winner; partners win together.
  const named = mode === "hotseat" || mode === "watch";
  if (!named && winners.some((seat) => humans.includes(seat))) return "You win!";
  return `${winners.map((seat) => name(seat)).join(" & ")} win${winners.length > 1 ? "" : "s"}`;
}

/** "A skunk!", "A double skunk!" or null. */
export function skunkText(result) {
  if (!result.skunk) return null;
  return result.skunk === "double skunk" ? "A double skunk!" : "A skunk!";
}

/**
 * A value of the hint's discard table as text: cards with their suits, two to a line (a
 * no-break space within a pair), numbers to two places.
 */
export function hintValue(value) {
  if (Array.isArray(value)) {
    const labels = value.map((card) => cardLabel(card));
    const pairs = [];
    for (let i = 0; i < labels.length; i += 2) pairs.push(labels.slice(i, i + 2).join("\u00a0"));
    return pairs.join(" ");
  }
  if (typeof value === "number") return String(Math.round(value * 100) / 100);
  return String(value);
}

// The discard table's columns in a player's words; the hand's least and most make one column.
const HINT_HEADINGS = { discard: "lay away", hand_mean: "hand", crib_mean: "crib", net_mean: "net" };

/**
 * The hint's discard table: its headings and its best `limit` rows, as text, narrow enough for
 * the hint's panel (the hand's range as "6–16", short headings).
 */
export function hintTable(table, limit = 6) {
  if (!table || !table.length) return null;
  const keys = Object.keys(table[0]).filter((key) => key !== "hand_max");
  const heading = (key) => (key === "hand_min" ? "range" : HINT_HEADINGS[key] || key.replace(/_/g, " "));
  const cell = (row, key) =>
    key === "hand_min" && "hand_max" in row ? `${row.hand_min}\u2013${row.hand_max}` : hintValue(row[key]);
  return {
    headings: keys.map(heading),
    rows: table.slice(0, limit).map((row) => keys.map((key) => cell(row, key))),
  };
}

/** The events that are a seat's own move (its `seat` the mover's), in every game. */
const MOVES = new Set(["discard", "peg", "say_go", "declare", "muggins", "place", "play", "exchange", "pass", "joker"]);

/** What each game shows after a move, so that undo cannot go back past it. */
const SHOWN_AFTER_A_MOVE = {
  classic: "the starter or a card the computer played",
  solitaire: "the starter and the next hand",
  tabletop: "the next card turned up",
  tiles: "the tiles drawn or the computer's play",
};

/** Whether `seat` has made a move in these events (its log since the start). */
export function hasMoved(events, seat) {
  return (events || []).some((event) => event.seat === seat && MOVES.has(event.type));
}

/**
 * The undo button's title: what it does, or why it is disabled, in the words of the server's
 * refusals (sessions.py `undo_refusal`): a hot-seat game, the end, nothing to take back yet, or
 * something hidden shown since the seat's last move.
 */
export function undoTitle(message, { mode, events }) {
  if (mode === "hotseat") return "No undo in a hot-seat game.";
  if (message.result) return "The game is over: there is nothing to undo.";
  if (message.can_undo) return "Undo (U): take back your last move and the computer's replies.";
  if (!hasMoved(events, message.seat)) return "Nothing to undo yet: you have not made a move.";
  const shown = SHOWN_AFTER_A_MOVE[message.game] || "something hidden";
  return (
    "No undo now: undo goes back only to before anything hidden was shown, " +
    `and since your last move you have seen ${shown}.`
  );
}

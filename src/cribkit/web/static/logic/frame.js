// The frame every game shares, without the DOM: which seat the screen shows, the event log
// of each seat, the score chips, the scoring list, the result's headline and the hint table.
import { cardLabel } from "./cards.js";
import { actingOf, canAct } from "./protocol.js";
import { abandonedHeadline } from "./table.js";
import { SKUNK_LINE } from "./solitaire.js";
import { pegged, plural, readable } from "./words.js";

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

/**
 * The score bar: each side's label (partners joined by "&"), score and whether it is to play
 * (a seat of it is among `acting`, the seats that may act: by default the current player).
 */
export function scoreChips(observation, name, acting = actingOf({ observation })) {
  const scores = pegged(observation.scores, observation.target);
  const sides = observation.sides;
  return scores.map((score, side) => {
    let label;
    if (scores.length === 1) label = "Total";
    else if (sides && sides.length > scores.length) {
      label = sides
        .map((s, seat) => (s === side ? name(seat) : null))
        .filter(Boolean)
        .join(" & ");
    } else label = name(side);
    const active = acting.some((seat) => (sides ? sides[seat] === side : seat === side));
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

/** An event's sentence in the table's words, its first letter as the engine wrote it unless
 * it opens with a seat's name ("You have Ad 3l left", but "a penalty"). */
function told(text, name, cards) {
  return readable(text, name, { cards, within: !/^seats? \d/.test(text) });
}

/**
 * The last `limit` events that scored (newest first): points ("+2"), who, where the points came
 * from (`source`, see scoreSource) and why (the count in words, or the event's sentence in the
 * table's words: see `readable`, whose `cards` option it takes). A go said scores nothing: only
 * the point for the go is listed.
 */
export function scoredEntries(events, name, limit = 6, { cards = true } = {}) {
  return events
    .filter((event) => (event.points || event.words) && event.type !== "say_go")
    .slice(-limit)
    .reverse()
    .map((event) => {
      const source = scoreSource(event);
      const why = event.words || (event.text ? told(event.text, name, cards) : event.type);
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

/**
 * The skunk in words for the player(s) at this screen, or null: a cheer for the winner ("A
 * skunk!"), not for the one skunked ("You were skunked."), plain for a spectator or a
 * hot-seat screen; Solitaire's total short of the skunk line by how much (its headline says
 * the rest).
 */
export function skunkText(result, { game = null, mode = "ai", humans = [] } = {}) {
  if (!result.skunk) return null;
  const double = result.skunk === "double skunk";
  if (game === "solitaire") {
    const short = SKUNK_LINE - (result.total ?? result.scores?.[0] ?? SKUNK_LINE);
    return short > 0 ? `Skunked: ${plural(short, "point")} short of ${SKUNK_LINE}.` : null;
  }
  const winners = result.winners || [result.winner];
  if (mode === "hotseat" || mode === "watch") return double ? "A double skunk." : "A skunk.";
  if (winners.some((seat) => humans.includes(seat))) return double ? "A double skunk!" : "A skunk!";
  return double ? "You were double skunked." : "You were skunked.";
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
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : value.toFixed(2);
  return String(value);
}

// The discard table's columns in a player's words; the hand's least and most make one column.
const HINT_HEADINGS = { discard: "lay away", pegging: "peg" };

/**
 * The hint's discard table: its headings and its best `limit` rows, as text, narrow enough for
 * the hint's panel: the lay-away, the cards kept and the value's terms (hand, peg, crib) and
 * sum, short headings (the hand's least and most stay in the JSON and the terminal's hint).
 */
export function hintTable(table, limit = 6) {
  if (!table || !table.length) return null;
  const keys = Object.keys(table[0]).filter((key) => key !== "hand_min" && key !== "hand_max");
  const heading = (key) => HINT_HEADINGS[key] || key.replace(/_/g, " ");
  return {
    headings: keys.map(heading),
    rows: table.slice(0, limit).map((row) => keys.map((key) => hintValue(row[key]))),
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

/** The seat's last move in its log (the newest of its own moves), or null. */
export function lastMove(events, seat) {
  return [...(events || [])].reverse().find((event) => event.seat === seat && MOVES.has(event.type)) || null;
}

/**
 * What undo does now, in words for beside the button and its title, in the words of the
 * server's refusals (sessions.py `undo_refusal`): a hot-seat game, the end, nothing to take
 * back yet, something hidden shown since the seat's last move (the daily deal's rule); or what
 * it would take back (the seat's last move, `name`d as the log names it) and, for a practice
 * undo, what it goes back past (`undo_past`, the server's words of what was shown).
 */
export function undoTitle(message, { mode, events, name }) {
  if (mode === "hotseat") return "No undo in a hot-seat game.";
  if (message.result) return "The game is over: there is nothing to undo.";
  if (message.can_undo) {
    // (the log's words within this sentence: "your last move (you play 5♦ for 20)")
    const say = (text) => readable(text, name, { cards: message.game !== "tiles", within: true });
    const move = lastMove(events, message.seat);
    const what = move && move.text ? `your last move (${say(move.text)})` : "your last move";
    const past = message.undo_past
      ? ` It goes back past what you have seen (${say(message.undo_past)}): ` +
        "the same cards come again, and the game becomes practice."
      : "";
    return `Undo (U) takes back ${what} and the computer's replies.${past}`;
  }
  if (!hasMoved(events, message.seat)) return "Nothing to undo yet: you have not made a move.";
  const shown = SHOWN_AFTER_A_MOVE[message.game] || "something hidden";
  return (
    "No undo now: undo goes back only to before anything hidden was shown, " +
    `and since your last move you have seen ${shown}.`
  );
}

/**
 * What the page asks before the first undo that goes back past what was seen (a practice
 * undo), or null when it need not ask: the game is practice already, or nothing was shown.
 */
export function practiceUndoQuestion(message) {
  if (!message.can_undo || !message.undo_past || message.practice) return null;
  return (
    "This undo goes back past what you have seen. The same cards come again, and the game " +
    "becomes a practice game: it will not count in your statistics."
  );
}

// What each game's own keys do (its view's onKey), as the keys line says it.
const GAME_KEYS = {
  classic: "1-6 pick cards \u00b7 Enter plays",
  solitaire: "1-6 pick cards \u00b7 Enter lays away",
  tabletop: "arrows move between open cells \u00b7 Enter places",
  tiles: "1-5 pick tiles \u00b7 arrows move \u00b7 T turns \u00b7 Backspace takes back \u00b7 Esc clears",
};

/**
 * The keys line of a game's page: the page's keys that work here (H hint where hints are
 * offered, U undo against the computer, M sound) and the game's own.
 */
export function keysLine(game, { hints = false, undo = false } = {}) {
  const keys = [hints ? "H hint" : null, undo ? "U undo" : null, "M sound", GAME_KEYS[game] || null];
  return `Keys: ${keys.filter(Boolean).join(" \u00b7 ")}`;
}

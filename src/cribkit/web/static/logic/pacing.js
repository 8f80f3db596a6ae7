// The pace of the table without the DOM or a clock (docs/web.md, "Pacing and motion"): the server
// answers in a few milliseconds, the page draws what it hears at the pace of the player's speed
// setting. Every state that arrives becomes one or more draws in a queue; a draw that shows
// another seat's move (or a further count of the show) waits until one pace after the draw
// before it, every other draw goes as soon as those before it have gone. The rest of a state
// after its show (the next deal) waits until the player continues.

import { actingOf } from "./protocol.js";

/**
 * The events of each game that count (laid out with widgets/show.js and widgets/tabletopshow.js):
 * one draw each, but Table Top's: its heels and rows are one draw, its columns the next.
 */
export const COUNTED = {
  classic: ["show", "crib"],
  solitaire: ["show", "crib", "last_hand"],
  tabletop: ["heels", "line"],
};

/** The step of the show a counted event is laid out in (consecutive events of one step: one draw). */
function stepOf(game, event, index) {
  if (game !== "tabletop") return index;
  return typeof event.line === "string" && event.line.startsWith("column") ? "columns" : "rows";
}

/**
 * Whether `message` shows a move of a seat this page does not play (`own`): a seat that could
 * act in the state before it (`previous`, the last one heard on the same connection) and no
 * longer can (of seats laying away together, the one that did), else the first that could. A
 * state of the same seq (somebody sat down) moves nothing.
 */
export function byAnother(previous, message, own) {
  if (!previous || typeof message.seq !== "number" || !(message.seq > previous.seq)) return false;
  const before = actingOf(previous);
  const after = actingOf(message);
  const done = before.filter((seat) => !after.includes(seat));
  const movers = done.length ? done : before.slice(0, 1);
  return movers.some((mover) => !own.includes(mover));
}

/** The indexes in `events` of the counted hands of `game` (none in a game without a show). */
export function countIndexes(game, events) {
  const kinds = COUNTED[game] || [];
  const found = [];
  let lastStep = null;
  events.forEach((event, index) => {
    if (!kinds.includes(event.type)) return;
    const step = stepOf(game, event, index);
    // The same step as the count just before it (nothing between): laid out with it.
    if (found.length && step === lastStep && found[found.length - 1] === index - 1) found.pop();
    found.push(index);
    lastStep = step;
  });
  return found;
}

/**
 * The draws of one state heard on the connection of `info.seat`: `{seat, message, info, paced,
 * group, events?}`. A full state (a new connection, an undo's reset) is one draw, at once, and
 * `jump` (the page drops what it had queued for the seat). With `stage`, a state that counts
 * hands is drawn count by count: a draw per count with the events up to it (`events`: the page
 * lays the show out that far, and holds the rest of the state back), then the state itself
 * once something follows the last count: the next deal's draw is `held`, it waits until the
 * player continues (`PaceQueue.release`); a result is not (it holds the page by itself). The
 * first draw waits for the pace if the state is another seat's move; each further one always does.
 */
export function drawsOf(message, info, { previous = null, own = [], stage = false } = {}) {
  const seat = info.seat;
  if (info.full) return [{ seat, message, info, paced: false, jump: true, group: null }];
  const paced = byAnother(previous, message, own);
  const events = message.events || [];
  const counts = stage ? countIndexes(message.game, events) : [];
  if (!counts.length) return [{ seat, message, info, paced, group: null }];
  const group = message.seq;
  const draws = counts.map((index, n) => ({
    seat,
    message,
    info,
    paced: n === 0 ? paced : true,
    group,
    events: events.slice(0, index + 1),
    before: previous,
  }));
  const last = draws[draws.length - 1];
  // Nothing after the last count: that draw is the state itself, drawn whole.
  if (last.events.length === events.length) delete last.events;
  else if (message.result) {
    // The show ended the game: the result follows it at the pace, and holds the page itself
    // (its "See the table" shows the show again).
    draws.push({ seat, message, info, paced: true, group });
  } else {
    // The show laid out whole: the rest of the state (the next deal) waits for the player.
    last.complete = true;
    draws.push({ seat, message, info, paced: true, group, held: true });
  }
  return draws;
}

/** What stays of the table of the state before the show while it is counted: the deal's. */
const TABLE_KEYS = ["deal", "dealer", "crib_owner", "starter"];

/**
 * The state a draw of the show puts on the table while the rest waits: the counted hands are in
 * the show, nobody holds cards, nobody may act (`legal` empty, no undo), no result yet, the
 * scores are those after the last count shown, and the deal is still the one counted (its
 * dealer, crib and starter, as in `before`, the state heard before). `staged` tells the views,
 * `complete` that the show is laid out whole and waits for the player to continue.
 */
export function stagedMessage(message, events, before = null, complete = false) {
  const last = events[events.length - 1] || {};
  const kept = before && before.observation ? before.observation : {};
  const observation = { ...message.observation, hand: [], current_player: null, phase: "show" };
  for (const key of TABLE_KEYS) if (Object.hasOwn(kept, key)) observation[key] = kept[key];
  if (Array.isArray(observation.hand_counts)) observation.hand_counts = observation.hand_counts.map(() => 0);
  if (Array.isArray(last.scores) && last.scores.length) {
    if (Array.isArray(observation.scores)) observation.scores = [...last.scores];
    if (typeof observation.total === "number") observation.total = last.scores[0];
  }
  return { ...message, observation, legal: [], acting: [], can_undo: false, result: null, staged: true, complete };
}

/** The status line while a show is on the table: being counted, or counted and waiting. */
export function showStatus(message) {
  const lines = message.game === "tabletop";
  if (!message.complete) return lines ? "Counting the lines\u2026" : "The show: counting the hands\u2026";
  return `${lines ? "The lines are counted" : "The show is counted"}: continue when you have read it (Enter).`;
}

/**
 * The queue of draws. `due(now, pace)` hands out the draws to make now (in order); `nextAt(pace)`
 * says when the next one is due (null: nothing is due by the clock: the queue is empty, or it
 * holds a show until the player continues, `holding`); `skip(now)` hands out the rest of the
 * show's counts; `release()` lets the state after a held show go (the player continued);
 * `drop(seat)` forgets a seat's draws (a full state replaces them).
 */
export class PaceQueue {
  constructor() {
    this.entries = [];
    this.lastDrawn = -Infinity;
    // The group (the state's seq) of the show being laid out, null when none is.
    this.showing = null;
  }

  /** Whether draws wait: the state drawn is not the last one heard. */
  get waiting() {
    return this.entries.length > 0;
  }

  push(...draws) {
    this.entries.push(...draws);
  }

  drop(seat) {
    this.entries = this.entries.filter((entry) => entry.seat !== seat);
    if (!this.entries.some((entry) => entry.group === this.showing)) this.showing = null;
  }

  /** Whether a show is laid out whole and the state after it waits for the player to continue. */
  get holding() {
    return this.entries.length > 0 && this.entries[0].held === true;
  }

  /** When the first draw waiting is due (at once: -Infinity), or null when none waits or it is held. */
  nextAt(pace) {
    if (!this.entries.length || this.holding) return null;
    return this.entries[0].paced && pace > 0 ? this.lastDrawn + pace : -Infinity;
  }

  /** The player continued: the state held after the show is due at once. False when none is held. */
  release() {
    if (!this.holding) return false;
    this.entries[0] = { ...this.entries[0], held: false, paced: false };
    return true;
  }

  due(now, pace) {
    const out = [];
    while (this.entries.length) {
      const at = this.nextAt(pace);
      if (at === null || at > now) break;
      out.push(this.take(now));
    }
    return out;
  }

  /** The show's counts not laid out yet, at once (the state after them stays held). */
  skip(now) {
    const out = [];
    if (this.showing === null) return out;
    while (this.entries.length && this.entries[0].group === this.showing && !this.holding) out.push(this.take(now));
    return out;
  }

  /** A draw made outside the queue (a full state) at `now`: the next paced one waits from it. */
  drawn(now) {
    this.lastDrawn = now;
  }

  take(now) {
    const entry = this.entries.shift();
    this.lastDrawn = now;
    this.showing = entry.events ? entry.group : null;
    return entry;
  }
}

/**
 * The number a score chip shows `elapsed` ms into counting up from `from` to `to` over `ms`
 * (whole points, eased out; `to` once the time is up, or at once when `ms` is 0).
 */
export function countAt(from, to, elapsed, ms) {
  if (!(ms > 0) || elapsed >= ms) return to;
  const t = Math.max(0, elapsed) / ms;
  const eased = 1 - (1 - t) * (1 - t);
  return Math.round(from + (to - from) * eased);
}

/**
 * What moved in the events of a draw, for the seat `me` (motion.css draws it): the card played
 * last (`played`, and `mine` when `me` played it), whether cards were dealt to `me` (`dealt`),
 * whether a Table Top card was placed (`placed`).
 */
export function motionOf(events, me) {
  const motion = { played: null, mine: false, dealt: false, placed: false };
  for (const event of events) {
    if (event.type === "peg" && Array.isArray(event.cards) && event.cards.length) {
      motion.played = event.cards[event.cards.length - 1];
      motion.mine = event.seat === me;
    }
    // A classic hand (private: only `me` sees its cards) or a Solitaire round.
    if ((event.type === "hand" || event.type === "deal") && event.seat === me && Array.isArray(event.cards)) {
      motion.dealt = true;
    }
    if (event.type === "place") motion.placed = true;
  }
  return motion;
}

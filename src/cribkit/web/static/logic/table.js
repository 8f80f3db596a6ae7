// Tables of people without the DOM: the seats of a new table and the body that makes it, the
// links of invitations and spectators, join codes, who sits where, the move clock, the match.
import { actingOf, canAct } from "./protocol.js";
import { listWords, readable, scoresText } from "./words.js";

/** The seat of a spectator's connection (it sees what every player sees, and no hand). */
export const SPECTATOR = -1;

/** What a seat of a new table can be: the player, a friend invited, the computer. */
export const SEAT_KINDS = [
  { value: "me", label: "You" },
  { value: "friend", label: "Friend (invite)" },
  { value: "computer", label: "Computer" },
];

/** The move clock's choices (seconds a person has for each move; only with friends). */
export const CLOCKS = [
  { value: null, label: "no clock" },
  { value: 30, label: "30 s a move" },
  { value: 120, label: "2 min a move" },
];

/** The match's choices: best of so many games. */
export const MATCHES = [
  { value: 1, label: "single game" },
  { value: 3, label: "best of 3" },
  { value: 5, label: "best of 5" },
  { value: 7, label: "best of 7" },
];

/** Whether a game of `count` seats is played in partners (seats 1 & 3 against 2 & 4). */
export function partnered(game, count) {
  return count === 4 && game !== "tiles";
}

/** The seat counts a game offers, from its `players` option ([1] when it has none). */
export function seatCounts(info) {
  const players = (info.options || []).find((option) => option.name === "players");
  if (!players) return [1];
  return players.choices && players.choices.length ? [...players.choices] : [players.default];
}

/**
 * The rows of a new table's seats: each seat's label (its team when in partners), and what it
 * is (the player's first seat, the computer elsewhere, or as `previous` rows had it).
 */
export function seatPlan(game, count, previous = [], level = "medium") {
  const teams = partnered(game, count);
  return Array.from({ length: count }, (_, seat) => {
    const kept = previous[seat];
    const team = teams ? (seat % 2) + 1 : null;
    return {
      seat,
      label: `Seat ${seat + 1}${team ? ` \u00b7 team ${team}` : ""}`,
      team,
      kind: kept ? kept.kind : seat === 0 ? "me" : "computer",
      level: kept ? kept.level : level,
    };
  });
}

/** The note under a partners' table's seats. */
export function teamsNote(game, count) {
  return partnered(game, count) ? "Partners: seats 1 & 3 (team 1) play seats 2 & 4 (team 2)." : null;
}

/** Whether a plan invites a friend. */
export function hasFriend(rows) {
  return rows.some((row) => row.kind === "friend");
}

/** Why a plan cannot be played (the words the form shows), or null. */
export function planProblem(rows) {
  const mine = rows.filter((row) => row.kind === "me").length;
  if (!mine) return "One seat at least is yours.";
  if (mine > 1 && hasFriend(rows)) return "With friends invited, one seat is yours (the others play on their screens).";
  return null;
}

/**
 * The body of `POST /api/games` for a plan: the seats, and the clock and public flag only
 * when a friend is invited (the server takes them only then). `ai` is the computer's level
 * for a seat whose invitation is cancelled or whose clock runs out: the first computer's.
 */
export function newTableBody(game, options, rows, { isPublic = false, clock = null, match = 1 } = {}) {
  const friends = hasFriend(rows);
  const computer = rows.find((row) => row.kind === "computer");
  const seats = rows.map((row) =>
    row.kind === "computer" ? { kind: "computer", level: row.level } : { kind: row.kind },
  );
  return {
    game,
    options,
    seats,
    ai: computer ? computer.level : "medium",
    public: friends && Boolean(isPublic),
    clock: friends ? clock : null,
    match: Number(match) || 1,
  };
}

/** The page's own address without its hash (`location` gives origin and path). */
function pageAddress({ origin, pathname }) {
  return `${origin}${pathname || "/"}`;
}

/** The link that invites a friend to a seat: the page at "#/join/<code>". */
export function inviteUrl(location, code) {
  return `${pageAddress(location)}#/join/${encodeURIComponent(code)}`;
}

/** The link that lets anybody watch a game: "#/watch/<game>/<code>". */
export function watchUrl(location, gameId, code) {
  return `${pageAddress(location)}#/watch/${encodeURIComponent(gameId)}/${encodeURIComponent(code)}`;
}

/** The letters and digits of a join code (Crockford's base 32: no I, L, O or U). */
export const JOIN_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const READ_AS = { O: "0", I: "1", L: "1" };

/**
 * A join code as typed (any case, spaces or a dash, O for 0, I or L for 1) in its written form
 * "XXXX-XXXX", or null when it is none (as the server reads it: tables.py normal_join_code).
 */
export function normalJoinCode(text) {
  const letters = [...String(text || "").replace(/[\s-]/g, "")]
    .map((c) => c.toUpperCase())
    .map((c) => READ_AS[c] || c)
    .join("");
  if (letters.length !== 8 || [...letters].some((c) => !JOIN_ALPHABET.includes(c))) return null;
  return `${letters.slice(0, 4)}-${letters.slice(4)}`;
}

/**
 * The invitation code in what a friend typed or pasted: a whole invitation link's code, a join
 * code (written "XXXX-XXXX"), or a link's code alone; null when it is none of them.
 */
export function codeFromInput(text) {
  const trimmed = String(text || "").trim();
  const linked = trimmed.match(/#\/join\/([^/?#\s]+)/);
  if (linked) return decodeURIComponentOr(linked[1]);
  const join = normalJoinCode(trimmed);
  if (join) return join;
  return /^[A-Za-z0-9_-]{16,64}$/.test(trimmed) ? trimmed : null;
}

function decodeURIComponentOr(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The rule options a spec names ("classic:players=4,target=61"), numbers as numbers. */
export function specOptions(spec) {
  const [, rest] = String(spec || "").split(":");
  const options = {};
  for (const part of (rest || "").split(",").filter(Boolean)) {
    const [key, value] = part.split("=");
    if (value === "true" || value === "false") options[key] = value === "true";
    else options[key] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return options;
}

/**
 * What a table plays, in words: "Cribbage to 121", "Cribbage to 61, 4 players in partners",
 * "Cribbage Tiles, 3 players". `defaults` are the game's option defaults (from /api/games).
 */
export function tableWords(title, spec, defaults = {}) {
  const options = { ...defaults, ...specOptions(spec) };
  let words = title;
  if (typeof options.target === "number") words += ` to ${options.target}`;
  const players = options.players;
  const game = String(spec || "").split(":")[0];
  if (typeof players === "number" && players !== 2)
    words += `, ${players} players${partnered(game, players) ? " in partners" : ""}`;
  return words;
}

/** The headline of an invitation: "Ann invites you to play Cribbage to 121, seat 2". */
export function inviteHeadline(invitation, words) {
  const host = invitation.host ? `${invitation.host} invites you` : "You are invited";
  return `${host} to play ${words}, seat ${invitation.seat + 1}`;
}

/**
 * Names of the seats at a table: "You" for this screen's seats, the name a person goes by (with
 * the seat's number when two others go by the same), "Player N" for one without a name or a seat
 * still invited, "Computer" (numbered when there are several).
 */
export function tableNamer(table, mine = []) {
  const seats = (table && table.seats) || [];
  // (two of one name are told apart by their seats; "You" is never confused with another)
  const names = seats.map((s) => (s.kind === "person" && s.name && !mine.includes(s.seat) ? s.name : null));
  const computers = seats.filter((s) => s.kind === "computer").length;
  return (seat) => {
    if (seat === null || seat === undefined || seat < 0) return "";
    if (mine.includes(seat)) return "You";
    const form = seats[seat];
    if (!form) return `Player ${seat + 1}`;
    if (form.kind === "computer") return computers > 1 ? `Computer ${seat + 1}` : "Computer";
    const name = names[seat];
    if (!name) return `Player ${seat + 1}`;
    return names.filter((other) => other === name).length > 1 ? `${name} (${seat + 1})` : name;
  };
}

/**
 * The seats panel's lines: each seat's name, what it is, whether it is on line and to move
 * (among `acting`, the seats that may act: all who have still to lay away).
 */
export function seatLines(table, { mine = [], acting = [], name, teams = false, muted = [] } = {}) {
  return ((table && table.seats) || []).map((form) => {
    let detail;
    if (form.kind === "computer") detail = `computer \u00b7 ${form.level || "medium"}`;
    else if (form.kind === "invited") detail = "invited: not joined yet";
    else if (form.computer) detail = form.connected ? "at the table" : "away \u00b7 the computer plays";
    else detail = form.connected ? "at the table" : "away";
    return {
      seat: form.seat,
      name: name(form.seat),
      you: mine.includes(form.seat),
      kind: form.kind,
      detail,
      connected: Boolean(form.connected),
      // (an empty seat is not "to play": nobody is there yet; its detail says it waits)
      toMove: acting.includes(form.seat) && form.kind !== "invited",
      team: teams ? (form.seat % 2) + 1 : null,
      // Another person at the table can be muted (the computer and invitations say nothing).
      mutable: form.kind === "person" && !mine.includes(form.seat) && mine.length > 0,
      muted: muted.includes(form.seat),
    };
  });
}

/** The seats of a table whose invitation nobody has taken yet, in order. */
export function openSeats(table) {
  return ((table && table.seats) || []).filter((form) => form.kind === "invited").map((form) => form.seat);
}

/** "2", "2 and 3", "2, 3 and 4": seat numbers as players count them (from 1). */
function seatNumbers(seats) {
  return listWords(seats.map((seat) => String(seat + 1)));
}

/**
 * The status line while a game waits for invited friends to sit down, or null: there is a seat
 * nobody took yet, and this page has no move to make (a move it can make says its own words).
 */
export function joinWaitStatus(message) {
  if (!message || message.result || canAct(message)) return null;
  const open = openSeats(message.table);
  if (!open.length) return null;
  const who = open.length === 1 ? "the friend invited to seat" : "the friends invited to seats";
  return `Waiting for ${who} ${seatNumbers(open)} to join the table\u2026`;
}

/** The status line of a spectator's page: who is to move, and what (a lay-away, a play). */
export function watchStatus(message, name) {
  const observation = message.observation || {};
  if (message.result) return "The game is over.";
  const waiting = joinWaitStatus(message);
  if (waiting) return waiting;
  const acting = actingOf(message);
  if (!acting.length) return "Watching the table.";
  const current = acting[0];
  if (observation.phase === "discard") return `${listWords(acting.map(name))} to lay away.`;
  if (observation.phase === "play" && typeof observation.count === "number")
    return `${name(current)} to play; the count is ${observation.count}.`;
  return `${name(current)} to move.`;
}

/** "1 watching", "3 watching", or "" for none. */
export function spectatorsText(count) {
  return count ? `${count} watching` : "";
}

/** The milliseconds left on a move clock `elapsed` ms after it said `left_ms`. */
export function clockLeft(clock, elapsed) {
  if (!clock) return 0;
  return Math.max(0, clock.left_ms - Math.max(0, elapsed));
}

/** A move clock's time as it is read: "0:27", "1:05" (whole seconds, rounded up). */
export function clockText(ms) {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A move clock's length in words: "30 s", "2 min". */
export function clockWords(seconds) {
  return seconds >= 60 ? `${seconds / 60} min` : `${seconds} s`;
}

/** Whether a clock is close to running out (the last ten seconds). */
export function clockUrgent(ms) {
  return ms <= 10_000;
}

/** The match's tally in words: "Match, best of 3: You 1 – 0 Ann" (sides named by `labels`). */
export function tallyText(match, labels) {
  const tally = match.tally || [];
  const head = `Match, best of ${match.best_of}`;
  if (tally.length === 2) return `${head}: ${labels[0]} ${scoresText(tally)} ${labels[1]}`;
  return `${head}: ${tally.map((points, side) => `${labels[side]} ${points}`).join(" \u00b7 ")}`;
}

/** The line under the tally: "Game 2 · first to 2" or who won the match. */
export function matchLine(match, labels) {
  if (match.winner !== null && match.winner !== undefined) {
    const winner = labels[match.winner];
    return winner === "You" ? "You win the match!" : `${winner} win${winner.includes(" & ") ? "" : "s"} the match`;
  }
  return `Game ${match.number} \u00b7 first to ${match.needed}`;
}

/**
 * What the end of a game offers: the match's next game or the rematch already made
 * (`table.next`: go there with the player's tokens), or a rematch to ask for.
 */
export function nextStep(table) {
  const match = table && table.match;
  const matchGoesOn = Boolean(match && (match.winner === null || match.winner === undefined));
  if (table && table.next)
    return { kind: "follow", id: table.next, label: matchGoesOn ? "Next game" : "Join the rematch" };
  return { kind: "rematch", id: null, label: "Rematch" };
}

/** How long a spectator's page shows a game's result before it follows the table to the next game. */
export const FOLLOW_DELAY_MS = 6000;

/**
 * Where a spectator goes once a game is over: the table's next game (`table.next`: the match's
 * next game, or the rematch made), with the words of its button and of the status line; null
 * while there is none.
 */
export function watchNext(table) {
  if (!table || !table.next) return null;
  const match = table.match;
  const goesOn = Boolean(match && (match.winner === null || match.winner === undefined));
  const what = goesOn ? `Game ${match.number + 1}` : "A rematch";
  return {
    id: table.next,
    label: goesOn ? `Watch game ${match.number + 1}` : "Watch the rematch",
    status: `${what} is dealt: this page follows the table there in a few seconds.`,
  };
}

/** The quick phrases of the chat, by key (the server's talk.py PHRASES). */
export const PHRASES = {
  hello: "Hello!",
  good_luck: "Good luck!",
  nice: "Nice one!",
  well_played: "Well played!",
  oops: "Oops!",
  thinking: "Let me think\u2026",
  thanks: "Thanks!",
  good_game: "Good game!",
  rematch: "Rematch?",
};

/** The longest chat line, in characters. */
export const CHAT_LENGTH = 200;

/** Why a chat line cannot be sent (empty, too long), or null. */
export function chatProblem(text) {
  const trimmed = String(text || "").trim();
  if (!trimmed) return "Write something first.";
  if ([...trimmed].length > CHAT_LENGTH) return `A chat line is at most ${CHAT_LENGTH} characters.`;
  return null;
}

/**
 * A talk line as the chat shows it: its kind, who said it (none for a notice), its text (a
 * notice's in the table's words: "seat 1's clock ran out" is "Your clock ran out" to seat 1),
 * when.
 */
export function talkEntry(line, name) {
  const chat = line.kind === "chat";
  const who = chat ? name(line.seat) || line.name || "Someone" : null;
  const text = String(line.text || "");
  return {
    kind: chat ? "chat" : "notice",
    who,
    text: chat || !text ? text : readable(text, name, { cards: false }),
    time: talkTime(line.time),
  };
}

/** A talk line's time ("14:05"), from the server's seconds; "" when it has none. */
export function talkTime(seconds) {
  if (typeof seconds !== "number") return "";
  const date = new Date(seconds * 1000);
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

// -- nobody is held hostage (docs/web.md, "Away from the table") ---------------------------------

/** How long "Keep waiting" puts the choices about an absent person away before asking again. */
export const WAIT_AGAIN_MS = 120_000;

/**
 * The people away from the table whom this screen's player may choose about, from the server's
 * `away` list ({seat, away_ms, claim_in_ms}): each `{seat, awayMs, leftMs, ready, claim}`
 * (`leftMs` until the choices open, `ready` when they are, `claim` when the absent seat is on
 * another side), `elapsed` ms after the list was heard. None for a spectator.
 */
export function awayOffers(away, { mine = [], teams = false, elapsed = 0 } = {}) {
  if (!Array.isArray(away) || !mine.length) return [];
  const me = mine[0];
  const since = Math.max(0, elapsed);
  return away
    .filter((form) => !mine.includes(form.seat))
    .map((form) => {
      const leftMs = Math.max(0, form.claim_in_ms - since);
      return {
        seat: form.seat,
        awayMs: form.away_ms + since,
        leftMs,
        ready: leftMs === 0,
        claim: teams ? form.seat % 2 !== me % 2 : true,
      };
    });
}

/** What the page says of an absent person: the wait before the choices open, then the choices. */
export function awayText(offer, name) {
  const who = name(offer.seat);
  if (!offer.ready)
    return `${who} is away. If ${who} is not back in ${clockText(offer.leftMs)}, you may ${
      offer.claim ? "claim the game or " : ""
    }let the computer play for ${who}.`;
  return `${who} has been away ${clockText(offer.awayMs)}. ${
    offer.claim ? "Claim the game (you win it), let" : "Let"
  } the computer play for ${who}, or keep waiting?`;
}

/** The text of the table's clock while it waits for the seats still invited (none once it runs). */
export function clockWaitText(table) {
  if (!table || !table.clock) return null;
  const invited = (table.seats || []).some((form) => form.kind === "invited");
  return invited ? `${clockWords(table.clock)} clock: starts when every seat is taken` : null;
}

/**
 * The headline of a game that ended before its rules ended it, naming who won and why: "You
 * won: Bob left the game", "You resigned: Ann won", "Ann won: you were away, and Ann claimed the
 * game"; "Game abandoned" to one who left a game against the computer or at one screen.
 */
export function abandonedHeadline(result, { mode, humans = [], name }) {
  const abandoned = result.abandoned || {};
  const mine = mode === "watch" ? [] : humans;
  const left = abandoned.seats || [];
  const winners = result.winners || [];
  const names = (seats) => seats.map((seat) => name(seat)).join(" & ");
  const leftMine = left.some((seat) => mine.includes(seat));
  if (leftMine && mode !== "table") return "Game abandoned";
  const claimer = abandoned.claimed_by;
  const claimed = claimer !== undefined && claimer !== null;
  if (leftMine && !claimed) return `You resigned: ${names(winners)} won`;
  let why;
  if (claimed) {
    const absent = leftMine ? "you were away" : `${names(left)} was away`;
    why = `${absent}, and ${mine.includes(claimer) ? "you" : name(claimer)} claimed the game`;
  } else why = `${names(left)} left the game`;
  if (winners.some((seat) => mine.includes(seat))) return `You won: ${why}`;
  return winners.length ? `${names(winners)} won: ${why}` : `Game over: ${why}`;
}

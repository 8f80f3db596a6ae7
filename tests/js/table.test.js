// Tables of people without the DOM: seat plans, invitation links, join codes, names, the clock,
// the match's tally, the talk.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import {
  CHAT_LENGTH,
  chatProblem,
  clockLeft,
  clockText,
  clockUrgent,
  clockWords,
  codeFromInput,
  hasFriend,
  inviteHeadline,
  inviteUrl,
  matchLine,
  newTableBody,
  nextStep,
  normalJoinCode,
  partnered,
  PHRASES,
  planProblem,
  seatCounts,
  seatLines,
  seatPlan,
  specOptions,
  spectatorsText,
  tableNamer,
  tableWords,
  tallyText,
  talkEntry,
  teamsNote,
  watchStatus,
  watchUrl,
} from "../../src/cribkit/web/static/logic/table.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const page = { origin: "http://127.0.0.1:8000", pathname: "/" };

test("a new table's seats: yours first, the computer elsewhere, partners' teams named", () => {
  const two = seatPlan("classic", 2);
  assert.deepEqual(
    two.map((row) => [row.label, row.kind, row.level]),
    [
      ["Seat 1", "me", "medium"],
      ["Seat 2", "computer", "medium"],
    ],
  );
  const four = seatPlan("classic", 4);
  assert.deepEqual(
    four.map((row) => row.label),
    ["Seat 1 \u00b7 team 1", "Seat 2 \u00b7 team 2", "Seat 3 \u00b7 team 1", "Seat 4 \u00b7 team 2"],
  );
  assert.match(teamsNote("classic", 4), /seats 1 & 3/);
  assert.equal(teamsNote("classic", 3), null);
  // Four at Tiles play each for themselves.
  assert.equal(partnered("tiles", 4), false);
  assert.equal(partnered("tabletop", 4), true);
  assert.equal(seatPlan("tiles", 4)[2].label, "Seat 3");
  // A new count keeps what the seats were.
  const kept = seatPlan("classic", 3, [{ kind: "me" }, { kind: "friend", level: "easy" }]);
  assert.deepEqual(
    kept.map((row) => row.kind),
    ["me", "friend", "computer"],
  );
});

test("the seat counts come from the players option", () => {
  assert.deepEqual(seatCounts({ options: [{ name: "players", default: 2, choices: [2, 3, 4] }] }), [2, 3, 4]);
  assert.deepEqual(seatCounts({ options: [{ name: "players", default: 2, choices: null }] }), [2]);
  assert.deepEqual(seatCounts({ options: [{ name: "target", default: 121 }] }), [1]);
});

test("a plan needs a seat of yours, and only one when friends are invited", () => {
  const rows = (...kinds) => kinds.map((kind, seat) => ({ seat, kind, level: "random" }));
  assert.equal(planProblem(rows("me", "friend")), null);
  assert.equal(planProblem(rows("me", "me")), null, "hot-seat");
  assert.match(planProblem(rows("computer", "friend")), /One seat at least is yours/);
  assert.match(planProblem(rows("me", "friend", "me")), /one seat is yours/);
  assert.equal(hasFriend(rows("me", "computer")), false);
});

test("the body that makes a table: the seats, and the clock and public flag with friends only", () => {
  const rows = [
    { seat: 0, kind: "me", level: "medium" },
    { seat: 1, kind: "computer", level: "random" },
    { seat: 2, kind: "friend", level: "medium" },
    { seat: 3, kind: "computer", level: "easy" },
  ];
  assert.deepEqual(newTableBody("classic", { players: 4 }, rows, { isPublic: true, clock: 30, match: 3 }), {
    game: "classic",
    options: { players: 4 },
    seats: [
      { kind: "me" },
      { kind: "computer", level: "random" },
      { kind: "friend" },
      { kind: "computer", level: "easy" },
    ],
    ai: "random",
    public: true,
    clock: 30,
    match: 3,
  });
  const alone = newTableBody("classic", {}, rows.slice(0, 2), { isPublic: true, clock: 120 });
  assert.equal(alone.public, false);
  assert.equal(alone.clock, null);
  assert.equal(alone.match, 1);
});

test("the links: an invitation's page and a spectator's", () => {
  assert.equal(inviteUrl(page, "abc_DEF-123"), "http://127.0.0.1:8000/#/join/abc_DEF-123");
  assert.equal(watchUrl(page, "g1", "w/x"), "http://127.0.0.1:8000/#/watch/g1/w%2Fx");
  assert.equal(inviteUrl({ origin: "https://x.org", pathname: "/crib/" }, "c"), "https://x.org/crib/#/join/c");
});

test("join codes are read as the server reads them", () => {
  assert.equal(normalJoinCode("abcd efgh"), "ABCD-EFGH");
  assert.equal(normalJoinCode("ABCD-EFGH"), "ABCD-EFGH");
  assert.equal(normalJoinCode("0I1L-2345"), "0111-2345");
  assert.equal(normalJoinCode("o0o0o0o0"), "0000-0000");
  assert.equal(normalJoinCode("ABCD-EFG"), null);
  assert.equal(normalJoinCode("ABCD-EFGU"), null, "no U");
  assert.equal(normalJoinCode(""), null);
  // A pasted link gives its code; a link's code alone is taken as it is.
  assert.equal(codeFromInput(" http://h:1/#/join/Xy_z-0123456789abcd "), "Xy_z-0123456789abcd");
  assert.equal(codeFromInput("7kq2 m9xd"), "7KQ2-M9XD");
  assert.equal(codeFromInput("bBMlByGmxQzEHl8dhHmG4w"), "bBMlByGmxQzEHl8dhHmG4w");
  assert.equal(codeFromInput("hello"), null);
});

test("a spec's options, and what a table plays in words", () => {
  assert.deepEqual(specOptions("classic:players=4,target=61,muggins=true,first_lines=rows"), {
    players: 4,
    target: 61,
    muggins: true,
    first_lines: "rows",
  });
  assert.deepEqual(specOptions("tiles"), {});
  assert.equal(tableWords("Cribbage", "classic", { target: 121, players: 2 }), "Cribbage to 121");
  assert.equal(tableWords("Cribbage", "classic:target=61", { target: 121 }), "Cribbage to 61");
  assert.equal(
    tableWords("Cribbage", "classic:players=4,target=61", { target: 121 }),
    "Cribbage to 61, 4 players in partners",
  );
  assert.equal(tableWords("Cribbage Tiles", "tiles:players=3", { players: 2 }), "Cribbage Tiles, 3 players");
  assert.equal(
    inviteHeadline({ host: "Ann", seat: 1 }, "Cribbage to 121"),
    "Ann invites you to play Cribbage to 121, seat 2",
  );
  assert.equal(inviteHeadline({ host: null, seat: 2 }, "Cribbage"), "You are invited to play Cribbage, seat 3");
});

const TABLE = {
  seats: [
    { seat: 0, kind: "person", name: "Ann", connected: true },
    { seat: 1, kind: "computer", level: "random", connected: true },
    { seat: 2, kind: "person", name: "Ann", connected: false },
    { seat: 3, kind: "invited", connected: false },
  ],
  spectators: 2,
};

test("the names at a table: you, the people (two of one name told apart), the computer", () => {
  const name = tableNamer(TABLE, [2]);
  assert.deepEqual([0, 1, 2, 3].map(name), ["Ann", "Computer", "You", "Player 4"]);
  const watcher = tableNamer(TABLE, []);
  assert.deepEqual([watcher(0), watcher(2)], ["Ann (1)", "Ann (3)"]);
  assert.equal(watcher(-1), "");
  const computers = tableNamer({ seats: [TABLE.seats[0], TABLE.seats[1], TABLE.seats[1], TABLE.seats[1]] }, [0]);
  assert.deepEqual([0, 1, 2, 3].map(computers), ["You", "Computer 2", "Computer 3", "Computer 4"]);
  assert.equal(tableNamer(null)(1), "Player 2");
});

test("the seats panel: what each seat is, who is to move, whom one may mute", () => {
  const lines = seatLines(TABLE, { mine: [0], acting: [1], name: tableNamer(TABLE, [0]), teams: true, muted: [2] });
  assert.deepEqual(
    lines.map((line) => [line.name, line.detail, line.connected, line.toMove, line.team, line.mutable, line.muted]),
    [
      ["You", "at the table", true, false, 1, false, false],
      ["Computer", "computer \u00b7 random", true, true, 2, false, false],
      ["Ann", "away", false, false, 1, true, true],
      ["Player 4", "invited: not joined yet", false, false, 2, false, false],
    ],
  );
  // While the seats lay away together, each that has still to is to move.
  const together = seatLines(TABLE, { mine: [0], acting: [1, 2, 0], name: tableNamer(TABLE, [0]) });
  assert.deepEqual(
    together.map((line) => line.toMove),
    [true, true, true, false],
  );
  // A spectator mutes nobody.
  assert.ok(seatLines(TABLE, { name: tableNamer(TABLE) }).every((line) => !line.mutable));
  assert.equal(spectatorsText(2), "2 watching");
  assert.equal(spectatorsText(0), "");
});

test("the move clock: what is left, as it is read", () => {
  assert.equal(clockLeft({ seat: 0, left_ms: 30_000 }, 4_500), 25_500);
  assert.equal(clockLeft({ seat: 0, left_ms: 1_000 }, 4_500), 0);
  assert.equal(clockLeft(null, 0), 0);
  assert.equal(clockText(25_500), "0:26");
  assert.equal(clockText(120_000), "2:00");
  assert.equal(clockText(65_000), "1:05");
  assert.equal(clockText(-5), "0:00");
  assert.equal(clockUrgent(10_000), true);
  assert.equal(clockUrgent(10_001), false);
  assert.equal(clockWords(30), "30 s");
  assert.equal(clockWords(120), "2 min");
});

test("the match's tally and its line", () => {
  const match = { best_of: 3, number: 2, tally: [1, 0], needed: 2, winner: null };
  assert.equal(tallyText(match, ["You", "Ann"]), "Match, best of 3: You 1 \u2013 0 Ann");
  assert.equal(matchLine(match, ["You", "Ann"]), "Game 2 \u00b7 first to 2");
  assert.equal(matchLine({ ...match, tally: [2, 0], winner: 0 }, ["You", "Ann"]), "You win the match!");
  assert.equal(matchLine({ ...match, winner: 1 }, ["You", "Ann"]), "Ann wins the match");
  assert.equal(matchLine({ ...match, winner: 1 }, ["You & Bo", "Al & Cy"]), "Al & Cy win the match");
  const three = { best_of: 5, number: 1, tally: [0, 2, 1], needed: 3, winner: null };
  assert.equal(tallyText(three, ["You", "Ann", "Bo"]), "Match, best of 5: You 0 \u00b7 Ann 2 \u00b7 Bo 1");
});

test("the end of a game: the match's next game, the rematch made, or one to ask for", () => {
  const match = { best_of: 3, number: 1, tally: [1, 0], needed: 2, winner: null };
  assert.deepEqual(nextStep({ next: "g2", match }), { kind: "follow", id: "g2", label: "Next game" });
  assert.deepEqual(nextStep({ next: "g2", match: { ...match, winner: 0 } }), {
    kind: "follow",
    id: "g2",
    label: "Join the rematch",
  });
  assert.deepEqual(nextStep({ next: "g3" }), { kind: "follow", id: "g3", label: "Join the rematch" });
  assert.deepEqual(nextStep({ next: null }), { kind: "rematch", id: null, label: "Rematch" });
  assert.deepEqual(nextStep(null), { kind: "rematch", id: null, label: "Rematch" });
});

test("the quick phrases are the server's", () => {
  const talk = readFileSync(resolve(HERE, "../../src/cribkit/web/talk.py"), "utf8");
  const block = talk.slice(talk.indexOf("PHRASES: Final = {"), talk.indexOf("}", talk.indexOf("PHRASES: Final = {")));
  const server = Object.fromEntries([...block.matchAll(/"(\w+)": "([^"]*)"/g)].map((m) => [m[1], m[2]]));
  assert.deepEqual(PHRASES, server);
});

test("chat lines: too long or empty is refused here; each line as the chat shows it", () => {
  assert.equal(chatProblem("  "), "Write something first.");
  assert.match(chatProblem("x".repeat(CHAT_LENGTH + 1)), /at most 200/);
  assert.equal(chatProblem("x".repeat(CHAT_LENGTH)), null);
  const name = tableNamer(TABLE, [0]);
  const line = { kind: "chat", seat: 2, name: "Ann", text: "<b>hi</b>", phrase: null, time: 0 };
  const entry = talkEntry(line, name);
  assert.equal(entry.who, "Ann");
  assert.equal(entry.text, "<b>hi</b>", "the text as it was typed: the page writes it as text");
  assert.match(entry.time, /^\d\d:\d\d$/);
  assert.equal(talkEntry({ ...line, seat: 0 }, name).who, "You");
  const notice = talkEntry({ kind: "notice", seat: null, text: "Player 2's clock ran out", time: null }, name);
  assert.deepEqual(notice, { kind: "notice", who: null, text: "Player 2's clock ran out", time: "" });
  // A clock's notice names the seat as this page names it: "Your clock" to the one who ran out.
  const clock = { kind: "notice", seat: null, text: "seat 1's clock ran out: the computer played for seat 1" };
  assert.equal(
    talkEntry(clock, (seat) => ["Ann", "You"][seat]).text,
    "Your clock ran out: the computer played for you",
  );
  assert.equal(
    talkEntry(clock, (seat) => ["You", "Bob"][seat]).text,
    "Bob's clock ran out: the computer played for Bob",
  );
  const handed = {
    kind: "notice",
    text: "seat 1 was away: seat 0 let the computer play seat 1's seat until seat 1 comes back",
  };
  assert.equal(
    talkEntry(handed, (seat) => ["You", "Bob"][seat]).text,
    "Bob was away: you let the computer play Bob's seat until Bob comes back",
  );
  assert.equal(
    talkEntry(handed, (seat) => ["Ann", "You"][seat]).text,
    "You were away: Ann let the computer play your seat until you come back",
  );
  const back = { kind: "notice", text: "seat 1 is back: the computer stops playing for seat 1" };
  assert.equal(
    talkEntry(back, (seat) => ["Ann", "You"][seat]).text,
    "You are back: the computer stops playing for you",
  );
  // A game claimed, or left: the seats in each page's words.
  const claimed = { kind: "notice", text: "seat 1 was away: seat 0 claimed the game, and the others win it" };
  assert.equal(
    talkEntry(claimed, (seat) => ["You", "Bob"][seat]).text,
    "Bob was away: you claimed the game, and the others win it",
  );
  assert.equal(
    talkEntry(claimed, (seat) => ["Ann", "You"][seat]).text,
    "You were away: Ann claimed the game, and the others win it",
  );
  const left = { kind: "notice", text: "seat 1 left the game: the others win it" };
  assert.equal(talkEntry(left, (seat) => ["You", "Bob"][seat]).text, "Bob left the game: the others win it");
});

test("a spectator's status line says who is to move", () => {
  const name = (seat) => ["Ann", "Bob"][seat];
  const state = (observation, result = null) => ({ observation, result });
  assert.equal(watchStatus(state({ phase: "discard", current_player: 1 }), name), "Bob to lay away.");
  const together = { ...state({ phase: "discard", current_player: 1 }), acting: [1, 0] };
  assert.equal(watchStatus(together, name), "Bob and Ann to lay away.");
  assert.equal(
    watchStatus(state({ phase: "play", current_player: 0, count: 12 }), name),
    "Ann to play; the count is 12.",
  );
  assert.equal(watchStatus(state({ phase: "place", current_player: 0 }), name), "Ann to move.");
  assert.equal(watchStatus(state({ current_player: null }), name), "Watching the table.");
  assert.equal(watchStatus(state({ current_player: 0 }, { winner: 0 }), name), "The game is over.");
});

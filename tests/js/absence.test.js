// Nobody is held hostage, without the DOM: the people away and the choices about them, the
// clock that waits for every seat, and the headline of a game resigned or claimed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { resultHeadline } from "../../src/cribkit/web/static/logic/frame.js";
import {
  abandonedHeadline,
  awayOffers,
  awayText,
  clockWaitText,
  seatLines,
} from "../../src/cribkit/web/static/logic/table.js";

const name = (seat) => ["You", "Bob", "Cid", "Dee"][seat];
const person = (seat, extra = {}) => ({ seat, kind: "person", name: name(seat), connected: true, ...extra });

test("the people away: the wait before the choices, then the choices; a partner is not claimed against", () => {
  const away = [
    { seat: 1, away_ms: 30_000, claim_in_ms: 90_000 },
    { seat: 2, away_ms: 125_000, claim_in_ms: 0 },
  ];
  const offers = awayOffers(away, { mine: [0], teams: true, elapsed: 1_000 });
  assert.deepEqual(offers, [
    { seat: 1, awayMs: 31_000, leftMs: 89_000, ready: false, claim: true },
    { seat: 2, awayMs: 126_000, leftMs: 0, ready: true, claim: false },
  ]);
  assert.equal(
    awayText(offers[0], name),
    "Bob is away. If Bob is not back in 1:29, you may claim the game or let the computer play for Bob.",
  );
  assert.equal(awayText(offers[1], name), "Cid has been away 2:06. Let the computer play for Cid, or keep waiting?");
  // The time runs on by itself between the server's messages.
  const later = awayOffers(away, { mine: [0], elapsed: 90_000 });
  assert.equal(later[0].ready, true);
  assert.match(awayText(later[0], name), /^Bob has been away 2:00\. Claim the game \(you win it\), let/);
  // A spectator chooses nothing; a seat of this screen is never offered.
  assert.deepEqual(awayOffers(away, { mine: [] }), []);
  assert.deepEqual(awayOffers(undefined, { mine: [0] }), []);
  assert.deepEqual(
    awayOffers(away, { mine: [1] }).map((offer) => offer.seat),
    [2],
  );
  // The seats panel: away, or away with the computer playing the seat.
  const table = {
    seats: [person(0), person(1, { connected: false }), person(3, { connected: false, computer: "medium" })],
  };
  assert.deepEqual(
    seatLines(table, { mine: [0], name }).map((line) => line.detail),
    ["at the table", "away", "away \u00b7 the computer plays"],
  );
});

test("a table's clock waits, and says so, until every seat is taken", () => {
  const waiting = { clock: 30, seats: [person(0), { seat: 1, kind: "invited", connected: false }] };
  assert.equal(clockWaitText(waiting), "30 s clock: starts when every seat is taken");
  assert.equal(clockWaitText({ clock: 30, seats: [person(0), person(1)] }), null);
  assert.equal(clockWaitText({ clock: null, seats: waiting.seats }), null);
});

test("a game resigned or claimed names who won and why, on every page", () => {
  const resigned = { winners: [0], abandoned: { seats: [1] } };
  const claimed = { winners: [0], abandoned: { seats: [1], claimed_by: 0 } };
  const at = (humans, mode = "table") => ({
    mode,
    humans,
    name: (seat) => (humans.includes(seat) ? "You" : ["Ann", "Bob"][seat]),
  });
  assert.equal(abandonedHeadline(resigned, at([0])), "You won: Bob left the game");
  assert.equal(abandonedHeadline(resigned, at([1])), "You resigned: Ann won");
  assert.equal(abandonedHeadline(claimed, at([0])), "You won: Bob was away, and you claimed the game");
  assert.equal(abandonedHeadline(claimed, at([1])), "Ann won: you were away, and Ann claimed the game");
  assert.equal(abandonedHeadline(claimed, at([], "watch")), "Ann won: Bob was away, and Ann claimed the game");
  // Partners: the one who left loses with the partner; three players: both others win.
  const players = ["Ann", "Bob", "Cid", "Dee"];
  const four = (humans) => ({ mode: "table", humans, name: (seat) => (humans.includes(seat) ? "You" : players[seat]) });
  const partners = { winners: [1, 3], abandoned: { seats: [0] } };
  assert.equal(abandonedHeadline(partners, four([2])), "Bob & Dee won: Ann left the game");
  assert.equal(abandonedHeadline(partners, four([3])), "You won: Ann left the game");
  // The result's headline goes through it.
  assert.equal(resultHeadline("classic", resigned, at([0])), "You won: Bob left the game");
});

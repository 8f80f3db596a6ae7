import assert from "node:assert/strict";
import { test } from "node:test";

import {
  dailyBody,
  dailyDate,
  dealOver,
  dealStreak,
  dealsText,
  recordDeal,
} from "../../src/cribkit/web/static/logic/daily.js";

const result = (date, you, expert) => ({ date, you, expert, difference: you - expert, words: "..." });

test("a daily deal is a classic game whose table names its day", () => {
  assert.equal(dailyDate({ game: "classic", table: { daily: "2026-12-01" } }), "2026-12-01");
  assert.equal(dailyDate({ game: "classic", table: {} }), null);
  assert.equal(dailyDate({ game: "solitaire", table: { daily: "2026-12-01" } }), null);
  assert.deepEqual(dailyBody("2026-12-01"), { game: "classic", daily: "2026-12-01", mode: "ai", ai: "expert" });
});

test("the deal is over at the next deal or at the end of the game", () => {
  assert.equal(dealOver({ result: null, observation: { deal: 0 } }), false);
  assert.equal(dealOver({ result: null, observation: { deal: 1 } }), true);
  assert.equal(dealOver({ result: { winner: 0 }, observation: { deal: 0 } }), true);
});

test("one result a day is kept, the first, and the days in a row are counted", () => {
  let history = { answers: [] };
  history = recordDeal(history, result("2026-11-29", 3, 5));
  history = recordDeal(history, result("2026-12-01", 8, 2));
  assert.equal(dealStreak(history), 1);
  history = recordDeal(history, result("2026-11-30", -4, -4));
  assert.equal(dealStreak(history), 3);
  // A second game of a day's deal is played knowing its cards: the first result stays.
  const again = recordDeal(history, result("2026-12-01", 20, 2));
  assert.equal(again.deals.find((deal) => deal.date === "2026-12-01").you, 8);
  assert.deepEqual(
    history.deals.map((deal) => deal.date),
    ["2026-11-29", "2026-11-30", "2026-12-01"],
  );
  assert.equal(dealsText(history), "Daily deals: 3 played, 2 at least level with the expert, 3 days in a row.");
  assert.equal(dealsText({ answers: [] }), "Daily deals: none played yet.");
});

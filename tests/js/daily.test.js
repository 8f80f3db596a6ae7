import assert from "node:assert/strict";
import { test } from "node:test";

import {
  dailyBody,
  dailyDate,
  dealOver,
  dealStreak,
  dealsText,
  recordDeal,
  marginWords,
  solitaireComparison,
  todayLine,
} from "../../src/cribkit/web/static/logic/daily.js";

const result = (date, you, expert) => ({ date, you, expert, difference: you - expert, words: "..." });

test("a daily deal is a classic or Solitaire game whose table names its day", () => {
  assert.equal(dailyDate({ game: "classic", table: { daily: "2026-12-01" } }), "2026-12-01");
  assert.equal(dailyDate({ game: "classic", table: {} }), null);
  assert.equal(dailyDate({ game: "solitaire", table: { daily: "2026-12-01" } }), "2026-12-01");
  assert.equal(dailyDate({ game: "tabletop", table: { daily: "2026-12-01" } }), null);
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

test("a Solitaire total is set beside the expert's and kept apart from the classic deals", () => {
  const behind = solitaireComparison("2026-12-01", { total: 85, expert_total: 92 });
  assert.deepEqual(behind, {
    date: "2026-12-01",
    you: 85,
    expert: 92,
    difference: -7,
    words: "You 85, the expert 92: 7 points behind the expert on the same deck",
  });
  assert.match(solitaireComparison("2026-12-01", { total: 95, expert_total: 92 }).words, /3 points better/);
  assert.match(solitaireComparison("2026-12-01", { total: 92, expert_total: 92 }).words, /the same as the expert/);
  const history = recordDeal({ answers: [] }, behind, "solitaire");
  assert.equal(history.deals, undefined);
  assert.equal(
    dealsText(history, "solitaire"),
    "Daily Solitaire: 1 played, 0 at least level with the expert, 1 day in a row.",
  );
  assert.equal(dealsText(history), "Daily deals: none played yet.");
});

test("a deal's margins are said in words, never as -13 and +0", () => {
  assert.equal(marginWords(-13), "13 points behind the computer");
  assert.equal(marginWords(1), "1 point ahead of the computer");
  assert.equal(marginWords(0), "level with the computer");
  assert.equal(
    todayLine("classic", { you: -13, expert: 0 }),
    "Today: you ended the deal 13 points behind the computer, the expert level with the computer. ",
  );
  assert.equal(todayLine("solitaire", { you: 95, expert: 102 }), "Today: you 95, the expert 102. ");
  assert.equal(todayLine("classic", undefined), "");
});

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  answerText,
  cardsWanted,
  emptyHistory,
  readHistory,
  recordAnswer,
  streakText,
  toggleCard,
  valueRows,
  verdictHeading,
} from "../../src/cribkit/web/static/logic/puzzles.js";

test("a lay-away takes two cards, the oldest going when a third is picked", () => {
  assert.equal(cardsWanted("lay-away"), 2);
  assert.equal(cardsWanted("play"), 1);
  assert.equal(cardsWanted("place"), 0);
  let picked = toggleCard([], "4d", 2);
  picked = toggleCard(picked, "4s", 2);
  assert.deepEqual(picked, ["4d", "4s"]);
  assert.deepEqual(toggleCard(picked, "Kh", 2), ["4s", "Kh"]);
  assert.deepEqual(toggleCard(picked, "4d", 2), ["4s"]);
  assert.deepEqual(toggleCard(["8c"], "9c", 1), ["9c"]);
});

test("the answer is sent only once it is complete", () => {
  assert.equal(answerText("lay-away", ["4d"]), null);
  assert.equal(answerText("lay-away", ["4d", "4s"]), "4d 4s");
  assert.equal(answerText("play", ["8c"]), "8c");
  assert.equal(answerText("place", null), null);
  assert.equal(answerText("place", "C1"), "C1");
  assert.equal(answerText("tiles", "K5 down Kl (4l) Al"), "K5 down Kl (4l) Al");
});

const WRONG = {
  puzzle: "lay-away-001",
  answer: "8s Kh",
  correct: false,
  value: 12.192,
  best: "4d 4s",
  best_value: 13.766,
  cost: 1.574,
  verdict: "mistake",
  choices: [
    { key: "4d 4s", value: 13.766, words: "4d 4s keeps ..." },
    { key: "8s Kh", value: 12.192, words: "8s Kh keeps ..." },
  ],
};

test("the values table is best first, with how far behind each is and which was yours", () => {
  assert.deepEqual(valueRows(WRONG), [
    { key: "4d 4s", words: "4d 4s keeps ...", value: "13.77", behind: "", best: true, yours: false },
    { key: "8s Kh", words: "8s Kh keeps ...", value: "12.19", behind: "\u22121.57", best: false, yours: true },
  ]);
  assert.equal(verdictHeading(WRONG), "Not the best: 1.57 points less (a mistake).");
  assert.equal(verdictHeading({ ...WRONG, verdict: "inaccuracy" }), "Not the best: 1.57 points less (an inaccuracy).");
  assert.equal(verdictHeading({ ...WRONG, correct: true }), "Right: the best choice.");
});

test("streaks: right answers in a row, and daily puzzles on days in a row", () => {
  const right = { ...WRONG, correct: true, answer: "4d 4s" };
  let history = recordAnswer(emptyHistory(), right, { date: "2026-11-30", daily: true });
  history = recordAnswer(history, right, { date: "2026-12-01", daily: true });
  assert.equal(history.streak, 2);
  assert.equal(history.daily_streak, 2);
  // The day's second answer does not count twice for the daily streak.
  history = recordAnswer(history, right, { date: "2026-12-01", daily: true });
  assert.equal(history.daily_streak, 2);
  assert.equal(history.streak, 3);
  history = recordAnswer(history, WRONG, { date: "2026-12-01" });
  assert.equal(history.streak, 0);
  assert.equal(history.best_streak, 3);
  assert.equal(history.daily_streak, 2);
  // A day missed starts the daily streak again.
  history = recordAnswer(history, right, { date: "2026-12-03", daily: true });
  assert.equal(history.daily_streak, 1);
  assert.equal(history.answers.length, 5);
  assert.equal(streakText(history), "Streak 1 (best 3) \u00b7 daily 1 day");
});

test("a history that cannot be read is a new one", () => {
  assert.deepEqual(readHistory(null), emptyHistory());
  assert.deepEqual(readHistory("{not json"), emptyHistory());
  assert.deepEqual(readHistory('{"streak": 4}'), emptyHistory());
  assert.equal(readHistory(JSON.stringify({ ...emptyHistory(), streak: 4 })).streak, 4);
});

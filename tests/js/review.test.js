import assert from "node:assert/strict";
import { test } from "node:test";

import {
  choiceRows,
  countWords,
  lossSeries,
  luckLine,
  polyline,
  scoreSeries,
  shownRows,
  timelineMarks,
  totalLines,
  valueText,
  verdictSentence,
  worstDecision,
} from "../../src/cribkit/web/static/logic/review.js";

const choice = (card, value, words = `play ${card}`) => ({ action: { type: "play", seat: 0, card }, words, value });

// Two decisions of seat 0: a lay-away made best, a play 0.93 points below the best.
const analysis = {
  game: "classic",
  seats: [0],
  seat: 0,
  decisions: [
    {
      index: 2,
      seat: 0,
      phase: "lay-away",
      unit: "points",
      chosen: choice("5h", 4),
      best: choice("5h", 4),
      cost: 0,
      verdict: "best",
      words: "lay away",
      choices: [choice("5h", 4)],
      scores: [0, 0],
    },
    {
      index: 7,
      seat: 0,
      phase: "play",
      unit: "points",
      chosen: choice("8c", 1.2553),
      best: choice("9d", 2.19),
      cost: 0.9347,
      verdict: "inaccuracy",
      words: "play 8♣; 9♦ was 0.93 points better",
      choices: [choice("9d", 2.19), choice("8c", 1.2553), choice("6c", 0.9532)],
      scores: [4, 2],
    },
    {
      index: 9,
      seat: 0,
      phase: "lay-away",
      unit: "win",
      chosen: choice("2s", 0.5),
      best: choice("2s", 0.6),
      cost: 0.1,
      verdict: "mistake",
      words: "late",
      choices: [choice("2s", 0.6)],
      scores: [50, 55],
    },
  ],
};

test("a mark per decision, its verdict named in its label", () => {
  assert.deepEqual(
    timelineMarks(analysis).map((m) => [m.position, m.index, m.verdict, m.label]),
    [
      [0, 2, "best", "1. lay-away: best"],
      [1, 7, "inaccuracy", "2. play: inaccuracy"],
      [2, 9, "mistake", "3. lay-away: mistake"],
    ],
  );
});

test("the worst decision compares win chance in percentage points", () => {
  // 0.1 of win chance is 10 points on the scale: more than 0.93 points.
  assert.equal(worstDecision(analysis), 2);
  assert.equal(worstDecision({ decisions: analysis.decisions.slice(0, 2) }), 1);
  assert.equal(worstDecision({ decisions: [] }), null);
});

test("the alternatives best first, the chosen marked, each one's distance from the best", () => {
  assert.deepEqual(choiceRows(analysis.decisions[1]), [
    { words: "play 9d", value: "2.19 points", behind: "", chosen: false, best: true },
    { words: "play 8c", value: "1.26 points", behind: "\u22120.93 points", chosen: true, best: false },
    { words: "play 6c", value: "0.95 points", behind: "\u22121.24 points", chosen: false, best: false },
  ]);
  assert.equal(valueText(0.541, "win"), "54.1% to win");
});

test("the verdict in a sentence names the better choice", () => {
  assert.equal(verdictSentence(analysis.decisions[0]), "Best: play 5h.");
  assert.equal(verdictSentence(analysis.decisions[1]), "Inaccuracy (0.93 points): better was play 9d.");
  assert.equal(
    verdictSentence(analysis.decisions[2]),
    "Mistake (10.0 percentage points of win chance): better was play 2s.",
  );
});

test("the count in words, for a play only", () => {
  assert.equal(
    countWords({ count: 17, pile: ["5h", "QS", "2C"] }, "play"),
    "The count stood at 17 after 3 cards: a card of 14 or less could be played (to 31).",
  );
  assert.equal(countWords({ count: 0, pile: [] }, "play"), "The count was 0: a new count starts with this card.");
  assert.equal(countWords({ count: 17, pile: ["5h"] }, "lay-away"), "");
});

test("the score race and the points lost, cumulated, as series", () => {
  const steps = [{ scores: [0, 0] }, { scores: [2, 0] }, { scores: [2, 3] }];
  assert.deepEqual(scoreSeries(steps), [
    [
      [0, 0],
      [1, 2],
      [2, 2],
    ],
    [
      [0, 0],
      [1, 0],
      [2, 3],
    ],
  ]);
  // The win-chance decision is not added to the points.
  assert.deepEqual(lossSeries(analysis), [
    [
      [0, 0],
      [3, 0],
      [8, 0.93],
    ],
  ]);
  assert.equal(
    polyline(
      [
        [0, 0],
        [2, 3],
      ],
      100,
      60,
      2,
      3,
    ),
    "0.0,60.0 100.0,0.0",
  );
});

test("totals and luck in words", () => {
  assert.deepEqual(
    totalLines([
      { phase: "play", unit: "points", decisions: 25, cost: 3.2089, verdicts: { best: 19, good: 3, inaccuracy: 3 } },
      { phase: "lay-away", unit: "win", decisions: 1, cost: 0.0248, verdicts: { mistake: 1 } },
    ]),
    [
      "play: 25 decisions, 3.21 points lost (3 inaccuracies)",
      "lay-away: 1 decision, 2.5 percentage points of win chance lost (1 mistake)",
    ],
  );
  assert.equal(
    luckLine({ kind: "hand", count: 5, mean: 7.2, expected: 4.77, percentile: 91.2 }),
    "hand: 5 dealt, mean 7.20 against 4.77 expected (91st percentile)",
  );
  assert.equal(
    luckLine({ kind: "crib", count: 2, mean: 3, expected: 4, percentile: 12 }).endsWith("(12th percentile)"),
    true,
  );
});

test("the table shows the best five and the chosen one until all are asked for", () => {
  const rows = Array.from({ length: 15 }, (_, i) => ({ words: `r${i}`, chosen: i === 12 }));
  assert.deepEqual(
    shownRows(rows, false).map((r) => r.words),
    ["r0", "r1", "r2", "r3", "r4", "r12"],
  );
  assert.equal(shownRows(rows, true).length, 15);
});

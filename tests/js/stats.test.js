import assert from "node:assert/strict";
import { test } from "node:test";

import {
  againstCells,
  bestHandText,
  handSeries,
  handTotal,
  lostText,
  resultSeries,
  resultTitle,
  STATS_HEADINGS,
  statsCells,
} from "../../src/cribkit/web/static/logic/stats.js";

test("a row of the statistics table, cell by cell", () => {
  const row = {
    game: "classic",
    ai: "medium",
    played: 3,
    won: 2,
    lost: 1,
    skunks_won: 1,
    points_per_deal: { pegging: 4.44, hand: 7.5 },
    best_hand: { points: 29, cards: ["5h", "5d", "5c", "Js"], starter: "5s" },
  };
  const cells = statsCells(row);
  assert.equal(cells.length, STATS_HEADINGS.length);
  assert.deepEqual(cells, [
    "Cribbage",
    "medium",
    "3",
    "2",
    "1",
    "1",
    "0",
    "4.4",
    "7.5",
    "\u2014",
    "29: 5\u2665 5\u2666 5\u2663 J\u2660 + 5\u2660",
  ]);
  assert.equal(statsCells({ game: "solitaire", played: 1, won: 0, lost: 1 })[1], "\u2014");
  assert.equal(bestHandText(null), "\u2014");
  assert.equal(bestHandText({ points: 12, cards: ["5h"] }), "12: 5\u2665");
});

test("the hand chart: each count's share of your hands against its exact probability", () => {
  const series = handSeries({ 2: 1, 8: 3 }, { 0: 0.08, 2: 0.2, 29: 0.000003 });
  assert.equal(series.points.length, 30);
  assert.equal(series.share[2], 0.25);
  assert.equal(series.share[8], 0.75);
  assert.equal(series.share[0], 0);
  assert.equal(series.probability[2], 0.2);
  assert.equal(series.probability[29], 0.000003);
  assert.equal(series.top, 0.75);
  assert.equal(handTotal({ 2: 1, 8: 3 }), 4);
  const none = handSeries({}, null);
  assert.equal(none.top, 0.05, "an empty chart keeps a scale");
  assert.ok(none.share.every((s) => s === 0) && none.probability.every((p) => p === 0));
  assert.equal(handTotal(undefined), 0);
});

test("the results chart: margins up for wins, down for losses, and the share won so far", () => {
  const results = [
    { won: true, margin: 12, game: "classic", ai: "easy", finished: 1 },
    { won: false, margin: -30, game: "tiles", ai: "expert", finished: 2 },
    { won: true, margin: 3, game: "classic", ai: "easy", finished: 3 },
  ];
  const series = resultSeries(results);
  assert.deepEqual(series.margins, [12, -30, 3]);
  assert.equal(series.top, 30);
  assert.deepEqual(series.winShare, [1, 0.5, 2 / 3]);
  assert.equal(resultSeries([]).top, 10);
  assert.equal(resultTitle(results[1]), "2 Cribbage Tiles vs expert: lost by 30");
});

test("a row against an opponent names a person or the computer's level, with the share won", () => {
  assert.deepEqual(againstCells({ kind: "person", name: "Bob", played: 3, won: 2, lost: 1 }), [
    "Bob",
    "3",
    "2",
    "1",
    "67%",
  ]);
  assert.deepEqual(againstCells({ kind: "computer", name: "expert", played: 0, won: 0, lost: 0 }), [
    "the computer (expert)",
    "0",
    "0",
    "0",
    "\u2014",
  ]);
});

test("the games lost say how many were abandoned", () => {
  assert.equal(lostText({ lost: 3, abandoned: 1 }), "3 (1 abandoned)");
  assert.equal(lostText({ lost: 2, abandoned: 0 }), "2");
  assert.equal(statsCells({ game: "classic", played: 4, won: 1, lost: 3, abandoned: 2 })[4], "3 (2 abandoned)");
  assert.equal(
    againstCells({ kind: "person", name: "Bob", played: 1, won: 0, lost: 1, abandoned: 1 })[3],
    "1 (1 abandoned)",
  );
});

// The statistics page without the DOM: the table's cells and the two charts' numbers.
import { cardLabel } from "./cards.js";
import { formatNumber, gameTitle } from "./words.js";

export const STATS_HEADINGS = [
  "Game",
  "Computer",
  "Played",
  "Won",
  "Lost",
  "Skunks won",
  "Skunks lost",
  "Pegging / deal",
  "Hand / deal",
  "Crib / deal",
  "Best hand",
];

/** "24: 5♥ 5♦ 5♣ J♠ + 5♠", or a dash when there is no best hand. */
export function bestHandText(best) {
  if (!best || !best.cards) return "\u2014";
  return `${best.points}: ${best.cards.map(cardLabel).join(" ")}${best.starter ? ` + ${cardLabel(best.starter)}` : ""}`;
}

/** A row of the statistics table as the texts of its cells (in the order of STATS_HEADINGS). */
export function statsCells(row) {
  const ppd = row.points_per_deal || {};
  return [
    gameTitle(row.game),
    row.ai || "\u2014",
    String(row.played),
    String(row.won),
    lostText(row),
    String(row.skunks_won ?? 0),
    String(row.skunks_lost ?? 0),
    formatNumber(ppd.pegging),
    formatNumber(ppd.hand),
    formatNumber(ppd.crib),
    bestHandText(row.best_hand),
  ];
}

/** The headings of the table of results against each opponent. */
export const AGAINST_HEADINGS = ["Against", "Played", "Won", "Lost", "Won %"];

/**
 * A row of the results against one opponent (a person by name, or a level of the computer) as
 * the texts of its cells, in the order of AGAINST_HEADINGS.
 */
export function againstCells(entry) {
  const who = entry.kind === "computer" ? `the computer (${entry.name})` : entry.name;
  const share = entry.played ? `${Math.round((100 * entry.won) / entry.played)}%` : "\u2014";
  return [who, String(entry.played), String(entry.won), lostText(entry), share];
}

/** The games lost, with how many of them were abandoned: "3 (1 abandoned)". */
export function lostText(entry) {
  return entry.abandoned ? `${entry.lost} (${entry.abandoned} abandoned)` : String(entry.lost);
}

/** How many hands a {points: count} mapping counts. */
export function handTotal(yours) {
  return Object.values(yours || {}).reduce((a, b) => a + b, 0);
}

/**
 * The hand chart's numbers for 0-29 points: each count's share of your hands, its exact
 * probability, and the top of the scale (at least 5%).
 */
export function handSeries(yours, exact) {
  const total = handTotal(yours);
  const points = Array.from({ length: 30 }, (_, p) => p);
  const share = points.map((p) => (total ? (yours[p] || yours[String(p)] || 0) / total : 0));
  const probability = points.map((p) => (exact ? exact[p] || exact[String(p)] || 0 : 0));
  const top = Math.max(0.05, ...share, ...probability);
  return { points, share, probability, top };
}

/**
 * The results chart's numbers: each game's margin (positive won, negative lost), the top of the
 * scale (at least 10) and the share of games won after each game.
 */
export function resultSeries(results) {
  const margins = results.map((r) => (r.won ? 1 : -1) * Math.abs(r.margin || 0));
  const top = Math.max(10, ...margins.map(Math.abs));
  let wins = 0;
  const winShare = results.map((r, i) => {
    wins += r.won ? 1 : 0;
    return wins / (i + 1);
  });
  return { margins, top, winShare };
}

/** The tooltip of one game's bar. */
export function resultTitle(result) {
  const how = `${result.won ? "won" : "lost"} by ${Math.abs(result.margin || 0)}`;
  return `${result.finished || ""} ${gameTitle(result.game)} vs ${result.ai}: ${how}`;
}

// The statistics page: results per game and level, and two charts drawn here as SVG.
import { svg, cardLabel } from "./cards.js";
import { api, clear, GAME_TITLES, h } from "./dom.js";

const fmt = (value, digits = 1) => (typeof value === "number" ? value.toFixed(digits) : "\u2014");

/** Bars of your hand scores (share of your hands) against the exact distribution. */
export function handScoreChart(yours, exact) {
  const width = 680;
  const height = 260;
  const pad = { left: 44, right: 12, top: 16, bottom: 36 };
  const points = [];
  for (let p = 0; p <= 29; p += 1) points.push(p);
  const total = Object.values(yours || {}).reduce((a, b) => a + b, 0);
  const share = (p) => (total ? (yours[p] || yours[String(p)] || 0) / total : 0);
  const prob = (p) => (exact ? exact[p] || exact[String(p)] || 0 : 0);
  const top = Math.max(0.05, ...points.map(share), ...points.map(prob));
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / points.length;
  const y = (v) => pad.top + plotH - (v / top) * plotH;
  const parts = [];
  for (let t = 0; t <= 4; t += 1) {
    const v = (top * t) / 4;
    parts.push(svg("line", { x1: pad.left, x2: width - pad.right, y1: y(v), y2: y(v), class: "grid-line" }),
      svg("text", { x: pad.left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis-label" }, `${Math.round(v * 100)}%`));
  }
  points.forEach((p, i) => {
    const x = pad.left + i * slot;
    const s = share(p);
    if (s > 0) parts.push(svg("rect", { x: x + slot * 0.12, y: y(s), width: slot * 0.76, height: plotH - (y(s) - pad.top), class: "bar yours" },
      svg("title", {}, `${p} points: ${(s * 100).toFixed(1)}% of your hands`)));
    if (p % 2 === 0) parts.push(svg("text", { x: x + slot / 2, y: height - pad.bottom + 14, "text-anchor": "middle", class: "axis-label" }, String(p)));
  });
  const line = points.map((p, i) => `${i ? "L" : "M"}${(pad.left + i * slot + slot / 2).toFixed(1)},${y(prob(p)).toFixed(1)}`).join(" ");
  if (exact) parts.push(svg("path", { d: line, class: "exact-line" }));
  if (exact) points.forEach((p, i) => parts.push(svg("circle", { cx: pad.left + i * slot + slot / 2, cy: y(prob(p)), r: 2.6, class: "exact-dot" },
    svg("title", {}, `${p} points: ${(prob(p) * 100).toFixed(2)}% of all hands`))));
  parts.push(svg("text", { x: pad.left + plotW / 2, y: height - 4, "text-anchor": "middle", class: "axis-label" }, "points in the hand (with the starter)"));
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "data-testid": "hand-chart", "aria-label": "your hand scores against the exact distribution" }, parts);
}

/** Each finished game's margin over time: above the line won, below lost. */
export function resultsChart(results) {
  const width = 680;
  const height = 220;
  const pad = { left: 44, right: 12, top: 16, bottom: 30 };
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const margins = results.map((r) => (r.won ? 1 : -1) * Math.abs(r.margin || 0));
  const top = Math.max(10, ...margins.map(Math.abs));
  const mid = pad.top + plotH / 2;
  const y = (v) => mid - (v / top) * (plotH / 2);
  const slot = Math.min(36, plotW / Math.max(results.length, 1));
  const parts = [svg("line", { x1: pad.left, x2: width - pad.right, y1: mid, y2: mid, class: "axis" }),
    svg("text", { x: pad.left - 6, y: y(top) + 4, "text-anchor": "end", class: "axis-label" }, `+${top}`),
    svg("text", { x: pad.left - 6, y: y(-top) + 4, "text-anchor": "end", class: "axis-label" }, `\u2212${top}`)];
  let wins = 0;
  const rate = [];
  results.forEach((r, i) => {
    const m = margins[i];
    const x = pad.left + i * slot;
    parts.push(svg("rect", { x: x + slot * 0.15, y: Math.min(y(m), mid), width: Math.max(1, slot * 0.7), height: Math.max(1, Math.abs(y(m) - mid)), class: r.won ? "bar won" : "bar lost" },
      svg("title", {}, `${r.finished || ""} ${GAME_TITLES[r.game] || r.game} vs ${r.ai}: ${r.won ? "won" : "lost"} by ${Math.abs(r.margin || 0)}`)));
    wins += r.won ? 1 : 0;
    rate.push(`${i ? "L" : "M"}${(x + slot / 2).toFixed(1)},${(pad.top + plotH - (wins / (i + 1)) * plotH).toFixed(1)}`);
  });
  if (results.length > 1) parts.push(svg("path", { d: rate.join(" "), class: "rate-line" }, svg("title", {}, "share of games won so far")));
  parts.push(svg("text", { x: pad.left + plotW / 2, y: height - 6, "text-anchor": "middle", class: "axis-label" }, "games, oldest first: bars the margin, the line your share of wins"));
  return svg("svg", { viewBox: `0 0 ${width} ${height}`, class: "chart", role: "img", "data-testid": "results-chart", "aria-label": "results over time" }, parts);
}

export class StatsPage {
  constructor(root) {
    this.root = root;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Counting\u2026"));
    let stats;
    try {
      stats = await api("GET", "/api/stats");
    } catch (error) {
      if (!this.stopped) clear(this.root).append(h("p", { class: "error-line" }, `No statistics: ${error.message}`));
      return;
    }
    if (this.stopped) return;
    const rows = stats.rows || [];
    const table = h("table", { class: "stats-table", "data-testid": "stats-table" },
      h("thead", {}, h("tr", {}, ["Game", "Computer", "Played", "Won", "Lost", "Skunks won", "Skunks lost", "Pegging / deal", "Hand / deal", "Crib / deal", "Best hand"].map((t) => h("th", {}, t)))),
      h("tbody", {}, rows.map((row) => {
        const ppd = row.points_per_deal || {};
        const best = row.best_hand;
        return h("tr", { "data-testid": "stats-row", "data-game": row.game, "data-ai": row.ai || "" },
          h("td", {}, GAME_TITLES[row.game] || row.game), h("td", {}, row.ai || "\u2014"), h("td", {}, String(row.played)),
          h("td", {}, String(row.won)), h("td", {}, String(row.lost)), h("td", {}, String(row.skunks_won ?? 0)), h("td", {}, String(row.skunks_lost ?? 0)),
          h("td", {}, fmt(ppd.pegging)), h("td", {}, fmt(ppd.hand)), h("td", {}, fmt(ppd.crib)),
          h("td", {}, best && best.cards ? `${best.points}: ${best.cards.map(cardLabel).join(" ")}${best.starter ? ` + ${cardLabel(best.starter)}` : ""}` : "\u2014"));
      })));
    const hands = stats.hand_scores || {};
    const handCount = Object.values(hands.yours || {}).reduce((a, b) => a + b, 0);
    clear(this.root).append(
      h("div", { class: "game-head" }, h("div", { class: "title-row" }, h("h2", { class: "game-title" }, "Statistics"), h("a", { class: "button subtle", href: "#/" }, "Lobby"))),
      h("section", { class: "panel" }, h("h3", {}, "Results per game and computer level"),
        rows.length ? h("div", { class: "table-scroll" }, table) : h("p", { class: "muted", "data-testid": "stats-empty" }, "No finished games yet: play one from the lobby.")),
      h("div", { class: "charts" }, h("section", { class: "panel" }, h("h3", {}, `Your hands (${handCount}) against the exact distribution`),
        handScoreChart(hands.yours || {}, hands.exact || null),
        h("p", { class: "legend" }, h("span", { class: "swatch yours" }), " your hands \u00b7 ", h("span", { class: "swatch exact" }), " every possible hand and starter")),
      h("section", { class: "panel" }, h("h3", {}, "Results over time"),
        (stats.results || []).length ? resultsChart(stats.results) : h("p", { class: "muted" }, "No results yet."))));
  }

  stop() {
    this.stopped = true;
  }
}

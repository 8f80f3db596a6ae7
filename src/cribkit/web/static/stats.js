// The statistics page: results per game and level, and two charts drawn here as SVG.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import {
  AGAINST_HEADINGS,
  againstCells,
  handSeries,
  handTotal,
  resultSeries,
  resultTitle,
  STATS_HEADINGS,
  statsCells,
} from "./logic/stats.js";
import { untilReachable } from "./reach.js";

const WIDTH = 680;

/** A label on an axis. */
function axisLabel(x, y, text, anchor = "middle") {
  return h("svg:text", { x, y, "text-anchor": anchor, class: "axis-label" }, text);
}

/** Bars of your hand scores (share of your hands) against the exact distribution. */
export function handScoreChart(yours, exact) {
  const height = 260;
  const pad = { left: 44, right: 12, top: 16, bottom: 36 };
  const { points, share, probability, top } = handSeries(yours, exact);
  const plotW = WIDTH - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const slot = plotW / points.length;
  const y = (v) => pad.top + plotH - (v / top) * plotH;
  const centre = (i) => pad.left + i * slot + slot / 2;
  const parts = [];
  for (let t = 0; t <= 4; t += 1) {
    const v = (top * t) / 4;
    parts.push(
      h("svg:line", { x1: pad.left, x2: WIDTH - pad.right, y1: y(v), y2: y(v), class: "grid-line" }),
      axisLabel(pad.left - 6, y(v) + 4, `${Math.round(v * 100)}%`, "end"),
    );
  }
  points.forEach((p, i) => {
    const x = pad.left + i * slot;
    const s = share[i];
    if (s > 0) {
      const bar = { x: x + slot * 0.12, y: y(s), width: slot * 0.76, height: plotH - (y(s) - pad.top) };
      const title = `${p} points: ${(s * 100).toFixed(1)}% of your hands`;
      parts.push(h("svg:rect", { ...bar, class: "bar yours" }, h("svg:title", {}, title)));
    }
    if (p % 2 === 0) parts.push(axisLabel(x + slot / 2, height - pad.bottom + 14, String(p)));
  });
  if (exact) {
    const line = points.map((p, i) => `${i ? "L" : "M"}${centre(i).toFixed(1)},${y(probability[i]).toFixed(1)}`);
    parts.push(h("svg:path", { d: line.join(" "), class: "exact-line" }));
    points.forEach((p, i) => {
      const title = `${p} points: ${(probability[i] * 100).toFixed(2)}% of all hands`;
      parts.push(
        h(
          "svg:circle",
          { cx: centre(i), cy: y(probability[i]), r: 2.6, class: "exact-dot" },
          h("svg:title", {}, title),
        ),
      );
    });
  }
  parts.push(axisLabel(pad.left + plotW / 2, height - 4, "points in the hand (with the starter)"));
  return h(
    "svg:svg",
    {
      viewBox: `0 0 ${WIDTH} ${height}`,
      class: "chart",
      role: "img",
      "data-testid": "hand-chart",
      "aria-label": "your hand scores against the exact distribution",
    },
    parts,
  );
}

/** Each finished game's margin over time: above the line won, below lost. */
export function resultsChart(results) {
  const height = 220;
  const pad = { left: 44, right: 12, top: 16, bottom: 30 };
  const plotW = WIDTH - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const { margins, top, winShare } = resultSeries(results);
  const mid = pad.top + plotH / 2;
  const y = (v) => mid - (v / top) * (plotH / 2);
  const slot = Math.min(36, plotW / Math.max(results.length, 1));
  const parts = [
    h("svg:line", { x1: pad.left, x2: WIDTH - pad.right, y1: mid, y2: mid, class: "axis" }),
    axisLabel(pad.left - 6, y(top) + 4, `+${top}`, "end"),
    axisLabel(pad.left - 6, y(-top) + 4, `\u2212${top}`, "end"),
  ];
  const rate = [];
  results.forEach((r, i) => {
    const m = margins[i];
    const x = pad.left + i * slot;
    const bar = {
      x: x + slot * 0.15,
      y: Math.min(y(m), mid),
      width: Math.max(1, slot * 0.7),
      height: Math.max(1, Math.abs(y(m) - mid)),
    };
    parts.push(h("svg:rect", { ...bar, class: r.won ? "bar won" : "bar lost" }, h("svg:title", {}, resultTitle(r))));
    rate.push(`${i ? "L" : "M"}${(x + slot / 2).toFixed(1)},${(pad.top + plotH - winShare[i] * plotH).toFixed(1)}`);
  });
  if (results.length > 1) {
    parts.push(
      h("svg:path", { d: rate.join(" "), class: "rate-line" }, h("svg:title", {}, "share of games won so far")),
    );
  }
  parts.push(
    axisLabel(pad.left + plotW / 2, height - 6, "games, oldest first: bars the margin, the line your share of wins"),
  );
  return h(
    "svg:svg",
    {
      viewBox: `0 0 ${WIDTH} ${height}`,
      class: "chart",
      role: "img",
      "data-testid": "results-chart",
      "aria-label": "results over time",
    },
    parts,
  );
}

/** A table of texts: its headings, then one row a [row attributes, cell texts] pair. */
function dataTable(testid, headings, rows) {
  return h(
    "table",
    { class: "stats-table", "data-testid": testid },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        headings.map((heading) => h("th", {}, heading)),
      ),
    ),
    h(
      "tbody",
      {},
      rows.map(([attributes, cells]) =>
        h(
          "tr",
          attributes,
          cells.map((text) => h("td", {}, text)),
        ),
      ),
    ),
  );
}

export class StatsPage {
  constructor(root) {
    this.root = root;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Counting\u2026"));
    let stats;
    try {
      stats = await untilReachable(this, () => api("GET", "/api/stats"));
    } catch (error) {
      if (!this.stopped) clear(this.root).append(h("p", { class: "error-line" }, `No statistics: ${error.message}`));
      return;
    }
    if (this.stopped) return;
    const rows = stats.rows || [];
    const table = dataTable(
      "stats-table",
      STATS_HEADINGS,
      rows.map((row) => [
        { "data-testid": "stats-row", "data-game": row.game, "data-ai": row.ai || "" },
        statsCells(row),
      ]),
    );
    const against = stats.against || [];
    const opponents = dataTable(
      "against-table",
      AGAINST_HEADINGS,
      against.map((entry) => [{ "data-testid": "against-row", "data-kind": entry.kind }, againstCells(entry)]),
    );
    const hands = stats.hand_scores || {};
    const results = stats.results || [];
    clear(this.root).append(
      h(
        "div",
        { class: "game-head" },
        h(
          "div",
          { class: "title-row" },
          h("h2", { class: "game-title" }, "Statistics"),
          h("a", { class: "button subtle", href: "#/" }, "Lobby"),
        ),
      ),
      h(
        "section",
        { class: "panel" },
        h("h3", {}, "Results per game and computer level"),
        rows.length
          ? h("div", { class: "table-scroll" }, table)
          : h("p", { class: "muted", "data-testid": "stats-empty" }, "No finished games yet: play one from the lobby."),
      ),
      h(
        "section",
        { class: "panel" },
        h("h3", {}, "Against each opponent"),
        against.length
          ? h("div", { class: "table-scroll" }, opponents)
          : h("p", { class: "muted" }, "No finished games against anyone yet."),
        h(
          "p",
          { class: "muted" },
          `Practice games (undo used or seed chosen) are not counted: ${stats.practice?.played ?? 0} finished.`,
        ),
      ),
      h(
        "div",
        { class: "charts" },
        h(
          "section",
          { class: "panel" },
          h("h3", {}, `Your hands (${handTotal(hands.yours)}) against the exact distribution`),
          handScoreChart(hands.yours || {}, hands.exact || null),
          h(
            "p",
            { class: "legend" },
            h("span", { class: "swatch yours" }),
            " your hands \u00b7 ",
            h("span", { class: "swatch exact" }),
            " every possible hand and starter",
          ),
        ),
        h(
          "section",
          { class: "panel" },
          h("h3", {}, "Results over time"),
          results.length ? resultsChart(results) : h("p", { class: "muted" }, "No results yet."),
        ),
      ),
    );
  }

  stop() {
    this.stopped = true;
  }
}

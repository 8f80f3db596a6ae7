// The daily classic deal at the table (docs/web.md, "The daily deal"): a line saying what the game
// is, then, once the deal is over, your result against the expert's on the same cards (asked of
// the server: it is not given before), kept in this browser's history with the puzzles' streaks.
import { api } from "../api.js";
import { h } from "../dom.js";
import { dailyDate, dealOver, dealsText, recordDeal } from "../logic/daily.js";
import { readHistory } from "../logic/puzzles.js";
import { storedPuzzles, storePuzzles } from "../storage.js";

export class DailyDealPanel {
  constructor(gameId) {
    this.gameId = gameId;
    this.asked = false;
    this.line = h("p", { class: "daily-line" });
    this.result = h("p", { class: "daily-result", "data-testid": "daily-result", hidden: true });
    this.streak = h("p", { class: "muted daily-streak", hidden: true });
    this.box = h(
      "section",
      { class: "daily-deal", "data-testid": "daily-deal", role: "status", "aria-live": "polite", hidden: true },
      this.line,
      this.result,
      this.streak,
    );
  }

  /** A state drawn: the line for a daily deal, and the comparison once its deal is over. */
  update(message) {
    const date = dailyDate(message);
    this.box.hidden = !date;
    if (!date) return;
    if (!this.asked)
      this.line.textContent =
        `The daily deal of ${date} against the expert: the same cards for everyone today. ` +
        "At its end your result is set beside the expert's.";
    if (dealOver(message) && !this.asked) {
      this.asked = true;
      this.ask();
    }
  }

  async ask() {
    this.line.textContent = "The daily deal is over: your result against the expert's\u2026";
    try {
      const result = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/daily-deal`);
      const history = recordDeal(readHistory(storedPuzzles()), result);
      storePuzzles(history);
      this.line.textContent = `The daily deal of ${result.date} is over (play on to 121 if you like).`;
      this.result.textContent = result.words;
      this.result.dataset.difference = String(result.difference);
      this.streak.textContent = dealsText(history);
      this.result.hidden = this.streak.hidden = false;
    } catch (error) {
      this.line.textContent = `The daily deal is over, but its comparison cannot be had: ${error.message}`;
    }
  }
}

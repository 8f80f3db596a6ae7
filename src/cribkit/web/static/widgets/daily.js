// The daily deals at the table (docs/analysis.md, "The daily deal in the browser"): a line saying
// what the game is, then your result against the expert's on the same cards: the classic deal's
// asked of the server once the deal is over (it is not given before), Solitaire's from its result.
// Both are kept in this browser's history with the puzzles' streaks.
import { api, openNewGame } from "../api.js";
import { h } from "../dom.js";
import {
  DAILY_KINDS,
  dailyBody,
  dailyDate,
  dealOver,
  dealsText,
  recordDeal,
  solitaireComparison,
  todayLine,
} from "../logic/daily.js";
import { localDay } from "../logic/lobby.js";
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
    if (!date || this.asked) return;
    if (message.game === "solitaire") {
      this.line.textContent =
        `The daily Solitaire deal of ${date}: the same deck for everyone today. ` +
        "At its end your total is set beside the expert's.";
      if (message.result && typeof message.result.expert_total === "number") {
        this.asked = true;
        this.show(solitaireComparison(date, message.result), "solitaire");
      }
      return;
    }
    this.line.textContent =
      `The daily deal of ${date} against the expert: the same cards for everyone today. ` +
      "At its end your result is set beside the expert's.";
    if (dealOver(message)) {
      this.asked = true;
      this.ask();
    }
  }

  async ask() {
    this.line.textContent = "The daily deal is over: your result against the expert's\u2026";
    try {
      const result = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/daily-deal`);
      this.show(result, "classic");
      this.line.textContent = `The daily deal of ${result.date} is over (play on to 121 if you like).`;
    } catch (error) {
      this.line.textContent = `The daily deal is over, but its comparison cannot be had: ${error.message}`;
    }
  }

  show(result, game) {
    const history = recordDeal(readHistory(storedPuzzles()), result, game);
    storePuzzles(history);
    if (game === "solitaire") this.line.textContent = `The daily Solitaire deal of ${result.date} is over.`;
    this.result.textContent = result.words;
    this.result.dataset.difference = String(result.difference);
    this.streak.textContent = dealsText(history, game);
    this.result.hidden = this.streak.hidden = false;
  }
}

const DEAL_WORDS = {
  classic: {
    heading: "The daily deal",
    about: "One classic deal against the expert, the same cards for everyone today: your result beside the expert's.",
    play: "Play today's deal",
    body: dailyBody,
  },
  solitaire: {
    heading: "The daily Solitaire",
    about: "One pass through the same deck for everyone today: your total beside the expert's.",
    play: "Play today's Solitaire",
    body: (day) => ({ game: "solitaire", daily: day }),
  },
};

/**
 * The daily deals on the puzzles page: for each, today's result if it was played in this browser,
 * the deals played, and a button to play today's. `fail(text)` says a game could not be started.
 */
export function dailyDealsPanel(history, fail) {
  const today = localDay();
  const part = (game) => {
    const words = DEAL_WORDS[game];
    const played = (history[DAILY_KINDS[game].key] || []).find((deal) => deal.date === today);
    const start = async () => {
      try {
        await openNewGame(words.body(today));
      } catch (error) {
        fail(`Cannot start ${words.heading.toLowerCase()}: ${error.message}`);
      }
    };
    return h(
      "div",
      { class: "daily-part", "data-testid": `daily-${game}-part` },
      h("h3", {}, words.heading),
      h("p", {}, words.about),
      h(
        "p",
        { class: "muted", "data-testid": `${game}-deal-history` },
        todayLine(game, played),
        dealsText(history, game),
      ),
      h(
        "button",
        { type: "button", class: "button", "data-testid": `puzzle-${game}-start`, onclick: start },
        played ? `${words.play} again (the first result counts)` : words.play,
      ),
    );
  };
  return h("section", { class: "panel puzzle-deal", "data-testid": "puzzle-deal" }, part("classic"), part("solitaire"));
}

// The game page: connections, the frame every game shares (scores, hint, undo, scoring, log,
// result) and the hot-seat hand-over screen. Each game's own view draws the table.
import { Connection } from "./connection.js";
import { api, clear, GAME_TITLES, h, pointsText } from "./dom.js";
import { ClassicView } from "./classic.js";
import { TableTopView } from "./tabletop.js";
import { TilesView } from "./tiles.js";
import { SolitaireView } from "./solitaire.js";

const VIEWS = { classic: ClassicView, tabletop: TableTopView, tiles: TilesView, solitaire: SolitaireView };

export function storedTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(`cribkit:tokens:${gameId}`) || "null");
  } catch {
    return null;
  }
}

export function storeTokens(gameId, tokens) {
  localStorage.setItem(`cribkit:tokens:${gameId}`, JSON.stringify(tokens));
}

/** Names of seats: "You" and "Computer" against the AI, "Player 1", "Player 2" in hot-seat. */
export function seatNamer(mode, humans, players, rules = {}) {
  return (seat) => {
    if (seat === null || seat === undefined) return "";
    // Tiles solitaire: one player plays dark (seat 0) against light (seat 1).
    if (rules.solitaire && players === 2) return seat === 0 ? "Dark" : "Light";
    if (mode === "hotseat") return `Player ${seat + 1}`;
    if (humans.includes(seat)) return "You";
    if (players > 2) return `Computer ${seat}`;
    return "Computer";
  };
}

export class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.connections = new Map();
    this.states = new Map();
    this.events = new Map();
    this.shownSeat = null;
    this.revealed = true;
    this.view = null;
    this.lastHint = null;
    this.resultDismissed = false;
    this.onKey = (event) => this.handleKey(event);
  }

  async start() {
    clear(this.root);
    this.root.append(h("p", { class: "loading" }, "Joining the game\u2026"));
    let tokens = storedTokens(this.gameId);
    if (!tokens) {
      try {
        const answer = await api("GET", `/api/games/${encodeURIComponent(this.gameId)}/resume`);
        tokens = answer.tokens;
        storeTokens(this.gameId, tokens);
      } catch (error) {
        if (this.stopped) return;
        clear(this.root).append(h("div", { class: "panel error-box", "data-testid": "game-error" },
          h("p", {}, `This game cannot be joined: ${error.message}`), h("a", { href: "#/", class: "button" }, "Back to the lobby")));
        return;
      }
    }
    if (this.stopped) return;
    this.humans = Object.keys(tokens).map(Number).sort();
    this.buildFrame();
    document.addEventListener("keydown", this.onKey);
    for (const seat of this.humans) {
      const connection = new Connection(this.gameId, seat, tokens[seat], {
        state: (message, info) => this.receiveState(message, info),
        hint: (message, fromSeat) => this.receiveHint(message, fromSeat),
        preview: (message, fromSeat) => this.view && fromSeat === this.shownSeat && this.view.showPreview(message),
        error: (message, fromSeat, afterAction) => this.receiveError(message, fromSeat, afterAction),
        status: (status) => this.setStatus(status),
        fatal: (reason) => this.showError(`Disconnected: ${reason}`),
      });
      this.connections.set(seat, connection);
      connection.open();
    }
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("keydown", this.onKey);
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
  }

  buildFrame() {
    clear(this.root);
    this.title = h("h2", { class: "game-title" }, "");
    this.scoreBar = h("div", { class: "score-bar", "data-testid": "scores" });
    this.statusLine = h("p", { class: "status-line", "data-testid": "status", role: "status", "aria-live": "polite" });
    this.connectionBadge = h("span", { class: "badge", "data-testid": "connection" }, "connecting");
    this.errorBox = h("p", { class: "error-line", "data-testid": "error", role: "alert", hidden: true });
    this.tableArea = h("section", { class: "table-area", "data-testid": "table" });
    this.hintButton = h("button", { type: "button", "data-action": "hint", title: "Hint (H)", onclick: () => this.askHint() }, "Hint");
    this.undoButton = h("button", { type: "button", "data-action": "undo", title: "Undo (U)", onclick: () => this.undo(), disabled: true }, "Undo");
    this.hintBox = h("div", { class: "hint-box", "data-testid": "hint", hidden: true });
    this.scoringList = h("ol", { class: "scoring-list", "data-testid": "scoring" });
    this.logList = h("ol", { class: "log-list", "data-testid": "log" });
    this.cover = h("div", { class: "cover", "data-testid": "handover", hidden: true });
    this.resultBox = h("div", { class: "result-overlay", "data-testid": "result", hidden: true });
    const side = h("aside", { class: "side-panel" },
      h("div", { class: "controls" }, this.hintButton, this.undoButton,
        h("a", { class: "button subtle", href: "#/", "data-action": "lobby" }, "Lobby")),
      this.hintBox,
      h("section", { class: "panel" }, h("h3", {}, "Scoring"), this.scoringList),
      h("details", { class: "panel log-panel", open: true }, h("summary", {}, "Game log"), this.logList),
      h("p", { class: "keys-help" }, "Keys: H hint \u00b7 U undo \u00b7 digits pick cards \u00b7 Enter plays"));
    this.root.append(
      h("div", { class: "game-head" }, h("div", { class: "title-row" }, this.title, this.connectionBadge), this.scoreBar, this.statusLine, this.errorBox),
      h("div", { class: "game-layout" }, this.tableArea, side),
      this.cover, this.resultBox);
  }

  setStatus(status) {
    this.connectionBadge.textContent = status;
    this.connectionBadge.dataset.status = status;
  }

  context(seat) {
    const state = this.states.get(seat);
    const players = state ? (state.observation.rules && state.observation.rules.players) || 1 : 2;
    const name = seatNamer(this.mode, this.humans, players, state ? state.observation.rules || {} : {});
    return {
      seat,
      mode: this.mode,
      gameId: this.gameId,
      name,
      send: (action) => this.sendAction(seat, action),
      preview: (action) => this.connections.get(seat).send({ type: "preview", action: { ...action, seat } }),
      hint: () => this.askHint(),
      busy: () => this.connections.get(seat).pending,
    };
  }

  receiveState(message, info) {
    const seat = info.seat;
    const full = info.full || Boolean(message.reset);
    this.mode = message.mode || this.mode || "ai";
    const known = full ? [] : this.events.get(seat) || [];
    this.events.set(seat, known.concat(message.events || []));
    this.states.set(seat, message);
    if (!this.view) {
      const View = VIEWS[message.game];
      if (!View) {
        this.showError(`This page cannot show the game ${message.game}`);
        return;
      }
      this.title.textContent = GAME_TITLES[message.game] || message.game;
      document.title = `${this.title.textContent} \u00b7 cribkit`;
      this.view = new View(this.tableArea);
      this.hintButton.hidden = false;
      this.undoButton.hidden = this.mode === "hotseat";
    }
    this.chooseSeat();
    if (seat === this.shownSeat) {
      this.errorBox.hidden = true;
      this.hintBox.hidden = true;
      this.lastHint = null;
      this.render(message, full ? [] : message.events || []);
    }
  }

  /** In hot-seat the screen shows the seat to act; it hides the hand while it passes on. */
  chooseSeat() {
    const canAct = (seat) => {
      const state = this.states.get(seat);
      return state && !state.result && (state.legal === null || (state.legal && state.legal.length > 0));
    };
    let seat = this.shownSeat;
    if (seat === null) seat = this.humans.find(canAct) ?? this.humans[0];
    else if (!canAct(seat)) seat = this.humans.find(canAct) ?? seat;
    if (!this.states.has(seat)) return;
    if (seat !== this.shownSeat) {
      const first = this.shownSeat === null;
      this.shownSeat = seat;
      if (this.mode === "hotseat") {
        this.revealed = false;
        this.showCover(seat, first);
      }
      this.render(this.states.get(seat), []);
    }
  }

  showCover(seat, first) {
    clear(this.cover).append(h("div", { class: "cover-card" },
      h("h2", {}, first ? `Player ${seat + 1} starts` : `Pass to Player ${seat + 1}`),
      h("p", {}, "The hand stays hidden until you are ready."),
      h("button", { type: "button", class: "primary", "data-action": "reveal", "data-testid": "reveal", onclick: () => this.reveal() },
        `I am Player ${seat + 1}: show my hand`)));
    this.cover.hidden = false;
    this.tableArea.classList.add("hidden-hand");
    setTimeout(() => this.cover.querySelector("button")?.focus(), 0);
  }

  reveal() {
    this.revealed = true;
    this.cover.hidden = true;
    this.tableArea.classList.remove("hidden-hand");
  }

  render(message, newEvents) {
    const seat = this.shownSeat;
    // Tests and tools wait on these: the version shown and whose view it is.
    this.root.dataset.seq = String(message.seq);
    this.root.dataset.seat = String(seat);
    this.root.dataset.myTurn = String(message.legal === null || (Array.isArray(message.legal) && message.legal.length > 0));
    const context = this.context(seat);
    const observation = message.observation;
    this.renderScores(observation, context);
    this.view.update(message, context, newEvents, this.events.get(seat) || []);
    this.statusLine.textContent = this.view.status ? this.view.status(message, context) : "";
    this.undoButton.disabled = !message.can_undo || this.mode === "hotseat";
    const myTurn = message.legal === null || (message.legal && message.legal.length > 0);
    this.hintButton.disabled = !myTurn || Boolean(message.result);
    this.renderLog(this.events.get(seat) || [], context);
    this.renderScoring(this.events.get(seat) || [], context);
    this.renderResult(message, context);
  }

  renderScores(observation, context) {
    const scores = observation.scores || [];
    const target = observation.target;
    const sides = observation.sides;
    clear(this.scoreBar);
    scores.forEach((score, side) => {
      let label;
      if (scores.length === 1) label = "Total";
      else if (sides && sides.length > scores.length) {
        label = sides.map((s, seat) => (s === side ? context.name(seat) : null)).filter(Boolean).join(" & ");
      } else label = context.name(side);
      const current = observation.current_player;
      const active = current !== null && current !== undefined && (sides ? sides[current] === side : current === side);
      this.scoreBar.append(h("div", { class: `score-chip side-${side}${active ? " active" : ""}`, "data-testid": `score-${side}` },
        h("span", { class: "who" }, label), h("strong", {}, String(score)), target ? h("span", { class: "of" }, `/ ${target}`) : null));
    });
  }

  renderLog(events, context) {
    clear(this.logList);
    for (const event of events.slice(-120)) {
      if (!event.text) continue;
      this.logList.append(h("li", { class: `log-${event.type}` }, event.text));
    }
    this.logList.scrollTop = this.logList.scrollHeight;
  }

  renderScoring(events, context) {
    clear(this.scoringList);
    const scored = events.filter((event) => event.points || event.words).slice(-6).reverse();
    if (!scored.length) this.scoringList.append(h("li", { class: "muted" }, "No points yet."));
    for (const event of scored) {
      const who = event.seat !== undefined && event.seat !== null ? context.name(event.seat) : "";
      const points = event.points ? `${event.points > 0 ? "+" : ""}${event.points}` : "0";
      this.scoringList.append(h("li", {},
        h("span", { class: "pts" }, points), " ",
        h("span", { class: "who" }, who), " ",
        h("span", { class: "why" }, event.words ? `${event.line ? event.line + ": " : ""}${event.words}` : (event.text || event.type))));
    }
  }

  renderResult(message, context) {
    const result = message.result;
    if (!result) {
      this.resultBox.hidden = true;
      this.resultDismissed = false;
      return;
    }
    if (this.resultDismissed) return;
    const observation = message.observation;
    let headline;
    if (message.game === "solitaire") {
      headline = `${result.total ?? result.scores[0]} points: ${result.rating === "great" ? "great!" : result.rating === "good" ? "past the skunk line" : "short of the skunk line"}`;
    } else if (result.tie) {
      headline = "A tie";
    } else {
      const winners = result.winners || [result.winner];
      if (this.mode !== "hotseat" && winners.some((seat) => this.humans.includes(seat))) headline = "You win!";
      else if (this.mode !== "hotseat") headline = `${context.name(winners[0])} wins`;
      else headline = `${winners.map((seat) => context.name(seat)).join(" & ")} win${winners.length > 1 ? "" : "s"}`;
    }
    const extra = [];
    if (result.skunk) extra.push(h("p", { class: "skunk" }, result.skunk === "double skunk" ? "A double skunk!" : "A skunk!"));
    if (typeof result.best_possible === "number") {
      extra.push(h("p", { "data-testid": "best-possible" }, `The best possible total for this deal was ${result.best_possible}.`));
    }
    clear(this.resultBox).append(h("div", { class: "result-card" },
      h("h2", { "data-testid": "result-headline" }, headline),
      h("p", { class: "final-scores" }, `Final score ${(result.scores || observation.scores || []).join(" \u2013 ")}`),
      ...extra,
      h("div", { class: "button-row" },
        h("a", { class: "button primary", href: `/api/games/${encodeURIComponent(this.gameId)}/record`, download: `cribkit-${message.game}-${this.gameId}.json`, "data-testid": "download-record" }, "Download record"),
        h("a", { class: "button", href: `#/replay/${encodeURIComponent(this.gameId)}`, "data-testid": "open-replay" }, "Replay"),
        h("a", { class: "button", href: "#/", "data-testid": "back-to-lobby" }, "Lobby"),
        h("button", { type: "button", "data-action": "close-result", onclick: () => { this.resultDismissed = true; this.resultBox.hidden = true; } }, "See the table"))));
    this.resultBox.hidden = false;
  }

  sendAction(seat, action) {
    const connection = this.connections.get(seat);
    if (!connection) return false;
    this.errorBox.hidden = true;
    return connection.action(action);
  }

  askHint() {
    const connection = this.connections.get(this.shownSeat);
    if (!connection || this.hintButton.disabled) return;
    this.hintBox.hidden = false;
    clear(this.hintBox).append(h("p", { class: "muted" }, "Thinking\u2026"));
    connection.send({ type: "hint" });
  }

  receiveHint(message, seat) {
    if (seat !== this.shownSeat) return;
    this.lastHint = message;
    const table = message.table && message.table.length
      ? h("table", { class: "hint-table" },
        h("tr", {}, Object.keys(message.table[0]).map((key) => h("th", {}, key.replace(/_/g, " ")))),
        message.table.slice(0, 6).map((row) => h("tr", {}, Object.values(row).map((value) =>
          h("td", {}, Array.isArray(value) ? value.join(" ") : typeof value === "number" ? String(Math.round(value * 100) / 100) : String(value))))))
      : null;
    clear(this.hintBox).append(h("div", {},
      h("p", { "data-testid": "hint-text" }, message.text || "No hint."),
      table,
      message.action ? h("button", { type: "button", "data-action": "apply-hint", onclick: () => this.view.applyHint(message.action, this.context(seat)) }, "Use this hint") : null));
    this.hintBox.hidden = false;
    if (this.view.showHint) this.view.showHint(message, this.context(seat));
  }

  receiveError(message, seat, afterAction) {
    if (message.code === "stale") return; // a fresh state follows
    // A refused preview belongs to the view's preview box, not to the error line.
    if (!afterAction && this.view && this.view.showError && this.view.showError(message)) return;
    this.showError(message.message || message.code);
  }

  showError(text) {
    this.errorBox.textContent = text;
    this.errorBox.hidden = false;
  }

  undo() {
    const connection = this.connections.get(this.shownSeat);
    if (connection && !this.undoButton.disabled) connection.send({ type: "undo" });
  }

  handleKey(event) {
    if (event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.mode === "hotseat" && !this.revealed) {
      if (event.key === "Enter") { this.reveal(); event.preventDefault(); }
      return;
    }
    if (event.key === "h" || event.key === "H") { this.askHint(); event.preventDefault(); return; }
    if (event.key === "u" || event.key === "U") { this.undo(); event.preventDefault(); return; }
    if (this.view && this.view.onKey && this.view.onKey(event, this.context(this.shownSeat))) event.preventDefault();
  }
}

export { pointsText };

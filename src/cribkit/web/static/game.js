// The game page: connections, the frame every game shares (scores, hint, undo, scoring, log,
// result), the hot-seat hand-over screen and, at a table of people, its seats, links and talk
// (table.js). Each game's own view draws the table.
import { api } from "./api.js";
import { Connection } from "./connection.js";
import { clear, h, isButton, isTyping } from "./dom.js";
import { commitmentOf, firstCommitment } from "./logic/fairness.js";
import {
  coverWords,
  hintTable,
  keysLine,
  mergeEvents,
  publicEvents,
  resultHeadline,
  scoreChips,
  seatsOf,
  seatToShow,
  skunkText,
} from "./logic/frame.js";
import { keepNotices, placeNotices } from "./logic/notices.js";
import { showStatus, stagedMessage } from "./logic/pacing.js";
import { actingOf, canAct } from "./logic/protocol.js";
import { ComputerWait } from "./logic/waiting.js";
import { joinWaitStatus, tableNamer, watchStatus } from "./logic/table.js";
import { gameTitle, readable, scoresText, seatNamer } from "./logic/words.js";
import { UNREACHABLE_WORDS, untilReachable } from "./reach.js";
import { Pacer } from "./pacer.js";
import {
  forgetCurrentTable,
  storeCommitment,
  storedCommitment,
  storedTokens,
  storeCurrentTable,
  storeTokens,
} from "./storage.js";
import { TableFrame } from "./table.js";
import { muteButton, playStateSounds } from "./sound.js";
import { viewFor } from "./views.js";
import { cardBackSvg } from "./widgets/cards.js";
import { checkDeal, fairDetails, fillCommitment, fillVerify, syncFairPanel } from "./widgets/fairness.js";
import { fillLog, fillScoring } from "./widgets/log.js";
import { UndoControl } from "./widgets/undo.js";
import { resultButtons } from "./widgets/result.js";
import { CoachPanel } from "./widgets/coach.js";
import { DailyDealPanel } from "./widgets/daily.js";
import { ScoreCounter } from "./widgets/motion.js";

/** What the status line says while the server cannot be reached. */
const OFFLINE_WORDS = `${UNREACHABLE_WORDS} Nothing you do is sent until it is back.`;

export class GamePage {
  constructor(root, gameId) {
    this.root = root;
    this.gameId = gameId;
    this.connections = new Map();
    this.states = new Map();
    this.events = new Map();
    // The table's notices, kept apart from the events: the log sets each where it was said.
    this.notices = [];
    this.shownSeat = null;
    this.revealed = true;
    this.everRevealed = false;
    this.view = null;
    this.lastHint = null;
    this.resultDismissed = false;
    // The deal commitment this browser was shown first (undefined until the first state).
    this.shownCommitment = undefined;
    this.otherCommitment = null;
    this.verification = null;
    // A spectator's page (watch.js) watches: it has no seat, no hand and no action.
    this.watching = false;
    this.people = new TableFrame(this);
    this.onKey = (event) => this.handleKey(event);
    // The states heard are drawn at the player's pace (pacer.js; docs/web.md "Pacing and motion").
    this.pacer = new Pacer({
      draw: (message, info) => this.drawState(message, info),
      stage: (draw) => this.drawStage(draw),
      own: () => this.humans || [],
      stages: (seat) => seat === this.shownSeat,
    });
    this.scoreCounter = new ScoreCounter();
    // The computer's move slow to come (a part of the site down): said after 3 s (waiting.js).
    this.computerWait = new ComputerWait((words) => {
      if (this.statusLine && !this.stopped) this.statusLine.textContent = words;
    });
    this.daily = new DailyDealPanel(gameId);
    this.coach = new CoachPanel({
      connections: () => this.connections.values(),
      words: (seat) => ({ name: this.context(seat).name, cards: this.gameKind !== "tiles" }),
    });
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Joining the game\u2026"));
    let tokens = storedTokens(this.gameId);
    if (!tokens) {
      try {
        const path = `/api/games/${encodeURIComponent(this.gameId)}/resume`;
        const answer = await untilReachable(this, () => api("GET", path));
        tokens = answer.tokens;
        storeTokens(this.gameId, tokens);
      } catch (error) {
        if (this.stopped) return;
        clear(this.root).append(
          h(
            "div",
            { class: "panel error-box", "data-testid": "game-error" },
            h("p", {}, `This game cannot be joined: ${error.message}`),
            h("a", { href: "#/", class: "button" }, "Back to the lobby"),
          ),
        );
        forgetCurrentTable(this.gameId);
        return;
      }
    }
    if (this.stopped) return;
    this.humans = seatsOf(tokens);
    this.buildFrame();
    document.addEventListener("keydown", this.onKey);
    for (const seat of this.humans) {
      const connection = new Connection(this.gameId, seat, tokens[seat], this.handlers());
      this.connections.set(seat, connection);
      connection.open();
    }
  }

  /** What the connections tell the page. */
  handlers() {
    return {
      state: (message, info) => this.receiveState(message, info),
      hint: (message, fromSeat) => this.receiveHint(message, fromSeat),
      preview: (message, fromSeat) =>
        this.view && this.revealed && fromSeat === this.shownSeat && this.view.showPreview(message),
      error: (message, fromSeat, afterAction) => this.receiveError(message, fromSeat, afterAction),
      status: (status) => this.setStatus(status),
      fatal: (reason) => this.showError(`Disconnected: ${reason}`),
      table: (message) => this.receiveTable(message),
      talk: (message) => {
        this.people.talk(message);
        this.logNotices(message.lines || []);
      },
      muted: (message) => this.people.setMuted(message),
      opened: (connection) => !this.watching && this.coach.opened(connection),
      coach: (message, fromSeat) => fromSeat === this.shownSeat && this.revealed && this.coach.speak(message, fromSeat),
      coach_state: (message, fromSeat) => fromSeat === this.shownSeat && this.coach.status(message),
    };
  }

  /** The table's notices (a move clock ran out...) go in the game log too, where they came. */
  logNotices(lines) {
    const notices = keepNotices(this.notices, lines);
    if (notices.length === this.notices.length) return; // (heard again after a reconnect)
    this.notices = notices;
    const seat = this.shownSeat;
    if (this.revealed) fillLog(this.logList, placeNotices(this.events.get(seat), notices), this.logWords(seat));
  }

  /** How the log writes its lines for `seat`: the table's names, cards with suit symbols, the
   * final scores as pegged. */
  logWords(seat) {
    const target = this.states.get(seat)?.observation?.target || null;
    return { name: this.context(seat).name, cards: this.gameKind !== "tiles", target };
  }

  /** The name of a seat as this page writes it. */
  name(seat) {
    return this.context(this.shownSeat ?? this.humans[0]).name(seat);
  }

  /** Send a message on the connection of the seat shown (a table's chat and mutes). */
  send(message) {
    const connection = this.connections.get(this.shownSeat);
    if (connection) connection.send(message);
  }

  stop() {
    this.stopped = true;
    this.computerWait.cancel();
    this.pacer.stop();
    this.people.stop();
    document.removeEventListener("keydown", this.onKey);
    for (const connection of this.connections.values()) connection.close();
    this.connections.clear();
  }

  buildFrame() {
    this.title = h("h2", { class: "game-title" }, "");
    this.scoreBar = h("div", { class: "score-bar", "data-testid": "scores" });
    this.statusLine = h("p", { class: "status-line", "data-testid": "status", role: "status", "aria-live": "polite" });
    this.connectionBadge = h("span", { class: "badge", "data-testid": "connection" }, "connecting");
    this.errorBox = h("p", { class: "error-line", "data-testid": "error", role: "alert", hidden: true });
    this.tableArea = h("section", { class: "table-area", "data-testid": "table" });
    this.hintButton = h(
      "button",
      { type: "button", "data-action": "hint", title: "Hint (H)", onclick: () => this.askHint() },
      "Hint",
    );
    this.undoControl = new UndoControl(() => this.undo());
    this.undoButton = this.undoControl.button;
    this.hintBox = h("div", { class: "hint-box", "data-testid": "hint", hidden: true });
    this.scoringList = h("ol", { class: "scoring-list", "data-testid": "scoring" });
    // (it scrolls: focusable, so that the keyboard can scroll it too)
    this.logList = h("ol", { class: "log-list", "data-testid": "log", tabindex: "0", "aria-label": "Game log" });
    this.cover = h("div", {
      class: "cover",
      "data-testid": "handover",
      role: "dialog",
      "aria-modal": "true",
      "aria-labelledby": "handover-heading",
      hidden: true,
    });
    this.resultBox = h("div", { class: "result-overlay", "data-testid": "result", hidden: true });
    this.commitmentBox = h("section", { class: "fair-line", "data-testid": "commitment", hidden: true });
    // The commitment is folded away in the side panel: it is there from the start for whoever looks.
    this.fairPanel = fairDetails(this.commitmentBox, { testid: "fair-panel", className: "fair-panel" });
    this.fairPanel.hidden = true;
    this.keysHelp = h("p", { class: "keys-help", "data-testid": "keys-help" });
    // A practice game (an undo was used, or the deal was chosen) says so at the top.
    this.practiceTag = h(
      "span",
      { class: "tag practice", "data-testid": "practice-tag", title: "Not counted in your statistics", hidden: true },
      "practice",
    );
    this.ratedTag = h(
      "span",
      { class: "tag rated", "data-testid": "rated-tag", title: "Counts in both players' ratings", hidden: true },
      "rated",
    );
    const people = this.people;
    const side = h(
      "aside",
      { class: "side-panel" },
      h(
        "div",
        { class: "controls" },
        this.hintButton,
        this.undoButton,
        this.coach.button,
        muteButton(),
        h("a", { class: "button subtle", href: "#/", "data-action": "lobby" }, "Lobby"),
      ),
      this.undoControl.note,
      this.undoControl.ask,
      people.seatsPanel,
      this.hintBox,
      this.coach.region,
      people.chatBox,
      h("section", { class: "panel" }, h("h3", {}, "Scoring"), this.scoringList),
      h("details", { class: "panel log-panel", open: true }, h("summary", {}, "Game log"), this.logList),
      people.watchBox,
      this.fairPanel,
      this.keysHelp,
    );
    this.head = h(
      "div",
      { class: "game-head" },
      h("div", { class: "title-row" }, this.title, this.practiceTag, this.ratedTag, this.connectionBadge),
      this.scoreBar,
      people.tally,
      h("div", { class: "status-row" }, this.statusLine, people.clockChip),
      this.errorBox,
      this.daily.box,
    );
    this.layout = h(
      "div",
      { class: "game-layout" },
      h("div", { class: "main-column" }, people.invitesBox, people.awayBox, this.tableArea),
      side,
    );
    clear(this.root).append(this.head, this.layout, this.cover, this.resultBox);
  }

  /**
   * The connection's state. While it is down ("reconnecting") the page says it is offline and
   * takes no move (none would reach the server yet), and comes back by itself once the socket
   * is open again: the state that follows says whose turn it is.
   */
  setStatus(status) {
    const offline = status === "reconnecting";
    this.connectionBadge.textContent = offline ? "offline" : status;
    this.connectionBadge.dataset.status = status;
    if (offline) {
      this.root.dataset.offline = "true";
      this.statusLine.textContent = OFFLINE_WORDS;
    } else if (status === "online" && this.root.dataset.offline) {
      delete this.root.dataset.offline;
      this.statusLine.textContent = "Back online.";
    }
  }

  context(seat) {
    const state = this.states.get(seat);
    const rules = (state && state.observation.rules) || {};
    const players = state ? rules.players || 1 : 2;
    const atTable = this.watching || this.mode === "table";
    return {
      seat,
      mode: this.mode,
      gameId: this.gameId,
      watching: this.watching,
      readOnly: this.watching,
      name: atTable ? tableNamer(this.people.table, this.humans) : seatNamer(this.mode, this.humans, players, rules),
      send: (action) => this.sendAction(seat, action),
      preview: (action) => this.connections.get(seat).send({ type: "preview", action: { ...action, seat } }),
      hint: () => this.askHint(),
      busy: () => this.connections.get(seat).pending,
      skipShow: () => this.pacer.skip(),
      continueShow: () => this.pacer.continueShow(),
      // A number that counts up with the score bar's (Solitaire's total beside its chip).
      counter: (key, to) => this.scoreCounter.number(key, to),
    };
  }

  /** A state heard: drawn now or, at the player's pace, after those before it (pacer.js). */
  receiveState(message, info) {
    this.computerWait.state(message);
    this.pacer.receive(message, info);
  }

  drawState(message, info) {
    const seat = info.seat;
    this.mode = message.mode || this.mode || "ai";
    this.events.set(seat, mergeEvents(this.events.get(seat), message, info.full));
    this.states.set(seat, message);
    this.people.state(message, info);
    this.keepCurrent(message);
    this.watchCommitment(message);
    if (!this.watching) this.daily.update(message);
    if (!this.view) {
      this.view = viewFor(message.game, this.tableArea);
      if (!this.view) {
        this.showError(`This page cannot show the game ${message.game}`);
        return;
      }
      this.title.textContent = gameTitle(message.game);
      this.gameKind = message.game;
      document.title = `${this.title.textContent} \u00b7 cribkit`;
    }
    // No hints at a table of people, no undo but against the computer, neither for a spectator.
    this.hintButton.hidden = !message.hints;
    this.undoButton.hidden = this.watching || this.mode !== "ai";
    // (no coach in a rated game: the server refuses it)
    this.coach.button.hidden = this.watching || Boolean(message.table && message.table.rated);
    this.keysHelp.hidden = this.watching;
    this.keysHelp.textContent = keysLine(message.game, {
      hints: Boolean(message.hints),
      undo: !this.undoButton.hidden,
    });
    this.chooseSeat();
    if (seat === this.shownSeat) {
      this.errorBox.hidden = true;
      this.hintBox.hidden = true;
      this.lastHint = null;
      if (this.revealed) this.render(message, info.full ? [] : message.events || []);
      else this.renderCovered(message);
    }
  }

  /** A table of people being played is the one this browser goes back to when it is opened again. */
  keepCurrent(message) {
    if (this.watching || message.mode !== "table") return;
    if (message.result) forgetCurrentTable(this.gameId);
    else storeCurrentTable(this.gameId);
  }

  /** A `table` message: who sits where now (the names, the seats panel, a rematch made). */
  receiveTable(message) {
    this.people.setTable(message.table, message.away);
    const state = this.states.get(this.shownSeat);
    // (While a show is laid out the names wait for its next draw: the state is not drawn yet.)
    if (!state || !this.revealed || !this.view || this.pacer.showing) return;
    // The names may have changed: the score bar, the view and the result say them.
    this.render(state, []);
  }

  /**
   * Keep the commitment of the first state (the browser keeps it for the game, so a reload
   * remembers it); every later state's is compared with it, and a different one is a warning.
   */
  watchCommitment(message) {
    if (this.shownCommitment === undefined || this.shownCommitment === null) {
      const first = firstCommitment(storedCommitment(this.gameId), message);
      if (first.store) storeCommitment(this.gameId, first.shown);
      this.shownCommitment = first.shown;
    }
    // The first other commitment ever sent stays on the line: the warning does not go away.
    const sent = commitmentOf(message.commitment);
    if (this.shownCommitment && sent && sent !== this.shownCommitment && !this.otherCommitment)
      this.otherCommitment = sent;
    fillCommitment(this.commitmentBox, this.shownCommitment, this.otherCommitment || message.commitment);
    syncFairPanel(this.fairPanel, this.commitmentBox);
  }

  /**
   * In hot-seat the screen shows the seat to act; while it passes on, the cover is up and no
   * seat's view is drawn at all (see renderCovered).
   */
  chooseSeat() {
    // Hot-seat waits for every seat's first state: the seat to act is known only then.
    if (this.mode === "hotseat" && !this.humans.every((seat) => this.states.has(seat))) return;
    const seat = seatToShow(this.humans, this.states, this.shownSeat);
    if (!this.states.has(seat) || seat === this.shownSeat) return;
    this.shownSeat = seat;
    if (this.mode === "hotseat") {
      this.revealed = false;
      this.renderCovered(this.states.get(seat));
      this.showCover(seat, !this.everRevealed);
    } else this.render(this.states.get(seat), []);
  }

  showCover(seat, first) {
    const words = coverWords(seat, first);
    const button = h(
      "button",
      {
        type: "button",
        class: "primary cover-button",
        "data-action": "reveal",
        "data-testid": "reveal",
        onclick: () => this.reveal(),
      },
      words.button,
    );
    clear(this.cover).append(
      h(
        "div",
        { class: "cover-card" },
        h("div", { class: "cover-backs", "aria-hidden": "true" }, cardBackSvg(), cardBackSvg()),
        h("h2", { id: "handover-heading", "data-testid": "handover-heading" }, words.heading),
        h("p", { class: "cover-note" }, words.note),
        button,
        h("p", { class: "cover-keys" }, "or press Enter"),
      ),
    );
    this.cover.hidden = false;
    this.head.inert = true;
    this.layout.inert = true;
    button.focus({ preventScroll: true });
    // Focus again once the page has settled (a click elsewhere may have moved it).
    setTimeout(() => {
      if (!this.revealed) button.focus({ preventScroll: true });
    }, 0);
  }

  reveal() {
    if (this.revealed) return;
    this.revealed = true;
    this.everRevealed = true;
    this.cover.hidden = true;
    this.head.inert = false;
    this.layout.inert = false;
    this.tableArea.classList.remove("hidden-hand");
    const state = this.states.get(this.shownSeat);
    if (state) this.render(state, []);
  }

  /**
   * The page under the hot-seat cover: the scores and the public log only. The table is not
   * drawn (no hand, no legal move), the hint and the error are emptied, and the log and the
   * scoring list leave out every private event, so the DOM holds neither player's hand.
   */
  renderCovered(message) {
    const seat = this.shownSeat;
    this.root.dataset.seq = String(message.seq);
    this.root.dataset.seat = String(seat);
    this.root.dataset.myTurn = "false";
    const context = this.context(seat);
    const events = publicEvents(this.events.get(seat));
    clear(this.tableArea).classList.add("hidden-hand");
    this.lastHint = null;
    clear(this.hintBox).hidden = true;
    this.coach.clear();
    clear(this.errorBox).hidden = true;
    this.renderScores(message, context);
    this.statusLine.textContent = coverWords(seat, !this.everRevealed).status;
    this.undoControl.disable();
    this.hintButton.disabled = true;
    fillLog(this.logList, events, this.logWords(seat));
    fillScoring(this.scoringList, events, context.name, { cards: this.gameKind !== "tiles" });
    this.renderResult(message, context);
  }

  /** The show laid out as far as `events` (the state's events so far), the rest of the state held back. */
  drawStage({ seat, message, events, before, complete }) {
    if (seat !== this.shownSeat || !this.revealed || !this.view) {
      // A show nobody sees here holds nothing back (after the drawing under way).
      if (complete) queueMicrotask(() => this.pacer.continueShow());
      return;
    }
    const staged = stagedMessage(message, events, before, Boolean(complete));
    this.render(staged, events, [...(this.events.get(seat) || []), ...events]);
  }

  render(message, newEvents, events = this.events.get(this.shownSeat) || []) {
    const seat = this.shownSeat;
    const myTurn = canAct(message);
    // Tests and tools wait on these: the version shown and whose view it is.
    this.root.dataset.seq = String(message.seq);
    this.root.dataset.seat = String(seat);
    this.root.dataset.myTurn = String(myTurn);
    const context = this.context(seat);
    this.renderScores(message, context);
    this.view.update(message, context, newEvents, events);
    playStateSounds(message, newEvents, { humans: this.humans, watching: this.watching });
    this.keepShowInView(message);
    if (message.staged) this.statusLine.textContent = showStatus(message);
    else if (this.watching) this.statusLine.textContent = watchStatus(message, context.name);
    else {
      // A seat nobody has taken yet holds the game: the status says so, not the view's words.
      const waiting = joinWaitStatus(message);
      this.statusLine.textContent = waiting || (this.view.status ? this.view.status(message, context) : "");
    }
    this.practiceTag.hidden = !message.practice;
    this.ratedTag.hidden = !(message.table && message.table.rated);
    this.undoControl.update(message, {
      mode: this.mode,
      events,
      name: context.name,
      shown: !this.watching && this.mode === "ai",
    });
    this.hintButton.disabled = !myTurn || Boolean(message.result);
    fillLog(this.logList, placeNotices(events, this.notices), this.logWords(seat));
    fillScoring(this.scoringList, events, context.name, { cards: this.gameKind !== "tiles" });
    this.renderResult(message, context);
  }

  /**
   * While a show is on the table its cards are brought into the window (the view marks them
   * `show-in-view`); once it is continued the page goes back to where the player had it.
   */
  keepShowInView(message) {
    if (!message.staged) {
      if (this.scrollBeforeShow !== undefined) window.scrollTo(0, this.scrollBeforeShow);
      this.scrollBeforeShow = undefined;
      return;
    }
    if (this.scrollBeforeShow === undefined) this.scrollBeforeShow = window.scrollY;
    const shown = this.tableArea.querySelector(".show-in-view");
    if (shown) shown.scrollIntoView({ block: "nearest" });
  }

  renderScores(message, context) {
    clear(this.scoreBar).append(
      ...scoreChips(message.observation, context.name, actingOf(message)).map((chip) =>
        h(
          "div",
          { class: `score-chip side-${chip.side}${chip.active ? " active" : ""}`, "data-testid": `score-${chip.side}` },
          h("span", { class: "who" }, chip.label),
          this.scoreCounter.number(chip.side, chip.score),
          chip.target ? h("span", { class: "of" }, `/ ${chip.target}`) : null,
        ),
      ),
    );
  }

  renderResult(message, context) {
    const result = message.result;
    if (!result) {
      this.resultBox.hidden = true;
      this.resultDismissed = false;
      return;
    }
    if (this.resultDismissed) return;
    const mode = this.watching ? "watch" : this.mode;
    const headline = resultHeadline(message.game, result, { mode, humans: this.humans, name: context.name });
    const skunk = skunkText(result, { game: message.game, mode, humans: this.humans });
    const best =
      typeof result.best_possible === "number"
        ? h(
            "p",
            { "data-testid": "best-possible" },
            `The best possible total for this deal was ${result.best_possible}.`,
            typeof result.expert_total === "number" ? ` The expert made ${result.expert_total} on it.` : "",
          )
        : null;
    const finalScores = scoresText(result.scores || message.observation.scores, message.observation.target);
    const close = () => {
      this.resultDismissed = true;
      this.resultBox.hidden = true;
    };
    clear(this.resultBox).append(
      h(
        "div",
        { class: "result-card" },
        h("h2", { "data-testid": "result-headline" }, headline),
        h("p", { class: "final-scores" }, `Final score ${finalScores}`),
        skunk ? h("p", { class: "skunk" }, skunk) : null,
        best,
        this.people.resultTally(),
        // What a player does next leads (widgets/result.js); the record and the replay follow.
        resultButtons({
          game: message.game,
          gameId: this.gameId,
          watching: this.watching,
          next: this.people.nextButton(),
          close,
        }),
        // The seed and its check, for whoever wants them: folded away below.
        this.fairSection(message),
      ),
    );
    this.resultBox.hidden = false;
  }

  /** The result's fair-deal section, folded: the seed, and the verdict of "Verify this deal". */
  fairSection(message) {
    const section = h("section", { class: "fair-check", "data-testid": "fair-check" });
    // (a later state draws the result again: the section stays open or closed as it was)
    const details = fairDetails(section, { open: this.fairOpen, onToggle: (open) => (this.fairOpen = open) });
    const draw = () =>
      fillVerify(section, {
        seed: message.seed,
        practice: message.practice,
        deal: message.deal,
        outcome: this.verification,
        verify: () => this.verifyDeal(message),
      });
    // A later state draws the result again: the verdict goes to the section shown then.
    this.drawFair = draw;
    draw();
    return details;
  }

  async verifyDeal(message) {
    if (this.verification === "checking") return;
    this.verification = "checking";
    this.drawFair();
    this.verification = await checkDeal(this.gameId, {
      shown: this.shownCommitment,
      shownSeed: message.seed,
      other: this.otherCommitment,
    });
    if (!this.stopped) this.drawFair();
  }

  sendAction(seat, action) {
    const connection = this.connections.get(seat);
    if (!connection) return false;
    if (this.root.dataset.offline) {
      this.showError("Offline: that move was not sent. The page reconnects by itself.");
      return false;
    }
    // States wait to be drawn: the one the player sees is not the game's last, a move made on it
    // would be refused. Nothing is sent (the drawn state's moves are the player's once it is).
    if (this.pacer.busy) return false;
    this.errorBox.hidden = true;
    this.coach.clear(); // the coach's word is about the last move: gone at the next
    return connection.action(action);
  }

  askHint() {
    const connection = this.connections.get(this.shownSeat);
    if (!connection || this.hintButton.disabled || !this.revealed || this.root.dataset.offline || this.pacer.busy)
      return;
    this.hintBox.hidden = false;
    clear(this.hintBox).append(h("p", { class: "muted" }, "Thinking\u2026"));
    connection.send({ type: "hint" });
  }

  receiveHint(message, seat) {
    if (seat !== this.shownSeat || !this.revealed) return;
    this.lastHint = message;
    const table = hintTable(message.table);
    const apply = () => this.view.applyHint(message.action, this.context(seat));
    // On a phone the hint is a sheet over the foot of the screen (layout.css), closed here.
    const close = h(
      "button",
      {
        type: "button",
        class: "hint-close small",
        "data-action": "close-hint",
        "aria-label": "Close the hint",
        onclick: () => (this.hintBox.hidden = true),
      },
      "\u00d7",
    );
    clear(this.hintBox).append(
      close,
      h(
        "div",
        {},
        h(
          "p",
          { "data-testid": "hint-text" },
          message.text ? readable(message.text, this.context(seat).name, this.logWords(seat)) : "No hint.",
        ),
        table
          ? h(
              "table",
              { class: "hint-table" },
              h(
                "tr",
                {},
                table.headings.map((heading) => h("th", {}, heading)),
              ),
              table.rows.map((row) =>
                h(
                  "tr",
                  {},
                  row.map((value) => h("td", {}, value)),
                ),
              ),
            )
          : null,
        message.action
          ? h("button", { type: "button", "data-action": "apply-hint", onclick: apply }, "Use this hint")
          : null,
      ),
    );
    this.hintBox.hidden = false;
    if (this.view.showHint) this.view.showHint(message, this.context(seat));
  }

  receiveError(message, seat, afterAction) {
    if (message.code === "stale") return; // a fresh state follows
    if (this.people.chatError(message)) return;
    if (!this.revealed) return; // the player who left cannot read it; the next one has done nothing yet
    if (message.code === "cannot_undo") {
      this.showError(`No undo: ${message.message}`);
      return;
    }
    // A refused preview belongs to the view's preview box, not to the error line.
    if (!afterAction && this.view && this.view.showError && this.view.showError(message)) return;
    this.showError(
      message.message ? readable(message.message, this.context(seat).name, this.logWords(seat)) : message.code,
    );
  }

  showError(text) {
    this.errorBox.textContent = text;
    this.errorBox.hidden = false;
  }

  undo() {
    const connection = this.connections.get(this.shownSeat);
    if (connection && this.revealed && !this.undoButton.disabled) {
      this.coach.clear();
      connection.send({ type: "undo" });
    }
  }

  handleKey(event) {
    if (isTyping(event)) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.mode === "hotseat" && !this.revealed) {
      if (event.key === "Enter") {
        this.reveal();
        event.preventDefault();
      }
      return;
    }
    if (event.key === "h" || event.key === "H") {
      this.askHint();
      event.preventDefault();
      return;
    }
    if (event.key === "u" || event.key === "U") {
      this.undoControl.press();
      event.preventDefault();
      return;
    }
    if (this.showKey(event)) {
      event.preventDefault();
      return;
    }
    if (this.view && this.view.onKey && this.view.onKey(event, this.context(this.shownSeat))) event.preventDefault();
  }

  /**
   * Enter or Space while a show is on the table (docs/web.md "Pacing and motion"): the rest of
   * its counts at once, or, laid out whole, continue to what it held back. A focused button or
   * link other than the show's own keeps its key.
   */
  showKey(event) {
    if (event.key !== "Enter" && event.key !== " ") return false;
    if (!this.pacer.showing) return false;
    const focused = document.activeElement;
    if (isButton(focused) && !focused.closest("[data-testid=show]")) return false;
    if (this.pacer.holding) this.pacer.continueShow();
    else this.pacer.skip();
    return true;
  }
}

// The game page's table of people: who sits where (names, connected dots, whose move and its
// clock), the invitations still open and the watch link, the table talk, the match's tally, and
// what follows the end of a game (the match's next game, a rematch).
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { scoreChips } from "./logic/frame.js";
import { actingOf } from "./logic/protocol.js";
import {
  WAIT_AGAIN_MS,
  awayOffers,
  awayText,
  clockLeft,
  clockText,
  clockUrgent,
  clockWaitText,
  inviteUrl,
  matchLine,
  nextStep,
  partnered,
  seatLines,
  spectatorsText,
  tallyText,
  watchNext,
  watchUrl,
} from "./logic/table.js";
import { isHost, storeTokens } from "./storage.js";
import { ChatPanel } from "./widgets/chat.js";
import { fillInvites, watchPanel } from "./widgets/invite.js";
import { fillSeats } from "./widgets/seats.js";

/** The chat's refusals: shown under the chat box, not on the game's error line. */
const CHAT_ERRORS = new Set(["bad_chat", "no_chat"]);

export class TableFrame {
  /**
   * @param {object} page the game page: its gameId, its seats (`humans`), `watching`, `name(seat)`,
   *   `send(message)` on the player's connection, `redraw()` to draw the names again.
   */
  constructor(page) {
    this.page = page;
    this.table = null;
    this.mode = null;
    // The move clocks running ({seat, left_ms}, as the state said them at `clockAt`).
    this.clocks = [];
    this.clockAt = 0;
    this.muted = [];
    this.invites = {};
    this.watch = null;
    this.acting = [];
    this.game = null;
    this.talkReset = true;
    this.lastChat = 0;
    this.chat = null;
    this.seatsList = h("ul", { class: "seat-list", "data-testid": "seats" });
    this.spectators = h("span", { class: "spectators", "data-testid": "spectators" });
    this.seatsPanel = h(
      "section",
      { class: "panel seats-panel", "data-testid": "table-seats", hidden: true },
      h("div", { class: "panel-head" }, h("h3", {}, "At the table"), this.spectators),
      this.seatsList,
    );
    this.invitesBox = h("div", { class: "invites", "data-testid": "invites", hidden: true });
    this.watchBox = h("div", { class: "watch-box", hidden: true });
    this.chatBox = h("div", { class: "chat-box", hidden: true });
    this.tally = h("div", { class: "match-tally", "data-testid": "match-tally", hidden: true });
    this.clockChip = h("span", { class: "clock-chip", "data-testid": "clock", role: "timer", hidden: true });
    // The people away, and what may be done about them (docs/web.md, "Away from the table").
    this.awayBox = h("section", {
      class: "panel away-box",
      "data-testid": "away",
      "aria-live": "polite",
      "aria-label": "Away from the table",
      hidden: true,
    });
    this.tableAt = 0;
    this.away = [];
    this.awayKey = "";
    // Seats whose choices "Keep waiting" put away, until when (performance.now()).
    this.waitingOn = new Map();
    this.ticker = null;
  }

  stop() {
    clearInterval(this.ticker);
    this.ticker = null;
  }

  /** Whether the page is at a table of people (or watches one): its panels are shown. */
  get people() {
    return this.mode === "table" || this.page.watching;
  }

  /** A state: the table in it, its clock and mutes. */
  state(message, info) {
    const first = this.table === null;
    this.mode = message.mode;
    this.game = message.game;
    this.acting = actingOf(message);
    if (info.full) this.talkReset = true;
    this.clocks = Array.isArray(message.clocks) ? message.clocks : [];
    this.clockAt = performance.now();
    if (Array.isArray(message.muted)) this.muted = message.muted;
    this.observation = message.observation;
    // Over by its rules, or ended before them (resigned, claimed: the observation says nothing).
    this.over = Boolean(message.result || (message.observation && message.observation.result));
    this.abandoned = Boolean(message.result && message.result.abandoned);
    this.setTable(message.table || null, message.away);
    if (first && this.people) this.start();
  }

  /** The first state at a table of people: the chat, the links (the players'), the clock's ticks. */
  start() {
    const page = this.page;
    this.chat = new ChatPanel({
      send: page.watching ? null : (message) => this.sendChat(message),
      name: (seat) => page.name(seat),
    });
    clear(this.chatBox).append(this.chat.element);
    this.chatBox.hidden = false;
    this.seatsPanel.hidden = false;
    if (!page.watching) this.loadLinks();
    this.ticker = setInterval(() => {
      this.drawClock();
      this.drawAway();
    }, 250);
  }

  async loadLinks() {
    try {
      const answer = await api("GET", `/api/games/${encodeURIComponent(this.page.gameId)}/table`);
      this.invites = answer.invites || {};
      this.watch = answer.watch || null;
    } catch {
      return; // the table is still shown; only the links are missing
    }
    if (this.page.stopped) return;
    if (this.watch) {
      clear(this.watchBox).append(watchPanel(watchUrl(location, this.page.gameId, this.watch)));
      this.watchBox.hidden = false;
    }
    this.drawInvites();
  }

  /** A `table` message (or a state's table): who sits where now, and who is away (`away`). */
  setTable(table, away = []) {
    this.table = table;
    this.away = away || [];
    this.tableAt = performance.now();
    if (!table) return;
    // An invitation taken or cancelled is gone.
    for (const seat of Object.keys(this.invites)) {
      const form = table.seats[Number(seat)];
      if (!form || form.kind !== "invited") delete this.invites[seat];
    }
    this.draw();
  }

  draw() {
    this.drawTally();
    if (!this.people || !this.table) return;
    const count = this.table.seats.length;
    const lines = seatLines(this.table, {
      mine: this.page.watching ? [] : this.page.humans,
      acting: this.over ? [] : this.acting,
      name: (seat) => this.page.name(seat),
      teams: partnered(this.game, count),
      muted: this.muted,
    });
    this.lines = lines;
    this.drawSeats();
    this.drawClock();
    this.spectators.textContent = spectatorsText(this.table.spectators);
    this.drawInvites();
    this.drawAway();
    // The chat is drawn again only when a name changed (a redraw would scroll it to its end).
    const names = lines.map((line) => line.name).join("\n");
    if (this.chat && names !== this.names) this.chat.draw();
    this.names = names;
  }

  drawSeats() {
    const clocks = this.clocks.map((clock) => {
      const left = this.clockLeftMs(clock);
      return { seat: clock.seat, text: clockText(left), urgent: clockUrgent(left) };
    });
    fillSeats(this.seatsList, this.lines || [], {
      clocks,
      onMute: this.page.watching ? null : (seat, muted) => this.page.send({ type: "mute", seat, muted }),
    });
  }

  clockLeftMs(clock) {
    return clockLeft(clock, performance.now() - this.clockAt);
  }

  /**
   * The move clocks: in the head, the page's own if it is timed, else the first (whose and how
   * long); on each timed seat's line, its own.
   */
  drawClock() {
    const running = this.clocks.length > 0 && !this.over;
    const waiting = running ? null : clockWaitText(this.table);
    this.clockChip.hidden = !running && !waiting;
    this.clockChip.classList.toggle("waiting", Boolean(waiting));
    if (waiting) this.clockChip.textContent = waiting;
    if (!running) return;
    const mine = this.page.watching ? [] : this.page.humans;
    const shown = this.clocks.find((clock) => mine.includes(clock.seat)) || this.clocks[0];
    const left = this.clockLeftMs(shown);
    const who = this.page.name(shown.seat);
    this.clockChip.textContent = `${who === "You" ? "Your move" : who}: ${clockText(left)}`;
    this.clockChip.classList.toggle("urgent", clockUrgent(left));
    const seatClocks = this.seatsList.querySelectorAll("[data-testid=seat-clock]");
    if (seatClocks.length !== this.clocks.length) {
      if (this.lines) this.drawSeats();
      return;
    }
    for (const node of seatClocks) {
      const clock = this.clocks.find((each) => String(each.seat) === node.dataset.seat);
      if (!clock) continue;
      const seatLeft = this.clockLeftMs(clock);
      node.textContent = clockText(seatLeft);
      node.classList.toggle("urgent", clockUrgent(seatLeft));
    }
  }

  /** The people away: how long until the choices open, then the choices (claim, the computer, wait). */
  drawAway() {
    const over = this.over;
    const now = performance.now();
    const offers =
      this.page.watching || over || !this.people
        ? []
        : awayOffers(this.away, {
            mine: this.page.humans,
            teams: partnered(this.game, this.table ? this.table.seats.length : 0),
            elapsed: now - this.tableAt,
          }).filter((offer) => !(this.waitingOn.get(offer.seat) > now));
    // (back at the table: the next absence asks again)
    for (const seat of this.waitingOn.keys()) if (!this.isAway(seat)) this.waitingOn.delete(seat);
    this.awayBox.hidden = !offers.length;
    const key = offers.map((offer) => `${offer.seat}:${offer.ready}:${offer.claim}`).join(",");
    if (key === this.awayKey) {
      // Only the times change: the text in place (the buttons keep their focus).
      for (const offer of offers) {
        const text = this.awayBox.querySelector(`[data-away-text="${offer.seat}"]`);
        if (text) text.textContent = awayText(offer, (seat) => this.page.name(seat));
      }
      return;
    }
    this.awayKey = key;
    clear(this.awayBox).append(...offers.map((offer) => this.awayEntry(offer)));
  }

  /** Whether the server says `seat`'s person is away (and the computer does not play for them). */
  isAway(seat) {
    return this.away.some((form) => form.seat === seat);
  }

  awayEntry(offer) {
    const name = (seat) => this.page.name(seat);
    let entry = null;
    const choose = (choice) => {
      // One choice at a time: the buttons wait for the server's answer (the game over, the seat
      // handed over); refused (the page shows why), they come back.
      const buttons = [...entry.querySelectorAll("button")];
      for (const button of buttons) button.disabled = true;
      this.page.send({ type: "away", seat: offer.seat, choice });
      setTimeout(() => buttons.forEach((button) => (button.disabled = false)), 3000);
    };
    const wait = () => {
      this.waitingOn.set(offer.seat, performance.now() + WAIT_AGAIN_MS);
      this.drawAway();
    };
    const button = (action, label, onclick, primary = false) =>
      h(
        "button",
        { type: "button", class: primary ? "primary small" : "small", "data-action": action, onclick },
        label,
      );
    entry = h(
      "div",
      { class: "away-entry", "data-testid": "away-entry", "data-seat": String(offer.seat) },
      h("p", { "data-away-text": String(offer.seat) }, awayText(offer, name)),
      offer.ready
        ? h(
            "div",
            { class: "button-row" },
            offer.claim ? button("claim", "Claim the game", () => choose("claim"), true) : null,
            button("hand-to-computer", "Let the computer play", () => choose("computer")),
            button("keep-waiting", "Keep waiting", wait),
          )
        : null,
    );
    return entry;
  }

  drawInvites() {
    const invites = Object.entries(this.invites).map(([seat, invite]) => ({
      seat: Number(seat),
      url: inviteUrl(location, invite.code),
      join: invite.join,
    }));
    invites.sort((a, b) => a.seat - b.seat);
    fillInvites(this.invitesBox, invites, {
      onCancel: isHost(this.page.gameId) ? (seat) => this.cancelInvite(seat) : null,
    });
  }

  async cancelInvite(seat) {
    try {
      const answer = await api("DELETE", `/api/games/${encodeURIComponent(this.page.gameId)}/invites/${seat}`);
      delete this.invites[String(seat)];
      this.setTable(answer.table);
    } catch (error) {
      this.page.showError(`Cannot cancel the invitation: ${error.message}`);
    }
  }

  /** The sides' names (partners joined by "&"), as the score bar has them. */
  sideLabels() {
    if (!this.observation) return [];
    return scoreChips(this.observation, (seat) => this.page.name(seat)).map((chip) => chip.label);
  }

  drawTally() {
    const match = this.table && this.table.match;
    this.tally.hidden = !match;
    if (!match) return;
    const labels = this.sideLabels();
    clear(this.tally).append(
      h("strong", { "data-testid": "tally-text" }, tallyText(match, labels)),
      h("span", { class: "match-line", "data-testid": "match-line" }, matchLine(match, labels)),
    );
  }

  // -- the talk -------------------------------------------------------------------------------

  sendChat(message) {
    this.lastChat = performance.now();
    this.page.send(message);
  }

  talk(message) {
    if (!this.chat) return;
    this.chat.receive(message.lines || [], this.talkReset);
    this.talkReset = false;
  }

  setMuted(message) {
    this.muted = message.seats || [];
    this.draw();
  }

  /** Whether an error answers a chat line (shown under the chat box): true when it is taken. */
  chatError(message) {
    const recent = performance.now() - this.lastChat < 3000;
    if (!this.chat || !(CHAT_ERRORS.has(message.code) || (message.code === "rate_limited" && recent))) return false;
    this.chat.showError(message.message || message.code);
    return true;
  }

  // -- the end of a game ----------------------------------------------------------------------

  /** The result's line of the match: its tally and who leads or won (null but in a match). */
  resultTally() {
    const match = this.table && this.table.match;
    if (!match) return null;
    const labels = this.sideLabels();
    return h(
      "p",
      { class: "result-tally", "data-testid": "result-tally" },
      h("strong", {}, tallyText(match, labels)),
      h("br"),
      matchLine(match, labels),
    );
  }

  /**
   * The result's first button: the next game or a rematch; for a spectator, the table's next
   * game to watch (none until a player makes it).
   */
  nextButton() {
    // (a game left or claimed has no rematch: the server makes one only after a game's end)
    if (this.abandoned && !(this.table && this.table.next)) return null;
    if (this.page.watching) {
      const next = watchNext(this.table);
      if (!next) return null;
      return h(
        "button",
        {
          type: "button",
          class: "primary",
          "data-action": "watch-next",
          "data-testid": "watch-next",
          onclick: () => this.page.watchNext(next.id),
        },
        next.label,
      );
    }
    const step = nextStep(this.table);
    const button = h(
      "button",
      {
        type: "button",
        class: "primary",
        "data-action": step.kind === "follow" ? "next-game" : "rematch",
        "data-testid": step.kind === "follow" ? "next-game" : "rematch",
        onclick: () => this.follow(step, button),
      },
      step.label,
    );
    return button;
  }

  /** Go to the game that follows: the one made already (the player's tokens from resume), or a rematch. */
  async follow(step, button) {
    button.disabled = true;
    const id = encodeURIComponent(this.page.gameId);
    try {
      let next;
      if (step.kind === "follow") {
        const answer = await api("GET", `/api/games/${encodeURIComponent(step.id)}/resume`);
        next = { id: step.id, tokens: answer.tokens };
      } else next = await api("POST", `/api/games/${id}/rematch`, {});
      storeTokens(next.id, next.tokens);
      location.hash = `#/game/${encodeURIComponent(next.id)}`;
    } catch (error) {
      button.disabled = false;
      this.page.showError(`Cannot go on: ${error.message}`);
    }
  }
}

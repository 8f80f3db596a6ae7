// What reaches a signed-in player wherever they are, shown under the header of every page: a
// friend's challenge (accept or decline), the wait for a stranger ("Play someone now") and the
// game it finds. One socket, /ws/inbox, tells; the server's lists are read again when it opens.
import { api, openNewGame } from "./api.js";
import { clear, h } from "./dom.js";
import { challengeText, challengesAfter, computerGame, inboxSocketUrl, poolWords, waitedText } from "./logic/inbox.js";
import { storeTokens } from "./storage.js";

/** The close code of a guest's inbox socket (it is not opened again until they sign in). */
const NOT_SIGNED_IN = 4401;
/** How often a waiting page tells the server it still waits (it stops waiting after 15 s). */
const ASK_EVERY_MS = 3000;

class Inbox {
  constructor() {
    this.element = h("div", { class: "inbox", "data-testid": "inbox", "aria-live": "polite" });
    this.badge = h("span", { class: "nav-badge", "data-testid": "inbox-badge", hidden: true });
    this.challenges = [];
    this.notes = [];
    this.place = null;
    this.pools = [];
    this.socket = null;
    this.signedIn = false;
  }

  /** Put the inbox under the header and its badge on the Account link; read what waits. */
  mount() {
    document.querySelector(".site-head").after(this.element);
    const link = document.querySelector("[data-testid=account-link]");
    if (link) link.append(this.badge);
    this.refresh();
  }

  /** Read again whether this device is signed in, its challenges and its place in a pool. */
  async refresh() {
    let state;
    try {
      state = await api("GET", "/api/account");
    } catch {
      return;
    }
    this.signedIn = Boolean(state.signed_in);
    if (!this.signedIn) {
      if (this.socket) this.socket.close();
      this.challenges = [];
      this.stopWaiting();
      this.render();
      return;
    }
    if (!this.socket) this.connect();
    try {
      const found = await api("GET", "/api/account/challenges");
      this.challenges = found.to_me;
    } catch {
      // (shown again at the next refresh)
    }
    await this.ask();
    this.render();
  }

  connect() {
    const socket = new WebSocket(inboxSocketUrl(location));
    this.socket = socket;
    socket.onmessage = (event) => this.heard(JSON.parse(event.data));
    socket.onclose = (event) => {
      if (this.socket === socket) this.socket = null;
      if (event.code !== NOT_SIGNED_IN && this.signedIn) setTimeout(() => this.refresh(), 3000);
    };
  }

  heard(message) {
    if (message.kind === "paired") {
      api("GET", "/api/quick").catch(() => null); // (told: the server forgets the pairing)
      this.paired(message.id);
      return;
    }
    if (message.kind === "declined") this.notes = [`${message.by} declined your challenge.`, ...this.notes];
    if (message.kind === "event_game") {
      this.found = `#/game/${encodeURIComponent(message.id)}`;
      if (!location.hash.startsWith("#/game/")) {
        location.hash = this.found;
        this.found = null;
      }
    }
    this.challenges = challengesAfter(this.challenges, message);
    this.render();
  }

  // -- quick play ---------------------------------------------------------------------------

  /** The pools of quick play (for the lobby's buttons). */
  async readPools() {
    this.pools = await api("GET", "/api/quick/pools");
    return this.pools;
  }

  /** Wait in `pool` for a stranger near your rating. */
  async playSomeoneNow(pool) {
    const place = await api("POST", "/api/quick", { pool });
    if (place.game) {
      this.paired(place.game);
      return;
    }
    this.waiting(place);
  }

  waiting(place) {
    // (the wait is timed here from its start: the server's figure only sets where it began)
    const same = this.place && this.place.pool === place.pool;
    const startedAt = same ? this.place.startedAt : Date.now() - place.waited * 1000;
    this.place = { ...place, startedAt, askedAt: Date.now() };
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), 1000);
    }
    this.render();
  }

  tick() {
    if (!this.place) return;
    if (Date.now() - this.place.askedAt >= ASK_EVERY_MS) this.ask();
    this.render();
  }

  /** Ask the server for this player's place (saying the page still waits). */
  async ask() {
    let place;
    try {
      place = await api("GET", "/api/quick");
    } catch {
      this.stopWaiting();
      return;
    }
    if (place.game) this.paired(place.game);
    else if (place.waiting) this.waiting(place);
    else this.stopWaiting();
  }

  stopWaiting() {
    this.place = null;
    clearInterval(this.timer);
    this.timer = null;
  }

  async cancel() {
    this.stopWaiting();
    this.render();
    try {
      await api("DELETE", "/api/quick");
    } catch {
      await this.ask(); // (paired just now: the game is yours)
    }
  }

  /** A game was found: to its table, unless a game is being played here (then a note says so). */
  paired(gameId) {
    this.stopWaiting();
    const target = `#/game/${encodeURIComponent(gameId)}`;
    if (location.hash.startsWith("#/game/") && location.hash !== target) {
      this.found = target;
      this.render();
      return;
    }
    this.found = null;
    location.hash = target;
    this.render();
  }

  // -- challenges ---------------------------------------------------------------------------

  async accept(challenge) {
    try {
      const answer = await api("POST", `/api/invites/${encodeURIComponent(challenge.code)}/accept`, {});
      storeTokens(answer.id, { [answer.seat]: answer.token });
      this.challenges = this.challenges.filter((c) => c.code !== challenge.code);
      location.hash = `#/game/${encodeURIComponent(answer.id)}`;
    } catch (error) {
      this.notes = [error.message, ...this.notes];
      this.challenges = this.challenges.filter((c) => c.code !== challenge.code);
    }
    this.render();
  }

  async decline(challenge) {
    this.challenges = this.challenges.filter((c) => c.code !== challenge.code);
    this.render();
    await api("POST", `/api/account/challenges/${encodeURIComponent(challenge.code)}/decline`, {}).catch(() => null);
  }

  // -- drawing ------------------------------------------------------------------------------

  render() {
    const button = (text, action, run, extra = {}) =>
      h("button", { type: "button", class: "small", "data-action": action, onclick: run, ...extra }, text);
    const rows = [];
    if (this.place) {
      const waited = (Date.now() - this.place.startedAt) / 1000;
      const pool = this.pools.find((p) => p.pool === this.place.pool) || { pool: this.place.pool, best_of: 1 };
      rows.push(
        h(
          "div",
          { class: "inbox-row", "data-testid": "quick-waiting" },
          h(
            "span",
            {},
            `Looking for an opponent: ${poolWords(pool)} `,
            h("span", { class: "muted" }, waitedText(waited)),
          ),
          waited >= this.place.computer_after && pool.spec
            ? button("Play the computer meanwhile", "computer-meanwhile", () =>
                openNewGame(computerGame(pool.spec, this.place.computer)),
              )
            : null,
          button("Cancel", "quick-cancel", () => this.cancel(), { class: "small subtle" }),
        ),
      );
    }
    if (this.found) {
      rows.push(
        h(
          "div",
          { class: "inbox-row", "data-testid": "quick-found" },
          h("span", {}, "Your next game is ready."),
          button("Go to the table", "quick-go", () => {
            location.hash = this.found;
            this.found = null;
            this.render();
          }),
        ),
      );
    }
    for (const challenge of this.challenges) {
      rows.push(
        h(
          "div",
          { class: "inbox-row", "data-testid": "challenge" },
          h("span", {}, challengeText(challenge)),
          button("Accept", "accept-challenge", () => this.accept(challenge), { class: "small primary" }),
          button("Decline", "decline-challenge", () => this.decline(challenge), { class: "small subtle" }),
        ),
      );
    }
    for (const [index, note] of this.notes.entries()) {
      rows.push(
        h(
          "div",
          { class: "inbox-row", "data-testid": "inbox-note" },
          h("span", {}, note),
          button(
            "Dismiss",
            "dismiss",
            () => {
              this.notes.splice(index, 1);
              this.render();
            },
            { class: "small subtle" },
          ),
        ),
      );
    }
    clear(this.element).append(...rows);
    this.element.hidden = rows.length === 0;
    this.badge.textContent = String(this.challenges.length);
    this.badge.hidden = this.challenges.length === 0;
    this.badge.setAttribute("aria-label", `${this.challenges.length} challenges`);
  }
}

/** The inbox of this page (one per page load). */
export const inbox = new Inbox();

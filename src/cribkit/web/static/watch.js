// A spectator's page, "#/watch/ID/CODE": the table as every player sees it (no hand), the seats,
// the table's notices, a "watching" badge, and nothing to act with: no hint, no undo, no chat.
// When the game is over and the table plays on (a match's next game, a rematch: the same watch
// code), the page shows the result a moment, then follows the table there.
import { Connection } from "./connection.js";
import { h } from "./dom.js";
import { FOLLOW_DELAY_MS, SPECTATOR, watchNext } from "./logic/table.js";
import { GamePage } from "./game.js";

export class WatchPage extends GamePage {
  constructor(root, gameId, code) {
    super(root, gameId);
    this.code = code;
    this.watching = true;
    this.following = null;
  }

  async start() {
    this.humans = [SPECTATOR];
    this.buildFrame();
    this.root.classList.add("watching");
    this.title.after(h("span", { class: "badge watching-badge", "data-testid": "watching" }, "watching"));
    const handlers = {
      ...this.handlers(),
      fatal: () => this.showError("This game cannot be watched: the link is not (or no longer) a game's watch link."),
    };
    const connection = new Connection(this.gameId, SPECTATOR, null, handlers, { watch: this.code });
    this.connections.set(SPECTATOR, connection);
    connection.open();
  }

  stop() {
    clearTimeout(this.following);
    this.root.classList.remove("watching");
    super.stop();
  }

  drawState(message, info) {
    super.drawState(message, info);
    this.followTable();
  }

  receiveTable(message) {
    super.receiveTable(message);
    this.followTable();
  }

  /**
   * Once the result is on the screen and the table's next game is made, follow the table there
   * after a moment (the result's button goes at once); the status line says so.
   */
  followTable() {
    const state = this.states.get(SPECTATOR);
    const next = watchNext(this.people.table);
    if (this.stopped || !next || !state || !state.result) return;
    this.statusLine.textContent = next.status;
    if (this.following === null) this.following = setTimeout(() => this.watchNext(next.id), FOLLOW_DELAY_MS);
  }

  /** Watch the table's next game (the same watch code follows the table from game to game). */
  watchNext(gameId) {
    if (this.stopped) return;
    location.hash = `#/watch/${encodeURIComponent(gameId)}/${encodeURIComponent(this.code)}`;
  }

  // A spectator has no hint, no undo and no move to make with the keys.
  handleKey() {}
}

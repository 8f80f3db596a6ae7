// A spectator's page, "#/watch/ID/CODE": the table as every player sees it (no hand), the seats,
// the table's notices, a "watching" badge, and nothing to act with: no hint, no undo, no chat.
import { Connection } from "./connection.js";
import { h } from "./dom.js";
import { SPECTATOR } from "./logic/table.js";
import { GamePage } from "./game.js";

export class WatchPage extends GamePage {
  constructor(root, gameId, code) {
    super(root, gameId);
    this.code = code;
    this.watching = true;
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
    this.root.classList.remove("watching");
    super.stop();
  }

  // A spectator has no hint, no undo and no move to make with the keys.
  handleKey() {}
}

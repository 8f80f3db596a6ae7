// One WebSocket per seat: keeps the game's sequence number, reconnects when the line drops.

const RETRY_DELAYS_MS = [300, 800, 1500, 3000, 5000];

export class Connection {
  /**
   * @param {string} gameId
   * @param {number} seat
   * @param {string} token
   * @param {{state: Function, hint: Function, preview: Function, error: Function, status: Function, fatal: Function}} handlers
   */
  constructor(gameId, seat, token, handlers) {
    this.gameId = gameId;
    this.seat = seat;
    this.token = token;
    this.handlers = handlers;
    this.seq = null;
    this.pending = false;
    this.closed = false;
    this.attempt = 0;
    this.socket = null;
    this.freshConnection = true;
    this.queue = [];
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = new URLSearchParams({ seat: String(this.seat), token: this.token });
    return `${scheme}//${location.host}/ws/${encodeURIComponent(this.gameId)}?${query}`;
  }

  open() {
    this.closed = false;
    this.freshConnection = true;
    this.handlers.status("connecting");
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.status("online");
      for (const message of this.queue.splice(0)) socket.send(JSON.stringify(message));
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.pending = false;
      if (this.closed) return;
      if (event.code === 4403 || event.code === 4404 || event.code === 1008) {
        this.closed = true;
        this.handlers.fatal(event.reason || `the server refused this seat (code ${event.code})`);
        return;
      }
      const delay = RETRY_DELAYS_MS[Math.min(this.attempt, RETRY_DELAYS_MS.length - 1)];
      this.attempt += 1;
      this.handlers.status("reconnecting");
      setTimeout(() => {
        if (!this.closed && this.socket === socket) this.open();
      }, delay);
    });
  }

  receive(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof message.seq === "number" && message.type === "state") this.seq = message.seq;
    switch (message.type) {
      case "state": {
        this.pending = false;
        const full = this.freshConnection;
        this.freshConnection = false;
        this.handlers.state(message, { full, seat: this.seat });
        break;
      }
      case "hint":
        this.handlers.hint(message, this.seat);
        break;
      case "preview":
        this.handlers.preview(message, this.seat);
        break;
      case "error": {
        const afterAction = this.pending;
        this.pending = false;
        this.handlers.error(message, this.seat, afterAction);
        break;
      }
      default:
        break;
    }
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    } else {
      this.queue.push(message);
    }
  }

  /** Send an intent with the seq of the last state; one at a time, so nothing goes twice. */
  action(action) {
    if (this.pending || this.seq === null) return false;
    this.pending = true;
    const { seat, ...rest } = action;
    this.send({ type: "action", seq: this.seq, action: { ...rest, seat: this.seat } });
    return true;
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close(1000, "leaving the game");
  }
}

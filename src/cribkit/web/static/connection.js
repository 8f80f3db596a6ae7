// One WebSocket per seat (or a spectator's, with the game's watch code): sends and receives
// through the seat's protocol bookkeeping (logic/protocol.js), and reconnects when the line drops.
import { isFinalClose, retryDelay, SeatProtocol, seatProtocols, socketUrl, watchSocketUrl } from "./logic/protocol.js";

export class Connection {
  /**
   * @param {string} gameId
   * @param {number} seat
   * @param {string} token
   * @param {{state: Function, hint: Function, preview: Function, error: Function, status: Function,
   *   fatal: Function, table?: Function, talk?: Function, muted?: Function, coach?: Function,
   *   coach_state?: Function, opened?: Function}} handlers
   * @param {{watch?: string}} options a spectator's connection has the watch code (and no token)
   */
  constructor(gameId, seat, token, handlers, { watch = null } = {}) {
    this.watch = watch;
    this.gameId = gameId;
    this.seat = seat;
    this.token = token;
    this.handlers = handlers;
    this.protocol = new SeatProtocol(seat);
    this.closed = false;
    this.attempt = 0;
    this.socket = null;
  }

  /** Whether an action is on its way (a second one is not sent until it is answered, on this line or the next). */
  get pending() {
    return this.protocol.pending;
  }

  get seq() {
    return this.protocol.seq;
  }

  open() {
    this.closed = false;
    this.protocol.connecting();
    this.handlers.status("connecting");
    // The seat's token goes in the socket's protocol header, never in its address.
    const socket = this.watch
      ? new WebSocket(watchSocketUrl(location, this.gameId, this.watch))
      : new WebSocket(socketUrl(location, this.gameId, this.seat), seatProtocols(this.token));
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.attempt = 0;
      this.handlers.status("online");
      if (this.handlers.opened) this.handlers.opened(this);
      // The action whose answer the old line lost first (applied at most once: it has its id).
      const again = this.protocol.resend();
      if (again) socket.send(JSON.stringify(again));
      for (const message of this.protocol.release()) socket.send(JSON.stringify(message));
    });
    socket.addEventListener("message", (event) => this.receive(event.data));
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.protocol.dropped();
      if (this.closed) return;
      if (isFinalClose(event.code)) {
        this.closed = true;
        this.handlers.fatal(event.reason || `the server refused this seat (code ${event.code})`);
        return;
      }
      const delay = retryDelay(this.attempt);
      this.attempt += 1;
      this.handlers.status("reconnecting");
      setTimeout(() => {
        if (!this.closed && this.socket === socket) this.open();
      }, delay);
    });
  }

  receive(data) {
    const received = this.protocol.receive(data);
    if (!received) return;
    const { message } = received;
    switch (message.type) {
      case "state":
        this.handlers.state(message, { full: received.full, seat: this.seat });
        break;
      case "hint":
        this.handlers.hint(message, this.seat);
        break;
      case "preview":
        this.handlers.preview(message, this.seat);
        break;
      case "error":
        this.handlers.error(message, this.seat, received.afterAction);
        break;
      case "table":
      case "talk":
      case "muted":
      case "coach":
      case "coach_state":
        if (this.handlers[message.type]) this.handlers[message.type](message, this.seat);
        break;
      default:
        break;
    }
  }

  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    else this.protocol.hold(message);
  }

  /** Send an intent with the seq of the last state; one at a time, so nothing goes twice. */
  action(action) {
    const message = this.protocol.action(action);
    if (!message) return false;
    // (with the line down it goes as the next line's first message: protocol.resend)
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
    return true;
  }

  close() {
    this.closed = true;
    if (this.socket) this.socket.close(1000, "leaving the game");
  }
}

// The WebSocket protocol of one seat without the socket (docs/web.md): the game's `seq`, one
// action on its way at a time (with its id, sent again on a new line until answered), the
// messages waiting for the line, when to retry. No DOM.

/** After a dropped line: wait 0.3, 0.8, 1.5, 3 and then every 5 seconds. */
export const RETRY_DELAYS_MS = [300, 800, 1500, 3000, 5000];

/** How long to wait before the `attempt`-th reconnection (0 the first). */
export function retryDelay(attempt) {
  return RETRY_DELAYS_MS[Math.min(Math.max(attempt, 0), RETRY_DELAYS_MS.length - 1)];
}

/** A socket closed with these codes is refused for good (a wrong token or seat, no such game). */
export function isFinalClose(code) {
  return code === 4403 || code === 4404 || code === 1008;
}

/**
 * The socket's address for a seat, on the page's own host (`location` gives protocol and host).
 * The seat's token is never in it (a proxy's log holds addresses): see `seatProtocols`.
 */
export function socketUrl({ protocol, host }, gameId, seat) {
  const scheme = protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${host}/ws/${encodeURIComponent(gameId)}?seat=${encodeURIComponent(seat)}`;
}

/** The subprotocols a seat's socket offers: the game's, and one that carries the seat's token. */
export function seatProtocols(token) {
  return ["cribkit", `token.${token}`];
}

/** The socket's address for a spectator of a game, with the game's watch code. */
export function watchSocketUrl({ protocol, host }, gameId, code) {
  const scheme = protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${host}/ws/${encodeURIComponent(gameId)}?watch=${encodeURIComponent(code)}`;
}

/**
 * A new id for an action: 16 hex digits from `source` (the browser's crypto), by which the
 * server knows the action if it is sent again and never applies it twice.
 */
export function newActionId(source = globalThis.crypto) {
  const bytes = new Uint8Array(8);
  source.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The legal actions of a state message ([] when it is not this seat's turn). */
export function legalOf(message) {
  return Array.isArray(message.legal) ? message.legal : [];
}

/**
 * The seats that may act in a state message: its `acting` (every seat that has still to lay
 * away acts at once), or, in a message without it (a record's), the current player alone.
 */
export function actingOf(message) {
  if (!message) return [];
  if (Array.isArray(message.acting)) return message.acting;
  const current = message.observation ? message.observation.current_player : null;
  return typeof current === "number" && current >= 0 ? [current] : [];
}

/** Whether a state message lets its seat act (`legal` null means "compose your own"). */
export function canAct(message) {
  return message.legal === null || legalOf(message).length > 0;
}

/**
 * One seat's bookkeeping: the `seq` of the last state, the action on its way (until a state
 * acknowledges it or an error refuses it), whether the next state is the first of a connection
 * (and so carries every event), and the messages written while the line was down.
 */
export class SeatProtocol {
  constructor(seat, newId = newActionId) {
    this.seat = seat;
    this.seq = null;
    this.inflight = null;
    this.fresh = true;
    this.outbox = [];
    this.newId = newId;
  }

  /** Whether an action is on its way (a second one waits until it is answered). */
  get pending() {
    return this.inflight !== null;
  }

  /** A new socket is opening: its first state carries every event since the start. */
  connecting() {
    this.fresh = true;
  }

  /**
   * The line dropped: the action on its way, if any, stays on its way. Whether it was applied
   * is not known; it is sent again on the new line (`resend`), and the server, which knows it
   * by its id, applies it at most once.
   */
  dropped() {}

  /** The action to send again first on a new line (the same message, id and seq), or null. */
  resend() {
    return this.inflight;
  }

  /**
   * Read a message from the server: null when it is not JSON, else `{message}` with, for a
   * state, `full` (its events replace the log), for an error, `afterAction` (it answers an action).
   */
  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      return null;
    }
    if (message === null || typeof message !== "object") return null;
    if (message.type === "state") {
      if (typeof message.seq === "number") this.seq = message.seq;
      const sent = this.inflight;
      // Answered: acknowledged by its id, or the game moved past the seq it was sent at. (A
      // state of the same seq, such as a new line's first, leaves it on its way.)
      if (sent !== null && (message.ack === sent.id || !(typeof message.seq === "number" && message.seq <= sent.seq))) {
        this.inflight = null;
      }
      const full = this.fresh || Boolean(message.reset);
      this.fresh = false;
      return { message, full };
    }
    if (message.type === "error") {
      const afterAction = this.pending;
      this.inflight = null;
      return { message, afterAction };
    }
    return { message };
  }

  /**
   * The message for an intent, with the seq of the last state, this seat and a new id; null
   * while one is on its way.
   */
  action(action) {
    if (this.pending || this.seq === null) return null;
    const { seat, ...rest } = action;
    this.inflight = { type: "action", seq: this.seq, action: { ...rest, seat: this.seat }, id: this.newId() };
    return this.inflight;
  }

  /** Keep a message until the line is up. */
  hold(message) {
    this.outbox.push(message);
  }

  /** The messages held, in order, and none left. */
  release() {
    return this.outbox.splice(0);
  }
}

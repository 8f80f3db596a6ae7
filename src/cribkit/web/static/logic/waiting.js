// The page's word when the computer's move is slow to come: after 3 seconds it says it waits
// (a part of the site may be down: the move comes once it is back). No DOM.

import { actingOf } from "./protocol.js";

/** How long the computer's move may take before the page says it waits. */
export const COMPUTER_WAIT_MS = 3000;

/** What the status line says then. */
export const COMPUTER_WAIT_WORDS = "Waiting for the computer's move: it comes as soon as the server can make it.";

/** Whether the game of a state message waits on the computer alone (its seats only may act). */
export function computerToMove(message) {
  if (!message || message.result) return false;
  const acting = actingOf(message);
  const seats = (message.table && message.table.seats) || [];
  const computer = (player) => seats.some((each) => each.seat === player && each.kind === "computer");
  return acting.length > 0 && acting.every(computer);
}

/**
 * Watches the states as they arrive: once one leaves the computer to move, `say` is called with
 * the words if no other state has arrived `delay` ms later.
 */
export class ComputerWait {
  constructor(say, { delay = COMPUTER_WAIT_MS, timers = globalThis } = {}) {
    this.say = say;
    this.delay = delay;
    this.timers = timers;
    this.timer = null;
  }

  /** A state arrived. */
  state(message) {
    this.cancel();
    if (!computerToMove(message)) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.say(COMPUTER_WAIT_WORDS);
    }, this.delay);
  }

  cancel() {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}

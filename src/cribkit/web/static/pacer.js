// The game page's pace (logic/pacing.js with a clock): the states heard wait in a queue and are
// drawn at the pace of the speed setting; a show laid out whole waits until the player continues
// (or, with the "The show continues" setting, that many seconds); a change of a setting holds at once.
import { drawsOf, PaceQueue } from "./logic/pacing.js";
import { continueAfterMs, paceOf } from "./logic/settings.js";
import { onSettings, settings } from "./settings.js";

export class Pacer {
  /**
   * @param {{draw: Function, stage: Function, own: () => number[], stages: (seat: number) => boolean}} page
   *   `draw(message, info)` draws a state, `stage(draw)` lays out a show that far, `own()` the
   *   seats the page plays, `stages(seat)` whether that seat's show is laid out count by count.
   */
  constructor(page) {
    this.page = page;
    this.queue = new PaceQueue();
    this.previous = new Map();
    this.timer = null;
    this.stopListening = onSettings(() => this.pump());
  }

  /** Whether states wait to be drawn (the page then takes no move: the one drawn is not the last). */
  get busy() {
    return this.queue.waiting;
  }

  /** Whether a show is being laid out count by count (its Skip button lays out the rest). */
  get showing() {
    return this.queue.showing !== null;
  }

  /** Whether the show is laid out whole and waits for the player to continue. */
  get holding() {
    return this.queue.holding;
  }

  receive(message, info) {
    const previous = this.previous.get(info.seat) || null;
    this.previous.set(info.seat, message);
    const draws = drawsOf(message, info, { previous, own: this.page.own(), stage: this.page.stages(info.seat) });
    if (draws[0].jump) {
      // A full state (a new connection, an undo) replaces what waited for the seat: at once.
      this.queue.drop(info.seat);
      this.make(draws);
    } else this.queue.push(...draws);
    this.pump();
  }

  /** Lay out the rest of the show at once (the state after it still waits for Continue). */
  skip() {
    this.make(this.queue.skip(performance.now()));
    this.pump();
  }

  /** The player continues after the show: what it held back is drawn (the next deal). */
  continueShow() {
    if (this.queue.release()) this.pump();
  }

  pump() {
    clearTimeout(this.timer);
    this.timer = null;
    const pace = paceOf(settings());
    this.make(this.queue.due(performance.now(), pace));
    let at = this.queue.nextAt(pace);
    // A show held: it continues by itself only with the setting, that long after it was laid out.
    const after = this.queue.holding ? continueAfterMs(settings()) : null;
    if (after !== null) at = this.queue.lastDrawn + after;
    if (at === null) return;
    this.timer = setTimeout(
      () => {
        if (after !== null) this.queue.release();
        this.pump();
      },
      Math.max(0, at - performance.now()),
    );
  }

  make(draws) {
    for (const draw of draws) {
      if (draw.events) this.page.stage(draw);
      else this.page.draw(draw.message, draw.info);
    }
    // The pace counts from the end of the drawing: the next draw stays a full pace after it.
    if (draws.length) this.queue.drawn(performance.now());
  }

  stop() {
    clearTimeout(this.timer);
    this.stopListening();
  }
}

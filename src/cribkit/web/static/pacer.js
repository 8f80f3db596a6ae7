// The game page's pace (logic/pacing.js with a clock): the states heard wait in a queue and are
// drawn at the pace of the speed setting; a change of the setting holds at once.
import { drawsOf, PaceQueue } from "./logic/pacing.js";
import { paceOf } from "./logic/settings.js";
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

  /** Lay out the rest of the show at once. */
  skip() {
    this.make(this.queue.skip(performance.now()));
    this.pump();
  }

  pump() {
    clearTimeout(this.timer);
    this.timer = null;
    const pace = paceOf(settings());
    this.make(this.queue.due(performance.now(), pace));
    const at = this.queue.nextAt(pace);
    if (at !== null) this.timer = setTimeout(() => this.pump(), Math.max(0, at - performance.now()));
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

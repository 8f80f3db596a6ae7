// Motion the style sheets cannot do alone: the score chips' numbers counting up to a new score
// over the pace (motion.css has the cards' moves). At the instant pace, or when the system asks
// for reduced motion, a new score is written at once.
import { h } from "../dom.js";
import { countAt } from "../logic/pacing.js";
import { paceOf } from "../logic/settings.js";
import { reducedMotion, settings } from "../settings.js";

/** How long a count-up may take: the pace, and never past the slow one. */
const LONGEST_MS = 1400;

export class ScoreCounter {
  constructor() {
    // Per score (a side): {from, to, start, ms, elements}: the elements drawn of it since it
    // last changed (the score chip, and Solitaire's total beside it), counting as one.
    this.counts = new Map();
    this.frame = null;
  }

  /**
   * A <strong> that shows the score of `key`: it counts up from the number shown before. Each
   * drawn of the same score in the meantime counts with it, the same number at every frame.
   */
  number(key, to) {
    const element = h("strong", {});
    const now = performance.now();
    const ms = reducedMotion() ? 0 : Math.min(paceOf(settings()), LONGEST_MS);
    let count = this.counts.get(key);
    if (!count || ms === 0 || to < count.to) count = { from: to, to, start: now, ms: 0, elements: [] };
    else if (count.to !== to) count = { from: this.value(count, now), to, start: now, ms, elements: [] };
    count.elements = count.elements.filter((shown) => shown.isConnected);
    count.elements.push(element);
    this.counts.set(key, count);
    element.textContent = String(this.value(count, now));
    if (count.ms && this.frame === null) this.frame = requestAnimationFrame(() => this.tick());
    return element;
  }

  value(count, now) {
    return countAt(count.from, count.to, now - count.start, count.ms);
  }

  tick() {
    this.frame = null;
    const now = performance.now();
    let running = false;
    for (const count of this.counts.values()) {
      const text = String(this.value(count, now));
      for (const element of count.elements) element.textContent = text;
      if (now - count.start < count.ms) running = true;
    }
    if (running) this.frame = requestAnimationFrame(() => this.tick());
  }
}

/**
 * A card of a hand just dealt (`index` its place in the hand; false: not just dealt): it comes
 * from the deck, each a little after the one before (motion.css).
 */
export function dealtIn(element, index) {
  if (index === false || index === undefined) return element;
  element.classList.add("dealt");
  element.style.setProperty("--deal-index", String(index));
  return element;
}

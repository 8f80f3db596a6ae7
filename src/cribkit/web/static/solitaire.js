// Cribbage Solitaire: six rounds from one deck, the crib, the running total, the skunk line.
import { clear, h } from "./dom.js";
import { backRow, cardButton, cardRow, showEntry } from "./classic.js";
import { isButton, legalOf } from "./common.js";

export class SolitaireView {
  constructor(root) {
    this.root = root;
    this.selected = new Set();
    this.hinted = new Set();
  }

  update(message, context, newEvents, allEvents) {
    this.message = message;
    this.context = context;
    this.allEvents = allEvents;
    const hand = message.observation.hand || [];
    for (const card of [...this.selected]) if (!hand.includes(card)) this.selected.delete(card);
    if (newEvents.length) this.hinted.clear();
    this.render();
  }

  status(message) {
    const o = message.observation;
    if (message.result) return "The game is over.";
    return `Round ${Math.min(o.round + 1, o.rounds)} of ${o.rounds}: lay away two cards to the crib.`;
  }

  render() {
    const o = this.message.observation;
    const result = this.message.result;
    const legal = legalOf(this.message);
    const canDiscard = legal.some((a) => a.type === "discard");
    const hand = o.hand || [];
    const rounds = [];
    for (let round = 0; round < o.rounds; round += 1) {
      const counted = (o.counted || []).find((c) => c.round === round);
      rounds.push(h("li", { class: `round${counted ? " done" : round === o.round ? " current" : ""}`, "data-testid": `round-${round + 1}` },
        h("span", { class: "round-no" }, String(round + 1)),
        counted ? h("span", { class: "round-points" }, String(counted.points)) : h("span", { class: "round-points muted" }, "\u00b7")));
    }
    const lastRoundEvents = this.latestCount();
    const table = h("table", { class: "rounds-table", "data-testid": "rounds-table" },
      h("thead", {}, h("tr", {}, h("th", {}, "Round"), h("th", {}, "Kept"), h("th", {}, "Crib"), h("th", {}, "Starter"), h("th", {}, "Hand"), h("th", {}, "Crib"), h("th", {}, "Heels"), h("th", {}, "Total"))),
      h("tbody", {}, (o.counted || []).map((c) => h("tr", {},
        h("td", {}, String(c.round + 1)), h("td", {}, cardRow(c.kept, { small: true })), h("td", {}, cardRow(c.crib, { small: true })),
        h("td", {}, cardRow([c.starter], { small: true })), h("td", {}, String(c.hand_points)), h("td", {}, String(c.crib_points)),
        h("td", {}, c.heels ? String(c.heels) : ""), h("td", {}, h("strong", {}, String(c.points)))))),
      o.last_hand && o.last_hand.length
        ? h("tfoot", {}, h("tr", {}, h("td", {}, "Last"), h("td", { colspan: 5 }, cardRow(o.last_hand, { small: true })), h("td", {}), h("td", {}, h("strong", {}, String(o.last_hand_points)))))
        : null);
    const total = o.total;
    const progress = Math.min(100, (total / 121) * 100);
    const meter = h("div", { class: "meter", "data-testid": "total-meter", title: "91: the skunk line \u00b7 121: great" },
      h("div", { class: "meter-fill", style: { width: `${progress}%` } }),
      h("span", { class: "meter-mark", style: { left: `${(91 / 121) * 100}%` } }, "91"),
      h("span", { class: "meter-mark", style: { left: "100%" } }, "121"));
    const best = result && typeof result.best_possible === "number" ? result.best_possible : null;
    clear(this.root).append(h("div", { class: "solitaire-table" },
      h("div", { class: "sol-top" },
        h("ol", { class: "round-track", "data-testid": "rounds" }, rounds),
        h("div", { class: "sol-total" }, h("span", {}, "Total"), h("strong", { "data-testid": "total" }, String(total))),
        meter,
        best !== null ? h("p", { class: "best", "data-testid": "best-possible" }, `Best possible for this deal: ${best} (you made ${Math.round((total / Math.max(best, 1)) * 100)}%)`) : null),
      h("div", { class: "sol-middle" },
        h("div", { class: "crib", "data-testid": "crib" }, h("span", { class: "label" }, "Crib"), backRow(o.crib_face_down || 0, { testid: "crib-cards" })),
        h("div", { class: "stock", "data-testid": "stock" }, h("span", { class: "label" }, `Stock: ${o.stock_count}`), o.stock_count ? backRow(1, { small: false }) : null),
        o.bottom && o.bottom.length ? h("div", { class: "bottom" }, h("span", { class: "label" }, "At the bottom, known"), cardRow(o.bottom, { small: true })) : null),
      lastRoundEvents.length ? h("section", { class: "panel show-panel", "data-testid": "show" }, h("h3", {}, "Last count"), lastRoundEvents.map((e) => showEntry(e, "You"))) : null,
      hand.length ? h("div", { class: `my-area${canDiscard ? " active" : ""}` },
        h("span", { class: "seat-name" }, "Your six cards"),
        h("div", { class: "card-row hand", "data-testid": "hand" }, hand.map((card, index) => cardButton(card, {
          index, selected: this.selected.has(card), hinted: this.hinted.has(card), playable: canDiscard,
          onclick: () => this.clickCard(card),
        }))),
        h("div", { class: "hand-actions" }, h("button", {
          type: "button", class: "primary", "data-action": "discard", disabled: this.selected.size !== o.to_lay_away || !canDiscard,
          onclick: () => this.discard(),
        }, `Lay away to the crib (${this.selected.size}/${o.to_lay_away})`))) : null,
      (o.counted || []).length ? table : null));
  }

  /** The hand, crib and last hand of the most recent count, with their words. */
  latestCount() {
    const events = this.allEvents || [];
    const counts = [];
    for (let i = events.length - 1; i >= 0; i -= 1) {
      const event = events[i];
      if (event.type === "discard") break;
      if (["show", "crib", "last_hand"].includes(event.type)) counts.unshift(event);
    }
    return counts.map((e) => (e.type === "show" ? { ...e, type: "show" } : e));
  }

  clickCard(card) {
    if (!legalOf(this.message).some((a) => a.type === "discard")) return;
    if (this.selected.has(card)) this.selected.delete(card);
    else if (this.selected.size < this.message.observation.to_lay_away) this.selected.add(card);
    this.render();
  }

  discard() {
    if (this.selected.size !== this.message.observation.to_lay_away) return;
    if (this.context.send({ type: "discard", cards: [...this.selected] })) this.selected.clear();
  }

  applyHint(action, context) {
    context.send(action);
  }

  showHint(message) {
    this.hinted = new Set((message.action && message.action.cards) || []);
    this.render();
  }

  onKey(event) {
    const hand = this.message ? this.message.observation.hand || [] : [];
    if (/^[1-6]$/.test(event.key) && hand[Number(event.key) - 1]) {
      this.clickCard(hand[Number(event.key) - 1]);
      return true;
    }
    if (event.key === "Enter" && this.selected.size && !isButton(document.activeElement)) {
      this.discard();
      return true;
    }
    return false;
  }
}

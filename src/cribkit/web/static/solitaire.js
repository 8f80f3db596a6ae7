// Cribbage Solitaire: six rounds from one deck, the crib, the running total, the skunk line.
import { clear, h, isButton } from "./dom.js";
import { motionOf } from "./logic/pacing.js";
import { legalOf } from "./logic/protocol.js";
import {
  bestText,
  GREAT,
  latestCount,
  meterPercent,
  roundStates,
  SKUNK_LINE,
  solitaireStatus,
} from "./logic/solitaire.js";
import { backRow, cardButton, cardRow } from "./widgets/cards.js";
import { dealtIn } from "./widgets/motion.js";
import { showEntry } from "./widgets/show.js";
import { continueFoot, skipButton, tapToContinue } from "./widgets/showcontrols.js";

const ROUND_HEADINGS = ["Round", "Kept", "Crib", "Starter", "Hand", "Crib", "Heels", "Total"];

/** The table of the rounds counted, and the last hand of four cards when it is counted. */
function roundsTable(o) {
  const small = (cards) => cardRow(cards, { small: true });
  const rows = (o.counted || []).map((c) =>
    h(
      "tr",
      {},
      h("td", {}, String(c.round + 1)),
      h("td", {}, small(c.kept)),
      h("td", {}, small(c.crib)),
      h("td", {}, small([c.starter])),
      h("td", {}, String(c.hand_points)),
      h("td", {}, String(c.crib_points)),
      h("td", {}, c.heels ? String(c.heels) : ""),
      h("td", {}, h("strong", {}, String(c.points))),
    ),
  );
  const last =
    o.last_hand && o.last_hand.length
      ? h(
          "tfoot",
          {},
          h(
            "tr",
            {},
            h("td", {}, "Last"),
            h("td", { colspan: 5 }, small(o.last_hand)),
            h("td", {}),
            h("td", {}, h("strong", {}, String(o.last_hand_points))),
          ),
        )
      : null;
  return h(
    "table",
    { class: "rounds-table", "data-testid": "rounds-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        ROUND_HEADINGS.map((heading) => h("th", {}, heading)),
      ),
    ),
    h("tbody", {}, rows),
    last,
  );
}

/**
 * The running total: counting up with the score bar's chip where the page counts scores (the
 * two say the same number at every moment of the count), else written at once.
 */
function totalNumber(total, context) {
  const number = context.counter ? context.counter(0, total) : h("strong", {}, String(total));
  number.dataset.testid = "total";
  return number;
}

/** The total against the skunk line (91) and 121. */
function meter(total) {
  const at = (points) => `${(points / GREAT) * 100}%`;
  return h(
    "div",
    { class: "meter", "data-testid": "total-meter", title: `${SKUNK_LINE}: the skunk line \u00b7 ${GREAT}: great` },
    h("div", { class: "meter-fill", style: { width: `${meterPercent(total)}%` } }),
    h("span", { class: "meter-mark", style: { left: at(SKUNK_LINE) } }, String(SKUNK_LINE)),
    h("span", { class: "meter-mark", style: { left: at(GREAT) } }, String(GREAT)),
  );
}

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
    this.dealt = motionOf(newEvents, message.observation.seat ?? 0).dealt;
    this.render();
    this.dealt = false;
  }

  status(message) {
    return solitaireStatus(message);
  }

  render() {
    const o = this.message.observation;
    const result = this.message.result;
    const canDiscard = legalOf(this.message).some((a) => a.type === "discard");
    const hand = o.hand || [];
    const rounds = roundStates(o).map(({ round, state, points }) =>
      h(
        "li",
        { class: `round${state ? ` ${state}` : ""}`, "data-testid": `round-${round + 1}` },
        h("span", { class: "round-no" }, String(round + 1)),
        points !== null
          ? h("span", { class: "round-points" }, String(points))
          : h("span", { class: "round-points muted" }, "\u00b7"),
      ),
    );
    const counts = latestCount(this.allEvents || []);
    const best = result && typeof result.best_possible === "number" ? result.best_possible : null;
    const myArea = hand.length
      ? h(
          "div",
          { class: `my-area${canDiscard ? " active" : ""}` },
          h("span", { class: "seat-name" }, "Your six cards"),
          h(
            "div",
            { class: "card-row hand", "data-testid": "hand" },
            hand.map((card, index) =>
              dealtIn(
                cardButton(card, {
                  index,
                  selected: this.selected.has(card),
                  hinted: this.hinted.has(card),
                  playable: canDiscard,
                  onclick: () => this.clickCard(card),
                }),
                this.dealt && index,
              ),
            ),
          ),
          h(
            "div",
            { class: "hand-actions" },
            h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-action": "discard",
                disabled: this.selected.size !== o.to_lay_away || !canDiscard,
                onclick: () => this.discard(),
              },
              `Lay away to the crib (${this.selected.size}/${o.to_lay_away})`,
            ),
          ),
        )
      : null;
    // While the counts are laid out one by one (at the pace), Skip lays out the rest; laid out
    // whole, the count waits for Continue.
    const lastCount = counts.length
      ? tapToContinue(
          h(
            "section",
            { class: `panel show-panel${this.message.staged ? " staged show-in-view" : ""}`, "data-testid": "show" },
            h("div", { class: "panel-head" }, h("h3", {}, "Last count"), skipButton(this.message, this.context)),
            counts.map((e) => showEntry(e, "You")),
            continueFoot(this.message, this.context),
          ),
          this.message,
          this.context,
        )
      : null;
    clear(this.root).append(
      h(
        "div",
        { class: "solitaire-table" },
        h(
          "div",
          { class: "sol-top" },
          h("ol", { class: "round-track", "data-testid": "rounds" }, rounds),
          h("div", { class: "sol-total" }, h("span", {}, "Total"), totalNumber(o.total, this.context)),
          meter(o.total),
          best !== null ? h("p", { class: "best", "data-testid": "best-possible" }, bestText(o.total, best)) : null,
        ),
        h(
          "div",
          { class: "sol-middle" },
          h(
            "div",
            { class: "crib", "data-testid": "crib" },
            h("span", { class: "label" }, "Crib"),
            backRow(o.crib_face_down || 0, { testid: "crib-cards" }),
          ),
          h(
            "div",
            { class: "stock", "data-testid": "stock" },
            h("span", { class: "label" }, `Stock: ${o.stock_count}`),
            o.stock_count ? backRow(1, { small: false }) : null,
          ),
          o.bottom && o.bottom.length
            ? h(
                "div",
                { class: "bottom" },
                h("span", { class: "label" }, "At the bottom, known"),
                cardRow(o.bottom, { small: true }),
              )
            : null,
        ),
        // While the player must lay away, the six cards come before the last count (which
        // would push them below the fold, as classic's show did); else the count, then the hand.
        ...(canDiscard ? [myArea, lastCount] : [lastCount, myArea]),
        (o.counted || []).length ? roundsTable(o) : null,
      ),
    );
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

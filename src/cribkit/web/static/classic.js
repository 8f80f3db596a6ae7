// Classic cribbage: hand, crib, pegging pile and count, the board and the show in words.
import { clear, h, isButton } from "./dom.js";
import { pegsFromEvents } from "./logic/board.js";
import { cardLabel } from "./logic/cards.js";
import { classicStatus, declarePrompt, hintedCards, lastShow, playedBefore } from "./logic/classic.js";
import { motionOf } from "./logic/pacing.js";
import { actingOf, legalOf } from "./logic/protocol.js";
import { possessive } from "./logic/words.js";
import { genericActions } from "./widgets/actions.js";
import { CribbageBoard } from "./widgets/board.js";
import { backRow, cardButton, cardRow, cardSvg } from "./widgets/cards.js";
import { dealtIn } from "./widgets/motion.js";
import { showEntry } from "./widgets/show.js";
import { continueFoot, skipButton, tapToContinue } from "./widgets/showcontrols.js";

/** How long a muggins call stays open before the count stands by itself. */
export const MUGGINS_WINDOW_MS = 4000;

/**
 * The crib: its backs at the table; in the replay viewer (`crib_known`, logic/replay.js) the
 * cards the record knows, laid away face down (drawn dimmed, marked so) until the crib is
 * counted, then face up, with backs for the rest.
 */
function cribCards(observation) {
  const known = observation.crib_known;
  const count = observation.crib_count || 0;
  if (!known || !known.cards.length) return backRow(count, { testid: "crib-cards" });
  const faces = known.cards.map((card) =>
    h(
      "span",
      {
        class: known.faceUp ? "card static" : "card static laid-away",
        "data-card": card,
        title: known.faceUp ? null : "laid away face down",
      },
      cardSvg(card, { small: true }),
    ),
  );
  const hidden = known.faceUp ? 0 : Math.max(0, count - known.cards.length);
  return h(
    "div",
    {
      class: "card-row crib-known",
      "data-testid": "crib-cards",
      "data-count": String(known.faceUp ? known.cards.length : count),
      "data-face-up": String(known.faceUp),
    },
    faces,
    hidden ? [...backRow(hidden).children] : [],
  );
}

export class ClassicView {
  constructor(root) {
    this.root = root;
    this.selected = new Set();
    this.hinted = new Set();
    this.showDismissedDeal = null;
    this.board = null;
  }

  update(message, context, newEvents, allEvents) {
    this.message = message;
    this.context = context;
    this.allEvents = allEvents;
    const observation = message.observation;
    if (!this.board) this.board = new CribbageBoard(observation.scores.length, observation.target);
    const hand = observation.hand || [];
    for (const card of [...this.selected]) if (!hand.includes(card)) this.selected.delete(card);
    if (newEvents.length) this.hinted.clear();
    const pegs = pegsFromEvents(allEvents, observation.scores.length, observation.scores);
    this.board.update(pegs.front, pegs.back);
    // Only this drawing moves the cards just played or dealt; a redrawing (a click) does not.
    this.motion = motionOf(newEvents, observation.seat);
    this.render();
    this.motion = null;
    this.armMuggins(message);
  }

  /**
   * With muggins on, every count the others declare may be challenged; asking a click for each
   * would cost one a point. The call stays open for a few seconds, then the count stands by
   * itself (the same "let the count stand" the button sends), unless the player calls muggins.
   */
  armMuggins(message) {
    clearTimeout(this.mugginsTimer);
    const stand = legalOf(message).find((a) => a.type === "pass_muggins");
    if (!stand || this.context.readOnly) return;
    const seq = message.seq;
    this.mugginsTimer = setTimeout(() => {
      if (this.message && this.message.seq === seq) this.context.send(stand);
    }, MUGGINS_WINDOW_MS);
  }

  status(message, context) {
    return classicStatus(message, context.name);
  }

  render() {
    const observation = this.message.observation;
    const legal = legalOf(this.message);
    const name = this.context.name;
    const me = observation.seat;
    const acting = actingOf(this.message);
    const seatName = (seat) => `${name(seat)}${observation.dealer === seat ? " (dealer)" : ""}`;
    const opponents = (observation.hand_counts || []).map((count, seat) =>
      seat === me
        ? null
        : h(
            "div",
            {
              class: `opponent${acting.includes(seat) ? " active" : ""}`,
              "data-testid": `opponent-${seat}`,
            },
            h("span", { class: "seat-name" }, seatName(seat)),
            backRow(count, { testid: `opponent-hand-${seat}` }),
          ),
    );
    const starter = observation.starter
      ? h(
          "div",
          { class: "starter", "data-testid": "starter" },
          h("span", { class: "label" }, "Starter"),
          cardRow([observation.starter]),
        )
      : h("div", { class: "starter" }, h("span", { class: "label" }, "Starter"), backRow(1, { small: false }));
    // Before anything is laid away the crib is an empty place, and the count has nothing to
    // count until the play: each keeps its room (nothing moves when they come) but shows nothing.
    const cribEmpty = !(observation.crib_count || observation.crib_known?.cards?.length);
    const crib = h(
      "div",
      { class: `crib${cribEmpty ? " unused" : ""}`, "data-testid": "crib" },
      h("span", { class: "label" }, `${possessive(name(observation.crib_owner))} crib`),
      cribCards(observation),
    );
    const earlier = playedBefore(observation);
    const motion = this.motion || motionOf([], me);
    const arrival = (card) => (card === motion.played ? ` arrive ${motion.mine ? "from-me" : "from-them"}` : "");
    const pile = h(
      "div",
      { class: "pile", "data-testid": "pile" },
      h(
        "div",
        { class: `count-badge${observation.phase === "play" ? "" : " unused"}`, "data-testid": "count" },
        h("span", {}, "Count"),
        h("strong", {}, String(observation.count || 0)),
      ),
      h(
        "div",
        { class: "pile-cards" },
        (observation.pile || []).map((card, i) =>
          h("span", { class: `card static pile-card${arrival(card)}`, style: { zIndex: String(i) } }, cardSvg(card)),
        ),
      ),
      earlier.length
        ? h(
            "div",
            { class: "earlier" },
            h("span", { class: "tiny" }, "played before"),
            cardRow(earlier, { small: true }),
          )
        : null,
    );

    const canDiscard = legal.some((a) => a.type === "discard");
    const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
    const hand = observation.hand || [];
    const handRow = h(
      "div",
      { class: "card-row hand", "data-testid": "hand" },
      hand.map((card, index) =>
        dealtIn(
          cardButton(card, {
            index,
            selected: this.selected.has(card),
            hinted: this.hinted.has(card),
            playable: canDiscard || playable.has(card),
            onclick: () => this.clickCard(card),
          }),
          motion.dealt && index,
        ),
      ),
    );
    const actions = h("div", { class: "hand-actions" });
    if (canDiscard) {
      const need = observation.to_lay_away;
      actions.append(
        h(
          "button",
          {
            type: "button",
            class: "primary",
            "data-action": "discard",
            disabled: this.selected.size !== need,
            onclick: () => this.discard(),
          },
          `Lay away to the crib (${this.selected.size}/${need})`,
        ),
      );
    }
    if (legal.some((a) => a.type === "declare")) actions.append(this.declareBox(observation));
    const others = genericActions(
      legal.filter((a) => !["discard", "play", "declare"].includes(a.type)),
      this.context,
    );
    if (others) actions.append(others);
    if (legal.some((a) => a.type === "pass_muggins") && !this.context.readOnly) {
      actions.append(
        h(
          "p",
          { class: "muted", "data-testid": "muggins-window" },
          `The count stands by itself in ${MUGGINS_WINDOW_MS / 1000} seconds unless you call muggins.`,
        ),
      );
    }

    const show = this.showPanel(observation);
    // A spectator has no hand: the table, and every seat's backs above it. While the show is on
    // the table the hands are in it, not in front of anyone.
    const myArea =
      this.context.watching || this.message.staged
        ? null
        : h(
            "div",
            { class: `my-area${legal.length ? " active" : ""}` },
            h("span", { class: "seat-name" }, seatName(me)),
            handRow,
            actions,
          );
    clear(this.root).append(
      h(
        "div",
        { class: "classic-table" },
        h("div", { class: "opponents" }, opponents),
        h(
          "div",
          { class: "middle" },
          h("div", { class: "board-wrap" }, this.board.element),
          h("div", { class: "centre-row" }, starter, pile, crib),
        ),
        // The show once continued stays under the next hand (it would push it below the fold).
        myArea,
        show,
      ),
    );
  }

  declareBox(observation) {
    const claim = observation.claim || {};
    const prompt = declarePrompt(claim);
    const input = h("input", {
      type: "number",
      min: 0,
      max: 29,
      value: 0,
      "data-testid": "declare-points",
      "aria-label": "points to declare",
    });
    const send = () => this.context.send({ type: "declare", points: Number(input.value) });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") send();
    });
    return h(
      "div",
      { class: "declare-box", "data-testid": "declare" },
      h("p", {}, prompt.text),
      prompt.cards ? cardRow(prompt.cards, { small: true }) : null,
      claim.starter ? h("span", { class: "tiny" }, `starter ${cardLabel(claim.starter)}`) : null,
      input,
      h("button", { type: "button", class: "primary", "data-action": "declare", onclick: send }, "Declare"),
    );
  }

  /** The last show of the game, until the next pegging starts or the player closes it. */
  showPanel(observation) {
    const shown = lastShow(this.allEvents, observation);
    if (!shown.events.length || this.showDismissedDeal === shown.deal) return null;
    const close = () => {
      this.showDismissedDeal = shown.deal;
      this.render();
    };
    // While the show is laid out count by count (at the pace), Skip lays out the rest at once;
    // laid out whole it waits for Continue; once continued, it may be closed.
    const staged = this.message.staged;
    const button = staged
      ? skipButton(this.message, this.context)
      : h("button", { type: "button", class: "subtle", "data-action": "dismiss-show", onclick: close }, "Close");
    const panel = h(
      "section",
      { class: `panel show-panel${staged ? " staged show-in-view" : ""}`, "data-testid": "show" },
      h("div", { class: "panel-head" }, h("h3", {}, "The show"), button),
      shown.events.map((event) => showEntry(event, this.context.name(event.seat))),
      continueFoot(this.message, this.context),
    );
    return tapToContinue(panel, this.message, this.context);
  }

  clickCard(card) {
    const legal = legalOf(this.message);
    if (legal.some((a) => a.type === "discard")) {
      if (this.selected.has(card)) this.selected.delete(card);
      else if (this.selected.size < this.message.observation.to_lay_away) this.selected.add(card);
      this.render();
      return;
    }
    const play = legal.find((a) => a.type === "play" && a.card === card);
    if (play) this.context.send(play);
  }

  discard() {
    const need = this.message.observation.to_lay_away;
    if (this.selected.size !== need) return;
    const sent = this.context.send({ type: "discard", cards: [...this.selected] });
    if (sent) this.selected.clear();
  }

  applyHint(action, context) {
    context.send(action);
  }

  showHint(message) {
    this.hinted = new Set(hintedCards(message.action));
    this.render();
  }

  onKey(event) {
    const hand = this.message ? this.message.observation.hand || [] : [];
    if (/^[1-9]$/.test(event.key)) {
      const card = hand[Number(event.key) - 1];
      if (card) this.clickCard(card);
      return Boolean(card);
    }
    if (event.key === "Enter" && this.selected.size && !isButton(document.activeElement)) {
      this.discard();
      return true;
    }
    return false;
  }
}

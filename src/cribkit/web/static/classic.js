// Classic cribbage: hand, crib, pegging pile and count, the board and the show in words.
import { cardBackSvg, cardLabel, cardSvg } from "./cards.js";
import { CribbageBoard, pegsFromEvents } from "./board.js";
import { clear, h, pointsText, possessive } from "./dom.js";
import { genericActions, isButton, legalOf } from "./common.js";

export function cardButton(card, { selected = false, playable = true, hinted = false, onclick, index } = {}) {
  return h("button", {
    type: "button",
    class: `card${selected ? " selected" : ""}${playable ? " playable" : ""}${hinted ? " hinted" : ""}`,
    "data-testid": "hand-card",
    "data-card": card,
    "aria-pressed": selected ? "true" : "false",
    "aria-label": `${cardLabel(card)}${index !== undefined ? ` (key ${index + 1})` : ""}`,
    disabled: !playable,
    onclick,
  }, cardSvg(card));
}

export function cardRow(cards, { testid, small = false } = {}) {
  return h("div", { class: "card-row", "data-testid": testid }, cards.map((card) =>
    h("span", { class: "card static", "data-card": card }, cardSvg(card, { small }))));
}

export function backRow(count, { testid, small = true } = {}) {
  const row = h("div", { class: "card-row backs", "data-testid": testid, "data-count": String(count) });
  for (let i = 0; i < count; i += 1) row.append(h("span", { class: "card static" }, cardBackSvg({ small })));
  return row;
}

/** The show (or any counted hand) laid out: the cards, the starter and the count in words. */
export function showEntry(event, name) {
  const title = event.type === "crib" ? `${possessive(name)} crib` : event.type === "last_hand" ? "Last hand" : `${possessive(name)} hand`;
  return h("div", { class: "show-entry", "data-testid": "show-entry" },
    h("div", { class: "show-cards" }, cardRow(event.cards || [], { small: true }),
      event.starter ? h("div", { class: "starter-mini" }, h("span", { class: "tiny" }, "starter"), cardRow([event.starter], { small: true })) : null),
    h("div", { class: "show-words" }, h("strong", {}, `${title}: ${pointsText(event.points || 0)}`),
      h("p", { class: "words" }, event.words ? `${event.words[0].toUpperCase()}${event.words.slice(1)}.` : "")));
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
    if (!this.board) {
      this.board = new CribbageBoard(observation.scores.length, observation.target);
    }
    const legal = legalOf(message);
    const hand = observation.hand || [];
    for (const card of [...this.selected]) if (!hand.includes(card)) this.selected.delete(card);
    if (newEvents.length) this.hinted.clear();
    const pegs = pegsFromEvents(allEvents, observation.scores.length);
    this.board.update(pegs.front, pegs.back);
    this.render(observation, legal, context);
  }

  status(message, context) {
    const observation = message.observation;
    if (message.result) return "The game is over.";
    const legal = legalOf(message);
    const current = observation.current_player;
    const ownerName = context.name(observation.crib_owner);
    if (observation.phase === "discard") {
      if (legal.some((a) => a.type === "discard")) {
        const n = observation.to_lay_away;
        return `Lay away ${n === 1 ? "one card" : `${n} cards`} to ${ownerName === "You" ? "your" : `${ownerName}'s`} crib.`;
      }
      return "Waiting for the other lay-aways\u2026";
    }
    if (observation.phase === "play") {
      if (legal.length) return `Your turn to play: the count is ${observation.count}.`;
      return `${context.name(current)} to play; the count is ${observation.count}.`;
    }
    if (legal.some((a) => a.type === "declare")) return "Count your points and declare them.";
    if (legal.some((a) => a.type === "muggins" || a.type === "pass_muggins")) return "Muggins? Take the missed points, or let the count stand.";
    return current !== null && current !== undefined ? `Waiting for ${context.name(current)}\u2026` : "";
  }

  render(observation, legal, context) {
    clear(this.root);
    const me = observation.seat;
    const players = observation.hand_counts ? observation.hand_counts.length : 2;
    const opponents = [];
    for (let seat = 0; seat < players; seat += 1) {
      if (seat === me) continue;
      opponents.push(h("div", { class: `opponent${observation.current_player === seat ? " active" : ""}`, "data-testid": `opponent-${seat}` },
        h("span", { class: "seat-name" }, `${context.name(seat)}${observation.dealer === seat ? " (dealer)" : ""}`),
        backRow(observation.hand_counts[seat], { testid: `opponent-hand-${seat}` })));
    }
    const starter = observation.starter
      ? h("div", { class: "starter", "data-testid": "starter" }, h("span", { class: "label" }, "Starter"), cardRow([observation.starter]))
      : h("div", { class: "starter" }, h("span", { class: "label" }, "Starter"), backRow(1, { small: false }));
    const crib = h("div", { class: "crib", "data-testid": "crib" },
      h("span", { class: "label" }, `${context.name(observation.crib_owner) === "You" ? "Your" : `${context.name(observation.crib_owner)}'s`} crib`),
      backRow(observation.crib_count || 0, { testid: "crib-cards" }));
    const earlier = (observation.played || []).map(([, card]) => card).filter((card) => !(observation.pile || []).includes(card));
    const pile = h("div", { class: "pile", "data-testid": "pile" },
      h("div", { class: "count-badge", "data-testid": "count" }, h("span", {}, "Count"), h("strong", {}, String(observation.count || 0))),
      h("div", { class: "pile-cards" }, (observation.pile || []).map((card, i) =>
        h("span", { class: "card static pile-card", style: { zIndex: String(i) } }, cardSvg(card)))),
      earlier.length ? h("div", { class: "earlier" }, h("span", { class: "tiny" }, "played before"), cardRow(earlier, { small: true })) : null);

    const canDiscard = legal.some((a) => a.type === "discard");
    const playable = new Set(legal.filter((a) => a.type === "play").map((a) => a.card));
    const hand = observation.hand || [];
    const handRow = h("div", { class: "card-row hand", "data-testid": "hand" }, hand.map((card, index) => cardButton(card, {
      index,
      selected: this.selected.has(card),
      hinted: this.hinted.has(card),
      playable: canDiscard || playable.has(card),
      onclick: () => this.clickCard(card),
    })));
    const actions = h("div", { class: "hand-actions" });
    if (canDiscard) {
      const need = observation.to_lay_away;
      actions.append(h("button", {
        type: "button", class: "primary", "data-action": "discard", disabled: this.selected.size !== need,
        onclick: () => this.discard(),
      }, `Lay away to the crib (${this.selected.size}/${need})`));
    }
    const declare = legal.filter((a) => a.type === "declare");
    if (declare.length) actions.append(this.declareBox(observation, declare));
    const others = genericActions(legal.filter((a) => !["discard", "play", "declare"].includes(a.type)), context);
    if (others) actions.append(others);

    const show = this.showPanel(observation, context);
    this.root.append(h("div", { class: "classic-table" },
      h("div", { class: "opponents" }, opponents),
      h("div", { class: "middle" }, h("div", { class: "board-wrap" }, this.board.element),
        h("div", { class: "centre-row" }, starter, pile, crib)),
      show,
      h("div", { class: `my-area${legal.length ? " active" : ""}` },
        h("span", { class: "seat-name" }, `${context.name(me)}${observation.dealer === me ? " (dealer)" : ""}`),
        handRow, actions)));
  }

  declareBox(observation, declare) {
    const claim = observation.claim || {};
    const input = h("input", { type: "number", min: 0, max: 29, value: 0, "data-testid": "declare-points", "aria-label": "points to declare" });
    const send = () => this.context.send({ type: "declare", points: Number(input.value) });
    input.addEventListener("keydown", (event) => { if (event.key === "Enter") send(); });
    return h("div", { class: "declare-box", "data-testid": "declare" },
      h("p", {}, `Declare the ${claim.kind === "peg" ? "points of your card" : claim.kind === "crib" ? "crib" : "hand"}:`),
      claim.cards ? cardRow(claim.kind === "peg" ? claim.cards.slice(-4) : claim.cards, { small: true }) : null,
      claim.starter ? h("span", { class: "tiny" }, `starter ${cardLabel(claim.starter)}`) : null,
      input, h("button", { type: "button", class: "primary", "data-action": "declare", onclick: send }, "Declare"));
  }

  /** The last show of the game, until the next pegging starts or the player closes it. */
  showPanel(observation, context) {
    const events = this.allEvents;
    let lastDeal = -1;
    for (let i = events.length - 1; i >= 0; i -= 1) if (events[i].type === "deal") { lastDeal = i; break; }
    let shown = events.slice(lastDeal + 1).filter((e) => e.type === "show" || e.type === "crib");
    let dealNumber = observation.deal;
    if (!shown.length && lastDeal > 0 && observation.phase === "discard") {
      let previousDeal = -1;
      for (let i = lastDeal - 1; i >= 0; i -= 1) if (events[i].type === "deal") { previousDeal = i; break; }
      shown = events.slice(previousDeal + 1, lastDeal).filter((e) => e.type === "show" || e.type === "crib");
      dealNumber = observation.deal - 1;
    }
    if (!shown.length || this.showDismissedDeal === dealNumber) return null;
    return h("section", { class: "panel show-panel", "data-testid": "show" },
      h("div", { class: "panel-head" }, h("h3", {}, "The show"),
        h("button", { type: "button", class: "subtle", "data-action": "dismiss-show", onclick: () => { this.showDismissedDeal = dealNumber; this.render(observation, legalOf(this.message), context); } }, "Close")),
      shown.map((event) => showEntry(event, context.name(event.seat))));
  }

  clickCard(card) {
    const legal = legalOf(this.message);
    if (legal.some((a) => a.type === "discard")) {
      if (this.selected.has(card)) this.selected.delete(card);
      else if (this.selected.size < this.message.observation.to_lay_away) this.selected.add(card);
      this.render(this.message.observation, legal, this.context);
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
    const action = message.action || {};
    this.hinted = new Set(action.cards || (action.card ? [action.card] : []));
    this.render(this.message.observation, legalOf(this.message), this.context);
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

// Playing cards drawn as SVG by cribkit itself (no images, no fonts), and the card widgets every
// card game shares: a card to click, a row of cards, a row of backs.
import { h } from "../dom.js";
import { cardLabel, cardName, isRed, parseCard, rankLabel, SUIT_SYMBOLS } from "../logic/cards.js";

// Pip positions on a 60x84 card, as (x, y, upside-down).
const PIPS = {
  A: [[30, 42, 0]],
  2: [
    [30, 20, 0],
    [30, 64, 1],
  ],
  3: [
    [30, 20, 0],
    [30, 42, 0],
    [30, 64, 1],
  ],
  4: [
    [22, 20, 0],
    [38, 20, 0],
    [22, 64, 1],
    [38, 64, 1],
  ],
  5: [
    [22, 20, 0],
    [38, 20, 0],
    [30, 42, 0],
    [22, 64, 1],
    [38, 64, 1],
  ],
  6: [
    [22, 20, 0],
    [38, 20, 0],
    [22, 42, 0],
    [38, 42, 0],
    [22, 64, 1],
    [38, 64, 1],
  ],
  7: [
    [22, 20, 0],
    [38, 20, 0],
    [30, 31, 0],
    [22, 42, 0],
    [38, 42, 0],
    [22, 64, 1],
    [38, 64, 1],
  ],
  8: [
    [22, 20, 0],
    [38, 20, 0],
    [30, 31, 0],
    [22, 42, 0],
    [38, 42, 0],
    [30, 53, 1],
    [22, 64, 1],
    [38, 64, 1],
  ],
  9: [
    [22, 18, 0],
    [38, 18, 0],
    [22, 33, 0],
    [38, 33, 0],
    [30, 42, 0],
    [22, 51, 1],
    [38, 51, 1],
    [22, 66, 1],
    [38, 66, 1],
  ],
  T: [
    [22, 18, 0],
    [38, 18, 0],
    [30, 26, 0],
    [22, 33, 0],
    [38, 33, 0],
    [22, 51, 1],
    [38, 51, 1],
    [30, 58, 1],
    [22, 66, 1],
    [38, 66, 1],
  ],
};
const COURT_MARKS = { K: "\u2654", Q: "\u2655", J: "\u2658" };
const SERIF = "Georgia, serif";

/** The rank and suit in a card's corner (drawn twice: the second turned upside down). */
function corner(label, symbol, colour) {
  return [
    h("svg:text", { x: 6, y: 15, "font-size": 13, "font-weight": 700, fill: colour, "font-family": SERIF }, label),
    h("svg:text", { x: 6, y: 27, "font-size": 12, fill: colour }, symbol),
  ];
}

/** A face-up playing card as an <svg> element. */
export function cardSvg(text, { small = false } = {}) {
  const { rank, suit } = parseCard(text);
  const red = isRed(text);
  const colour = red ? "#c0262d" : "#1d1d24";
  const symbol = SUIT_SYMBOLS[suit];
  const label = rankLabel(rank);
  const parts = [
    h("svg:rect", {
      x: 1,
      y: 1,
      width: 58,
      height: 82,
      rx: 6,
      fill: "#fffdf7",
      stroke: "#9a968a",
      "stroke-width": 1.2,
    }),
    corner(label, symbol, colour),
    h("svg:g", { transform: "rotate(180 30 42)" }, corner(label, symbol, colour)),
  ];
  if (PIPS[rank]) {
    const size = rank === "A" ? 30 : 11;
    for (const [x, y, flip] of PIPS[rank]) {
      parts.push(
        h(
          "svg:text",
          {
            x,
            y: y + size / 3,
            "font-size": size,
            fill: colour,
            "text-anchor": "middle",
            transform: flip ? `rotate(180 ${x} ${y})` : null,
          },
          symbol,
        ),
      );
    }
  } else {
    // Court cards: a framed panel with the letter and the suit, in the suit's colour.
    const middle = { fill: colour, "text-anchor": "middle" };
    parts.push(
      h("svg:rect", {
        x: 14,
        y: 14,
        width: 32,
        height: 56,
        rx: 3,
        fill: red ? "#fbe7e3" : "#e6e8f0",
        stroke: colour,
        "stroke-width": 1,
      }),
      h("svg:text", { x: 30, y: 44, "font-size": 24, "font-weight": 700, "font-family": SERIF, ...middle }, rank),
      h("svg:text", { x: 30, y: 62, "font-size": 14, ...middle }, symbol),
      h("svg:text", { x: 30, y: 27, "font-size": 10, ...middle }, COURT_MARKS[rank]),
    );
  }
  return h(
    "svg:svg",
    { class: small ? "card-svg small" : "card-svg", viewBox: "0 0 60 84", role: "img", "aria-label": cardName(text) },
    h("svg:title", {}, cardName(text)),
    parts,
  );
}

/** The back of a card (hidden cards: another seat's hand, the crib before the show). */
export function cardBackSvg({ small = false } = {}) {
  const lines = [];
  const stroke = { stroke: "#6f8fd6", "stroke-width": 1.5 };
  for (let i = -84; i < 84; i += 8) {
    lines.push(h("svg:line", { x1: i, y1: 0, x2: i + 84, y2: 84, ...stroke }));
    lines.push(h("svg:line", { x1: i + 84, y1: 0, x2: i, y2: 84, ...stroke }));
  }
  return h(
    "svg:svg",
    {
      class: small ? "card-svg back small" : "card-svg back",
      viewBox: "0 0 60 84",
      role: "img",
      "aria-label": "a card face down",
    },
    h(
      "svg:defs",
      {},
      h("svg:clipPath", { id: "card-back-clip" }, h("svg:rect", { x: 5, y: 5, width: 50, height: 74, rx: 3 })),
    ),
    h("svg:rect", {
      x: 1,
      y: 1,
      width: 58,
      height: 82,
      rx: 6,
      fill: "#2b4a9b",
      stroke: "#1a2d63",
      "stroke-width": 1.2,
    }),
    h("svg:g", { "clip-path": "url(#card-back-clip)" }, lines),
    h("svg:rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#e8ecf8", "stroke-width": 1.2 }),
  );
}

/** A card of the player's hand as a button: selected (lifted), hinted (lit), playable or dimmed. */
export function cardButton(card, { selected = false, playable = true, hinted = false, onclick, index } = {}) {
  return h(
    "button",
    {
      type: "button",
      class: `card${selected ? " selected" : ""}${playable ? " playable" : ""}${hinted ? " hinted" : ""}`,
      "data-testid": "hand-card",
      "data-card": card,
      "aria-pressed": selected ? "true" : "false",
      "aria-label": `${cardLabel(card)}${index !== undefined ? ` (key ${index + 1})` : ""}`,
      disabled: !playable,
      onclick,
    },
    cardSvg(card),
  );
}

/** A row of face-up cards to look at. */
export function cardRow(cards, { testid, small = false } = {}) {
  return h(
    "div",
    { class: "card-row", "data-testid": testid },
    cards.map((card) => h("span", { class: "card static", "data-card": card }, cardSvg(card, { small }))),
  );
}

/** A row of `count` cards face down (overlapping). */
export function backRow(count, { testid, small = true } = {}) {
  const backs = Array.from({ length: count }, () => h("span", { class: "card static" }, cardBackSvg({ small })));
  return h("div", { class: "card-row backs", "data-testid": testid, "data-count": String(count) }, backs);
}

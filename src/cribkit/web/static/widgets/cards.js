// Playing cards drawn as SVG by cribkit itself (no images, no fonts), and the card widgets every
// card game shares: a card to click, a row of cards, a row of backs.
import { h, readerOnly } from "../dom.js";
import { cardName, parseCard, rankLabel, SUIT_SYMBOLS } from "../logic/cards.js";

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

// The suit's colour is the style sheet's (`.card-svg.suit-h { color: var(--suit-h) }`, the
// deck's theme): every mark of the card is drawn in the SVG's current colour, so a change of
// deck recolours every card on the page without drawing it again.
const INK = "currentColor";

/** The rank and suit in a card's corner (drawn twice: the second turned upside down). */
function corner(label, symbol) {
  return [
    h("svg:text", { x: 6, y: 15, "font-size": 13, "font-weight": 700, fill: INK, "font-family": SERIF }, label),
    h("svg:text", { x: 6, y: 27, "font-size": 12, fill: INK }, symbol),
  ];
}

/** A face-up playing card as an <svg> element. */
export function cardSvg(text, { small = false } = {}) {
  const { rank, suit } = parseCard(text);
  const symbol = SUIT_SYMBOLS[suit];
  const label = rankLabel(rank);
  const parts = [
    // (The fills written here are for an SVG seen without the style sheet, which sets its own.)
    h("svg:rect", { class: "card-face", x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fffdf7", stroke: "#9a968a" }),
    corner(label, symbol),
    h("svg:g", { transform: "rotate(180 30 42)" }, corner(label, symbol)),
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
            fill: INK,
            "text-anchor": "middle",
            transform: flip ? `rotate(180 ${x} ${y})` : null,
          },
          symbol,
        ),
      );
    }
  } else {
    // Court cards: a framed panel (tinted by the suit) with the letter and the suit, in its colour.
    const middle = { fill: INK, "text-anchor": "middle" };
    parts.push(
      h("svg:rect", { class: "court", x: 14, y: 14, width: 32, height: 56, rx: 3, fill: "#eee", stroke: INK }),
      h("svg:text", { x: 30, y: 44, "font-size": 24, "font-weight": 700, "font-family": SERIF, ...middle }, rank),
      h("svg:text", { x: 30, y: 62, "font-size": 14, ...middle }, symbol),
      h("svg:text", { x: 30, y: 27, "font-size": 10, ...middle }, COURT_MARKS[rank]),
    );
  }
  return h(
    "svg:svg",
    {
      class: `card-svg suit-${suit}${small ? " small" : ""}`,
      viewBox: "0 0 60 84",
      role: "img",
      "aria-label": cardName(text),
    },
    h("svg:title", {}, cardName(text)),
    parts,
  );
}

/**
 * The three patterns of the backs, each one path drawn on the 50x74 panel inside the frame:
 * blue a diagonal lattice, red a field of small diamonds, green rings in a check. The style
 * sheet shows the one of the "back" setting (`<html data-back>`) and gives the colours.
 */
const BACK_PATTERNS = {
  blue: () => {
    const lines = [];
    for (let i = -74; i < 74; i += 8) lines.push(`M${i} 0L${i + 74} 74M${i + 74} 0L${i} 74`);
    return lines.join("");
  },
  red: () => {
    const diamonds = [];
    for (let y = 0; y <= 74; y += 7)
      for (let x = (y / 7) % 2 ? 3.5 : 0; x <= 50; x += 7) diamonds.push(`M${x} ${y - 2.6}l2.6 2.6l-2.6 2.6l-2.6-2.6z`);
    return diamonds.join("");
  },
  green: () => {
    const rings = [];
    for (let y = 4; y <= 74; y += 8)
      for (let x = 1; x <= 50; x += 8) rings.push(`M${x - 2.5} ${y}a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0-5 0`);
    return rings.join("") + "M0 37H50M25 0V74";
  },
};
const backPaths = {};

/** The back of a card (hidden cards: another seat's hand, the crib before the show). */
export function cardBackSvg({ small = false } = {}) {
  const patterns = Object.entries(BACK_PATTERNS).map(([name, draw]) =>
    h("svg:path", { class: `back-pattern ${name}`, d: (backPaths[name] ??= draw()), fill: "none", stroke: "#6f8fd6" }),
  );
  return h(
    "svg:svg",
    {
      class: small ? "card-svg back small" : "card-svg back",
      viewBox: "0 0 60 84",
      role: "img",
      "aria-label": "a card face down",
    },
    h("svg:rect", { class: "back-body", x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#2b4a9b", stroke: "#1a2d63" }),
    // An inner <svg> clips the pattern to the panel (no clip path, so no id shared by every back).
    h("svg:svg", { x: 5, y: 5, width: 50, height: 74, viewBox: "0 0 50 74" }, patterns),
    h("svg:rect", { class: "back-frame", x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#e8ecf8" }),
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
      disabled: !playable,
      onclick,
    },
    // (named by its drawing, "five of hearts", and its key: see readerOnly)
    cardSvg(card),
    index !== undefined ? readerOnly(` (key ${index + 1})`) : null,
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

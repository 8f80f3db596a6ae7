// Playing cards and Cribbage Tiles drawn as SVG by cribkit itself (no images, no fonts).
const SVG_NS = "http://www.w3.org/2000/svg";

export const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
export const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAMES = {
  A: "ace", T: "ten", J: "jack", Q: "queen", K: "king",
  2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
};

/** Create an SVG element with attributes and children. */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== undefined && value !== null && value !== false) node.setAttribute(key, String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Split a card text ("5h", "Td", "10d") into its rank letter and suit letter. */
export function parseCard(text) {
  const match = /^(10|[2-9AaTtJjQqKk])([cdhsCDHS])$/.exec(String(text));
  if (!match) throw new Error(`'${text}' is not a card`);
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return { rank, suit: match[2].toLowerCase() };
}

export function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/** "5♥" for "5h": the short form used in text. */
export function cardLabel(text) {
  const { rank, suit } = parseCard(text);
  return `${rankLabel(rank)}${SUIT_SYMBOLS[suit]}`;
}

/** "five of hearts": the accessible name of a card. */
export function cardName(text) {
  const { rank, suit } = parseCard(text);
  return `${RANK_NAMES[rank]} of ${SUIT_NAMES[suit]}`;
}

const PIPS = {
  // Pip positions on a 60x84 card, as (x, y, upside-down).
  A: [[30, 42, 0]],
  2: [[30, 20, 0], [30, 64, 1]],
  3: [[30, 20, 0], [30, 42, 0], [30, 64, 1]],
  4: [[22, 20, 0], [38, 20, 0], [22, 64, 1], [38, 64, 1]],
  5: [[22, 20, 0], [38, 20, 0], [30, 42, 0], [22, 64, 1], [38, 64, 1]],
  6: [[22, 20, 0], [38, 20, 0], [22, 42, 0], [38, 42, 0], [22, 64, 1], [38, 64, 1]],
  7: [[22, 20, 0], [38, 20, 0], [30, 31, 0], [22, 42, 0], [38, 42, 0], [22, 64, 1], [38, 64, 1]],
  8: [[22, 20, 0], [38, 20, 0], [30, 31, 0], [22, 42, 0], [38, 42, 0], [30, 53, 1], [22, 64, 1], [38, 64, 1]],
  9: [[22, 18, 0], [38, 18, 0], [22, 33, 0], [38, 33, 0], [30, 42, 0], [22, 51, 1], [38, 51, 1], [22, 66, 1], [38, 66, 1]],
  T: [[22, 18, 0], [38, 18, 0], [30, 26, 0], [22, 33, 0], [38, 33, 0], [22, 51, 1], [38, 51, 1], [30, 58, 1], [22, 66, 1], [38, 66, 1]],
};

/** A face-up playing card as an <svg> element. */
export function cardSvg(text, { small = false } = {}) {
  const { rank, suit } = parseCard(text);
  const red = suit === "h" || suit === "d";
  const colour = red ? "#c0262d" : "#1d1d24";
  const symbol = SUIT_SYMBOLS[suit];
  const label = rankLabel(rank);
  const parts = [
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#fffdf7", stroke: "#9a968a", "stroke-width": 1.2 }),
    svg("text", { x: 6, y: 15, "font-size": 13, "font-weight": 700, fill: colour, "font-family": "Georgia, serif" }, label),
    svg("text", { x: 6, y: 27, "font-size": 12, fill: colour }, symbol),
    svg("g", { transform: "rotate(180 30 42)" },
      svg("text", { x: 6, y: 15, "font-size": 13, "font-weight": 700, fill: colour, "font-family": "Georgia, serif" }, label),
      svg("text", { x: 6, y: 27, "font-size": 12, fill: colour }, symbol)),
  ];
  if (PIPS[rank]) {
    const size = rank === "A" ? 30 : 11;
    for (const [x, y, flip] of PIPS[rank]) {
      const pip = svg("text", { x, y: y + size / 3, "font-size": size, fill: colour, "text-anchor": "middle" }, symbol);
      if (flip) pip.setAttribute("transform", `rotate(180 ${x} ${y})`);
      parts.push(pip);
    }
  } else {
    // Court cards: a framed panel with the letter and the suit, in the suit's colour.
    parts.push(
      svg("rect", { x: 14, y: 14, width: 32, height: 56, rx: 3, fill: red ? "#fbe7e3" : "#e6e8f0", stroke: colour, "stroke-width": 1 }),
      svg("text", { x: 30, y: 44, "font-size": 24, "font-weight": 700, fill: colour, "text-anchor": "middle", "font-family": "Georgia, serif" }, rank),
      svg("text", { x: 30, y: 62, "font-size": 14, fill: colour, "text-anchor": "middle" }, symbol),
      svg("text", { x: 30, y: 27, "font-size": 10, fill: colour, "text-anchor": "middle" }, rank === "K" ? "\u2654" : rank === "Q" ? "\u2655" : "\u2658"),
    );
  }
  return svg("svg", {
    class: small ? "card-svg small" : "card-svg", viewBox: "0 0 60 84", role: "img", "aria-label": cardName(text),
  }, svg("title", {}, cardName(text)), ...parts);
}

/** The back of a card (hidden cards: another seat's hand, the crib before the show). */
export function cardBackSvg({ small = false } = {}) {
  const lines = [];
  for (let i = -84; i < 84; i += 8) {
    lines.push(svg("line", { x1: i, y1: 0, x2: i + 84, y2: 84, stroke: "#6f8fd6", "stroke-width": 1.5 }));
    lines.push(svg("line", { x1: i + 84, y1: 0, x2: i, y2: 84, stroke: "#6f8fd6", "stroke-width": 1.5 }));
  }
  return svg("svg", { class: small ? "card-svg back small" : "card-svg back", viewBox: "0 0 60 84", role: "img", "aria-label": "a card face down" },
    svg("defs", {}, svg("clipPath", { id: "card-back-clip" }, svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3 }))),
    svg("rect", { x: 1, y: 1, width: 58, height: 82, rx: 6, fill: "#2b4a9b", stroke: "#1a2d63", "stroke-width": 1.2 }),
    svg("g", { "clip-path": "url(#card-back-clip)" }, lines),
    svg("rect", { x: 5, y: 5, width: 50, height: 74, rx: 3, fill: "none", stroke: "#e8ecf8", "stroke-width": 1.2 }));
}

/** Parse a tile text: "5d", "Tl", "9=6d" (the tile 6d placed as a 9). */
export function parseTile(text) {
  const match = /^(?:(6|9)=)?(10|[2-9AaTtJjQqKk])([dlDL])$/.exec(String(text));
  if (!match) throw new Error(`'${text}' is not a tile`);
  const rank = match[2] === "10" ? "T" : match[2].toUpperCase();
  const value = match[1] || rank;
  return { rank, value, colour: match[3].toLowerCase(), turned: value !== rank };
}

/** The tile text for placing `tile` as `value` ("9=6d"), or plain when not turned. */
export function tileText(tile, value) {
  const { rank, colour } = parseTile(tile);
  return value && value !== rank ? `${value}=${rank}${colour}` : `${rank}${colour}`;
}

export function tileLabel(text) {
  const { value, colour, turned, rank } = parseTile(text);
  return `${rankLabel(value)}${colour === "d" ? " dark" : " light"}${turned ? ` (a ${rank} turned)` : ""}`;
}

/** A Cribbage Tiles tile as an <svg> element: dark tiles are slate, light ones ivory. */
export function tileSvg(text) {
  const { rank, value, colour, turned } = parseTile(text);
  const dark = colour === "d";
  const ink = dark ? "#f6efd9" : "#27304a";
  const parts = [
    svg("rect", { x: 1, y: 1, width: 38, height: 38, rx: 5, fill: dark ? "#33405f" : "#f7f0dc", stroke: dark ? "#1d2740" : "#b7a987", "stroke-width": 1.3 }),
    svg("rect", { x: 3, y: 3, width: 34, height: 34, rx: 4, fill: "none", stroke: dark ? "#4d5c82" : "#fffaf0", "stroke-width": 1 }),
    svg("text", { x: 20, y: 27, "font-size": value === "T" ? 17 : 20, "font-weight": 700, fill: ink, "text-anchor": "middle", "font-family": "Georgia, serif" }, rankLabel(value)),
  ];
  if (value === "6" || value === "9") {
    // Underline 6 and 9 so that a turned tile still reads the right way.
    parts.push(svg("line", { x1: 14, y1: 31, x2: 26, y2: 31, stroke: ink, "stroke-width": 1.6 }));
  }
  if (turned) {
    parts.push(svg("text", { x: 35, y: 11, "font-size": 8, fill: dark ? "#ffd479" : "#9b5d00", "text-anchor": "end" }, `\u21bb${rank}`));
  }
  return svg("svg", { class: "tile-svg", viewBox: "0 0 40 40", role: "img", "aria-label": tileLabel(text) },
    svg("title", {}, tileLabel(text)), ...parts);
}

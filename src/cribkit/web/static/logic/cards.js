// Playing cards as text: "5h" read, named and written short ("5♥"). No DOM.

export const SUIT_SYMBOLS = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
export const SUIT_NAMES = { c: "clubs", d: "diamonds", h: "hearts", s: "spades" };
const RANK_NAMES = {
  A: "ace",
  2: "two",
  3: "three",
  4: "four",
  5: "five",
  6: "six",
  7: "seven",
  8: "eight",
  9: "nine",
  T: "ten",
  J: "jack",
  Q: "queen",
  K: "king",
};

/** Split a card text ("5h", "Td", "10d") into its rank letter and suit letter. */
export function parseCard(text) {
  const match = /^(10|[2-9AaTtJjQqKk])([cdhsCDHS])$/.exec(String(text));
  if (!match) throw new Error(`'${text}' is not a card`);
  const rank = match[1] === "10" ? "T" : match[1].toUpperCase();
  return { rank, suit: match[2].toLowerCase() };
}

/** The rank as printed on a card or a tile: "10" for "T", else the letter or digit. */
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

/** Whether a card is red (hearts and diamonds). */
export function isRed(text) {
  const { suit } = parseCard(text);
  return suit === "h" || suit === "d";
}

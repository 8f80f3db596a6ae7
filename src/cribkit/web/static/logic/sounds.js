// Which sounds a state calls for, without the DOM or the audio: a card laid, points pegged, a
// go, and the end of the game (a win, or a softer sound for a loss). sound.js plays them.

/** Every sound there is, in the order a state's sounds are played. */
export const SOUNDS = ["card", "go", "points", "win", "loss"];

/** Events that lay, place or turn a card (or lay tiles): the table hears a card put down. */
const CARD_EVENTS = new Set(["peg", "play", "place", "discard", "starter", "turn_up", "exchange"]);
/** A player who cannot go on: a go in cribbage, a pass in Tiles. */
const GO_EVENTS = new Set(["say_go", "pass"]);
/** The events a game ends with (`win`: classic, Table Top, Tiles; `end`: Solitaire, Tiles). */
const END_EVENTS = new Set(["win", "end"]);

/**
 * Whether the end of a game is a win for this screen: a Solitaire past the skunk line, a
 * result whose winners include one of the screen's seats (partners and a shared win count), or
 * a spectator's end of game (nobody at the screen lost).
 */
export function endSound(result, { humans = [], watching = false } = {}) {
  if (result.rating !== undefined) return result.rating === "great" || result.rating === "good" ? "win" : "loss";
  if (watching) return "win";
  const winners = result.winners || (result.winner !== undefined ? [result.winner] : []);
  return winners.some((seat) => humans.includes(seat)) ? "win" : "loss";
}

/**
 * The sounds for a state drawn with its new events (none for a state drawn again, which has
 * none): each at most once, in the order of SOUNDS. The end of the game sounds only with the
 * event that ends it, and an abandoned game ends with no sound.
 *
 * >>> soundsFor({}, [{type: "peg", points: 2}, {type: "peg", points: 0}])
 * ["card", "points"]
 */
export function soundsFor(message, newEvents, { humans = [], watching = false } = {}) {
  const heard = new Set();
  for (const event of newEvents || []) {
    if (CARD_EVENTS.has(event.type)) heard.add("card");
    if (GO_EVENTS.has(event.type)) heard.add("go");
    if (END_EVENTS.has(event.type)) {
      if (message.result && !message.result.abandoned) heard.add(endSound(message.result, { humans, watching }));
    } else if (typeof event.points === "number" && event.points > 0) heard.add("points");
  }
  // The end of the game says it all: the last points are heard in it.
  if (heard.has("win") || heard.has("loss")) heard.delete("points");
  return SOUNDS.filter((name) => heard.has(name));
}

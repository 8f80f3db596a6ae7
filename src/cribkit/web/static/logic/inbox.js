// What a player's pages are told wherever they are (challenges, a quick-play partner found), in
// words and as a list kept up to date. No DOM.
import { POOL_NAMES } from "./profile.js";

/** The games by their specs as players name them (the pools' first, then the game's name). */
const GAME_NAMES = { classic: "Classic cribbage", tabletop: "Table Top", tiles: "Cribbage Tiles" };

/** A game's spec ("classic:target=61") in words. */
export function gameWords(spec) {
  const [game, options = ""] = String(spec || "").split(":");
  if (game === "classic" && options === "target=61") return POOL_NAMES["classic-61"];
  if (game === "classic" && options === "") return POOL_NAMES.classic;
  const name = GAME_NAMES[game] || game;
  return options ? `${name} (${options.replaceAll(",", ", ").replaceAll("=", " ")})` : name;
}

/** A pool's game in words, with the match it is played as: "Classic to 121, best of 3". */
export function poolWords(pool) {
  const name = POOL_NAMES[pool.pool] || pool.pool;
  return pool.best_of > 1 ? `${name}, best of ${pool.best_of}` : name;
}

/** Seconds waited as a clock shows them: "0:07", "1:30". */
export function waitedText(seconds) {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** What a challenge to you says. */
export function challengeText(challenge) {
  const rated = challenge.rated ? ", rated" : "";
  return `${challenge.from} challenges you: ${gameWords(challenge.spec)}${rated}`;
}

/**
 * The challenges to you once `message` (of the inbox socket) is heard: a new one first (once
 * each), one taken, declined or cancelled gone.
 */
export function challengesAfter(challenges, message) {
  if (message.kind === "challenge") {
    const others = challenges.filter((c) => c.code !== message.code);
    return [{ code: message.code, from: message.from, spec: message.spec, rated: message.rated }, ...others];
  }
  if (message.kind === "gone") return challenges.filter((c) => c.code !== message.code);
  return challenges;
}

/** The body of a new game of `spec` ("classic:target=61") against the computer at `level`. */
export function computerGame(spec, level) {
  const [game, optionText = ""] = String(spec).split(":");
  const options = {};
  for (const item of optionText.split(",").filter(Boolean)) {
    const [key, value] = item.split("=");
    options[key] = /^\d+$/.test(value) ? Number(value) : value;
  }
  return { game, options, ai: level };
}

/** The inbox socket's address on the page's own server. */
export function inboxSocketUrl({ protocol, host }) {
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/ws/inbox`;
}

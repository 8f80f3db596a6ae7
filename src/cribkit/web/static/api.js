// The JSON API of the server (docs/web.md).
import { storeTokens } from "./storage.js";

/** A call that got no answer from the server (it is down, or the network is): worth trying again. */
export class Unreachable extends Error {}

/** The answers of a proxy in front of a server that is down or does not answer it. */
const GATEWAY_ERRORS = new Set([502, 504]);

/**
 * Call the JSON API; an error answer raises an Error with the server's message, no answer at all
 * an Unreachable.
 */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  let response;
  let text;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } catch {
    throw new Unreachable("the server cannot be reached");
  }
  if (GATEWAY_ERRORS.has(response.status)) throw new Unreachable("the server cannot be reached");
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw new Error(errorMessage(data) || `${method} ${path}: ${response.status}`);
  return data;
}

/** The message of an error answer: the API's `message`, or FastAPI's `detail`. */
export function errorMessage(data) {
  if (!data) return null;
  if (data.message) return data.message;
  if (data.detail === undefined) return null;
  return typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail);
}

/** The link that downloads a finished game's record: its address and its file name. */
export function recordLink(game, gameId) {
  return { href: `/api/games/${encodeURIComponent(gameId)}/record`, download: `cribkit-${game}-${gameId}.json` };
}

/** Start a new game (`POST /api/games` with `body`), keep its seats' tokens and go to its page. */
export async function openNewGame(body) {
  const answer = await api("POST", "/api/games", body);
  storeTokens(answer.id, answer.tokens);
  location.hash = `#/game/${encodeURIComponent(answer.id)}`;
}

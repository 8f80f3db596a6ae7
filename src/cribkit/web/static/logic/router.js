// The page's routes: "#/" the lobby, "#/game/ID", "#/replay/ID" or "#/replay/upload", "#/review/ID", "#/stats",
// "#/account", "#/player/NAME", "#/puzzle" or "#/puzzle/ID",
// "#/join/CODE" (an invitation), "#/watch/ID/CODE" (a spectator's table), "#/link/CODE" (the
// account page, signing this device in by the code another device shows) and "#/event/ID[/CODE]"
// (an event, with its registration's code when the director shared it). No DOM.

const PAGES = new Set(["game", "replay", "review", "join", "player"]);

function decodeOr(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The page a location hash names and its argument: {page: "game", argument: "abc"}; a
 * spectator's page has the watch code too: {page: "watch", argument: "abc", code: "xyz"}.
 */
export function parseRoute(hash) {
  const [name, argument, code] = String(hash || "")
    .replace(/^#\/?/, "")
    .split("/");
  const decoded = argument ? decodeOr(argument) : null;
  if (name === "stats") return { page: "stats", argument: null };
  if (name === "account") return { page: "account", argument: null };
  if (name === "link" && decoded) return { page: "account", argument: decoded };
  if (name === "puzzle") return { page: "puzzle", argument: decoded };
  if (name === "watch" && decoded && code) return { page: "watch", argument: decoded, code: decodeOr(code) };
  if (name === "event" && decoded) return { page: "event", argument: decoded, code: code ? decodeOr(code) : null };
  if (PAGES.has(name) && decoded) return { page: name, argument: decoded };
  return { page: "lobby", argument: null };
}

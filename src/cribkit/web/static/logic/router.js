// The page's routes: "#/" the lobby, "#/game/ID", "#/replay/ID" or "#/replay/upload", "#/stats". No DOM.

const PAGES = new Set(["game", "replay", "stats"]);

function decodeOr(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The page a location hash names and its argument: {page: "game", argument: "abc"}. */
export function parseRoute(hash) {
  const [name, argument] = String(hash || "")
    .replace(/^#\/?/, "")
    .split("/");
  const decoded = argument ? decodeOr(argument) : null;
  if (name === "stats") return { page: "stats", argument: null };
  if (PAGES.has(name) && decoded) return { page: name, argument: decoded };
  return { page: "lobby", argument: null };
}

// The JSON API of the server (docs/web.md).

/** Call the JSON API; an error answer raises an Error with the server's message. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
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

// What the browser keeps: each game's seat tokens and the deal commitment it was first shown (local
// storage), and the record last opened in the replay viewer from a file (session storage).

const tokensKey = (gameId) => `cribkit:tokens:${gameId}`;
const UPLOAD_KEY = "cribkit:replay:upload";

/** The seat tokens kept for a game ({"0": token, ...}), or null. */
export function storedTokens(gameId) {
  try {
    return JSON.parse(localStorage.getItem(tokensKey(gameId)) || "null");
  } catch {
    return null;
  }
}

export function storeTokens(gameId, tokens) {
  localStorage.setItem(tokensKey(gameId), JSON.stringify(tokens));
}

/** Keep an uploaded record (its text) and its replay, for the viewer at #/replay/upload. */
export function keepUpload(record, replay) {
  sessionStorage.setItem(UPLOAD_KEY, JSON.stringify({ record, replay }));
}

/** The uploaded record and its replay, or null. */
export function uploaded() {
  try {
    const kept = JSON.parse(sessionStorage.getItem(UPLOAD_KEY) || "null");
    return kept && kept.replay ? kept : null;
  } catch {
    return null;
  }
}

const commitmentKey = (gameId) => `cribkit:commitment:${gameId}`;

/** The deal commitment this browser was first shown for a game (hex), or null. */
export function storedCommitment(gameId) {
  try {
    return localStorage.getItem(commitmentKey(gameId));
  } catch {
    return null;
  }
}

export function storeCommitment(gameId, commitment) {
  try {
    localStorage.setItem(commitmentKey(gameId), commitment);
  } catch {
    // A browser that keeps nothing: the page still holds it while it is open.
  }
}

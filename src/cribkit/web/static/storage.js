// What the browser keeps: each game's seat tokens and the deal commitment it was first shown (local
// storage), and the record last opened in the replay viewer from a file (session storage).

const tokensKey = (gameId) => `cribkit:tokens:${gameId}`;
const UPLOAD_KEY = "cribkit:replay:upload";

/** The text kept under `key`, or null (none kept, or a browser that refuses its storage). */
function readKept(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keep `text` under `key`; a browser that keeps nothing (storage full or refused) keeps nothing. */
function keep(key, text) {
  try {
    localStorage.setItem(key, text);
  } catch {
    // The page still holds what it needs while it is open.
  }
}

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
  return readKept(commitmentKey(gameId));
}

export function storeCommitment(gameId, commitment) {
  keep(commitmentKey(gameId), commitment);
}

const hostKey = (gameId) => `cribkit:host:${gameId}`;
const CURRENT_KEY = "cribkit:current";

/** Remember that this browser made a table (its host may cancel the invitations). */
export function storeHost(gameId) {
  // (where nothing can be kept the cancel buttons are not shown after a reload)
  keep(hostKey(gameId), "1");
}

export function isHost(gameId) {
  return readKept(hostKey(gameId)) === "1";
}

/** The table of people this browser plays at (reopened on the next visit), or null. */
export function currentTable() {
  return readKept(CURRENT_KEY);
}

export function storeCurrentTable(gameId) {
  // (where nothing can be kept the lobby lists the game to resume)
  keep(CURRENT_KEY, gameId);
}

/** Forget the table being played (it is over, or it cannot be resumed); only `gameId`'s. */
export function forgetCurrentTable(gameId) {
  try {
    if (localStorage.getItem(CURRENT_KEY) === gameId) localStorage.removeItem(CURRENT_KEY);
  } catch {
    // Nothing was kept.
  }
}

const PUZZLES_KEY = "cribkit:puzzles";

/** The text of this browser's puzzle history (its streaks and daily deals), or null. */
export function storedPuzzles() {
  return readKept(PUZZLES_KEY);
}

export function storePuzzles(history) {
  // (where nothing can be kept the streak is lost; the page still works)
  keep(PUZZLES_KEY, JSON.stringify(history));
}

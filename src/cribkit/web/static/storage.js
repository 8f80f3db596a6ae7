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

const hostKey = (gameId) => `cribkit:host:${gameId}`;
const CURRENT_KEY = "cribkit:current";

/** Remember that this browser made a table (its host may cancel the invitations). */
export function storeHost(gameId) {
  try {
    localStorage.setItem(hostKey(gameId), "1");
  } catch {
    // Nothing kept: the cancel buttons are not shown after a reload.
  }
}

export function isHost(gameId) {
  try {
    return localStorage.getItem(hostKey(gameId)) === "1";
  } catch {
    return false;
  }
}

/** The table of people this browser plays at (reopened on the next visit), or null. */
export function currentTable() {
  try {
    return localStorage.getItem(CURRENT_KEY);
  } catch {
    return null;
  }
}

export function storeCurrentTable(gameId) {
  try {
    localStorage.setItem(CURRENT_KEY, gameId);
  } catch {
    // A browser that keeps nothing: the lobby lists the game to resume.
  }
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
  try {
    return localStorage.getItem(PUZZLES_KEY);
  } catch {
    return null;
  }
}

export function storePuzzles(history) {
  try {
    localStorage.setItem(PUZZLES_KEY, JSON.stringify(history));
  } catch {
    // (storage full or refused: the streak is not kept, the page still works)
  }
}

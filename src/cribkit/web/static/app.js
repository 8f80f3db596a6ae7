// cribkit in the browser: the router. "#/" the lobby, "#/game/ID", "#/replay/ID" or
// "#/replay/upload", "#/review/ID", "#/stats", "#/account", "#/player/NAME",
// "#/puzzle[/ID]", "#/join/CODE" (an invitation),
// "#/watch/ID/CODE" (a spectator), "#/event/ID[/CODE]" (a club night or a tournament).
import { AccountPage } from "./account.js";
import { api, Unreachable } from "./api.js";
import { EventPage } from "./event.js";
import { GamePage } from "./game.js";
import { inbox } from "./inbox.js";
import { clientUpdated, registerWorker } from "./install.js";
import { JoinPage } from "./join.js";
import { LobbyPage } from "./lobby.js";
import { parseRoute } from "./logic/router.js";
import { PlayerPage } from "./player.js";
import { PuzzlePage } from "./puzzle.js";
import { ReplayPage } from "./replay.js";
import { ReviewPage } from "./review.js";
import { StatsPage } from "./stats.js";
import { applySettings } from "./settings.js";
import { currentTable, forgetCurrentTable, storeTokens } from "./storage.js";
import { WatchPage } from "./watch.js";
import { settingsControl } from "./widgets/settings.js";

const PAGES = {
  lobby: LobbyPage,
  game: GamePage,
  replay: ReplayPage,
  review: ReviewPage,
  stats: StatsPage,
  account: AccountPage,
  player: PlayerPage,
  puzzle: PuzzlePage,
  join: JoinPage,
  watch: WatchPage,
  event: EventPage,
};
const root = document.getElementById("app");
let page = null;

function route() {
  // A newer client is kept: the next page is drawn by it (never a page in the middle of a game).
  if (clientUpdated()) {
    location.reload();
    return;
  }
  if (page && page.stop) page.stop();
  const { page: name, argument, code } = parseRoute(location.hash);
  document.title = "cribkit";
  const current = name === "lobby" ? "#/" : `#/${name}`;
  for (const link of document.querySelectorAll("nav a"))
    link.classList.toggle("current", link.getAttribute("href") === current);
  page = new PAGES[name](root, argument, code);
  for (const key of ["seq", "seat", "myTurn", "offline"]) delete root.dataset[key];
  root.dataset.page = name;
  page.start();
}

/**
 * The site opened afresh (no page named): back to the table of people this browser was playing
 * at, if it is still being played (its seat tokens from the server, as the player's session has them).
 */
async function reopen() {
  const gameId = currentTable();
  // (only a bare address: "#/", the lobby asked for, stays the lobby)
  if (!gameId || (location.hash !== "" && location.hash !== "#")) return false;
  try {
    const answer = await api("GET", `/api/games/${encodeURIComponent(gameId)}/resume`);
    storeTokens(gameId, answer.tokens);
  } catch (error) {
    // (with the server down the table is not forgotten: the lobby waits for it, says so)
    if (!(error instanceof Unreachable)) forgetCurrentTable(gameId);
    return false;
  }
  location.hash = `#/game/${encodeURIComponent(gameId)}`;
  return true;
}

// For the browser tests and the curious: the page being shown (its connections, its view).
window.cribkitPage = () => page;
applySettings();
registerWorker();
document.querySelector(".site-head").append(settingsControl());
inbox.mount();
window.addEventListener("hashchange", route);
reopen().then((moved) => {
  if (!moved) route();
});

// cribkit in the browser: the router. "#/" the lobby, "#/game/ID", "#/replay/ID" or
// "#/replay/upload", "#/stats".
import { GamePage } from "./game.js";
import { LobbyPage } from "./lobby.js";
import { parseRoute } from "./logic/router.js";
import { ReplayPage } from "./replay.js";
import { StatsPage } from "./stats.js";

const PAGES = { lobby: LobbyPage, game: GamePage, replay: ReplayPage, stats: StatsPage };
const root = document.getElementById("app");
let page = null;

function route() {
  if (page && page.stop) page.stop();
  const { page: name, argument } = parseRoute(location.hash);
  document.title = "cribkit";
  const current = name === "lobby" ? "#/" : `#/${name}`;
  for (const link of document.querySelectorAll("nav a"))
    link.classList.toggle("current", link.getAttribute("href") === current);
  page = new PAGES[name](root, argument);
  for (const key of ["seq", "seat", "myTurn"]) delete root.dataset[key];
  root.dataset.page = name;
  page.start();
}

// For the browser tests and the curious: the page being shown (its connections, its view).
window.cribkitPage = () => page;
window.addEventListener("hashchange", route);
route();

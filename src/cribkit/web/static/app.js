// cribkit in the browser: the router and the lobby.
import { api, clear, GAME_TITLES, h } from "./dom.js";
import { GamePage, storeTokens } from "./game.js";
import { ReplayPage, UPLOAD_KEY } from "./replay.js";
import { StatsPage } from "./stats.js";
import { cardSvg, tileSvg } from "./cards.js";

const root = document.getElementById("app");
let page = null;

const GAME_ICONS = {
  classic: () => [cardSvg("5h", { small: true }), cardSvg("Js", { small: true })],
  tabletop: () => [cardSvg("7c", { small: true }), cardSvg("8d", { small: true })],
  tiles: () => [tileSvg("5d"), tileSvg("Tl")],
  solitaire: () => [cardSvg("Ad", { small: true }), cardSvg("Kc", { small: true })],
};

const ORDER = ["classic", "tabletop", "tiles", "solitaire"];
const HOW_IT_PLAYS = {
  classic: "Lay away to the crib, peg to 31, count the show. First to the target wins.",
  tabletop: "Place each turned card on the 5x5 grid: you score the rows, the other side the columns.",
  tiles: "Build crib hands crossword-style: fifteens, pairs and runs across and down.",
  solitaire: "Six rounds from one deck: keep four, lay two away to your own crib. 91 passes the skunk line, 121 is great.",
};
const gameOrder = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

function optionControl(game, option) {
  const id = `opt-${game}-${option.name}`;
  const choices = option.choices || [];
  const boolean = (choices.length === 2 && choices.every((c) => typeof c === "boolean")) || (typeof option.default === "boolean" && !choices.length);
  let control;
  if (boolean) {
    control = h("input", { type: "checkbox", id, "data-testid": `option-${game}-${option.name}`, checked: Boolean(option.default), "data-kind": "boolean" });
  } else if (choices.length) {
    control = h("select", { id, "data-testid": `option-${game}-${option.name}` },
      choices.map((choice) => h("option", { value: JSON.stringify(choice), selected: choice === option.default }, String(choice))));
  } else {
    control = h("input", { type: typeof option.default === "number" ? "number" : "text", id, "data-testid": `option-${game}-${option.name}`, value: option.default ?? "", "data-kind": typeof option.default });
  }
  control.dataset.option = option.name;
  return h("label", { class: `option${boolean ? " check" : ""}`, for: id, title: option.help || "" },
    boolean ? [control, h("span", {}, option.name.replace(/_/g, " "))] : [h("span", {}, option.name.replace(/_/g, " ")), control]);
}

function readOptions(form) {
  const options = {};
  for (const control of form.querySelectorAll("[data-option]")) {
    const name = control.dataset.option;
    if (control.type === "checkbox") options[name] = control.checked;
    else if (control.tagName === "SELECT") options[name] = JSON.parse(control.value);
    else if (control.dataset.kind === "number") options[name] = Number(control.value);
    else options[name] = control.value;
  }
  return options;
}

class LobbyPage {
  constructor(target) {
    this.root = target;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Setting up the table\u2026"));
    let games = [];
    let saved = [];
    try {
      [games, saved] = await Promise.all([api("GET", "/api/games"), api("GET", "/api/games/saved").catch(() => [])]);
    } catch (error) {
      if (this.stopped) return;
      clear(this.root).append(h("p", { class: "error-line", "data-testid": "error" }, `The server did not answer: ${error.message}`));
      return;
    }
    // The player may have left for another page while the lobby was loading.
    if (this.stopped) return;
    this.message = h("p", { class: "error-line", "data-testid": "lobby-error", role: "alert", hidden: true });
    clear(this.root).append(
      h("section", { class: "hero" }, h("h2", {}, "Pick a game"),
        h("p", {}, "Four cribbage games against the computer, or two players at one screen.")),
      this.message,
      h("div", { class: "game-cards" }, [...games].sort((a, b) => gameOrder(a.name) - gameOrder(b.name)).map((game) => this.gameCard(game))),
      this.savedSection(saved),
      this.uploadSection());
  }

  stop() {
    this.stopped = true;
  }

  gameCard(game) {
    const levels = game.levels || [];
    const form = h("form", { class: "game-card panel", "data-testid": `game-${game.name}`, onsubmit: (event) => { event.preventDefault(); this.startGame(game, form); } },
      h("div", { class: "card-head" }, h("div", { class: "icons" }, (GAME_ICONS[game.name] || (() => []))()),
        h("div", {}, h("h3", {}, GAME_TITLES[game.name] || game.name), h("p", { class: "summary" }, game.summary || ""))),
      HOW_IT_PLAYS[game.name] ? h("p", { class: "how" }, HOW_IT_PLAYS[game.name]) : null,
      h("div", { class: "options" },
        game.hotseat ? h("label", { class: "option" }, h("span", {}, "opponent"),
          h("select", { "data-testid": `mode-${game.name}`, name: "mode", onchange: (e) => { form.querySelector("[name=ai]")?.closest("label")?.toggleAttribute("hidden", e.target.value === "hotseat"); } },
            h("option", { value: "ai" }, "the computer"), h("option", { value: "hotseat" }, "a friend at this screen"))) : null,
        levels.length && game.name !== "solitaire" ? h("label", { class: "option" }, h("span", {}, "computer level"),
          h("select", { "data-testid": `level-${game.name}`, name: "ai" }, levels.map((level) => h("option", { value: level, selected: level === "medium" }, level)))) : null,
        (game.options || []).map((option) => optionControl(game.name, option))),
      h("button", { type: "submit", class: "primary", "data-testid": `start-${game.name}` }, "Start"));
    return form;
  }

  async startGame(game, form) {
    const body = { game: game.name, options: readOptions(form) };
    const ai = form.querySelector("[name=ai]");
    const mode = form.querySelector("[name=mode]");
    body.mode = mode ? mode.value : "ai";
    if (ai) body.ai = ai.value;
    try {
      const answer = await api("POST", "/api/games", body);
      storeTokens(answer.id, answer.tokens);
      location.hash = `#/game/${encodeURIComponent(answer.id)}`;
    } catch (error) {
      this.message.textContent = `Cannot start: ${error.message}`;
      this.message.hidden = false;
    }
  }

  savedSection(saved) {
    const unfinished = saved.filter((game) => game.status !== "finished");
    const finished = saved.filter((game) => game.status === "finished");
    // The server's times are seconds since 1970 (or ISO text).
    const when = (value) => {
      if (value === null || value === undefined || value === "") return "";
      const date = typeof value === "number" ? new Date(value < 1e12 ? value * 1000 : value) : new Date(value);
      return Number.isNaN(date.getTime()) ? String(value) : date.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
    };
    const row = (game) => h("li", { class: "saved-game", "data-testid": "saved-game", "data-game-id": game.id, "data-status": game.status },
      h("span", { class: "saved-title" }, `${GAME_TITLES[game.game] || game.game}`),
      h("span", { class: "muted" }, `${game.mode === "hotseat" ? "hot-seat" : `vs ${game.ai || "computer"}`} \u00b7 ${(game.scores || []).join("\u2013")} \u00b7 ${when(game.updated)}`),
      h("span", { class: "saved-actions" }, game.status === "finished"
        ? [h("a", { class: "button small", href: `/api/games/${encodeURIComponent(game.id)}/record`, download: `cribkit-${game.game}-${game.id}.json`, "data-action": "download" }, "Record"),
          h("a", { class: "button small", href: `#/replay/${encodeURIComponent(game.id)}`, "data-action": "replay" }, "Replay")]
        : h("button", { type: "button", class: "small primary", "data-action": "resume", onclick: () => this.resume(game.id) }, "Resume")));
    return h("section", { class: "panel saved", "data-testid": "saved-games" },
      h("div", { class: "panel-head" }, h("h3", {}, "Your games"), h("a", { class: "button subtle", href: "#/stats", "data-testid": "stats-link" }, "Statistics")),
      unfinished.length ? [h("h4", {}, "Unfinished"), h("ul", { class: "saved-list", "data-testid": "unfinished" }, unfinished.map(row))] : h("p", { class: "muted" }, "No unfinished games."),
      finished.length ? [h("h4", {}, "Finished"), h("ul", { class: "saved-list", "data-testid": "finished" }, finished.slice(0, 20).map(row))] : null);
  }

  async resume(id) {
    try {
      const answer = await api("GET", `/api/games/${encodeURIComponent(id)}/resume`);
      storeTokens(id, answer.tokens);
      location.hash = `#/game/${encodeURIComponent(id)}`;
    } catch (error) {
      this.message.textContent = `Cannot resume: ${error.message}`;
      this.message.hidden = false;
    }
  }

  uploadSection() {
    const input = h("input", { type: "file", accept: ".json,application/json", "data-testid": "upload-record", "aria-label": "a game record" });
    const status = h("p", { class: "error-line", "data-testid": "upload-error", hidden: true });
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      try {
        const text = await file.text();
        const replay = await api("POST", "/api/replay", text);
        sessionStorage.setItem(UPLOAD_KEY, JSON.stringify(replay));
        location.hash = "#/replay/upload";
      } catch (error) {
        status.textContent = `That record cannot be replayed: ${error.message}`;
        status.hidden = false;
      }
    });
    return h("section", { class: "panel" }, h("h3", {}, "Watch a record"),
      h("p", { class: "muted" }, "Open a game record (JSON, as downloaded here or written by cribkit) in the replay viewer."), input, status);
  }
}

function route() {
  if (page && page.stop) page.stop();
  const hash = location.hash.replace(/^#\/?/, "");
  const [name, argument] = hash.split("/");
  document.title = "cribkit";
  for (const link of document.querySelectorAll("nav a")) link.classList.toggle("current", link.getAttribute("href") === `#/${name || ""}`);
  if (name === "game" && argument) page = new GamePage(root, decodeURIComponent(argument));
  else if (name === "replay" && argument) page = new ReplayPage(root, decodeURIComponent(argument));
  else if (name === "stats") page = new StatsPage(root);
  else page = new LobbyPage(root);
  for (const key of ["seq", "seat", "myTurn"]) delete root.dataset[key];
  root.dataset.page = name || "lobby";
  page.start();
}

// For the browser tests and the curious: the page being shown (its connections, its view).
window.cribkitPage = () => page;
window.addEventListener("hashchange", route);
route();

// The lobby: the games to start with their options, the ways to a table of people (a code, the
// public tables, a new table), the public club nights and tournaments, the saved games to
// resume, abandon or replay, and a record to open in the replay viewer.
import { api, openNewGame, recordLink } from "./api.js";
import { clear, h } from "./dom.js";
import { PublicEvents } from "./eventlist.js";
import {
  HOW_IT_PLAYS,
  isOver,
  isPractice,
  localDay,
  PRACTICE_NOTE,
  savedLine,
  serverDate,
  shownUnfinished,
  sortGames,
  splitSaved,
  typedSeed,
} from "./logic/lobby.js";
import { dailyBody } from "./logic/daily.js";
import { gameTitle } from "./logic/words.js";
import { NewTableForm } from "./newtable.js";
import { quickPlaySection } from "./quickplay.js";
import { unlessUnreachable, untilReachable } from "./reach.js";
import { keepUpload, storeTokens } from "./storage.js";
import { joinByCode, PublicTables } from "./tablelist.js";
import { cardSvg } from "./widgets/cards.js";
import { optionControl, readOptions } from "./widgets/options.js";
import { tileSvg } from "./widgets/tiles.js";

/** A phone's width: the lobby folds each game's rules options there (see rulesFold). */
const NARROW = window.matchMedia("(max-width: 560px)");

const GAME_ICONS = {
  classic: () => [cardSvg("5h", { small: true }), cardSvg("Js", { small: true })],
  tabletop: () => [cardSvg("7c", { small: true }), cardSvg("8d", { small: true })],
  tiles: () => [tileSvg("5d"), tileSvg("Tl")],
  solitaire: () => [cardSvg("Ad", { small: true }), cardSvg("Kc", { small: true })],
};

/** A time of the server as the browser writes dates, or as it came when it is no date. */
function when(value) {
  const date = serverDate(value);
  if (date) return date.toLocaleString([], { dateStyle: "medium", timeStyle: "short" });
  return value === null || value === undefined ? "" : String(value);
}

const DAILY_CLASSIC =
  "Today's deal (your date) against the expert, the same for everyone: " +
  "your result beside the expert's on the same cards";

export class LobbyPage {
  constructor(root) {
    this.root = root;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Setting up the table\u2026"));
    let games = [];
    let saved = [];
    let me = null;
    try {
      [me, games, saved] = await untilReachable(this, async () => [
        // The player (the session) first: a new browser gets its cookie before listing its games.
        await api("GET", "/api/me").catch(unlessUnreachable(null)),
        ...(await Promise.all([api("GET", "/api/games"), api("GET", "/api/games/saved").catch(unlessUnreachable([]))])),
      ]);
    } catch (error) {
      if (this.stopped) return;
      clear(this.root).append(
        h("p", { class: "error-line", "data-testid": "error" }, `The server did not answer: ${error.message}`),
      );
      return;
    }
    // The player may have left for another page while the lobby was loading.
    if (this.stopped) return;
    this.message = h("p", { class: "error-line", "data-testid": "lobby-error", role: "alert", hidden: true });
    this.newTable = new NewTableForm(sortGames(games));
    this.publicTables = new PublicTables();
    this.publicEvents = new PublicEvents();
    clear(this.root).append(
      h(
        "section",
        { class: "hero" },
        h("h2", {}, "Pick a game"),
        h("p", {}, "Four cribbage games against the computer, two players at one screen, or friends online."),
      ),
      this.playerSection(me),
      quickPlaySection(),
      this.message,
      h("div", { class: "friends-row" }, joinByCode(), this.publicTables.element),
      this.publicEvents.element,
      h(
        "div",
        { class: "game-cards" },
        sortGames(games).map((game) => this.gameCard(game)),
      ),
      this.newTable.element,
      this.savedSection(saved),
      this.uploadSection(),
    );
    this.publicTables.start(games);
    this.publicEvents.start();
  }

  stop() {
    this.stopped = true;
    if (this.publicTables) this.publicTables.stop();
    if (this.publicEvents) this.publicEvents.stop();
  }

  /** Who is playing: the name this browser's player goes by, or a small form to choose one. */
  playerSection(me) {
    const section = h("section", { class: "panel player", "data-testid": "player" });
    const show = (name) => {
      if (name) {
        const change = h("button", { type: "button", class: "small subtle", onclick: () => ask(name) }, "Change");
        clear(section).append(
          h("p", {}, "Playing as ", h("strong", { "data-testid": "player-name" }, name), " "),
          change,
        );
      } else {
        ask("");
      }
    };
    const ask = (current) => {
      const input = h("input", {
        type: "text",
        name: "name",
        maxlength: 24,
        required: true,
        value: current,
        "data-testid": "name-input",
        "aria-label": "your name",
      });
      const status = h("span", { class: "error-line", "data-testid": "name-error", hidden: true });
      const save = async (event) => {
        event.preventDefault();
        try {
          const answer = await api("POST", "/api/me", { name: input.value });
          show(answer.name);
        } catch (error) {
          status.textContent = error.message;
          status.hidden = false;
        }
      };
      clear(section).append(
        h(
          "form",
          { class: "name-form", "data-testid": "name-form", onsubmit: save },
          h("label", {}, h("span", {}, "What should we call you? "), input),
          h("button", { type: "submit", class: "small primary", "data-testid": "name-save" }, "Save"),
          status,
        ),
      );
    };
    show(me && me.name);
    return section;
  }

  /** A game's rules options (`controls`), folded under "Rules and options" but on a wide screen. */
  rulesFold(game, ...controls) {
    if (!controls.flat().filter(Boolean).length) return null;
    return h(
      "details",
      { class: "rules-fold", "data-testid": `options-${game.name}`, open: !NARROW.matches },
      h("summary", {}, "Rules and options"),
      h("div", { class: "options" }, controls),
    );
  }

  gameCard(game) {
    const levels = game.levels || [];
    const start = (event) => {
      event.preventDefault();
      this.startGame(game, form);
    };
    // Against a friend at this screen there is no computer level to choose.
    const toggleLevel = (event) => {
      const level = form.querySelector("[name=ai]")?.closest("label");
      level?.toggleAttribute("hidden", event.target.value === "hotseat");
    };
    const mode = game.hotseat
      ? h(
          "label",
          { class: "option" },
          h("span", {}, "opponent"),
          h(
            "select",
            { "data-testid": `mode-${game.name}`, name: "mode", onchange: toggleLevel },
            h("option", { value: "ai" }, "the computer"),
            h("option", { value: "hotseat" }, "a friend at this screen"),
          ),
        )
      : null;
    const level =
      levels.length && game.name !== "solitaire"
        ? h(
            "label",
            { class: "option" },
            h("span", {}, "computer level"),
            h(
              "select",
              { "data-testid": `level-${game.name}`, name: "ai" },
              levels.map((name) => h("option", { value: name, selected: name === "medium" }, name)),
            ),
          )
        : null;
    const form = h(
      "form",
      { class: "game-card panel", "data-testid": `game-${game.name}`, onsubmit: start },
      h(
        "div",
        { class: "card-head" },
        h("div", { class: "icons" }, (GAME_ICONS[game.name] || (() => []))()),
        h("div", {}, h("h3", {}, gameTitle(game.name)), h("p", { class: "summary" }, game.summary || "")),
      ),
      HOW_IT_PLAYS[game.name] ? h("p", { class: "how" }, HOW_IT_PLAYS[game.name]) : null,
      mode || level ? h("div", { class: "options" }, mode, level) : null,
      // The rules' options are folded on a phone (the Start buttons come first), open on a
      // wider screen; the choices stay the same either way.
      this.rulesFold(
        game,
        (game.options || []).map((option) => optionControl(game.name, option)),
        // Solitaire alone may be dealt from a seed the player names (a practice game), as
        // `cribkit solitaire --seed` is; the daily deal is the button below.
        game.name === "solitaire"
          ? h(
              "label",
              { class: "option" },
              h("span", {}, "seed (practice)"),
              h("input", {
                type: "text",
                inputmode: "numeric",
                name: "seed",
                placeholder: "a fair deal",
                "data-testid": "seed-solitaire",
              }),
            )
          : null,
      ),
      h(
        "div",
        { class: "card-buttons" },
        h("button", { type: "submit", class: "primary", "data-testid": `start-${game.name}` }, "Start"),
        game.name === "solitaire"
          ? h(
              "button",
              {
                type: "button",
                "data-action": "daily",
                "data-testid": "daily-solitaire",
                title: "Today's deal (your date), the same for everyone: a practice game",
                onclick: () => this.startGame(game, form, { daily: localDay() }),
              },
              "Daily deal",
            )
          : null,
        game.name === "classic"
          ? h(
              "button",
              {
                type: "button",
                "data-action": "daily",
                "data-testid": "daily-classic",
                title: DAILY_CLASSIC,
                onclick: () => this.post(dailyBody(localDay())),
              },
              "Daily deal",
            )
          : null,
        game.seats && game.seats.max > 1
          ? h(
              "button",
              {
                type: "button",
                class: "subtle",
                "data-action": "with-friends",
                "data-testid": `friends-${game.name}`,
                onclick: () => this.newTable.show(game.name),
              },
              "With friends\u2026",
            )
          : null,
      ),
    );
    return form;
  }

  async startGame(game, form, extra = {}) {
    const body = { game: game.name, options: readOptions(form), ...extra };
    const seedField = form.querySelector("[name=seed]");
    const seed = extra.daily ? null : typedSeed(seedField?.value);
    if (seed === undefined) {
      this.fail("A seed is a whole number, such as 7 (or leave it empty for a fair deal).");
      return;
    }
    if (seed !== null) body.seed = seed;
    const ai = form.querySelector("[name=ai]");
    const mode = form.querySelector("[name=mode]");
    body.mode = mode ? mode.value : "ai";
    if (ai) body.ai = ai.value;
    await this.post(body);
  }

  /** Ask for a new game (`POST /api/games`) and go to it. */
  async post(body) {
    try {
      await openNewGame(body);
    } catch (error) {
      this.fail(`Cannot start: ${error.message}`);
    }
  }

  fail(text) {
    this.message.textContent = text;
    this.message.hidden = false;
  }

  /** The player's games: the unfinished ones (the newest few, or all) to resume or abandon, those over to replay. */
  savedSection(saved) {
    this.saved = saved;
    this.allUnfinished = false;
    this.savedPanel = h("section", { class: "panel saved", "data-testid": "saved-games" });
    this.drawSaved();
    return this.savedPanel;
  }

  drawSaved() {
    const { unfinished, finished } = splitSaved(this.saved);
    const { shown, more } = shownUnfinished(unfinished, this.allUnfinished);
    const showAll = () => {
      this.allUnfinished = true;
      this.drawSaved();
    };
    const parts = [
      h(
        "div",
        { class: "panel-head" },
        h("h3", {}, "Your games"),
        h("a", { class: "button subtle", href: "#/stats", "data-testid": "stats-link" }, "Statistics"),
        h("a", { class: "button subtle", href: "#/puzzle", "data-testid": "puzzle-link" }, "Puzzle of the day"),
      ),
      unfinished.length
        ? [
            h("h4", {}, `Unfinished (${unfinished.length})`),
            h(
              "ul",
              { class: "saved-list", "data-testid": "unfinished" },
              shown.map((game) => this.savedRow(game)),
            ),
            more
              ? h(
                  "button",
                  { type: "button", class: "small subtle", "data-action": "show-all-unfinished", onclick: showAll },
                  `Show ${more} older unfinished game${more === 1 ? "" : "s"}`,
                )
              : null,
          ]
        : h("p", { class: "muted" }, "No unfinished games."),
      finished.length
        ? [
            h("h4", {}, "Finished"),
            h(
              "ul",
              { class: "saved-list", "data-testid": "finished" },
              finished.slice(0, 20).map((game) => this.savedRow(game)),
            ),
          ]
        : null,
    ];
    // (the DOM's own append takes nodes, not the nested lists and nulls h() flattens)
    clear(this.savedPanel).append(...parts.flat().filter(Boolean));
  }

  savedRow(game) {
    const id = encodeURIComponent(game.id);
    const actions = isOver(game)
      ? h(
          "span",
          { class: "saved-actions" },
          h("a", { class: "button small", ...recordLink(game.game, game.id), "data-action": "download" }, "Record"),
          h("a", { class: "button small", href: `#/replay/${id}`, "data-action": "replay" }, "Replay"),
          h("a", { class: "button small", href: `#/review/${id}`, "data-action": "review" }, "Review"),
        )
      : this.unfinishedActions(game);
    return h(
      "li",
      {
        class: "saved-game",
        "data-testid": "saved-game",
        "data-game-id": game.id,
        "data-status": game.status,
        "data-practice": String(isPractice(game)),
      },
      h(
        "span",
        { class: "saved-title" },
        gameTitle(game.game),
        isPractice(game)
          ? [" ", h("span", { class: "tag practice", title: PRACTICE_NOTE, "data-testid": "practice-tag" }, "practice")]
          : null,
        game.status === "abandoned"
          ? [" ", h("span", { class: "tag abandoned", "data-testid": "abandoned-tag" }, "abandoned")]
          : null,
      ),
      h("span", { class: "muted" }, savedLine(game, when(game.updated))),
      actions,
    );
  }

  /** Resume, or abandon after a second click that says what abandoning means. */
  unfinishedActions(game) {
    const box = h("span", { class: "saved-actions" });
    const question =
      game.mode === "table" ? "Resign this game? The others win it." : "Abandon this game for good? It counts as lost.";
    const ask = () =>
      clear(box).append(
        h("span", { class: "confirm-text", "data-testid": "abandon-question" }, question),
        h(
          "button",
          {
            type: "button",
            class: "small danger",
            "data-action": "confirm-abandon",
            onclick: () => this.abandon(game),
          },
          "Abandon",
        ),
        h("button", { type: "button", class: "small subtle", "data-action": "keep", onclick: offer }, "Keep it"),
      );
    const offer = () =>
      clear(box).append(
        h(
          "button",
          { type: "button", class: "small primary", "data-action": "resume", onclick: () => this.resume(game.id) },
          "Resume",
        ),
        h("button", { type: "button", class: "small subtle", "data-action": "abandon", onclick: ask }, "Abandon"),
      );
    offer();
    return box;
  }

  async abandon(game) {
    try {
      const entry = await api("POST", `/api/games/${encodeURIComponent(game.id)}/abandon`, {});
      this.saved = this.saved.map((other) => (other.id === game.id ? entry : other));
      if (!this.stopped) this.drawSaved();
    } catch (error) {
      this.fail(`Cannot abandon: ${error.message}`);
    }
  }

  async resume(id) {
    try {
      const answer = await api("GET", `/api/games/${encodeURIComponent(id)}/resume`);
      storeTokens(id, answer.tokens);
      location.hash = `#/game/${encodeURIComponent(id)}`;
    } catch (error) {
      this.fail(`Cannot resume: ${error.message}`);
    }
  }

  uploadSection() {
    const input = h("input", {
      type: "file",
      accept: ".json,application/json",
      "data-testid": "upload-record",
      "aria-label": "a game record",
    });
    const status = h("p", { class: "error-line", "data-testid": "upload-error", hidden: true });
    input.addEventListener("change", async () => {
      const file = input.files && input.files[0];
      if (!file) return;
      try {
        const text = await file.text();
        const replay = await api("POST", "/api/replay", text);
        keepUpload(text, replay);
        location.hash = "#/replay/upload";
      } catch (error) {
        status.textContent = `That record cannot be replayed: ${error.message}`;
        status.hidden = false;
      }
    });
    return h(
      "section",
      { class: "panel" },
      h("h3", {}, "Watch a record"),
      h(
        "p",
        { class: "muted" },
        "Open a game record (JSON, as downloaded here or written by cribkit) in the replay viewer.",
      ),
      input,
      status,
    );
  }
}

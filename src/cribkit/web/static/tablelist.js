// The lobby's ways to a table of people: "Join with a code" (a join code read out, or an
// invitation link pasted) and the public tables, to join or to watch.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { codeFromInput, tableNamer, tableWords, watchUrl } from "./logic/table.js";
import { gameTitle, plural } from "./logic/words.js";
import { storeCurrentTable, storedTokens, storeTokens } from "./storage.js";

/** The "Join with a code" box: the code is looked up, then its invitation page opened. */
export function joinByCode() {
  const input = h("input", {
    type: "text",
    name: "code",
    placeholder: "7KQ2-M9XD",
    autocomplete: "off",
    autocapitalize: "characters",
    spellcheck: "false",
    "data-testid": "join-code-input",
    "aria-label": "join code or invitation link",
  });
  const status = h("p", { class: "error-line", "data-testid": "join-code-error", role: "alert", hidden: true });
  const say = (text) => {
    status.textContent = text;
    status.hidden = !text;
  };
  const submit = async (event) => {
    event.preventDefault();
    const code = codeFromInput(input.value);
    if (!code) {
      say("A join code has 8 letters and digits, like 7KQ2-M9XD (or paste the whole invitation link).");
      return;
    }
    try {
      await api("GET", `/api/invites/${encodeURIComponent(code)}`);
    } catch (error) {
      say(`That code does not open a table: ${error.message}.`);
      return;
    }
    say("");
    location.hash = `#/join/${encodeURIComponent(code)}`;
  };
  return h(
    "section",
    { class: "panel join-box", "data-testid": "join-by-code" },
    h("h3", {}, "Join with a code"),
    h("p", { class: "muted" }, "A friend read you a code, or sent a link? Type or paste it here."),
    h(
      "form",
      { class: "join-code-form", onsubmit: submit },
      input,
      h("button", { type: "submit", class: "primary", "data-testid": "join-code-button" }, "Join"),
    ),
    status,
  );
}

/** The public tables, to join (a free seat) or to watch; refreshed while the lobby is open. */
export class PublicTables {
  constructor() {
    this.list = h("ul", { class: "public-list", "data-testid": "public-list" });
    this.status = h("p", { class: "error-line", "data-testid": "public-error", role: "alert", hidden: true });
    this.element = h(
      "section",
      { class: "panel public-tables", "data-testid": "public-tables" },
      h(
        "div",
        { class: "panel-head" },
        h("h3", {}, "Public tables"),
        h(
          "button",
          { type: "button", class: "small subtle", "data-action": "refresh-tables", onclick: () => this.load() },
          "Refresh",
        ),
      ),
      this.list,
      this.status,
    );
    this.games = [];
  }

  start(games) {
    this.games = games;
    this.load();
    this.timer = setInterval(() => this.load(), 15_000);
  }

  stop() {
    clearInterval(this.timer);
  }

  async load() {
    let tables;
    try {
      tables = await api("GET", "/api/tables");
    } catch {
      return;
    }
    clear(this.list);
    if (!tables.length)
      this.list.append(
        h("li", { class: "muted" }, "No public table right now: make one below and tick \u201cpublic\u201d."),
      );
    for (const table of tables) this.list.append(this.row(table));
  }

  row(table) {
    const game = this.games.find((g) => g.name === table.game);
    const defaults = Object.fromEntries(((game && game.options) || []).map((o) => [o.name, o.default]));
    const name = tableNamer(table.table);
    const people = table.table.seats
      .filter((s) => s.kind === "person")
      .map((s) => name(s.seat))
      .join(", ");
    const open = (table.open || []).length;
    return h(
      "li",
      { class: "public-table", "data-testid": "public-table", "data-game-id": table.id },
      h(
        "span",
        { class: "public-what" },
        h("strong", {}, tableWords(gameTitle(table.game), table.spec, defaults)),
        h("span", { class: "muted" }, ` \u00b7 ${people || table.host || "someone"}`),
        h("span", { class: "muted" }, open ? ` \u00b7 ${plural(open, "seat")} open` : " \u00b7 full"),
      ),
      h(
        "span",
        { class: "saved-actions" },
        // (a table this browser plays at already: back to it)
        storedTokens(table.id)
          ? h("a", { class: "button small primary", href: `#/game/${encodeURIComponent(table.id)}` }, "Your table")
          : null,
        open && !storedTokens(table.id)
          ? h(
              "button",
              { type: "button", class: "small primary", "data-action": "join-table", onclick: () => this.join(table) },
              "Join",
            )
          : null,
        h(
          "a",
          { class: "button small", href: watchUrl(location, table.id, table.watch), "data-action": "watch-table" },
          "Watch",
        ),
      ),
    );
  }

  async join(table) {
    try {
      const me = await api("GET", "/api/me");
      if (!me.name) {
        this.say("Choose your name first (at the top of the lobby): the table will call you by it.");
        return;
      }
      const answer = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/join`, {});
      storeTokens(answer.id, { [answer.seat]: answer.token });
      storeCurrentTable(answer.id);
      location.hash = `#/game/${encodeURIComponent(answer.id)}`;
    } catch (error) {
      this.say(`Cannot join: ${error.message}`);
      this.load();
    }
  }

  say(text) {
    this.status.textContent = text;
    this.status.hidden = false;
  }
}

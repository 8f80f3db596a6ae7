// The lobby's new table: a game and its rules, a row per seat (you, a friend invited, the
// computer at a level; partners' teams named), a public table, a move clock, a match.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import {
  CLOCKS,
  hasFriend,
  MATCHES,
  newTableBody,
  planProblem,
  SEAT_KINDS,
  seatCounts,
  seatPlan,
  teamsNote,
} from "./logic/table.js";
import { gameTitle } from "./logic/words.js";
import { storeCurrentTable, storeHost, storeTokens } from "./storage.js";
import { optionControl, readOptions } from "./widgets/options.js";

/** The games a table is for: those with more than one seat (Solitaire is played alone). */
function tableGames(games) {
  return games.filter((game) => Math.max(...seatCounts(game)) > 1);
}

/** A list of choices ({value, label}) as a select; `value` JSON in each option. */
function choiceSelect(choices, attrs, selected) {
  return h(
    "select",
    attrs,
    choices.map((choice) =>
      h("option", { value: JSON.stringify(choice.value), selected: choice.value === selected }, choice.label),
    ),
  );
}

export class NewTableForm {
  /** @param {object[]} games the lobby's games (/api/games). */
  constructor(games) {
    this.games = tableGames(games);
    this.rows = [];
    this.game = this.games[0] || null;
    this.optionsBox = h("div", { class: "options nt-options" });
    this.seatsBox = h("div", { class: "seat-rows", "data-testid": "seat-rows" });
    this.teams = h("p", { class: "muted teams-note", "data-testid": "teams-note", hidden: true });
    this.problem = h("p", { class: "error-line", "data-testid": "new-table-error", role: "alert", hidden: true });
    this.match = choiceSelect(MATCHES, { "data-testid": "table-match", name: "match" }, 1);
    this.clock = choiceSelect(CLOCKS, { "data-testid": "table-clock", name: "clock" }, null);
    this.isPublic = h("input", { type: "checkbox", "data-testid": "table-public", name: "public" });
    this.rated = h("input", { type: "checkbox", "data-testid": "table-rated", name: "rated" });
    this.friendOnly = [
      h("label", { class: "option" }, h("span", {}, "move clock"), this.clock),
      h("label", { class: "option check" }, this.isPublic, h("span", {}, "public: anyone may join from the lobby")),
      h(
        "label",
        { class: "option check", title: "You and one friend, both signed in; the standard rules of two players" },
        this.rated,
        h("span", {}, "rated: both players' ratings move"),
      ),
    ];
    this.submit = h("button", { type: "submit", class: "primary", "data-testid": "create-table" }, "Start");
    this.gameSelect = h(
      "select",
      { "data-testid": "table-game", name: "game", onchange: () => this.choose(this.gameSelect.value) },
      this.games.map((game) => h("option", { value: game.name }, gameTitle(game.name))),
    );
    this.element = h(
      "form",
      {
        class: "panel new-table",
        "data-testid": "new-table",
        id: "new-table",
        onsubmit: (event) => this.create(event),
        onchange: (event) => this.changed(event),
      },
      h(
        "div",
        { class: "panel-head" },
        h("h3", {}, "New table"),
        h("span", { class: "muted" }, "friends online, the computer in any seat, a match"),
      ),
      h(
        "div",
        { class: "nt-columns" },
        h(
          "div",
          { class: "nt-rules" },
          h("label", { class: "option" }, h("span", {}, "game"), this.gameSelect),
          this.optionsBox,
        ),
        h("div", { class: "nt-seats" }, h("h4", {}, "Seats"), this.seatsBox, this.teams),
        h(
          "div",
          { class: "nt-settings" },
          h("label", { class: "option" }, h("span", {}, "match"), this.match),
          this.friendOnly,
          this.problem,
          this.submit,
        ),
      ),
    );
    if (this.game) this.choose(this.game.name);
  }

  /** Show a game's rule options and its seats. */
  choose(name) {
    this.game = this.games.find((game) => game.name === name) || this.games[0];
    this.gameSelect.value = this.game.name;
    clear(this.optionsBox).append(
      ...(this.game.options || []).map((option) => optionControl(this.game.name, option, "table-option")),
    );
    this.replan();
  }

  /** The options set now. */
  options() {
    return readOptions(this.optionsBox);
  }

  /** The seat count (the `players` option) or a game played alone (Tiles' solitaire). */
  replan() {
    const options = this.options();
    const alone = options.solitaire === true;
    const count = alone ? 1 : options.players || Math.min(...seatCounts(this.game));
    this.alone = alone;
    this.rows = seatPlan(this.game.name, count, this.rows);
    this.drawSeats();
  }

  drawSeats() {
    const levels = this.game.levels || [];
    clear(this.seatsBox);
    if (this.alone) {
      this.seatsBox.append(h("p", { class: "muted" }, "Played alone: you play both colours."));
    } else {
      for (const row of this.rows) {
        const id = `seat-kind-${row.seat}`;
        const kind = h(
          "select",
          { id, "data-testid": id, "data-seat": String(row.seat), "data-field": "kind" },
          SEAT_KINDS.map((k) => h("option", { value: k.value, selected: k.value === row.kind }, k.label)),
        );
        const level = h(
          "select",
          {
            "data-testid": `seat-level-${row.seat}`,
            "data-seat": String(row.seat),
            "data-field": "level",
            "aria-label": `seat ${row.seat + 1}: the computer's level`,
            hidden: row.kind !== "computer",
          },
          levels.map((name) => h("option", { value: name, selected: name === row.level }, name)),
        );
        this.seatsBox.append(
          h(
            "div",
            { class: `seat-row${row.team ? ` team-${row.team}` : ""}`, "data-testid": "seat-row" },
            h("label", { class: "seat-label", for: id }, row.label),
            kind,
            level,
          ),
        );
      }
    }
    const note = this.alone ? null : teamsNote(this.game.name, this.rows.length);
    this.teams.textContent = note || "";
    this.teams.hidden = !note;
    this.drawSettings();
  }

  drawSettings() {
    const friends = !this.alone && hasFriend(this.rows);
    for (const label of this.friendOnly) label.hidden = !friends;
    this.submit.textContent = friends ? "Create the table and invite" : "Start";
    const problem = this.alone ? null : planProblem(this.rows);
    this.problem.textContent = problem || "";
    this.problem.hidden = !problem;
    this.submit.disabled = Boolean(problem);
  }

  changed(event) {
    const target = event.target;
    if (target.dataset.field) {
      const row = this.rows[Number(target.dataset.seat)];
      row[target.dataset.field] = target.value;
      if (target.dataset.field === "kind") this.drawSeats();
      else this.drawSettings();
    } else if (target.dataset.option === "players" || target.dataset.option === "solitaire") this.replan();
  }

  /** Make the table; a table with friends waits for them on the game page, with the invitations. */
  async create(event) {
    event.preventDefault();
    const friends = !this.alone && hasFriend(this.rows);
    const body = newTableBody(this.game.name, this.options(), this.rows, {
      isPublic: this.isPublic.checked,
      clock: JSON.parse(this.clock.value),
      match: JSON.parse(this.match.value),
    });
    if (this.alone) delete body.seats;
    if (friends && this.rated.checked) body.rated = true;
    try {
      if (friends) {
        const me = await api("GET", "/api/me");
        if (!me.name) {
          this.showProblem("Choose your name first (at the top): your friends see who invites them.");
          document.querySelector("[data-testid=name-input]")?.focus();
          return;
        }
      }
      const answer = await api("POST", "/api/games", body);
      storeTokens(answer.id, answer.tokens);
      storeHost(answer.id);
      if (answer.mode === "table") storeCurrentTable(answer.id);
      location.hash = `#/game/${encodeURIComponent(answer.id)}`;
    } catch (error) {
      this.showProblem(`Cannot start: ${error.message}`);
    }
  }

  showProblem(text) {
    this.problem.textContent = text;
    this.problem.hidden = false;
  }

  /** Choose a game (a game card's "with friends" button) and bring the form into view. */
  show(name) {
    if (this.games.some((game) => game.name === name)) this.choose(name);
    this.element.scrollIntoView({ behavior: "smooth", block: "start" });
    this.gameSelect.focus({ preventScroll: true });
  }
}

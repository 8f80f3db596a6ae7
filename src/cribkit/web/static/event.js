// "#/event/ID[/CODE]": an event: what it is, its players, the live standings (game points, wins,
// spread, skunks, byes, specials), its games; your game now, with a button to the table; with
// the registration's code, a button to register; for its director, the steps (open, start,
// pause, resume, close) and the code to give out. Read again every few seconds while it runs.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { currentGame, eventWords, gameLine, spreadText } from "./logic/events.js";
import { untilReachable } from "./reach.js";

/** How often a running event's page reads it again (ms). */
const EVERY_MS = 4000;

/** The director's steps, by the event's status. */
const STEPS = {
  draft: ["open", "close"],
  open: ["start", "close"],
  running: ["pause", "close"],
  paused: ["resume", "close"],
  closed: [],
};

export class EventPage {
  constructor(root, eventId, code) {
    this.root = root;
    this.eventId = eventId;
    this.code = code || null;
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading\u2026"));
    await this.load();
  }

  async load() {
    let event;
    let viewer;
    try {
      [event, viewer] = await untilReachable(this, () =>
        Promise.all([api("GET", `/api/events/${encodeURIComponent(this.eventId)}`), api("GET", "/api/account")]),
      );
    } catch (error) {
      if (!this.stopped) clear(this.root).append(h("p", { class: "error-line" }, error.message));
      return;
    }
    if (this.stopped) return;
    this.draw(event, viewer);
    if (event.status === "running" || event.status === "open") {
      this.timer = setTimeout(() => this.load(), EVERY_MS);
    }
  }

  /** Run a step (registering, a director's step); its error in the page's line. */
  async act(run) {
    try {
      const answer = await run();
      if (answer && answer.code) this.shownCode = answer.code;
    } catch (error) {
      this.problem = error.message;
    }
    clearTimeout(this.timer);
    await this.load();
  }

  draw(event, viewer) {
    document.title = `${event.name} \u00b7 cribkit`;
    const me = viewer.signed_in ? viewer.account.name : null;
    const playing = me ? currentGame(event, me) : null;
    const registered = me && event.players.includes(me);
    const director = me && me === event.director;
    const problem = h("p", { class: "error-line", role: "alert", "data-testid": "event-error" }, this.problem || "");
    problem.hidden = !this.problem;
    this.problem = null;
    const step = (name) =>
      h(
        "button",
        {
          type: "button",
          class: name === "close" ? "subtle" : "primary",
          "data-action": `event-${name}`,
          onclick: () => this.act(() => api("POST", `/api/events/${encodeURIComponent(event.id)}/${name}`, {})),
        },
        name[0].toUpperCase() + name.slice(1),
      );
    const code = this.shownCode || null;
    clear(this.root).append(
      h(
        "section",
        { class: "panel event-page", "data-testid": "event" },
        h("h2", { "data-testid": "event-name" }, event.name),
        h("p", { class: "muted" }, `${eventWords(event)} \u00b7 ${event.status} \u00b7 directed by ${event.director}`),
        problem,
        playing
          ? h(
              "p",
              { class: "event-next", "data-testid": "event-next" },
              "Your game is on. ",
              h("a", { class: "button primary", href: `#/game/${encodeURIComponent(playing)}` }, "Go to the table"),
            )
          : null,
        this.code && me && !registered && event.status === "open"
          ? h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-action": "event-register",
                onclick: () => this.act(() => api("POST", "/api/events/register", { code: this.code })),
              },
              "Register",
            )
          : null,
        this.code && !me ? h("p", {}, h("a", { href: "#/account" }, "Choose a name"), " to register.") : null,
        director
          ? h(
              "div",
              { class: "event-director", "data-testid": "event-director" },
              STEPS[event.status].map(step),
              code
                ? h(
                    "p",
                    { "data-testid": "event-link" },
                    "Players register at ",
                    h("strong", {}, `${location.origin}/#/event/${event.id}/${code}`),
                  )
                : null,
            )
          : null,
        h("h3", {}, "Standings"),
        event.standings.length ? standingsTable(event.standings) : h("p", { class: "muted" }, "Nobody yet."),
        h("h3", {}, "Games"),
        event.games.length
          ? h(
              "ul",
              { class: "event-games", "data-testid": "event-games" },
              event.games.map((game) =>
                h(
                  "li",
                  {},
                  `${game.number}. ${gameLine(game)} `,
                  game.result && game.id ? h("a", { href: `#/replay/${encodeURIComponent(game.id)}` }, "Replay") : null,
                ),
              ),
            )
          : h("p", { class: "muted" }, "No game yet."),
      ),
    );
  }
}

/** The standings as a table: place, name, game points, wins, spread, skunks, byes, specials. */
function standingsTable(lines) {
  const head = ["#", "Player", "GP", "W", "Spread", "Sk", "Byes", "Left", ""];
  return h(
    "div",
    { class: "table-scroll" },
    h(
      "table",
      { class: "stats-table standings", "data-testid": "standings" },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          head.map((title) => h("th", { scope: "col" }, title)),
        ),
      ),
      h(
        "tbody",
        {},
        lines.map((line, index) => {
          const specials = [
            line.hands_29 ? `29 \u00d7${line.hands_29}` : "",
            line.hands_28 ? `28 \u00d7${line.hands_28}` : "",
            line.perfect && line.left === 0 ? "perfect" : "",
          ].filter(Boolean);
          return h(
            "tr",
            { "data-testid": "standing" },
            h("td", {}, String(index + 1)),
            h("th", { scope: "row" }, line.name),
            h("td", {}, String(line.game_points)),
            h("td", {}, String(line.wins)),
            h("td", {}, spreadText(line.spread)),
            h("td", {}, String(line.skunks)),
            h("td", {}, String(line.byes)),
            h("td", {}, String(line.left)),
            h("td", {}, specials.join(", ")),
          );
        }),
      ),
    ),
  );
}

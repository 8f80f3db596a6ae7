// "#/event/ID[/CODE]": an event: what it is, its players, its bracket drawn (an elimination, a
// qualifier's playoff), a duplicate night's rounds and their seeds, the live standings (game
// points, wins, spread, skunks, byes, specials) with their CSV, its season's table, its games;
// your game now, with a button to the table; a button to register (with the registration's
// code, or for a public event); for its director, the steps (open, start, pause, resume, close)
// and the code to give out. Read again every few seconds while it runs.
import { api } from "./api.js";
import { bracketDrawing } from "./bracket.js";
import { clear, h } from "./dom.js";
import {
  currentGame,
  eventWords,
  gameLine,
  registrationBody,
  replayable,
  revealedSeeds,
  spreadText,
} from "./logic/events.js";
import { serverDate } from "./logic/lobby.js";
import { untilReachable } from "./reach.js";

/** How often a running event's page reads it again (ms). */
const EVERY_MS = 4000;
/** How often its season's table is read again while it runs (ms). */
const SEASON_EVERY_MS = 20000;

/** The director's steps, by the event's status. */
const STEPS = {
  draft: ["open", "close"],
  open: ["start", "close"],
  running: ["pause", "close"],
  paused: ["resume", "close"],
  finished: [],
  closed: [],
};

export class EventPage {
  constructor(root, eventId, code) {
    this.root = root;
    this.eventId = eventId;
    this.code = code || null;
    this.onResize = () => this.drawing && this.drawing.fit();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener("resize", this.onResize);
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading\u2026"));
    window.addEventListener("resize", this.onResize);
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
    await this.readSeason(event);
    if (this.stopped) return;
    this.draw(event, viewer);
    if (event.status === "running" || event.status === "open") {
      this.timer = setTimeout(() => this.load(), EVERY_MS);
    }
  }

  /** The season's table of an event counted in one: read at first, then now and then. */
  async readSeason(event) {
    if (!event.season) return;
    const due = !this.seasonRead || this.seasonRead.status !== event.status;
    if (!due && Date.now() - this.seasonRead.at < SEASON_EVERY_MS) return;
    try {
      this.season = await api("GET", `/api/events/${encodeURIComponent(event.id)}/season`);
    } catch {
      this.season = this.season || null;
    }
    this.seasonRead = { status: event.status, at: Date.now() };
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
    const me = viewer.signed_in ? viewer.account.name : null;
    // Nothing new: the page stays as it is (a bracket scrolled sideways stays where it is).
    const drawn = JSON.stringify([event, me, this.shownCode || null, this.problem || null, this.season || null]);
    if (drawn === this.drawn) return;
    this.drawn = drawn;
    document.title = `${event.name} \u00b7 cribkit`;
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
    const invited = (this.code || event.public) && event.status === "open";
    const scrolled = this.drawing ? this.drawing.frame.scrollLeft : 0;
    this.drawing = event.bracket ? bracketDrawing(event) : null;
    clear(this.root).append(
      h(
        "section",
        { class: "panel event-page", "data-testid": "event" },
        h("h2", { "data-testid": "event-name" }, event.name),
        h("p", { class: "muted" }, `${eventWords(event)} \u00b7 ${event.status} \u00b7 directed by ${event.director}`),
        event.public
          ? h("p", { class: "muted event-listed" }, "Listed in the lobby: anyone signed in may register.")
          : null,
        problem,
        playing
          ? h(
              "p",
              { class: "event-next", "data-testid": "event-next" },
              "Your game is on. ",
              h("a", { class: "button primary", href: `#/game/${encodeURIComponent(playing)}` }, "Go to the table"),
            )
          : null,
        invited && me && !registered
          ? h(
              "button",
              {
                type: "button",
                class: "primary",
                "data-action": "event-register",
                onclick: () =>
                  this.act(() => api("POST", "/api/events/register", registrationBody(this.code, event.id))),
              },
              "Register",
            )
          : null,
        invited && !me ? h("p", {}, h("a", { href: "#/account" }, "Choose a name"), " to register.") : null,
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
        this.drawing ? this.drawing.element : null,
        event.options && event.options.duplicate ? duplicateSection(event) : null,
        h(
          "div",
          { class: "panel-head event-head" },
          h("h3", {}, "Standings"),
          h(
            "a",
            {
              class: "button small subtle",
              href: `/api/events/${encodeURIComponent(event.id)}/standings.csv`,
              download: `event-${event.id}.csv`,
              "data-testid": "event-csv",
            },
            "Download standings (CSV)",
          ),
        ),
        event.standings.length ? standingsTable(event.standings) : h("p", { class: "muted" }, "Nobody yet."),
        event.season && this.season ? seasonSection(this.season, event.id) : null,
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
                  replayable(game, event)
                    ? h("a", { href: `#/replay/${encodeURIComponent(game.id)}` }, "Replay")
                    : null,
                ),
              ),
            )
          : h("p", { class: "muted" }, "No game yet."),
      ),
    );
    if (this.drawing) {
      this.drawing.frame.scrollLeft = scrolled;
      this.drawing.fit();
    }
  }
}

/** A duplicate night's line, and each round's seed once the round is over. */
function duplicateSection(event) {
  const seeds = revealedSeeds(event);
  return h(
    "section",
    { class: "event-duplicate", "data-testid": "event-duplicate" },
    h("p", {}, "Duplicate deals: every table of a round plays the same cards."),
    seeds.length
      ? h(
          "ul",
          { class: "event-seeds" },
          seeds.map((round) =>
            h(
              "li",
              { "data-testid": "event-seed" },
              `Round ${round.round}: `,
              h("code", { class: "event-seed" }, round.seed),
            ),
          ),
        )
      : null,
  );
}

/** A date of the server's (seconds) as the browser writes a day: "7 Dec 2026". */
function day(value) {
  const date = serverDate(value);
  return date ? date.toLocaleDateString([], { dateStyle: "medium" }) : "";
}

/** The season's table (place, player, season points, nights, game points, wins, spread) and its nights. */
function seasonSection(season, eventId) {
  const head = ["#", "Player", "Season pts", "Nights", "GP", "W", "Spread"];
  return h(
    "section",
    { class: "event-season", "data-testid": "event-season" },
    h("h3", {}, `Season: ${season.season}`),
    h(
      "p",
      { class: "muted" },
      `${season.director}'s nights of this season, added up (game points decide a night's season points).`,
    ),
    season.table.length
      ? scrollTable(
          "Season table",
          "season-table",
          head,
          season.table.map((line, index) =>
            h(
              "tr",
              { "data-testid": "season-line" },
              h("td", {}, String(index + 1)),
              h("th", { scope: "row" }, line.name),
              h("td", {}, String(line.season_points)),
              h(
                "td",
                {},
                line.scoring_nights ? `${line.nights} (${line.scoring_nights} scoring)` : String(line.nights),
              ),
              h("td", {}, String(line.game_points)),
              h("td", {}, String(line.wins)),
              h("td", {}, spreadText(line.spread)),
            ),
          ),
        )
      : h("p", { class: "muted" }, "No night of the season has been played yet."),
    season.nights.length
      ? h(
          "ul",
          { class: "event-nights", "data-testid": "season-nights" },
          season.nights.map((night) =>
            h(
              "li",
              {},
              night.id === eventId
                ? h("strong", { "aria-current": "page" }, night.name)
                : h("a", { href: `#/event/${encodeURIComponent(night.id)}` }, night.name),
              ` \u00b7 ${day(night.starts)} \u00b7 ${night.status}`,
            ),
          ),
        )
      : null,
  );
}

/** A table in a region that scrolls (with the keyboard too) when it is wider than a phone. */
function scrollTable(label, testId, head, rows) {
  return h(
    "div",
    { class: "table-scroll", tabindex: "0", role: "region", "aria-label": label },
    h(
      "table",
      { class: "stats-table standings", "data-testid": testId },
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          head.map((title) => h("th", { scope: "col" }, title)),
        ),
      ),
      h("tbody", {}, rows),
    ),
  );
}

/** The standings as a table: place, name (its specials under it), game points, wins, spread, skunks, byes. */
function standingsTable(lines) {
  const head = ["#", "Player", "GP", "W", "Spread", "Sk", "Byes", "Left"];
  return scrollTable(
    "Standings",
    "standings",
    head,
    lines.map((line, index) => {
      const specials = [
        line.hands_29 ? `29 \u00d7${line.hands_29}` : "",
        line.hands_28 ? `28 \u00d7${line.hands_28}` : "",
        line.perfect && line.left === 0 ? "perfect" : "",
        line.replaced ? "replaced" : "",
      ].filter(Boolean);
      return h(
        "tr",
        { "data-testid": "standing" },
        h("td", {}, String(index + 1)),
        h(
          "th",
          { scope: "row" },
          line.name,
          specials.length ? h("span", { class: "standing-notes" }, specials.join(", ")) : null,
        ),
        h("td", {}, String(line.game_points)),
        h("td", {}, String(line.wins)),
        h("td", {}, spreadText(line.spread)),
        h("td", {}, String(line.skunks)),
        h("td", {}, String(line.byes)),
        h("td", {}, String(line.left)),
      );
    }),
  );
}

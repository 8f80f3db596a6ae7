// "#/player/NAME": a player's public profile: member since, ratings with their charts and
// ranks, games by kind, results against the people played, milestones.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { challengeForm } from "./friends.js";
import { chartPoints, milestoneWords, POOL_NAMES } from "./logic/profile.js";
import { gameTitle } from "./logic/words.js";
import { untilReachable } from "./reach.js";

const WIDTH = 320;
const HEIGHT = 110;
const PAD = 8;

/** A rating's history as a line. */
function ratingChart(pool, history) {
  const { points, low, high } = chartPoints(history, WIDTH, HEIGHT, PAD);
  return h(
    "svg:svg",
    {
      class: "rating-chart",
      viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
      role: "img",
      "aria-label": `${POOL_NAMES[pool] || pool}: rating from ${low} to ${high} over ${history.length} games`,
      "data-testid": "rating-chart",
    },
    h("svg:polyline", { points, class: "rating-line" }),
  );
}

export class PlayerPage {
  constructor(root, name) {
    this.root = root;
    this.name = name;
  }

  stop() {
    this.stopped = true;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Loading\u2026"));
    let profile;
    let viewer;
    try {
      [profile, viewer] = await untilReachable(this, () =>
        Promise.all([api("GET", `/api/players/${encodeURIComponent(this.name)}`), api("GET", "/api/account")]),
      );
    } catch (error) {
      if (!this.stopped) clear(this.root).append(h("p", { class: "error-line" }, error.message));
      return;
    }
    if (this.stopped) return;
    document.title = `${profile.name} \u00b7 cribkit`;
    const since = new Date(profile.member_since * 1000).toLocaleDateString();
    const games = Object.entries(profile.games);
    const words = milestoneWords(profile.milestones);
    clear(this.root).append(
      h(
        "section",
        { class: "panel account-page", "data-testid": "profile" },
        h("h2", { "data-testid": "profile-name" }, profile.name),
        h("p", { class: "muted" }, `Member since ${since}`),
        this.actions(profile, viewer),
        h("h3", {}, "Ratings"),
        profile.ratings.length
          ? profile.ratings.map((rating) =>
              h(
                "div",
                { class: "rating-entry", "data-testid": "rating", "data-pool": rating.pool },
                h(
                  "p",
                  {},
                  h("strong", {}, POOL_NAMES[rating.pool] || rating.pool),
                  ` ${rating.shown}`,
                  rating.rank ? ` \u00b7 #${rating.rank}` : "",
                  ` \u00b7 ${rating.games} rated ${rating.games === 1 ? "game" : "games"}`,
                ),
                (profile.history[rating.pool] || []).length > 1
                  ? ratingChart(rating.pool, profile.history[rating.pool])
                  : null,
              ),
            )
          : h("p", { class: "muted" }, "No rated game yet."),
        h("h3", {}, "Games"),
        games.length
          ? h(
              "ul",
              {},
              games.map(([game, tally]) =>
                h("li", {}, `${gameTitle(game)}: ${tally.played} played, ${tally.won} won, ${tally.lost} lost`),
              ),
            )
          : h("p", { class: "muted" }, "No finished game yet."),
        profile.against.length
          ? [
              h("h3", {}, "Against people"),
              h(
                "ul",
                {},
                profile.against.map((entry) => h("li", {}, `${entry.name}: ${entry.won} won, ${entry.lost} lost`)),
              ),
            ]
          : null,
        profile.recent.length
          ? [
              h("h3", {}, "Recent rated games"),
              h(
                "ul",
                { "data-testid": "recent-games" },
                profile.recent.map((game) =>
                  h(
                    "li",
                    {},
                    `${game.won ? "Won" : "Lost"} against ${game.opponent || "someone"}, ` +
                      `${POOL_NAMES[game.pool] || game.pool}, ${game.scores.join("-")} `,
                    h("a", { href: `#/replay/${encodeURIComponent(game.id)}` }, "Replay"),
                  ),
                ),
              ),
            ]
          : null,
        words.length
          ? [h("h3", {}, "Milestones"), h("p", { "data-testid": "milestones" }, words.join(" \u00b7 "))]
          : null,
      ),
    );
  }

  /** What a signed-in visitor may do here: add the player as a friend, challenge or block them. */
  actions(profile, viewer) {
    if (!viewer.signed_in || viewer.account.name === profile.name) return null;
    const problem = h("p", { class: "error-line", "data-testid": "profile-error", hidden: true });
    const act = (action, text, run) =>
      h(
        "button",
        {
          type: "button",
          class: "small",
          "data-action": action,
          onclick: async () => {
            try {
              await run();
              problem.textContent = `${text}: done.`;
              problem.className = "muted";
            } catch (error) {
              problem.textContent = error.message;
              problem.className = "error-line";
            }
            problem.hidden = false;
          },
        },
        text,
      );
    return h(
      "div",
      { class: "profile-actions", "data-testid": "profile-actions" },
      act("add-friend", "Add as a friend", () => api("POST", "/api/account/friends", { name: profile.name })),
      act("block", "Block", () => api("POST", "/api/account/blocks", { name: profile.name })),
      challengeForm(profile.name, problem),
      problem,
    );
  }
}

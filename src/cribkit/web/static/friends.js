// Friends and blocks, for the account page and a player's profile: your friends with their
// presence, a challenge to one of them (a table whose invitation arrives on their pages), adding
// and removing friends, blocking and unblocking.
import { api } from "./api.js";
import { h } from "./dom.js";
import { POOL_NAMES } from "./logic/profile.js";
import { storeTokens } from "./storage.js";

/** The games a friend is challenged to: each pool's, by its spec. */
const CHALLENGE_GAMES = [
  ["classic", "classic", {}],
  ["classic-61", "classic", { target: 61 }],
  ["tabletop", "tabletop", {}],
  ["tiles", "tiles", {}],
];

/** Challenge `name`: the table is made and this page goes to it; its invitation goes to them. */
export async function challenge(name, pool, rated) {
  const [, game, options] = CHALLENGE_GAMES.find(([key]) => key === pool);
  const answer = await api("POST", "/api/account/challenges", { name, game, options, rated });
  storeTokens(answer.id, answer.tokens);
  location.hash = `#/game/${encodeURIComponent(answer.id)}`;
}

/** A small form that challenges `name`; errors in `problem` (a text element). */
export function challengeForm(name, problem) {
  const select = h(
    "select",
    { name: "pool", "aria-label": `the game to challenge ${name} to`, "data-testid": "challenge-game" },
    CHALLENGE_GAMES.map(([pool]) => h("option", { value: pool }, POOL_NAMES[pool])),
  );
  const rated = h("input", { type: "checkbox", name: "rated", "data-testid": "challenge-rated" });
  const submit = async (event) => {
    event.preventDefault();
    try {
      await challenge(name, select.value, rated.checked);
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  };
  return h(
    "form",
    { class: "challenge-form", "data-testid": "challenge-form", onsubmit: submit },
    select,
    h("label", { class: "inline" }, rated, " rated"),
    h("button", { type: "submit", class: "small primary", "data-action": "challenge" }, "Challenge"),
  );
}

/** The account page's section of friends and blocks; `attempt(run)` runs a change and redraws. */
export async function friendsSection(attempt) {
  const [friends, blocks] = await Promise.all([api("GET", "/api/account/friends"), api("GET", "/api/account/blocks")]);
  const problem = h("p", { class: "error-line", "data-testid": "friends-error", hidden: true });
  const byName = (testid, label, run) => {
    const input = h("input", {
      type: "text",
      name: "name",
      required: true,
      maxlength: 20,
      placeholder: "name",
      "aria-label": label,
    });
    return h(
      "form",
      {
        class: "inline-form",
        "data-testid": testid,
        onsubmit: (event) => {
          event.preventDefault();
          attempt(() => run(input.value.trim()));
        },
      },
      input,
      h("button", { type: "submit", class: "small" }, label),
    );
  };
  return h(
    "section",
    { "data-testid": "friends" },
    h("h3", {}, "Friends"),
    problem,
    friends.length
      ? h(
          "ul",
          { class: "friend-list" },
          friends.map((friend) =>
            h(
              "li",
              { "data-testid": "friend", "data-online": String(friend.online) },
              h("span", { class: `presence${friend.online ? " online" : ""}`, "aria-hidden": "true" }),
              h("a", { href: `#/player/${encodeURIComponent(friend.name)}` }, friend.name),
              h("span", { class: "muted" }, friend.online ? " online " : " away "),
              challengeForm(friend.name, problem),
              h(
                "button",
                {
                  type: "button",
                  class: "small subtle",
                  "data-action": "remove-friend",
                  onclick: () =>
                    attempt(() => api("DELETE", `/api/account/friends/${encodeURIComponent(friend.name)}`)),
                },
                "Remove",
              ),
            ),
          ),
        )
      : h("p", { class: "muted" }, "No friend yet: add one by name, or from their profile."),
    byName("add-friend", "Add a friend", (name) => api("POST", "/api/account/friends", { name })),
    h("h3", {}, "Blocked"),
    blocks.length
      ? h(
          "ul",
          {},
          blocks.map((blocked) =>
            h(
              "li",
              { "data-testid": "blocked" },
              `${blocked.name} `,
              h(
                "button",
                {
                  type: "button",
                  class: "small subtle",
                  "data-action": "unblock",
                  onclick: () =>
                    attempt(() => api("DELETE", `/api/account/blocks/${encodeURIComponent(blocked.name)}`)),
                },
                "Unblock",
              ),
            ),
          ),
        )
      : h(
          "p",
          { class: "muted" },
          "Nobody blocked. A player you block is never paired with you and cannot sit at your tables or " +
            "challenge you; their chat is hidden from you.",
        ),
    byName("block", "Block a player", (name) => api("POST", "/api/account/blocks", { name })),
  );
}

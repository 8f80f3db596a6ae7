// The lobby's "Play someone now": a button per pool for a signed-in player (the wait itself is
// shown under the header of every page, by the inbox); nothing for a guest (quick play is rated,
// between accounts: the page's "Account" is where a guest becomes one).
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { inbox } from "./inbox.js";
import { poolWords } from "./logic/inbox.js";

/** The lobby's section of quick play (filled once the server answers). */
export function quickPlaySection() {
  // (hidden until the server says who this is: a guest's lobby never moves under them)
  const section = h("section", { class: "panel quick-play", "data-testid": "quick-play", hidden: true });
  fill(section).catch(() => section.remove());
  return section;
}

async function fill(section) {
  const [account, pools] = await Promise.all([api("GET", "/api/account"), inbox.readPools()]);
  const problem = h("p", { class: "error-line", "data-testid": "quick-error", role: "alert", hidden: true });
  const title = h("h3", {}, "Play someone now");
  if (!account.signed_in) {
    // (a guest's lobby leads with the games: quick play is for accounts, named under Account)
    section.remove();
    return;
  }
  const play = async (pool) => {
    problem.hidden = true;
    try {
      await inbox.playSomeoneNow(pool.pool);
    } catch (error) {
      problem.textContent = error.message;
      problem.hidden = false;
    }
  };
  section.hidden = false;
  clear(section).append(
    title,
    h("p", { class: "muted" }, "A rated game against a player near your rating."),
    h(
      "div",
      { class: "quick-pools" },
      pools.map((pool) =>
        h(
          "button",
          { type: "button", "data-action": "play-someone", "data-pool": pool.pool, onclick: () => play(pool) },
          poolWords(pool),
          pool.waiting ? h("span", { class: "muted" }, ` \u00b7 ${pool.waiting} waiting`) : null,
        ),
      ),
    ),
    problem,
  );
}

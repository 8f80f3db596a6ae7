// A page whose first request finds the server down says so and keeps trying, as the game's
// socket does (game.js, "Offline"), and draws itself once the server answers, with no reload.
import { Unreachable } from "./api.js";
import { clear, h } from "./dom.js";
import { retryDelay } from "./logic/protocol.js";

/** What a page says while the server cannot be reached (the game's status line says it too). */
export const UNREACHABLE_WORDS = "Offline: the server cannot be reached, trying again\u2026";

/** For `.catch()` of a call the page can do without: its `value`, unless the server is down. */
export function unlessUnreachable(value) {
  return (error) => {
    if (error instanceof Unreachable) throw error;
    return value;
  };
}

/**
 * The answer of `load()` once the server gives one. While it cannot be reached, the page's root
 * says so and `load` is tried again (after 0.3, 0.8, 1.5, 3, then every 5 seconds, as the socket
 * is). The server's own errors are thrown as they come; so is the last Unreachable once the page
 * is left (`page.stopped`).
 */
export async function untilReachable(page, load) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await load();
      delete page.root.dataset.offline;
      return answer;
    } catch (error) {
      if (!(error instanceof Unreachable) || page.stopped) throw error;
      if (!page.root.querySelector("[data-testid=unreachable]")) {
        page.root.dataset.offline = "true";
        clear(page.root).append(
          h(
            "div",
            { class: "panel error-box", "data-testid": "unreachable", role: "status" },
            h("p", {}, UNREACHABLE_WORDS),
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt)));
      if (page.stopped) throw error;
    }
  }
}

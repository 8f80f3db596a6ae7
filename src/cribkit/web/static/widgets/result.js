// The buttons of a game's result: what a player does next leads (the next game or a rematch, a
// new game, the review of this one), then the replay, the record and a look at the table. A
// spectator's page has the table's next game to watch and the lobby (no record, no replay).
import { recordLink } from "../api.js";
import { h } from "../dom.js";

/**
 * The result's two rows of buttons: `next` the first button (logic of table.js: the next game,
 * a rematch, the next game to watch; or null), `close` what "See the table" does.
 */
export function resultButtons({ game, gameId, watching, next, close }) {
  const id = encodeURIComponent(gameId);
  const link = (href, testid, words) => h("a", { class: "button", href, "data-testid": testid }, words);
  return [
    h(
      "div",
      { class: "button-row result-actions", "data-testid": "result-actions" },
      next,
      watching
        ? link("#/", "back-to-lobby", "Lobby")
        : [link("#/", "new-game", "New game"), link(`#/review/${id}`, "open-review", "Review")],
    ),
    h(
      "div",
      { class: "button-row result-more" },
      watching
        ? null
        : [
            link(`#/replay/${id}`, "open-replay", "Replay"),
            h(
              "a",
              { class: "button", ...recordLink(game, gameId), "data-testid": "download-record" },
              "Download record",
            ),
          ],
      h("button", { type: "button", "data-action": "close-result", onclick: close }, "See the table"),
    ),
  ];
}

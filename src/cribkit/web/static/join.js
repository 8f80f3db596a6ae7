// An invitation, "#/join/CODE" (the link's code or the join code): who invites whom to what,
// who sits where, the name to go by if the session has none, and the button that takes the seat.
import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { clockWords, inviteHeadline, tableNamer, tableWords } from "./logic/table.js";
import { gameTitle } from "./logic/words.js";
import { unlessUnreachable, untilReachable } from "./reach.js";
import { storeCurrentTable, storeTokens } from "./storage.js";

/** The default of each option of a game (from the lobby's list), by name. */
function defaultsOf(games, name) {
  const game = games.find((g) => g.name === name);
  return Object.fromEntries(((game && game.options) || []).map((option) => [option.name, option.default]));
}

export class JoinPage {
  constructor(root, code) {
    this.root = root;
    this.code = code;
  }

  stop() {
    this.stopped = true;
  }

  async start() {
    clear(this.root).append(h("p", { class: "loading" }, "Opening the invitation\u2026"));
    let me = null;
    let invitation = null;
    let games = [];
    try {
      [me, invitation, games] = await untilReachable(this, async () => [
        await api("GET", "/api/me").catch(unlessUnreachable(null)),
        ...(await Promise.all([
          api("GET", `/api/invites/${encodeURIComponent(this.code)}`),
          api("GET", "/api/games").catch(unlessUnreachable([])),
        ])),
      ]);
    } catch (error) {
      if (!this.stopped) this.fail(error.message);
      return;
    }
    if (this.stopped) return;
    document.title = "Invitation \u00b7 cribkit";
    const words = tableWords(gameTitle(invitation.game), invitation.spec, defaultsOf(games, invitation.game));
    const name = tableNamer(invitation.table);
    // Seated already: the host opening a friend's link, or the friend opening again the one he
    // took (the server gives its table back to him alone).
    const yours = invitation.yours || [];
    const seated = yours.length > 0;
    const seats = (invitation.table.seats || []).map((form) =>
      h(
        "li",
        { class: form.seat === invitation.seat ? "yours" : "" },
        h("strong", {}, `Seat ${form.seat + 1}: `),
        form.seat === invitation.seat
          ? yours.includes(form.seat)
            ? "you"
            : seated
              ? "the friend invited"
              : "you, if you join"
          : form.kind === "invited"
            ? "another friend invited"
            : form.kind === "computer"
              ? `the computer (${form.level || "medium"})`
              : name(form.seat),
      ),
    );
    const match = invitation.table.match;
    const details = [
      match ? `A match, best of ${match.best_of}.` : null,
      invitation.table.clock ? `Each move has a clock of ${clockWords(invitation.table.clock)}.` : null,
    ].filter(Boolean);
    this.status = h("p", { class: "error-line", "data-testid": "join-error", role: "alert", hidden: true });
    clear(this.root).append(
      h(
        "section",
        { class: "panel join-card", "data-testid": "invitation" },
        h("p", { class: "join-kicker" }, "An invitation"),
        h("h2", { "data-testid": "invite-headline" }, inviteHeadline(invitation, words)),
        details.length ? h("p", { class: "muted" }, details.join(" ")) : null,
        h("ul", { class: "join-seats" }, seats),
        seated ? this.seated(invitation) : this.joinForm(me),
        this.status,
      ),
    );
  }

  /** The form that takes the seat, with the name to go by when the session has none. */
  joinForm(me) {
    const needsName = !(me && me.name);
    const input = needsName
      ? h("input", {
          type: "text",
          name: "name",
          maxlength: 24,
          required: true,
          "data-testid": "join-name",
          "aria-label": "your name",
          autocomplete: "nickname",
        })
      : null;
    const button = h(
      "button",
      { type: "submit", class: "primary big", "data-testid": "join-button" },
      "Join the table",
    );
    const submit = async (event) => {
      event.preventDefault();
      button.disabled = true;
      try {
        if (input) await api("POST", "/api/me", { name: input.value });
        const answer = await api("POST", `/api/invites/${encodeURIComponent(this.code)}/accept`, {});
        storeTokens(answer.id, { [answer.seat]: answer.token });
        storeCurrentTable(answer.id);
        location.hash = `#/game/${encodeURIComponent(answer.id)}`;
      } catch (error) {
        button.disabled = false;
        this.status.textContent = `Cannot join: ${error.message}`;
        this.status.hidden = false;
      }
    };
    return h(
      "form",
      { class: "join-form", "data-testid": "join-form", onsubmit: submit },
      input
        ? h("label", { class: "join-name" }, h("span", {}, "Your name, as the table will call you"), input)
        : h("p", {}, "You join as ", h("strong", { "data-testid": "join-as" }, me.name), "."),
      button,
      h("a", { class: "button subtle", href: "#/" }, "No thanks"),
    );
  }

  /** The player sits at this table already: back to it. */
  seated(invitation) {
    const go = async () => {
      try {
        const answer = await api("GET", `/api/games/${encodeURIComponent(invitation.id)}/resume`);
        storeTokens(invitation.id, answer.tokens);
        location.hash = `#/game/${encodeURIComponent(invitation.id)}`;
      } catch (error) {
        this.status.textContent = error.message;
        this.status.hidden = false;
      }
    };
    return h(
      "div",
      { class: "join-form" },
      h("p", {}, `You already play seat ${invitation.yours[0] + 1} at this table.`),
      h(
        "button",
        { type: "button", class: "primary big", "data-action": "to-table", "data-testid": "to-table", onclick: go },
        "Back to the table",
      ),
    );
  }

  fail(text) {
    clear(this.root).append(
      h(
        "section",
        { class: "panel join-card", "data-testid": "invitation-missing" },
        h("h2", {}, "This invitation cannot be used"),
        h("p", { "data-testid": "join-error" }, text),
        h("p", { class: "muted" }, "Ask for a new link or code, or look for a public table in the lobby."),
        h("a", { class: "button primary", href: "#/" }, "To the lobby"),
      ),
    );
  }
}

// The links a table shares: an invitation for each open seat (its link with a copy button, its
// join code written big to be read aloud, the host's cancel button) and the spectators' link.
import { clear, h } from "../dom.js";

/** Copy text to the clipboard (the field's text selected when the browser will not). */
async function copy(text, field, button) {
  let done = false;
  try {
    await navigator.clipboard.writeText(text);
    done = true;
  } catch {
    field.select();
    try {
      done = document.execCommand("copy");
    } catch {
      done = false;
    }
  }
  button.textContent = done ? "Copied!" : "Select and copy";
  setTimeout(() => {
    button.textContent = "Copy";
  }, 1800);
}

/** A read-only field with a link and its copy button. */
export function linkField(url, { testid, label }) {
  const field = h("input", {
    type: "text",
    readonly: true,
    value: url,
    class: "link-field",
    "data-testid": testid,
    "aria-label": label,
    onfocus: (event) => event.target.select(),
  });
  const button = h(
    "button",
    { type: "button", class: "small", "data-action": `copy-${testid}`, onclick: () => copy(url, field, button) },
    "Copy",
  );
  return h("div", { class: "link-row" }, field, button);
}

/**
 * Fill the invitations' box with one card per open seat (`invites` {seat, url, join, name}); the
 * host gets a cancel button (`onCancel(seat)`). The box hides when no seat is open.
 */
export function fillInvites(box, invites, { onCancel = null } = {}) {
  clear(box);
  box.hidden = !invites.length;
  for (const invite of invites) {
    box.append(
      h(
        "section",
        { class: "panel invite-card", "data-testid": "invite", "data-seat": String(invite.seat) },
        h(
          "div",
          { class: "panel-head" },
          h("h3", {}, `Invite a friend to seat ${invite.seat + 1}`),
          onCancel
            ? h(
                "button",
                {
                  type: "button",
                  class: "small subtle",
                  "data-action": "cancel-invite",
                  title: "The computer takes this seat",
                  onclick: () => onCancel(invite.seat),
                },
                "Cancel: the computer plays",
              )
            : null,
        ),
        h(
          "p",
          { class: "muted" },
          "Send this link, or read out the code to type in the lobby\u2019s \u201cJoin\u201d box.",
        ),
        linkField(invite.url, { testid: "invite-link", label: `invitation link for seat ${invite.seat + 1}` }),
        h(
          "p",
          { class: "join-code-line" },
          h("span", { class: "muted" }, "Join code "),
          h("strong", { class: "join-code", "data-testid": "join-code" }, invite.join),
        ),
      ),
    );
  }
  return box;
}

/** The spectators' link, to share (collapsed: it is seldom needed). */
export function watchPanel(url) {
  return h(
    "details",
    { class: "panel watch-panel", "data-testid": "watch-panel" },
    h("summary", {}, "Watch link"),
    h("p", { class: "muted" }, "Anyone with this link can watch the table: no hand is shown, and they cannot chat."),
    linkField(url, { testid: "watch-link", label: "spectators' link" }),
  );
}

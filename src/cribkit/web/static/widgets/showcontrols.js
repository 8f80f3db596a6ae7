// The show's own controls (docs/web.md "Pacing and motion"): Skip while its counts are laid out
// at the pace, then Continue once it is laid out whole, for the show waits for the player (or
// for the "The show continues" setting's seconds). Shared by every game's show panel.
import { h } from "../dom.js";
import { continueAfterMs } from "../logic/settings.js";
import { settings } from "../settings.js";

/** The button of the show's heading while it is laid out: Skip (the rest of the counts at once). */
export function skipButton(message, context) {
  if (!message.staged || message.complete) return null;
  return h(
    "button",
    { type: "button", class: "subtle", "data-action": "skip-show", onclick: context.skipShow },
    "Skip",
  );
}

/** The foot of a show laid out whole: Continue, and when it would continue by itself. */
export function continueFoot(message, context) {
  if (!message.staged || !message.complete) return null;
  const after = continueAfterMs(settings());
  return h(
    "div",
    { class: "show-foot" },
    h(
      "button",
      { type: "button", class: "primary", "data-action": "continue-show", onclick: context.continueShow },
      "Continue",
    ),
    h(
      "span",
      { class: "muted tiny", "data-testid": "continue-note" },
      after ? `or it continues by itself in ${after / 1000} s` : "or press Enter, or tap the show",
    ),
  );
}

/** A tap (a click) anywhere on a show laid out whole but on a button or link continues too. */
export function tapToContinue(panel, message, context) {
  if (!message.staged || !message.complete) return panel;
  panel.addEventListener("click", (event) => {
    if (event.target.closest && event.target.closest("button, a, summary")) return;
    context.continueShow();
  });
  return panel;
}

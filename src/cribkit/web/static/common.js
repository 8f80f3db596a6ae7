// Pieces every game view shares.
import { h } from "./dom.js";

/** Enter on a focused button activates that button; the views' own keys stay out of its way. */
export function isButton(element) {
  return Boolean(element && (element.tagName === "BUTTON" || element.tagName === "A"));
}

/** The legal actions of a state message ([] when it is not this seat's turn). */
export function legalOf(message) {
  return Array.isArray(message.legal) ? message.legal : [];
}

const ACTION_LABELS = {
  muggins: "Muggins! Take the missed points",
  pass_muggins: "Let the count stand",
  pass: "Pass",
  joker: "Joker! Take the missed points",
  pass_joker: "No joker",
};

/** Buttons for actions that have no picture of their own (muggins calls, passes, ...). */
export function genericActions(actions, context) {
  const seen = new Set();
  const buttons = [];
  for (const action of actions) {
    const key = JSON.stringify(action);
    if (seen.has(key)) continue;
    seen.add(key);
    const label = ACTION_LABELS[action.type] || `${action.type.replace(/_/g, " ")}${action.points !== undefined ? ` ${action.points}` : ""}`;
    buttons.push(h("button", { type: "button", "data-action": action.type.replace(/_/g, "-"), onclick: () => context.send(action) }, label));
  }
  return buttons.length ? h("div", { class: "generic-actions" }, buttons) : null;
}

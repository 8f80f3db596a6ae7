// Buttons for actions that have no picture of their own (muggins calls, passes, jokers, ...).
import { h } from "../dom.js";
import { actionLabel, uniqueActions } from "../logic/actions.js";

/** One button per distinct action, each sending it through `context.send`; null when there is none. */
export function genericActions(actions, context) {
  const buttons = uniqueActions(actions).map((action) =>
    h(
      "button",
      { type: "button", "data-action": action.type.replace(/_/g, "-"), onclick: () => context.send(action) },
      actionLabel(action),
    ),
  );
  return buttons.length ? h("div", { class: "generic-actions" }, buttons) : null;
}

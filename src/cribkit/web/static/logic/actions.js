// Actions that have no picture of their own, as button labels. No DOM.

const ACTION_LABELS = {
  muggins: "Muggins! Take the missed points",
  pass_muggins: "Let the count stand",
  pass: "Pass",
  joker: "Joker! Take the missed points",
  pass_joker: "No joker",
};

/** The label of an action's button: "Let the count stand", else its type in words (and points). */
export function actionLabel(action) {
  if (ACTION_LABELS[action.type]) return ACTION_LABELS[action.type];
  return `${action.type.replace(/_/g, " ")}${action.points !== undefined ? ` ${action.points}` : ""}`;
}

/** The actions without repeats (the same JSON), in order. */
export function uniqueActions(actions) {
  const seen = new Set();
  return actions.filter((action) => {
    const key = JSON.stringify(action);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

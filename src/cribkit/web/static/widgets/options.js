// The controls of a game's rule options (a check box, a list of choices, a number or text box)
// and the options a form's controls hold, for the lobby's game cards and its new table.
import { h } from "../dom.js";
import { optionKind, optionLabel, optionValue } from "../logic/lobby.js";

/** The control of a rule option: a check box, a list of choices, or a number or text box. */
export function optionControl(game, option, prefix = "option") {
  const id = `${prefix === "option" ? "opt" : prefix}-${game}-${option.name}`;
  const kind = optionKind(option);
  const common = {
    id,
    "data-testid": `${prefix}-${game}-${option.name}`,
    "data-option": option.name,
    "data-kind": kind,
  };
  let control;
  if (kind === "boolean") {
    control = h("input", { ...common, type: "checkbox", checked: Boolean(option.default) });
  } else if (kind === "choice") {
    control = h(
      "select",
      common,
      option.choices.map((choice) =>
        h("option", { value: JSON.stringify(choice), selected: choice === option.default }, String(choice)),
      ),
    );
  } else {
    control = h("input", { ...common, type: kind === "number" ? "number" : "text", value: option.default ?? "" });
  }
  const label = h("span", {}, optionLabel(option));
  return h(
    "label",
    { class: `option${kind === "boolean" ? " check" : ""}`, for: id, title: option.help || "" },
    kind === "boolean" ? [control, label] : [label, control],
  );
}

/** The rule options set in a game's form, by name. */
export function readOptions(form) {
  const options = {};
  for (const control of form.querySelectorAll("[data-option]")) {
    const kind = control.dataset.kind;
    options[control.dataset.option] = optionValue(kind, kind === "boolean" ? control.checked : control.value);
  }
  return options;
}

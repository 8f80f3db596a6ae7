// The settings panel of the site's header: a button that opens a small form, one choice list per
// setting, each change kept at once.
import { clear, h } from "../dom.js";
import { CHOICE_WORDS, CHOICES, LABELS } from "../logic/settings.js";
import { changeSettings, onSettings, settings } from "../settings.js";

/** The words of a choice in its list ("four-colour" -> "Four-colour", "5" -> "After 5 s"). */
function choiceWords(key, value) {
  const words = CHOICE_WORDS[key] && CHOICE_WORDS[key][value];
  return words || value.charAt(0).toUpperCase() + value.slice(1);
}

function choiceList(key) {
  const select = h(
    "select",
    {
      id: `setting-${key}`,
      "data-testid": `setting-${key}`,
      onchange: (event) => changeSettings({ [key]: event.target.value }),
    },
    CHOICES[key].map((value) => h("option", { value }, choiceWords(key, value))),
  );
  select.value = settings()[key];
  return h("div", { class: "setting" }, h("label", { for: `setting-${key}` }, LABELS[key]), select);
}

/** The header's "Settings" button and its panel (a non-modal popover, closed by Escape or a
 * click outside it too). */
export function settingsControl() {
  const panel = h("div", {
    class: "settings-panel panel",
    id: "settings-panel",
    "data-testid": "settings-panel",
    role: "group",
    "aria-label": "Settings",
    hidden: true,
  });
  const button = h(
    "button",
    {
      type: "button",
      class: "settings-button",
      "data-action": "settings",
      "aria-expanded": "false",
      "aria-controls": "settings-panel",
    },
    "Settings",
  );
  clear(panel).append(...Object.keys(CHOICES).map(choiceList));
  const sync = () => {
    for (const [key, value] of Object.entries(settings())) {
      const select = panel.querySelector(`#setting-${key}`);
      if (select && select.value !== value) select.value = value;
    }
  };
  const show = (open) => {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
    if (open) sync();
  };
  button.addEventListener("click", () => show(panel.hidden));
  const control = h("div", { class: "settings-control" }, button, panel);
  // Escape closes the open panel wherever the focus is (back to the button when it was in the
  // panel), and so does a click or a tap anywhere outside it: it never stays over the table.
  document.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || panel.hidden) return;
      const inside = control.contains(document.activeElement);
      show(false);
      if (inside) button.focus();
      event.stopPropagation();
    },
    true,
  );
  document.addEventListener("pointerdown", (event) => {
    if (!panel.hidden && !control.contains(event.target)) show(false);
  });
  // A change made elsewhere (the mute button of a table) shows in an open panel.
  onSettings(sync);
  return control;
}

// The seats of a table of people: who sits where, on line or away, whose move it is and its
// clock, a mute toggle for each other person, how many watch.
import { clear, h } from "../dom.js";

/**
 * Fill the seats panel with `lines` (logic/table.js seatLines); `clocks` holds {seat, text,
 * urgent} for each person whose move clock runs; `onMute(seat, muted)` toggles a person's chat.
 */
export function fillSeats(list, lines, { clocks = [], onMute = null } = {}) {
  clear(list);
  for (const line of lines) {
    const classes = ["seat-line", `kind-${line.kind}`];
    if (line.toMove) classes.push("to-move");
    if (line.you) classes.push("you");
    const clock = clocks.find((each) => each.seat === line.seat);
    list.append(
      h(
        "li",
        {
          class: classes.join(" "),
          "data-testid": "seat-line",
          "data-seat": String(line.seat),
          "data-kind": line.kind,
          "data-connected": String(line.connected),
          "data-to-move": String(line.toMove),
        },
        h("span", {
          class: `dot${line.connected ? " on" : ""}`,
          title: line.connected ? "connected" : "not connected",
          "aria-hidden": "true",
        }),
        h(
          "span",
          { class: "seat-who" },
          h(
            "span",
            { class: "seat-title" },
            h("strong", { class: "seat-person", "data-testid": "seat-name" }, line.name),
            line.team ? h("span", { class: `team-tag team-${line.team}` }, `team ${line.team}`) : null,
          ),
          h("span", { class: "seat-detail" }, line.detail),
        ),
        line.toMove ? h("span", { class: "turn-tag", "data-testid": "seat-turn" }, "to play") : null,
        clock
          ? h(
              "span",
              {
                class: `seat-clock${clock.urgent ? " urgent" : ""}`,
                "data-testid": "seat-clock",
                "data-seat": String(line.seat),
                role: "timer",
              },
              clock.text,
            )
          : null,
        line.mutable && onMute
          ? h(
              "button",
              {
                type: "button",
                class: "small subtle mute",
                "data-action": "mute",
                "data-seat": String(line.seat),
                "aria-pressed": String(line.muted),
                title: line.muted ? `Hear ${line.name}'s chat again` : `Hide ${line.name}'s chat`,
                onclick: () => onMute(line.seat, !line.muted),
              },
              line.muted ? "Unmute" : "Mute",
            )
          : null,
      ),
    );
  }
  return list;
}

// The fair deal on the game page: the commitment line of the side panel, and the seed with its
// "Verify this deal" button in the result, each folded in a "Fairness" section (what a player
// came for leads; the proof is there for whoever opens it). The words and the verdict are
// logic/fairness.js.
import { api } from "../api.js";
import { clear, h } from "../dom.js";
import { commitmentLine, seedWords, verdict } from "../logic/fairness.js";

/** Fill the side panel's commitment line: the one shown at the start, or a red warning. */
export function fillCommitment(node, shown, current) {
  const line = commitmentLine(shown, current);
  node.hidden = line.state === "none";
  node.dataset.state = line.state;
  node.dataset.commitment = line.full;
  node.classList.toggle("changed", line.state === "changed");
  clear(node).append(
    h(
      "p",
      { class: "fair-head" },
      h("span", { class: "fair-label" }, "Deal commitment"),
      " ",
      h("code", { class: "fair-hex", title: line.full, "data-testid": "commitment-hex" }, line.short),
    ),
    h("p", { class: "fair-note" }, line.text),
  );
  return node;
}

/** A folded "Fairness" section around `content` (`onToggle(open)` hears it opened or closed). */
export function fairDetails(content, options = {}) {
  const { open = false, onToggle = null, testid = "fairness", className = "fair-details" } = options;
  const details = h(
    "details",
    { class: className, "data-testid": testid },
    h("summary", { "data-testid": `${testid}-summary` }, "Fairness"),
    content,
  );
  details.open = Boolean(open);
  if (onToggle) details.addEventListener("toggle", () => onToggle(details.open));
  return details;
}

/**
 * The side panel's folded section follows its commitment line: shown when there is one, and
 * opened (its summary saying so) when the commitment changed: a warning is never folded away.
 */
export function syncFairPanel(panel, line) {
  panel.hidden = line.hidden;
  const changed = line.dataset.state === "changed";
  panel.classList.toggle("changed", changed);
  panel.querySelector("summary").textContent = changed ? "Fairness: warning" : "Fairness";
  if (changed) panel.open = true;
}

/** Check a finished game's deal: its record, the server's verification, the page's own checks. */
export async function checkDeal(gameId, { shown, shownSeed, other }) {
  try {
    const record = await api("GET", `/api/games/${encodeURIComponent(gameId)}/record`);
    const answer = await api("POST", "/api/verify", record);
    return verdict({ shown, record, answer, shownSeed, other });
  } catch (error) {
    return { verdict: "failed", headline: "Not verified", problem: error.message, lines: [] };
  }
}

/**
 * Fill the result's fairness section: the seed revealed, what kind it is, the button, and the
 * verdict once there is one (`outcome`: null, "checking" or a verdict).
 */
export function fillVerify(node, { seed, practice, deal, outcome, verify }) {
  const known = seed !== undefined && seed !== null;
  const result = outcome && outcome !== "checking" ? outcome : null;
  // (in a div: the parts left out are null, which append() itself would write as "null")
  clear(node).append(
    h(
      "div",
      { class: "fair-parts" },
      known
        ? h(
            "p",
            { class: "fair-seed" },
            h("span", { class: "fair-label" }, "Seed"),
            " ",
            h("code", { "data-testid": "seed" }, String(seed)),
          )
        : null,
      known ? h("p", { class: "fair-note", "data-testid": "seed-kind" }, seedWords(seed, practice, deal)) : null,
      h(
        "button",
        {
          type: "button",
          class: "small",
          "data-action": "verify-deal",
          disabled: outcome === "checking",
          onclick: verify,
        },
        outcome === "checking" ? "Verifying\u2026" : "Verify this deal",
      ),
      result
        ? h(
            "div",
            {
              class: `verify-result ${result.verdict}`,
              "data-testid": "verify-result",
              "data-verdict": result.verdict,
            },
            h(
              "strong",
              { "data-testid": "verify-headline" },
              `${result.verdict === "verified" ? "\u2713 " : ""}${result.headline}`,
            ),
            result.problem
              ? h("p", { class: "verify-problem", "data-testid": "verify-problem" }, result.problem)
              : null,
            result.lines.map((line) => h("p", {}, line)),
          )
        : null,
    ),
  );
  return node;
}

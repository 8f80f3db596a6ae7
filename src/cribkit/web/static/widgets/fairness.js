// The fair deal on the game page: the commitment line of the side panel, and the seed with its
// "Verify this deal" button in the result (the words and the verdict are logic/fairness.js).
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

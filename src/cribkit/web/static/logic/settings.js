// The player's settings for this browser: the pace of the computer's moves, sound, and the look
// of the table (colours, deck, card backs, contrast). Pure: parsing and checking only (settings.js
// keeps them). Every value has a closed list of choices, so a broken or hostile stored value
// falls back to the default instead of reaching the page.

/** Each setting's choices, the default first. */
export const CHOICES = {
  speed: ["normal", "slow", "fast", "instant"],
  sound: ["on", "off"],
  table: ["green", "light", "dark"],
  deck: ["two-colour", "four-colour"],
  back: ["blue", "red", "green"],
  contrast: ["normal", "high"],
  coach: ["off", "on"],
  continueAfter: ["off", "5", "10", "20"],
};

/** The words of each setting and choice in the settings panel. */
export const LABELS = {
  speed: "Computer's pace",
  sound: "Sound",
  table: "Table",
  deck: "Deck",
  back: "Card backs",
  contrast: "Contrast",
  coach: "Coach during play",
  continueAfter: "The show continues",
};

/** The words of the choices that are not their own value written with a capital. */
export const CHOICE_WORDS = {
  continueAfter: { off: "When I continue", 5: "After 5 s", 10: "After 10 s", 20: "After 20 s" },
};

export const DEFAULTS = Object.freeze(Object.fromEntries(Object.entries(CHOICES).map(([key, list]) => [key, list[0]])));

/**
 * How long, in milliseconds, a computer's move (or a counted hand of the show) stays alone on the
 * table before the next one is drawn, at each speed. "normal" reads like a person across the table.
 */
export const PACE_MS = { slow: 1400, normal: 750, fast: 300, instant: 0 };

/**
 * The settings kept as text (JSON), checked: unknown keys are dropped, an unknown value is the
 * default. Never throws.
 *
 * >>> parseSettings('{"speed":"fast","table":"plaid"}')
 * {speed: "fast", sound: "on", table: "green", ...}
 */
export function parseSettings(text) {
  let kept = {};
  try {
    const value = JSON.parse(text || "{}");
    if (value && typeof value === "object" && !Array.isArray(value)) kept = value;
  } catch {
    kept = {};
  }
  return withChanges(DEFAULTS, kept);
}

/** `settings` with each valid change of `changes` applied (an invalid one leaves the value). */
export function withChanges(settings, changes) {
  const next = { ...settings };
  for (const [key, list] of Object.entries(CHOICES)) {
    if (Object.hasOwn(changes, key) && list.includes(changes[key])) next[key] = changes[key];
  }
  return next;
}

/** The settings as text to keep: only what differs from the defaults. */
export function formatSettings(settings) {
  const differing = Object.fromEntries(Object.entries(settings).filter(([key, value]) => DEFAULTS[key] !== value));
  return JSON.stringify(differing);
}

/**
 * The pause after a computer's move at the settings' speed. (Reduced motion takes the
 * animations away, not the pause: the pace is time to read, not movement.)
 */
export function paceOf(settings) {
  return PACE_MS[settings.speed] ?? PACE_MS.normal;
}

/**
 * How long a show laid out whole waits before it continues by itself, in milliseconds, or null:
 * it waits for the player (the default).
 */
export function continueAfterMs(settings) {
  const seconds = Number(settings.continueAfter);
  return Number.isInteger(seconds) && seconds > 0 ? seconds * 1000 : null;
}

// The settings this browser keeps (local storage), shown on the page as data-* attributes of
// <html> (the style sheets draw the themes from them), and told to whoever listens (the pace,
// the sound) when the player changes one.
import { formatSettings, parseSettings, withChanges } from "./logic/settings.js";

const SETTINGS_KEY = "cribkit:settings";
const listeners = new Set();
let current = null;

function read() {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return parseSettings(null); // a browser that keeps nothing: the defaults
  }
}

/** The settings in force. */
export function settings() {
  if (!current) current = read();
  return current;
}

/** Change some settings: kept, drawn on <html>, and told to the listeners. */
export function changeSettings(changes) {
  current = withChanges(settings(), changes);
  try {
    localStorage.setItem(SETTINGS_KEY, formatSettings(current));
  } catch {
    // Nothing kept: the change holds while the page is open.
  }
  applySettings();
  for (const listener of listeners) listener(current);
}

/** Call `listener(settings)` after every change; answers the function that stops it. */
export function onSettings(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Draw the settings on <html> (data-table, data-deck, data-back, data-contrast, data-speed, data-sound). */
export function applySettings(root = document.documentElement) {
  for (const [key, value] of Object.entries(settings())) root.dataset[key] = value;
  // The phone's status bar (and an installed app's title bar) takes the table's colour.
  const themeColour = document.querySelector('meta[name="theme-color"]');
  const felt = getComputedStyle(root).getPropertyValue("--felt-dark").trim();
  if (themeColour && felt) themeColour.setAttribute("content", felt);
}

/** Whether the player's system asks for less motion (the animations are then left out). */
export function reducedMotion() {
  return Boolean(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

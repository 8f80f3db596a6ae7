// Small DOM helpers shared by every view.

/** Create an HTML element: h("button", {class: "x", onclick: fn}, "text", child). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      node.addEventListener(key.slice(2), value);
    } else if (key === "dataset") {
      Object.assign(node.dataset, value);
    } else if (key === "style" && typeof value === "object") {
      for (const [property, setting] of Object.entries(value)) {
        if (property.startsWith("--")) node.style.setProperty(property, setting);
        else node.style[property] = setting;
      }
    } else if (value === true) {
      node.setAttribute(key, "");
    } else {
      node.setAttribute(key, String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Call the JSON API; an error answer raises an Error with the server's message. */
export async function api(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers["content-type"] = "application/json";
    init.body = typeof body === "string" ? body : JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && (data.message || (typeof data.detail === "string" ? data.detail : JSON.stringify(data.detail)));
    throw new Error(detail || `${method} ${path}: ${response.status}`);
  }
  return data;
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

export function pointsText(points) {
  const n = Math.abs(points);
  const word = n <= 10 ? NUMBER_WORDS[n] : String(n);
  return `${points < 0 ? "minus " : ""}${word} point${n === 1 ? "" : "s"}`;
}

/** "Your" for the player, "Computer's" for the others. */
export function possessive(name) {
  return name === "You" ? "Your" : `${name}'s`;
}

export const GAME_TITLES = {
  classic: "Cribbage",
  tabletop: "Table Top Cribbage",
  tiles: "Cribbage Tiles",
  solitaire: "Cribbage Solitaire",
};

// The DOM helpers of every view: the one element helper h(), and clear().

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an element: h("button", {class: "x", onclick: fn}, "text", child). An SVG element's
 * tag carries the prefix "svg:": h("svg:rect", {x: 1, width: 58}).
 *
 * Attributes: `onX` functions listen to the event X; `dataset` an object of data-* values;
 * `style` an object of properties (custom properties "--x" too) or text; `true` sets an empty
 * attribute; `undefined`, `null` and `false` leave it out. Children are nodes or text; arrays
 * are flattened, and `null`, `undefined` and `false` are left out.
 */
export function h(tag, attrs = {}, ...children) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG_NS, tag.slice(4)) : document.createElement(tag);
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

/**
 * Words for assistive technology only, unseen: what a button that shows a drawing (a card, a
 * tile) says beside the drawing's own name ("C3: " before "five of diamonds"). Such a button
 * takes its name from its content, never from an aria-label: a label would have to repeat the
 * letters drawn on the card to be a name a player can say (WCAG 2.5.3, label in name).
 */
export function readerOnly(text) {
  return h("span", { class: "reader-only" }, text);
}

/** Remove every child of a node; answers the node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Whether an element is a button or a link (Enter on it activates it, not the view's own key). */
export function isButton(element) {
  return Boolean(element && (element.tagName === "BUTTON" || element.tagName === "A"));
}

/** Whether a key press is typed into a text field (the pages' keys leave those alone). */
export function isTyping(event) {
  return Boolean(event.target && /^(INPUT|TEXTAREA|SELECT)$/.test(event.target.tagName));
}

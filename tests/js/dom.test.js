// The one element helper, on a small stand-in for the browser's document.
import assert from "node:assert/strict";
import { before, test } from "node:test";

const HTML_NS = "http://www.w3.org/1999/xhtml";
const SVG_NS = "http://www.w3.org/2000/svg";

class FakeNode {}

class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }
}

class FakeElement extends FakeNode {
  constructor(namespaceURI, tagName) {
    super();
    this.namespaceURI = namespaceURI;
    this.tagName = tagName;
    this.attributes = {};
    this.childNodes = [];
    this.listeners = {};
    this.dataset = {};
    this.style = {
      setProperty(property, value) {
        this[property] = value;
      },
    };
  }

  setAttribute(key, value) {
    this.attributes[key] = value;
  }

  addEventListener(type, listener) {
    this.listeners[type] = listener;
  }

  append(child) {
    this.childNodes.push(child);
  }

  get firstChild() {
    return this.childNodes[0] || null;
  }

  removeChild(child) {
    this.childNodes.splice(this.childNodes.indexOf(child), 1);
  }
}

let dom;
before(async () => {
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(HTML_NS, tag.toUpperCase()),
    createElementNS: (namespace, tag) => new FakeElement(namespace, tag),
    createTextNode: (text) => new FakeText(text),
  };
  dom = await import("../../src/cribkit/web/static/dom.js");
});

test("h makes HTML elements, and SVG elements for an svg: tag", () => {
  const div = dom.h("div");
  assert.equal(div.namespaceURI, HTML_NS);
  assert.equal(div.tagName, "DIV");
  const rect = dom.h("svg:rect", { x: 1, width: 58 });
  assert.equal(rect.namespaceURI, SVG_NS);
  assert.equal(rect.tagName, "rect");
  assert.deepEqual(rect.attributes, { x: "1", width: "58" });
});

test("attributes: false, null and undefined are left out, true is empty, functions listen", () => {
  const click = () => {};
  const button = dom.h("button", {
    type: "button",
    disabled: false,
    title: null,
    value: undefined,
    hidden: true,
    tabindex: 0,
    onclick: click,
    dataset: { cell: "G7" },
    style: { zIndex: "2", "--size": "13" },
  });
  assert.deepEqual(button.attributes, { type: "button", hidden: "", tabindex: "0" });
  assert.equal(button.listeners.click, click);
  assert.deepEqual(button.dataset, { cell: "G7" });
  assert.equal(button.style.zIndex, "2");
  assert.equal(button.style["--size"], "13");
  assert.deepEqual(dom.h("p", null).attributes, {});
});

test("children: nested arrays are flattened, text becomes text nodes, empties are left out", () => {
  const child = dom.h("span");
  const list = dom.h("ul", {}, "a", [null, [child, 3]], false, undefined, 0);
  assert.equal(list.childNodes.length, 4);
  assert.equal(list.childNodes[0].data, "a");
  assert.equal(list.childNodes[1], child);
  assert.equal(list.childNodes[2].data, "3");
  assert.equal(list.childNodes[3].data, "0");
  assert.equal(dom.clear(list), list);
  assert.equal(list.childNodes.length, 0);
});

test("buttons and links take Enter; text fields keep the page's keys", () => {
  assert.equal(dom.isButton({ tagName: "BUTTON" }), true);
  assert.equal(dom.isButton({ tagName: "A" }), true);
  assert.equal(dom.isButton({ tagName: "DIV" }), false);
  assert.equal(dom.isButton(null), false);
  assert.equal(dom.isTyping({ target: { tagName: "INPUT" } }), true);
  assert.equal(dom.isTyping({ target: { tagName: "BODY" } }), false);
});

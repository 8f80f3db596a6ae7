// The client's source as a whole: its lines, its one element helper, its imports.
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

const STATIC = resolve(dirname(fileURLToPath(import.meta.url)), "../../src/cribkit/web/static");

function files(folder, ending) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return files(path, ending);
    return ending.test(entry.name) ? [path] : [];
  });
}

const modules = files(STATIC, /\.js$/);
const source = (path) => readFileSync(path, "utf8");
const name = (path) => relative(STATIC, path);

/** Every `import ... from "./x.js"` and `export ... from "./x.js"` of a module: the names and the file. */
function imports(path) {
  const found = [];
  const pattern = /^(?:import|export)\s+(?:\{([^}]*)\}\s+from\s+)?"([^"]+)";/gm;
  for (const match of source(path).matchAll(pattern)) {
    const names = (match[1] || "")
      .split(",")
      .map((part) => part.trim().split(/\s+as\s+/)[0])
      .filter(Boolean);
    found.push({ names, target: resolve(dirname(path), match[2]), written: match[2] });
  }
  return found;
}

function exported(path) {
  const text = source(path);
  const names = new Set();
  for (const match of text.matchAll(/^export\s+(?:async\s+)?(?:function|class|const|let)\s+(\w+)/gm))
    names.add(match[1]);
  for (const match of text.matchAll(/^export\s+\{([^}]*)\}/gm)) {
    for (const part of match[1].split(","))
      names.add(
        part
          .trim()
          .split(/\s+as\s+/)
          .pop(),
      );
  }
  return names;
}

test("the client is there, with its pure logic apart", () => {
  assert.ok(modules.length > 20, modules.length);
  assert.ok(modules.some((path) => name(path).startsWith("logic/")));
});

test("no line of the client is over 120 characters", () => {
  const long = [];
  for (const path of files(STATIC, /\.(js|css|html|svg)$/)) {
    source(path)
      .split("\n")
      .forEach((line, i) => {
        if ([...line].length > 120) long.push(`${name(path)}:${i + 1}`);
      });
  }
  assert.deepEqual(long, []);
});

test("one element helper: only dom.js creates elements", () => {
  const creating = modules.filter((path) => /\bcreate(Element|ElementNS|TextNode)\b/.test(source(path)));
  assert.deepEqual(creating.map(name), ["dom.js"]);
  // No second helper under another name either.
  const helpers = modules.filter((path) => /^export function (h|svg|el|element)\(/m.test(source(path)));
  assert.deepEqual(helpers.map(name), ["dom.js"]);
});

test("every import names a module that is there and exports what is imported", () => {
  const broken = [];
  for (const path of modules) {
    for (const { names, target, written } of imports(path)) {
      if (!written.startsWith(".")) broken.push(`${name(path)}: ${written} is not a file of the client`);
      else if (!existsSync(target)) broken.push(`${name(path)}: no ${written}`);
      else {
        const there = exported(target);
        for (const wanted of names) if (!there.has(wanted)) broken.push(`${name(path)}: ${written} has no ${wanted}`);
      }
    }
  }
  assert.deepEqual(broken, []);
});

test("the pure logic imports only pure logic, and loads without a DOM", async () => {
  const logic = modules.filter((path) => name(path).startsWith("logic/"));
  for (const path of logic) {
    for (const { target } of imports(path))
      assert.ok(name(target).startsWith("logic/"), `${name(path)} imports ${name(target)}`);
    const module = await import(path);
    assert.ok(Object.keys(module).length > 0, name(path));
  }
  assert.equal(globalThis.document, undefined);
});

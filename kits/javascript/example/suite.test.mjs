// The suite's cases run in-process against the example engine, with node's own test runner:
//
//   node --test kits/javascript/example/
//
// No runner and no adapter process: each case of kits/seven-rocks-suite.json (written by
// `seven-rocks-conformance export --format json`) is handed to engine.handle() and the
// reply compared as the file's "comparison" says. SEVEN_ROCKS_SUITE names another file.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { engine } from "./engine.mjs";

const path = process.env.SEVEN_ROCKS_SUITE ?? new URL("../../seven-rocks-suite.json", import.meta.url);
const suite = JSON.parse(readFileSync(path, "utf-8"));

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

// Expected elements and actual elements paired by Kuhn's augmenting paths: a distinct
// actual element for each expected one.
function multisetMatches(expected, actual, unordered, partial, pointer) {
  const fits = expected.map((e, i) => actual.flatMap((a, j) => (matches(e, a, unordered, partial, `${pointer}/${i}`) ? [j] : [])));
  const owner = new Map();
  const augment = (i, seen) => fits[i].some((j) => {
    if (seen.has(j)) return false;
    seen.add(j);
    if (!owner.has(j) || augment(owner.get(j), seen)) {
      owner.set(j, i);
      return true;
    }
    return false;
  });
  return expected.every((_, i) => augment(i, new Set()));
}

// Objects whole (exactly their keys) but at the "partial" pointers, the result objects;
// arrays in order but at the "unordered" pointers; scalars by type and value.
function matches(expected, actual, unordered, partial, pointer = "") {
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    if (!partial.has(pointer) && Object.keys(actual).length !== Object.keys(expected).length) return false;
    const token = (k) => k.replaceAll("~", "~0").replaceAll("/", "~1");
    return Object.entries(expected).every(([k, v]) => Object.hasOwn(actual, k) && matches(v, actual[k], unordered, partial, `${pointer}/${token(k)}`));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    if (unordered.has(pointer)) return multisetMatches(expected, actual, unordered, partial, pointer);
    return expected.every((e, i) => matches(e, actual[i], unordered, partial, `${pointer}/${i}`));
  }
  return expected === actual; // JSON scalars: same type and value (1 is not true)
}

const implemented = new Set(engine.handshake().cmds);

for (const kase of suite.cases) {
  const skip = implemented.has(kase.cmd) ? false : `the example does not implement ${kase.cmd}`;
  test(kase.id, { skip }, () => {
    const reply = engine.handle({ ...kase.request, seq: 1 });
    const [key, expected] = Object.entries(kase.expect)[0];
    assert.ok(Object.hasOwn(reply, key), `expected ${key}, got ${JSON.stringify(reply)}`);
    const ok = matches(expected, reply[key], new Set(kase.unordered), new Set(kase.partial));
    assert.ok(ok, `${kase.description}\nexpected ${key} ${JSON.stringify(expected)}\ngot ${JSON.stringify(reply[key])}`);
  });
}

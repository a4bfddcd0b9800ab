// The suite's cases run in-process against the example engine, with node's own test runner:
//
//   node --test kits/javascript/example/
//
// No runner and no adapter process: each case of kits/seven-rocks-suite.json (written by
// `seven-rocks-conformance export --format json`) is handed to engine.handle() and the
// reply compared by the kit's caseMatches, as the file's "comparison" says.
// SEVEN_ROCKS_SUITE names another file.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { caseMatches } from "seven-rocks-kit";
import { engine } from "./engine.mjs";

const path = process.env.SEVEN_ROCKS_SUITE ?? new URL("../../seven-rocks-suite.json", import.meta.url);
const suite = JSON.parse(readFileSync(path, "utf-8"));

const implemented = new Set(engine.handshake().cmds);

for (const kase of suite.cases) {
  const skip = implemented.has(kase.cmd) ? false : `the example does not implement ${kase.cmd}`;
  test(kase.id, { skip }, () => {
    const reply = engine.handle({ ...kase.request, seq: 1 });
    assert.ok(caseMatches(kase, reply), `${kase.description}\nexpected ${JSON.stringify(kase.expect)}\ngot ${JSON.stringify(reply)}`);
  });
}

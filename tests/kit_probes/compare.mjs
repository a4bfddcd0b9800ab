// Runs the JavaScript kit's caseMatches over the comparison vectors that
// tests/kits/test_kit_compare.py writes: node compare.mjs SUITE VECTORS.
import { readFileSync } from "node:fs";

import { caseMatches } from "../../kits/javascript/seven-rocks-kit.mjs";

const [suitePath, vectorsPath] = process.argv.slice(2);
const cases = new Map(JSON.parse(readFileSync(suitePath, "utf-8")).cases.map((c) => [c.id, c]));
const vectors = JSON.parse(readFileSync(vectorsPath, "utf-8"));
// JSON.parse reads 2.0 as 2: a JavaScript harness cannot see that difference.
const readable = vectors.filter((v) => !v.what.endsWith("as a float"));
const wrong = readable
  .filter((v) => caseMatches(cases.get(v.case), v.reply) !== v.passes)
  .map((v) => [v.case, v.what]);
console.log(JSON.stringify({ wrong, checked: readable.length, unreadable: vectors.length - readable.length }));

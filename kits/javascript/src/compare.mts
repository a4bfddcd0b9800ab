// The suite's comparison of a reply with a case, for harnesses that run the suite's JSON
// file (seven-rocks-conformance export --format json) in their own tests.
//
// The structural part of the file's "comparison" contract: the reply carries the case's
// expect key; a rejection matches by its code and, when the case gives one, its index
// (never its message); a result value by value: an object with exactly the expected keys,
// except the result objects the case lists in "partial" (JSON Pointers), which may hold
// keys the case leaves out; an array in order, except those listed in "unordered",
// matched as multisets by a maximum matching; a scalar by JSON type and value (1 is not
// true). JSON.parse gives 2 and 2.0 the same number: a harness in JavaScript cannot tell
// them apart. The runner checks, beyond this, the reply's JSON Schema and the relations
// a result keeps with its request.

/** One case of the suite's JSON file, as far as the comparison reads it. */
export interface SuiteCase {
  expect: { result: unknown } | { rejected: { code: string; index?: number | null } };
  unordered: readonly string[];
  partial?: readonly string[];
}

/** Where a value sits in a case's expected value, and how its arrays and objects compare. */
export interface MatchOptions {
  unordered?: readonly string[];
  partial?: readonly string[];
  pointer?: string;
}

type Lookup = { [key: string]: unknown };

const isObject = (v: unknown): v is Lookup => v !== null && typeof v === "object" && !Array.isArray(v);
const token = (key: string): string => key.replaceAll("~", "~0").replaceAll("/", "~1");

// Kuhn's augmenting paths: one expected element may fit several actual ones.
function multisetMatches(
  expected: readonly unknown[], actual: readonly unknown[], options: MatchOptions, pointer: string,
): boolean {
  const fits = expected.map((e, i) =>
    actual.flatMap((a, j) => (valueMatches(e, a, { ...options, pointer: `${pointer}/${i}` }) ? [j] : [])));
  const owner = new Map<number, number>();
  const augment = (i: number, seen: Set<number>): boolean => fits[i].some((j) => {
    if (seen.has(j)) return false;
    seen.add(j);
    const held = owner.get(j);
    if (held === undefined || augment(held, seen)) {
      owner.set(j, i);
      return true;
    }
    return false;
  });
  return expected.every((_, i) => augment(i, new Set()));
}

/** Whether actual matches expected at a JSON Pointer, with a case's unordered arrays and
 * partial objects. */
export function valueMatches(expected: unknown, actual: unknown, options: MatchOptions = {}): boolean {
  const { unordered = [], partial = [], pointer = "" } = options;
  const inner = { unordered, partial };
  if (isObject(expected)) {
    if (!isObject(actual)) return false;
    const keys = Object.keys(expected);
    if (!partial.includes(pointer) && Object.keys(actual).length !== keys.length) return false;
    return keys.every((k) => Object.hasOwn(actual, k)
      && valueMatches(expected[k], actual[k], { ...inner, pointer: `${pointer}/${token(k)}` }));
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) return false;
    if (unordered.includes(pointer)) return multisetMatches(expected, actual, inner, pointer);
    return expected.every((e, i) => valueMatches(e, actual[i], { ...inner, pointer: `${pointer}/${i}` }));
  }
  return expected === actual;
}

/** Whether a reply (the engine's parsed reply line) passes a case of the suite's JSON file,
 * as the file's "comparison" says. */
export function caseMatches(kase: SuiteCase, reply: unknown): boolean {
  const [[kind, expected]] = Object.entries(kase.expect) as [string, unknown][];
  if (!isObject(reply) || !Object.hasOwn(reply, kind)) return false;
  const actual = reply[kind];
  if (kind === "rejected") {
    const want = expected as Lookup;
    if (!isObject(actual) || actual.code !== want.code) return false;
    return !Object.hasOwn(want, "index") || (Object.hasOwn(actual, "index") && actual.index === want.index);
  }
  return valueMatches(expected, actual, { unordered: kase.unordered, partial: kase.partial ?? [] });
}

// A kit for writing Seven Rocks adapters in JavaScript (Node >= 18, no dependencies):
// the author writes only the rules.
//
// The kit speaks protocol 1 (spec/protocol.md): the JSON Lines loop, the handshake, `seq`,
// `stop` and end of input, and the whole request form, so that every `bad_request`, its
// precedence and its index come for free. Command functions receive checked, typed
// arguments and return their result; a `Rejected` they throw (or an error mapped to a code)
// becomes a `rejected` reply, anything else an `errored` one:
//
//   import { Engine } from "seven-rocks-kit";
//   new Engine({ name: "my-engine", version: "1.0", commands: { settle: ({ hands }) => ({ ... }) } }).run();
//
// It has the names of every Seven Rocks kit (kits/README.md). This module holds the request
// form and the loop; values.mts the values, rejections.mts the rejections and `at`,
// replay.mts the replay helper. The kit is written in TypeScript (src/); the ES modules,
// the CommonJS file and the type declarations beside package.json are built from it.

import { BadRequest, CODES, type Code, indexOf, isCode, Rejected } from "./rejections.mjs";
import type { Result } from "./replay.mjs";
import {
  type Action, type Deal, EndPoint, GameHand, PASS, Placement, type SideName, SIDES, type Tile, tile,
} from "./values.mjs";

export {
  type Action, Counted, type Deal, EndPoint, GameHand, OpenPoint, PASS, type Pip, Placement, Side,
  type SideName, SIDES, Tile, tile,
} from "./values.mjs";
export {
  at, BadRequest, BranchClosed, type Code, CODES, GameOver, HandOver, MustPlay, NoMatch,
  NoSuchEnd, NotInHand, Rejected, type RejectedClass, UnfinishedHand, WrongOpener,
} from "./rejections.mjs";
export { type Board, type LegalBoard, replayLegal, replayTable, type Result } from "./replay.mjs";

/** The protocol version the kit speaks. */
export const PROTOCOL = 1 as const;

/** A query command of protocol 1. */
export type Command = "table" | "legal" | "settle" | "hand" | "game" | "perft";
/** The query commands, in the order the protocol lists them. */
export const COMMANDS: readonly Command[] = ["table", "legal", "settle", "hand", "game", "perft"];

const isCommand = (cmd: unknown): cmd is Command => (COMMANDS as readonly unknown[]).includes(cmd);

/** A plain JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A reply of protocol 1. */
export type Reply = { [key: string]: Json };

/** The checked arguments of each command, optional ones filled in. */
export interface Arguments {
  table: { plays: Placement[] };
  legal: { plays: Placement[]; hand: Tile[] };
  settle: { hands: [Tile[], Tile[], Tile[], Tile[]] };
  hand: { deal: Deal; opener: number; scores: [number, number]; actions: Action[] };
  game: { hands: GameHand[] };
  perft: { deal: Deal; opener: number; scores: [number, number]; actions: Action[]; depth: number };
}
/** The commands an engine implements, each a function of its checked arguments. */
export type Commands = { [C in Command]?: (args: Arguments[C]) => Result };

// ------------------------------------------------------------------ request form

class JsonFloat {
  // A number written with a fraction or an exponent: never an integer to the protocol,
  // even when its value is whole (JSON.parse alone turns 2.0 into 2).
  constructor(readonly number: number) {}
  toJSON(): number { return this.number; }
}

class JsonInteger {
  // An integer too large for a Number to hold exactly: kept as written, so that a `seq`
  // is echoed with every digit (spec/protocol.md section 4). Anywhere else it reads as
  // the Number JSON.parse would give.
  constructor(readonly text: string) {}
  toJSON(): number { return Number(this.text); }
}

// One JSON text parsed as JSON.parse would, but with what the protocol needs of numbers:
// the parser reads each number from its own digits, never from a string, so that no string
// can pass for a number (a string "\u0000integer:7" is a string).
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const PLAIN_STRING = /^"[^\\\u0000-\u001f]*"$/;

/** A container being filled, with the key its next value takes (objects only). */
type Open = { value: unknown[] | Record<string, unknown>; key: string | null };

function parseLine(text: string): unknown {
  let at = 0;
  const fail = (): never => {
    const found = at < text.length ? JSON.stringify(text[at]) : "end of the line";
    throw new SyntaxError(`unexpected ${found} at position ${at}`);
  };
  const space = (): void => {
    for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++at));
  };
  const string = (): string => {
    // The closing quote is the first one not escaped (after an even run of backslashes).
    let end = at;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end < 0) fail();
      let slashes = 0;
      while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
      if (slashes % 2 === 0) break;
    }
    const raw = text.slice(at, end + 1);
    if (PLAIN_STRING.test(raw)) {
      at = end + 1;
      return raw.slice(1, -1);
    }
    // Escapes and control characters are JSON.parse's to judge, on the string alone.
    try {
      const value = JSON.parse(raw) as string;
      at = end + 1;
      return value;
    } catch {
      throw new SyntaxError(`a string that is not JSON at position ${at}`);
    }
  };
  const number = (key: string | null): number | JsonFloat | JsonInteger => {
    NUMBER.lastIndex = at;
    const found = NUMBER.exec(text) ?? fail();
    at = NUMBER.lastIndex;
    // A fraction or an exponent is never an integer to the protocol, even 2.0.
    if (found[1] !== undefined || found[2] !== undefined) return new JsonFloat(Number(found[0]));
    const value = Number(found[0]);
    return key === "seq" && !Number.isSafeInteger(value) ? new JsonInteger(found[0]) : value;
  };
  const name = (into: Open): void => {
    if (text[at] !== '"') fail();
    into.key = string();
    space();
    if (text[at] !== ":") fail();
    at++;
    space();
  };
  // Containers being filled, innermost last, each with the key its next value takes: no
  // recursion, whatever the depth.
  const open: Open[] = [];
  space();
  for (;;) {
    const top = open.at(-1);
    const key = top === undefined || Array.isArray(top.value) ? null : top.key;
    let value: unknown;
    const c = text[at];
    if (c === "{" || c === "[") {
      at++;
      space();
      const empty = text[at] === (c === "{" ? "}" : "]");
      const made: Open["value"] = c === "{" ? {} : [];
      value = made;
      if (!empty) {
        const entered: Open = { value: made, key: null };
        open.push(entered);
        if (c === "{") name(entered);
        continue;
      }
      at++;
    } else if (c === '"') {
      value = string();
    } else if (text.startsWith("true", at)) {
      value = true;
      at += 4;
    } else if (text.startsWith("false", at)) {
      value = false;
      at += 5;
    } else if (text.startsWith("null", at)) {
      value = null;
      at += 4;
    } else {
      value = number(key);
    }
    // The value goes into its container; each container it completes, into the next.
    for (;;) {
      const inner = open.at(-1);
      space();
      if (inner === undefined) {
        if (at !== text.length) fail();
        return value;
      }
      if (Array.isArray(inner.value)) {
        inner.value.push(value);
      } else {
        // As JSON.parse does: an own property even for "__proto__"; a repeated key's last value.
        Object.defineProperty(inner.value, inner.key as string, {
          value, writable: true, enumerable: true, configurable: true,
        });
      }
      if (text[at] === ",") {
        at++;
        space();
        if (!Array.isArray(inner.value)) name(inner);
        break;
      }
      if (text[at] !== (Array.isArray(inner.value) ? "]" : "}")) fail();
      at++;
      open.pop();
      value = inner.value;
    }
  }
}

type Obj = Record<string, unknown>;

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isObject = (v: unknown): v is Obj =>
  v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof JsonFloat);
const show = (v: unknown): string => {
  let text: string;
  try {
    text = JSON.stringify(v) ?? String(v);
  } catch {
    return "(a value nested too deep to show)";
  }
  return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
};
const bad = (message: string, index: number | null = null): Rejected => new BadRequest(message, index);

/** Each command's [required, optional] arguments. */
export const ARGUMENTS: { readonly [C in Command]: readonly [readonly string[], readonly string[]] } = {
  table: [["plays"], []],
  legal: [["plays", "hand"], []],
  settle: [["hands"], []],
  hand: [["deal", "opener", "actions"], ["scores"]],
  game: [["hands"], []],
  perft: [["deal", "opener", "depth"], ["scores", "actions"]],
};

function checkKeys(args: Obj, required: readonly string[], optional: readonly string[]): void {
  const missing = required.filter((k) => !Object.hasOwn(args, k));
  if (missing.length) throw bad(`missing argument "${missing[0]}"`);
  const extra = Object.keys(args).filter((k) => !required.includes(k) && !optional.includes(k));
  if (extra.length) throw bad(`unknown argument "${extra.sort()[0]}"`);
}

function parseTile(v: unknown): Tile {
  if (Array.isArray(v) && v.length === 2 && isInt(v[0]) && isInt(v[1])) {
    const [a, b] = v as [number, number];
    if (0 <= a && a <= b && b <= 6) return tile(a, b);
    if (0 <= b && b < a && a <= 6) throw bad(`tile ${show(v)} is not canonical: write it [${b}, ${a}]`);
  }
  throw bad(`${show(v)} is not a tile: expected [a, b] with 0 <= a <= b <= 6`);
}

function parseTiles(v: unknown, what: string): Tile[] {
  if (!Array.isArray(v)) throw bad(`${what} must be a list of tiles, not ${show(v)}`);
  return v.map(parseTile);
}

function distinct(tiles: Tile[], what: string): void {
  const seen = new Set<Tile>();
  for (const t of tiles) {
    if (seen.has(t)) throw bad(`${t} is twice in ${what}`);
    seen.add(t);
  }
}

function parsePlacement(v: unknown): Placement {
  const keys = isObject(v) ? Object.keys(v) : [];
  if (!isObject(v) || !keys.includes("tile") || keys.some((k) => k !== "tile" && k !== "on")) {
    throw bad(`${show(v)} is not a placement: expected {tile, on?}`);
  }
  const placed = parseTile(v.tile);
  if (!Object.hasOwn(v, "on")) return new Placement(placed);
  const on = v.on;
  const onKeys = isObject(on) ? Object.keys(on).sort().join() : "";
  if (!isObject(on) || onKeys !== "side,tile") throw bad(`${show(on)} is not an end point: expected {tile, side}`);
  if (!(SIDES as readonly unknown[]).includes(on.side)) {
    throw bad(`${show(on.side)} is not a side: expected one of ${SIDES.join(", ")}`);
  }
  return new Placement(placed, new EndPoint(parseTile(on.tile), on.side as SideName));
}

function parseAction(v: unknown): Action {
  if (v === "pass") return PASS;
  if (typeof v === "string") throw bad(`${show(v)} is not an action: expected a placement or "pass"`);
  return parsePlacement(v);
}

// A problem in an element takes the element's position (in a game, the hand's position
// overrides the position of an action inside it, as spec/protocol.md 6.3 asks).
function each<T>(v: unknown, what: string, parse: (item: unknown) => T): T[] {
  if (!Array.isArray(v)) throw bad(`${what} must be a list, not ${show(v)}`);
  return v.map((item: unknown, index) => {
    try {
      return parse(item);
    } catch (error) {
      (error as { index: number }).index = index;
      throw error;
    }
  });
}

function parsePlays(v: unknown): Placement[] {
  const plays = each(v, "plays", parsePlacement);
  const seen = new Set<Tile>();
  plays.forEach((p, index) => {
    if (seen.has(p.tile)) throw bad(`${p.tile} is already on the table`, index);
    seen.add(p.tile);
  });
  return plays;
}

function parseSeat(v: unknown, what: string): number {
  if (!(isInt(v) && v >= 0 && v <= 3)) throw bad(`${what} must be a seat 0..3, not ${show(v)}`);
  return v;
}

function parseScores(v: unknown): [number, number] {
  if (!(Array.isArray(v) && v.length === 2 && v.every(isInt))) {
    throw bad(`scores must be two integers [team0, team1], not ${show(v)}`);
  }
  return [v[0] as number, v[1] as number];
}

function parseDeal(v: unknown): Deal {
  if (!(Array.isArray(v) && v.length === 4)) throw bad(`a deal is four lists of 7 tiles, not ${show(v)}`);
  const hands = v.map((h: unknown, seat) => parseTiles(h, `seat ${seat}'s hand`));
  hands.forEach((h, seat) => {
    if (h.length !== 7) throw bad(`seat ${seat} is dealt ${h.length} tiles, not 7`);
  });
  distinct(hands.flat(), "the deal");
  return hands as unknown as Deal;
}

function parseHandArgs(args: Obj): Arguments["perft"] {
  const out: Arguments["hand"] & { depth?: number } = {
    deal: parseDeal(args.deal),
    opener: parseSeat(args.opener, "opener"),
    scores: [0, 0],
    actions: [],
  };
  out.scores = Object.hasOwn(args, "scores") ? parseScores(args.scores) : [0, 0];
  out.actions = each(Object.hasOwn(args, "actions") ? args.actions : [], "actions", parseAction);
  if (Object.hasOwn(args, "depth")) {
    const depth = args.depth;
    if (!(isInt(depth) && depth >= 0)) throw bad(`depth must be an integer >= 0, not ${show(depth)}`);
    out.depth = depth;
  }
  return out as Arguments["perft"];
}

function parseGameHand(v: unknown): GameHand {
  if (!isObject(v)) throw bad(`a hand is an object {deal, opener?, actions}, not ${show(v)}`);
  checkKeys(v, ["deal", "actions"], ["opener"]);
  const deal = parseDeal(v.deal);
  const opener = Object.hasOwn(v, "opener") ? parseSeat(v.opener, "opener") : null;
  return new GameHand(deal, opener, each(v.actions, "actions", parseAction));
}

const CHECKS: { [C in Command]: (args: Obj) => Arguments[C] } = {
  table: (args) => ({ plays: parsePlays(args.plays) }),
  legal(args) {
    const plays = parsePlays(args.plays);
    const hand = parseTiles(args.hand, "hand");
    distinct(hand, "the hand");
    const onTable = new Set(plays.map((p) => p.tile));
    const both = hand.filter((t) => onTable.has(t));
    if (both.length) throw bad(`${both[0]} is in the hand but already on the table`);
    return { plays, hand };
  },
  settle(args) {
    const v = args.hands;
    if (!(Array.isArray(v) && v.length === 4)) throw bad(`hands must be four lists of tiles, not ${show(v)}`);
    const hands = v.map((h: unknown, seat) => parseTiles(h, `seat ${seat}'s tiles`));
    hands.forEach((h, seat) => {
      if (h.length > 7) throw bad(`seat ${seat} holds ${h.length} tiles: a player holds at most 7`);
    });
    distinct(hands.flat(), "the hands");
    return { hands: hands as Arguments["settle"]["hands"] };
  },
  hand: parseHandArgs,
  game(args) {
    if (!Array.isArray(args.hands)) {
      throw bad(`hands must be a list of {deal, opener?, actions}, not ${show(args.hands)}`);
    }
    // In a game every problem carries the position of its hand (spec/protocol.md 6.3).
    return { hands: each(args.hands, "hands", parseGameHand) };
  },
  perft: parseHandArgs,
};

/** The typed arguments of a `cmd` request, optional ones filled in; or throws bad_request. */
export function checkArguments<C extends Command>(cmd: C, args: Record<string, unknown>): Arguments[C] {
  const [required, optional] = ARGUMENTS[cmd];
  checkKeys(args, required, optional);
  return CHECKS[cmd](args);
}

// ------------------------------------------------------------------ the loop

const rejected = (seq: Json, code: Code, index: number | null, message: string): Reply => ({
  seq, rejected: { code, index, message },
});

function encode(value: unknown): string {
  // Refuse what JSON cannot carry instead of letting JSON.stringify drop or change it.
  return JSON.stringify(value, (_, v: unknown) => {
    if (v === undefined || typeof v === "function" || typeof v === "symbol") {
      throw new TypeError(`${typeof v} in the result`);
    }
    if (typeof v === "number" && !Number.isFinite(v)) throw new TypeError(`${v} in the result`);
    if (v instanceof Map) return mapObject(v);
    if (v instanceof Set) throw new TypeError("a Set in the result: give a list");
    return v;
  });
}

// A Map is a JSON object when its keys are strings; JSON.stringify alone would write {}.
function mapObject(map: Map<unknown, unknown>): Obj {
  const out: Obj = {};
  for (const [k, v] of map) {
    if (typeof k !== "string") throw new TypeError(`a Map key ${show(k)} in the result: JSON keys are strings`);
    out[k] = v;
  }
  return out;
}

/** A result built of kit values, lists, objects and Maps, in protocol form (plain JSON values). */
export function toJson(value: unknown): Json {
  return JSON.parse(encode(value)) as Json;
}

/** An error class of the engine's own. */
export type ErrorClass = abstract new (...args: never[]) => unknown;

/** What makes an engine. */
export interface EngineOptions {
  name: string;
  version: string;
  /** Default "javascript". */
  language?: string;
  commands: Commands;
  /** A Map from the engine's own error classes to rejection codes (or the Map's entries). */
  errors?: Iterable<readonly [ErrorClass, Code]>;
}

/** What `run` reads lines from (process.stdin by default). */
export interface Input {
  on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
  on(event: "end", listener: () => void): unknown;
  pause(): unknown;
}
/** What `run` writes replies to (process.stdout by default). */
export interface Output {
  write(text: string, callback?: () => void): unknown;
  on(event: "error", listener: (error: unknown) => void): unknown;
}

function implemented(engine: EngineOptions): Command[] {
  return COMMANDS.filter((c) => typeof engine.commands?.[c] === "function");
}

/** The handshake reply. */
export function handshake(engine: EngineOptions): Reply {
  const { name, version, language = "javascript" } = engine;
  return { ready: true, protocol: PROTOCOL, engine: { name, version, language }, cmds: implemented(engine) };
}

// An engine's error may fail even to print itself; the reply must still go out.
function describe(text: () => string): string {
  try {
    return text();
  } catch {
    return "(the error's message could not be read)";
  }
}

// spec/protocol.md section 4: `seq` is an integer, echoed exactly; a fraction (1.0), an
// exponent (1e400), a bool, a string or null is refused with seq null.
function exactSeq(request: Obj): number | JsonInteger | null {
  const seq = request.seq;
  if (!Object.hasOwn(request, "seq")) return null;
  return isInt(seq) || seq instanceof JsonInteger ? seq : null;
}

// One reply as a JSON line's text: a `seq` too large for a Number keeps its digits.
function replyText(out: Reply): string {
  if (!((out.seq as unknown) instanceof JsonInteger)) return JSON.stringify(out);
  const { seq, ...rest } = out;
  return `{"seq":${(seq as unknown as JsonInteger).text},${JSON.stringify(rest).slice(1)}`;
}

/** The reply to one decoded query (anything but start and stop). */
export function handle(engine: EngineOptions, request: unknown): Reply {
  if (!isObject(request)) return rejected(null, "bad_request", null, "a request is a JSON object");
  // A `seq` beyond a Number's range stays a JsonInteger until the reply is written.
  const seq = exactSeq(request) as Json;
  if (seq === null) return rejected(null, "bad_request", null, "seq is missing or not an integer");
  const cmd = request.cmd;
  if (!isCommand(cmd)) {
    return rejected(seq, "bad_request", null, `unknown command ${show(cmd)}: one of ${COMMANDS.join(", ")}`);
  }
  if (!implemented(engine).includes(cmd)) return { seq, skipped: { message: `${cmd} is not implemented` } };
  const args = Object.fromEntries(Object.entries(request).filter(([k]) => k !== "cmd" && k !== "seq"));
  try {
    const command = engine.commands[cmd] as (args: unknown) => Result;
    const result = JSON.parse(encode(command(checkArguments(cmd, args)))) as Json;
    return { seq, result };
  } catch (error) {
    if (error instanceof Rejected) return rejected(seq, error.code, error.index, error.message);
    const mapped = [...(engine.errors ?? [])].find(([kind]) => error instanceof kind);
    if (mapped) return rejected(seq, mapped[1], indexOf(error), describe(() => `${(error as Error).message}`));
    const message = describe(() => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
    return { seq, errored: { message } };
  }
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The reply to one raw line (a Buffer or string); null for stop. */
export function reply(engine: EngineOptions, line: string | Uint8Array): Reply | null {
  let request: unknown;
  try {
    request = parseLine(typeof line === "string" ? line : UTF8.decode(line));
  } catch (error) {
    return rejected(null, "bad_request", null, `the line is not JSON: ${(error as Error).message}`);
  }
  const cmd = isObject(request) ? request.cmd : undefined;
  if (cmd === "stop") return null;
  if (cmd === "start") {
    return (request as Obj).protocol === PROTOCOL ? handshake(engine) : { ready: false, protocol: PROTOCOL };
  }
  return handle(engine, request);
}

/** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
export function serve(engine: EngineOptions, input: Input = process.stdin, output: Output = process.stdout): void {
  for (const [, code] of engine.errors ?? []) {
    if (!isCode(code)) throw new RangeError(`errors maps to ${code}, not a rejection code`);
  }
  output.on("error", () => process.exit(0)); // the runner went away: nothing left to answer
  // The pieces of the line being read: joined once its newline arrives, so that a long
  // line costs time linear in its length (joining at every chunk was quadratic).
  let pieces: Uint8Array[] = [];
  let done = false;
  const finish = (): void => {
    done = true;
    input.pause();
    output.write("", () => process.exit(0));
  };
  const answer = (line: Uint8Array): void => {
    const out = reply(engine, line);
    if (out === null) return finish();
    output.write(`${replyText(out)}\n`);
    if (out.ready === false) finish();
  };
  input.on("data", (chunk) => {
    let start = 0;
    let newline;
    while (!done && (newline = chunk.indexOf(10, start)) >= 0) {
      pieces.push(chunk.subarray(start, newline));
      const line = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
      pieces = [];
      start = newline + 1;
      answer(line);
    }
    if (!done && start < chunk.length) pieces.push(chunk.subarray(start));
  });
  input.on("end", () => {
    if (!done && pieces.length) answer(Buffer.concat(pieces));
    if (!done) finish();
  });
}

/**
 * An engine served over protocol 1: its identity, the commands it implements (each a
 * function of the checked arguments, returning the result) and `errors`, a Map from the
 * engine's own error classes to rejection codes (the first class an error is an instance
 * of gives the code; any other error becomes an `errored` reply). The handshake lists
 * exactly the commands given. Frozen, like every kit value.
 */
export class Engine {
  declare readonly name: string;
  declare readonly version: string;
  declare readonly language: string;
  declare readonly commands: Readonly<Commands>;
  declare readonly errors: ReadonlyMap<ErrorClass, Code>;

  constructor(options: EngineOptions) {
    const { name, version, language = "javascript", commands = {}, errors = new Map() } = options;
    for (const [what, value] of [["name", name], ["version", version], ["language", language]]) {
      if (typeof value !== "string" || value === "") {
        throw new TypeError(`the engine's ${what} must be a non-empty string`);
      }
    }
    for (const cmd of Object.keys(commands)) {
      if (!isCommand(cmd)) throw new RangeError(`${cmd} is not a command: one of ${COMMANDS.join(", ")}`);
      if (typeof commands[cmd] !== "function") throw new TypeError(`the command ${cmd} must be a function`);
    }
    const map = new Map(errors);
    for (const [kind, code] of map) {
      if (typeof kind !== "function") throw new TypeError(`errors maps ${show(kind)}: its keys are error classes`);
      if (!isCode(code)) throw new RangeError(`errors maps ${kind.name} to ${code}, not a rejection code`);
    }
    this.name = name;
    this.version = version;
    this.language = language;
    this.commands = Object.freeze({ ...commands });
    this.errors = map;
    Object.freeze(this);
  }
  /** The reply to the handshake. */
  handshake(): Reply { return handshake(this); }
  /** The reply to one decoded query. */
  handle(request: unknown): Reply { return handle(this, request); }
  /** The reply to one raw line; null for stop. */
  reply(line: string | Uint8Array): Reply | null { return reply(this, line); }
  /** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
  run(input: Input = process.stdin, output: Output = process.stdout): void { serve(this, input, output); }
}

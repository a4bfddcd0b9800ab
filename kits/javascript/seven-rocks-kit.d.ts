// Types of the Seven Rocks adapter kit (protocol 1). The names are those of every kit:
// kits/README.md documents them once.

/** The protocol version the kit speaks. */
export declare const PROTOCOL: 1;

/** A query command of protocol 1. */
export type Command = "table" | "legal" | "settle" | "hand" | "game" | "perft";
/** The query commands, in the order the protocol lists them. */
export declare const COMMANDS: readonly Command[];

/** A rejection code of protocol 1. */
export type Code =
  | "bad_request" | "hand_over" | "not_in_hand" | "no_such_end" | "branch_closed"
  | "no_match" | "must_play" | "wrong_opener" | "unfinished_hand" | "game_over";
/** Every rejection code; the first seven in order of precedence. */
export declare const CODES: readonly Code[];

/** A side of a tile on the table, by its wire name. */
export type SideName = "low" | "high" | "linear_a" | "linear_b" | "branch_a" | "branch_b";
/** The wire names of the sides. */
export declare const SIDES: readonly SideName[];
/** The sides as constants, each its own wire name; `isBranch` tells the spinner's branches. */
export declare const Side: {
  readonly LOW: "low";
  readonly HIGH: "high";
  readonly LINEAR_A: "linear_a";
  readonly LINEAR_B: "linear_b";
  readonly BRANCH_A: "branch_a";
  readonly BRANCH_B: "branch_b";
  isBranch(side: SideName): boolean;
};

/** A value of 0 to 6 on one half of a tile. */
export type Pip = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * A tile [low|high]: one shared frozen instance per tile, so `===`, Set and Map work.
 * `new Tile(low, high)` returns that instance too.
 */
export declare class Tile {
  constructor(low: number, high: number);
  readonly low: Pip;
  readonly high: Pip;
  readonly isDouble: boolean;
  readonly pips: number;
  has(value: number): boolean;
  toJSON(): [number, number];
  toString(): string;
}
/** The shared instance of the tile [low|high]; throws a RangeError for anything else. */
export declare function tile(low: number, high: number): Tile;

/** An attach point: the tile already on the table and its side. */
export declare class EndPoint {
  constructor(tile: Tile, side: SideName);
  readonly tile: Tile;
  readonly side: SideName;
  /** The value protocol 1 names for this side: low -> the low half, any other -> the high half. */
  readonly value: number;
  readonly isBranch: boolean;
  /** A string naming the point, for Map and Set keys. */
  readonly key: string;
  toJSON(): { tile: Tile; side: SideName };
  toString(): string;
}

/** An end point a tile could join now, with the value there as the engine reports it. */
export declare class OpenPoint {
  constructor(end: EndPoint, value: number);
  readonly end: EndPoint;
  readonly value: number;
  readonly tile: Tile;
  readonly side: SideName;
  toJSON(): { tile: Tile; side: SideName; value: number };
  toString(): string;
}

/** One counted end as the engine reports it. */
export declare class Counted {
  constructor(tile: Tile, value: number);
  readonly tile: Tile;
  readonly value: number;
  toJSON(): { tile: Tile; value: number };
  toString(): string;
}

/** A tile placed on an end point, or (on === null) the opening tile. */
export declare class Placement {
  constructor(tile: Tile, on?: EndPoint | null);
  readonly tile: Tile;
  readonly on: EndPoint | null;
  toJSON(): { tile: Tile; on?: EndPoint };
  toString(): string;
}

/** The pass action. */
export declare const PASS: { readonly toJSON: () => "pass"; readonly toString: () => string };
/** An action in a hand. */
export type Action = Placement | typeof PASS;

/** Four hands, seats 0..3. */
export type Deal = readonly [Tile[], Tile[], Tile[], Tile[]];

/** One hand of a game request; opener is null when the request leaves it out. */
export declare class GameHand {
  constructor(deal: Deal, opener: number | null, actions: Action[]);
  readonly deal: Deal;
  readonly opener: number | null;
  readonly actions: Action[];
}

/** A request the rules refuse; becomes {"rejected": {code, index, message}}. */
export declare class Rejected extends Error {
  constructor(code: Code, message?: string, index?: number | null);
  readonly code: Code;
  index: number | null;
}
/** A subclass of Rejected that carries its code. */
export interface RejectedClass {
  new (message?: string, index?: number | null): Rejected;
  readonly code: Code;
}
export declare const BadRequest: RejectedClass;
export declare const HandOver: RejectedClass;
export declare const NotInHand: RejectedClass;
export declare const NoSuchEnd: RejectedClass;
export declare const BranchClosed: RejectedClass;
export declare const NoMatch: RejectedClass;
export declare const MustPlay: RejectedClass;
export declare const WrongOpener: RejectedClass;
export declare const UnfinishedHand: RejectedClass;
export declare const GameOver: RejectedClass;

/** Run fn(); a rejection thrown inside with no index gets `index` (mapped errors too). */
export declare function at<T>(index: number, fn: () => T): T;

/** A plain JSON value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
/** A result as a command returns it: an object of kit values, lists, objects and Maps with string keys. */
export type Result = object;
/** A result in protocol form. */
export declare function toJson(value: unknown): Json;

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
/** Each command's [required, optional] arguments. */
export declare const ARGUMENTS: { readonly [C in Command]: readonly [readonly string[], readonly string[]] };
/** The typed arguments of a request, or throws a BadRequest. */
export declare function checkArguments<C extends Command>(cmd: C, args: Record<string, unknown>): Arguments[C];

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

/** A reply of protocol 1. */
export type Reply = { [key: string]: Json };

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

/** An engine served over protocol 1. Frozen. */
export declare class Engine {
  constructor(options: EngineOptions);
  readonly name: string;
  readonly version: string;
  readonly language: string;
  readonly commands: Readonly<Commands>;
  readonly errors: ReadonlyMap<ErrorClass, Code>;
  /** The reply to the handshake. */
  handshake(): Reply;
  /** The reply to one decoded query. */
  handle(request: unknown): Reply;
  /** The reply to one raw line; null for stop. */
  reply(line: string | Uint8Array): Reply | null;
  /** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
  run(input?: Input, output?: Output): void;
}

/** The same functions for an engine given as a plain object of EngineOptions' shape. */
export declare function handshake(engine: EngineOptions): Reply;
export declare function handle(engine: EngineOptions, request: unknown): Reply;
export declare function reply(engine: EngineOptions, line: string | Uint8Array): Reply | null;
export declare function serve(
  engine: EngineOptions, input?: Input, output?: Output,
): void;

/** The board the replay helper plays on: the author's engine. */
export interface Board {
  /** Put a tile down (throw a rejection when the engine refuses it); its credit. */
  place(placement: Placement): number;
  openPoints(): OpenPoint[];
  counted(): Counted[];
  endSum(): number;
  spinner(): Tile | null;
}
/** A board that also gives the legal placements of a hand. */
export interface LegalBoard extends Board {
  legal(hand: Tile[]): Placement[];
}
/** The table command: plays placed on newBoard() inside at(index), the reply from the board. */
export declare function replayTable(newBoard: () => Board): (args: Arguments["table"]) => Result;
/** The legal command: plays placed as for table, then {placements: board.legal(hand)}. */
export declare function replayLegal(newBoard: () => LegalBoard): (args: Arguments["legal"]) => Result;
/** One case of the suite's JSON file (seven-rocks-conformance export --format json). */
export interface SuiteCase {
  id: string;
  expect: { result: unknown } | { rejected: { code: string; index?: number | null } };
  unordered: string[];
  partial?: string[];
  [key: string]: unknown;
}
/** Whether a reply passes a case, as the suite file's "comparison" says (its structural part). */
export declare function caseMatches(kase: SuiteCase, reply: unknown): boolean;
/** Whether actual matches expected at a JSON Pointer, with a case's unordered arrays and partial objects. */
export declare function valueMatches(
  expected: unknown,
  actual: unknown,
  options?: { unordered?: string[]; partial?: string[]; pointer?: string },
): boolean;

import { type Code } from "./rejections.mjs";
import type { Result } from "./replay.mjs";
import { type Action, type Deal, GameHand, Placement, type Tile } from "./values.mjs";
export { type Action, Counted, type Deal, EndPoint, GameHand, OpenPoint, PASS, type Pip, Placement, Side, type SideName, SIDES, Tile, tile, } from "./values.mjs";
export { at, BadRequest, BranchClosed, type Code, CODES, GameOver, HandOver, MustPlay, NoMatch, NoSuchEnd, NotInHand, Rejected, type RejectedClass, UnfinishedHand, WrongOpener, } from "./rejections.mjs";
export { type Board, type LegalBoard, replayLegal, replayTable, type Result } from "./replay.mjs";
/** The protocol version the kit speaks. */
export declare const PROTOCOL: 1;
/** A query command of protocol 1. */
export type Command = "table" | "legal" | "settle" | "hand" | "game" | "perft";
/** The query commands, in the order the protocol lists them. */
export declare const COMMANDS: readonly Command[];
/** A plain JSON value. */
export type Json = null | boolean | number | string | Json[] | {
    [key: string]: Json;
};
/** A reply of protocol 1. */
export type Reply = {
    [key: string]: Json;
};
/** The checked arguments of each command, optional ones filled in. */
export interface Arguments {
    table: {
        plays: Placement[];
    };
    legal: {
        plays: Placement[];
        hand: Tile[];
    };
    settle: {
        hands: [Tile[], Tile[], Tile[], Tile[]];
    };
    hand: {
        deal: Deal;
        opener: number;
        scores: [number, number];
        actions: Action[];
    };
    game: {
        hands: GameHand[];
    };
    perft: {
        deal: Deal;
        opener: number;
        scores: [number, number];
        actions: Action[];
        depth: number;
    };
}
/** The commands an engine implements, each a function of its checked arguments. */
export type Commands = {
    [C in Command]?: (args: Arguments[C]) => Result;
};
/** Each command's [required, optional] arguments. */
export declare const ARGUMENTS: {
    readonly [C in Command]: readonly [readonly string[], readonly string[]];
};
/** The typed arguments of a `cmd` request, optional ones filled in; or throws bad_request. */
export declare function checkArguments<C extends Command>(cmd: C, args: Record<string, unknown>): Arguments[C];
/** A result built of kit values, lists, objects and Maps, in protocol form (plain JSON values). */
export declare function toJson(value: unknown): Json;
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
/** The handshake reply. */
export declare function handshake(engine: EngineOptions): Reply;
/** The reply to one decoded query (anything but start and stop). */
export declare function handle(engine: EngineOptions, request: unknown): Reply;
/** The reply to one raw line (a Buffer or string); null for stop. */
export declare function reply(engine: EngineOptions, line: string | Uint8Array): Reply | null;
/** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
export declare function serve(engine: EngineOptions, input?: Input, output?: Output): void;
/**
 * An engine served over protocol 1: its identity, the commands it implements (each a
 * function of the checked arguments, returning the result) and `errors`, a Map from the
 * engine's own error classes to rejection codes (the first class an error is an instance
 * of gives the code; any other error becomes an `errored` reply). The handshake lists
 * exactly the commands given. Frozen, like every kit value.
 */
export declare class Engine {
    readonly name: string;
    readonly version: string;
    readonly language: string;
    readonly commands: Readonly<Commands>;
    readonly errors: ReadonlyMap<ErrorClass, Code>;
    constructor(options: EngineOptions);
    /** The reply to the handshake. */
    handshake(): Reply;
    /** The reply to one decoded query. */
    handle(request: unknown): Reply;
    /** The reply to one raw line; null for stop. */
    reply(line: string | Uint8Array): Reply | null;
    /** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
    run(input?: Input, output?: Output): void;
}

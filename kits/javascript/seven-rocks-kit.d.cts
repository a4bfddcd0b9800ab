// Built from src/ by npm run build (python -m tools.regenerate): do not edit.
/** A rejection code of protocol 1. */
type Code = "bad_request" | "hand_over" | "not_in_hand" | "no_such_end" | "branch_closed" | "no_match" | "must_play" | "wrong_opener" | "unfinished_hand" | "game_over";
/** Every rejection code of protocol 1; the first seven in order of precedence. */
declare const CODES: readonly Code[];
/** A request the rules refuse: new Rejected("no_match", "message") or with an index. */
declare class Rejected extends Error {
    readonly code: Code;
    index: number | null;
    constructor(code: Code, message?: string, index?: number | null);
}
/** A subclass of Rejected that carries its code. */
interface RejectedClass {
    new (message?: string, index?: number | null): Rejected;
    readonly code: Code;
}
/** The request is malformed (the kit throws this itself while checking the form). */
declare const BadRequest: RejectedClass;
/** An action after the hand has ended. */
declare const HandOver: RejectedClass;
/** A placed tile the player to move does not hold. */
declare const NotInHand: RejectedClass;
/** The end point does not exist or is taken. */
declare const NoSuchEnd: RejectedClass;
/** A spinner branch while a linear side of the spinner is still free. */
declare const BranchClosed: RejectedClass;
/** No half of the tile equals the value of the end point. */
declare const NoMatch: RejectedClass;
/** A pass while the player has a legal placement. */
declare const MustPlay: RejectedClass;
/** In game: an opener missing where required, or not the seat that went out. */
declare const WrongOpener: RejectedClass;
/** In game: a hand that is not the last has not ended. */
declare const UnfinishedHand: RejectedClass;
/** Starting scores of 250 or more, or a hand after the winning one. */
declare const GameOver: RejectedClass;
/**
 * Run fn() and give `index` to a rejection thrown inside that carries none; errors the
 * engine maps to a code (`errors` of `Engine`) get it too. Returns what fn returns.
 */
declare function at<T>(index: number, fn: () => T): T;

/** A side of a tile on the table, by its wire name. */
type SideName = "low" | "high" | "linear_a" | "linear_b" | "branch_a" | "branch_b";
/** The wire names of the sides. */
declare const SIDES: readonly SideName[];
/** The sides as constants: each is its own wire name (Side.LOW === "low"). */
declare const Side: {
    readonly LOW: "low";
    readonly HIGH: "high";
    readonly LINEAR_A: "linear_a";
    readonly LINEAR_B: "linear_b";
    readonly BRANCH_A: "branch_a";
    readonly BRANCH_B: "branch_b";
    isBranch(side: SideName): boolean;
};
/** A value of 0 to 6 on one half of a tile. */
type Pip = 0 | 1 | 2 | 3 | 4 | 5 | 6;
/**
 * A tile [low|high] of the double-six set. There is one shared frozen instance per tile:
 * `new Tile(1, 2)` and `tile(1, 2)` both return it, so === compares tiles and a tile
 * works as a Set member or a Map key.
 */
declare class Tile {
    readonly low: Pip;
    readonly high: Pip;
    constructor(low: number, high: number);
    get isDouble(): boolean;
    get pips(): number;
    has(value: number): boolean;
    toJSON(): [number, number];
    toString(): string;
}
/**
 * The tile [low|high]: the shared instance. JavaScript compares objects by identity, so
 * a kit that made a new object per tile would have [1|2] !== [1|2] and Set.has fail; the
 * factory is the one way every kit spells it (Python, Go and Java compare by value).
 */
declare function tile(low: number, high: number): Tile;
/** An attach point, named by the tile already on the table and its side. */
declare class EndPoint {
    readonly tile: Tile;
    readonly side: SideName;
    constructor(tile: Tile, side: SideName);
    /** The value protocol 1 names for this side: low -> the low half, any other -> the high half. */
    get value(): number;
    /** Whether the side is a spinner branch. */
    get isBranch(): boolean;
    /** A string naming the point, for Map and Set keys. */
    get key(): string;
    toJSON(): {
        tile: Tile;
        side: SideName;
    };
    /**
     * This point as an open point carrying the value protocol 1 names for its side.
     * @deprecated since 1.0.0, to be removed in 2.0.0: an open point carries the value your
     * engine reports, so build `new OpenPoint(end, value)` with it (the replay helper does).
     */
    toOpenPoint(): OpenPoint;
    toString(): string;
}
/** An end point a tile could join now, with the value there as the author's engine reports it. */
declare class OpenPoint {
    readonly end: EndPoint;
    readonly value: number;
    constructor(end: EndPoint, value: number);
    get tile(): Tile;
    get side(): SideName;
    toJSON(): {
        tile: Tile;
        side: SideName;
        value: number;
    };
    toString(): string;
}
/** One counted end, as the author's engine reports it: the tile and what it adds to the end sum. */
declare class Counted {
    readonly tile: Tile;
    readonly value: number;
    constructor(tile: Tile, value: number);
    toJSON(): {
        tile: Tile;
        value: number;
    };
    toString(): string;
}
/** A tile placed on an end point, or (on === null) the opening tile. */
declare class Placement {
    readonly tile: Tile;
    readonly on: EndPoint | null;
    constructor(tile: Tile, on?: EndPoint | null);
    toJSON(): {
        tile: Tile;
        on?: EndPoint;
    };
    toString(): string;
}
/** The pass action. */
declare const PASS: {
    readonly toJSON: () => "pass";
    readonly toString: () => string;
};
/** An action in a hand. */
type Action = Placement | typeof PASS;
/** Four hands, seats 0..3. */
type Deal = readonly [Tile[], Tile[], Tile[], Tile[]];
/** One hand of a game request; opener is null when the request leaves it out. */
declare class GameHand {
    readonly deal: Deal;
    readonly opener: number | null;
    readonly actions: Action[];
    constructor(deal: Deal, opener: number | null, actions: Action[]);
}

/** The board the replay helper plays on: the author's engine. */
interface Board {
    /** Put a tile down (throw a rejection when the engine refuses it); its credit. */
    place(placement: Placement): number;
    openPoints(): OpenPoint[];
    counted(): Counted[];
    endSum(): number;
    spinner(): Tile | null;
}
/** A board that also gives the legal placements of a hand. */
interface LegalBoard extends Board {
    legal(hand: Tile[]): Placement[];
}
/** A result as a command returns it: an object of kit values, lists, objects and Maps with string keys. */
type Result = object;
/**
 * The `table` command: a fresh board from newBoard(), each play placed inside at(index),
 * then {spinner, open, counted, end_sum, credits, credit} as the board reports them.
 */
declare function replayTable(newBoard: () => Board): (args: {
    plays: Placement[];
}) => Result;
/** The `legal` command: the plays placed as for `table`, then {placements: board.legal(hand)}. */
declare function replayLegal(newBoard: () => LegalBoard): (args: {
    plays: Placement[];
    hand: Tile[];
}) => Result;

/** The protocol version the kit speaks. */
declare const PROTOCOL: 1;
/** A query command of protocol 1. */
type Command = "table" | "legal" | "settle" | "hand" | "game" | "perft";
/** The query commands, in the order the protocol lists them. */
declare const COMMANDS: readonly Command[];
/** A plain JSON value. */
type Json = null | boolean | number | string | Json[] | {
    [key: string]: Json;
};
/** A reply of protocol 1. */
type Reply = {
    [key: string]: Json;
};
/** The checked arguments of each command, optional ones filled in. */
interface Arguments {
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
type Commands = {
    [C in Command]?: (args: Arguments[C]) => Result;
};
/** Each command's [required, optional] arguments. */
declare const ARGUMENTS: {
    readonly [C in Command]: readonly [readonly string[], readonly string[]];
};
/** The typed arguments of a `cmd` request, optional ones filled in; or throws bad_request. */
declare function checkArguments<C extends Command>(cmd: C, args: Record<string, unknown>): Arguments[C];
/** A result built of kit values, lists, objects and Maps, in protocol form (plain JSON values). */
declare function toJson(value: unknown): Json;
/** An error class of the engine's own. */
type ErrorClass = abstract new (...args: never[]) => unknown;
/** What makes an engine. */
interface EngineOptions {
    name: string;
    version: string;
    /** Default "javascript". */
    language?: string;
    commands: Commands;
    /** A Map from the engine's own error classes to rejection codes (or the Map's entries). */
    errors?: Iterable<readonly [ErrorClass, Code]>;
}
/** What `run` reads lines from (process.stdin by default). */
interface Input {
    on(event: "data", listener: (chunk: Uint8Array) => void): unknown;
    on(event: "end", listener: () => void): unknown;
    pause(): unknown;
}
/** What `run` writes replies to (process.stdout by default). */
interface Output {
    write(text: string, callback?: () => void): unknown;
    on(event: "error", listener: (error: unknown) => void): unknown;
}
/** The handshake reply. */
declare function handshake(engine: EngineOptions): Reply;
/** The reply to one decoded query (anything but start and stop). */
declare function handle(engine: EngineOptions, request: unknown): Reply;
/** The reply to one raw line (a Buffer or string); null for stop. */
declare function reply(engine: EngineOptions, line: string | Uint8Array): Reply | null;
/** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
declare function serve(engine: EngineOptions, input?: Input, output?: Output): void;
/**
 * An engine served over protocol 1: its identity, the commands it implements (each a
 * function of the checked arguments, returning the result) and `errors`, a Map from the
 * engine's own error classes to rejection codes (the first class an error is an instance
 * of gives the code; any other error becomes an `errored` reply). The handshake lists
 * exactly the commands given. Frozen, like every kit value.
 */
declare class Engine {
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

export { ARGUMENTS, BadRequest, BranchClosed, CODES, COMMANDS, Counted, EndPoint, Engine, GameHand, GameOver, HandOver, MustPlay, NoMatch, NoSuchEnd, NotInHand, OpenPoint, PASS, PROTOCOL, Placement, Rejected, SIDES, Side, Tile, UnfinishedHand, WrongOpener, at, checkArguments, handle, handshake, replayLegal, replayTable, reply, serve, tile, toJson };
export type { Action, Arguments, Board, Code, Command, Commands, Deal, EngineOptions, ErrorClass, Input, Json, LegalBoard, Output, Pip, RejectedClass, Reply, Result, SideName };

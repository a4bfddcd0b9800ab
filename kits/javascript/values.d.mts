/** A side of a tile on the table, by its wire name. */
export type SideName = "low" | "high" | "linear_a" | "linear_b" | "branch_a" | "branch_b";
/** The wire names of the sides. */
export declare const SIDES: readonly SideName[];
/** The sides as constants: each is its own wire name (Side.LOW === "low"). */
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
 * A tile [low|high] of the double-six set. There is one shared frozen instance per tile:
 * `new Tile(1, 2)` and `tile(1, 2)` both return it, so === compares tiles and a tile
 * works as a Set member or a Map key.
 */
export declare class Tile {
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
export declare function tile(low: number, high: number): Tile;
/** An attach point, named by the tile already on the table and its side. */
export declare class EndPoint {
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
export declare class OpenPoint {
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
export declare class Counted {
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
export declare class Placement {
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
export declare const PASS: {
    readonly toJSON: () => "pass";
    readonly toString: () => string;
};
/** An action in a hand. */
export type Action = Placement | typeof PASS;
/** Four hands, seats 0..3. */
export type Deal = readonly [Tile[], Tile[], Tile[], Tile[]];
/** One hand of a game request; opener is null when the request leaves it out. */
export declare class GameHand {
    readonly deal: Deal;
    readonly opener: number | null;
    readonly actions: Action[];
    constructor(deal: Deal, opener: number | null, actions: Action[]);
}

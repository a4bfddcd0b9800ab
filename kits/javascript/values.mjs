// The protocol's values (spec/protocol.md, section 3) as small frozen objects.
//
// Every value is frozen (Object.freeze): assigning to one of its properties throws a
// TypeError (ES modules run in strict mode), and Object.assign onto one throws too. Build
// a new value instead, and keep data of your own about a tile in a Map keyed by the tile.
/** The wire names of the sides. */
export const SIDES = [
    "low", "high", "linear_a", "linear_b", "branch_a", "branch_b",
];
/** The sides as constants: each is its own wire name (Side.LOW === "low"). */
export const Side = Object.freeze({
    LOW: "low",
    HIGH: "high",
    LINEAR_A: "linear_a",
    LINEAR_B: "linear_b",
    BRANCH_A: "branch_a",
    BRANCH_B: "branch_b",
    /** Whether `side` is a spinner branch. */
    isBranch: (side) => side === "branch_a" || side === "branch_b",
});
const TILES = new Map();
const key = (low, high) => low * 7 + high;
/**
 * A tile [low|high] of the double-six set. There is one shared frozen instance per tile:
 * `new Tile(1, 2)` and `tile(1, 2)` both return it, so === compares tiles and a tile
 * works as a Set member or a Map key.
 */
export class Tile {
    constructor(low, high) {
        if (!(Number.isInteger(low) && Number.isInteger(high) && 0 <= low && low <= high && high <= 6)) {
            throw new RangeError(`Tile(${low}, ${high}) is not a tile of the double-six set`);
        }
        const shared = TILES.get(key(low, high));
        if (shared !== undefined)
            return shared; // objects compare by identity: hand out the one
        this.low = low;
        this.high = high;
        Object.freeze(this);
    }
    get isDouble() { return this.low === this.high; }
    get pips() { return this.low + this.high; }
    has(value) { return value === this.low || value === this.high; }
    toJSON() { return [this.low, this.high]; }
    toString() { return `[${this.low}|${this.high}]`; }
}
for (let a = 0; a <= 6; a++)
    for (let b = a; b <= 6; b++)
        TILES.set(key(a, b), new Tile(a, b));
/**
 * The tile [low|high]: the shared instance. JavaScript compares objects by identity, so
 * a kit that made a new object per tile would have [1|2] !== [1|2] and Set.has fail; the
 * factory is the one way every kit spells it (Python, Go and Java compare by value).
 */
export function tile(low, high) {
    return new Tile(low, high);
}
/** An attach point, named by the tile already on the table and its side. */
export class EndPoint {
    constructor(tile, side) {
        this.tile = tile;
        this.side = side;
        Object.freeze(this);
    }
    /** The value protocol 1 names for this side: low -> the low half, any other -> the high half. */
    get value() { return this.side === "low" ? this.tile.low : this.tile.high; }
    /** Whether the side is a spinner branch. */
    get isBranch() { return Side.isBranch(this.side); }
    /** A string naming the point, for Map and Set keys. */
    get key() { return `${this.tile} ${this.side}`; }
    toJSON() { return { tile: this.tile, side: this.side }; }
    /**
     * This point as an open point carrying the value protocol 1 names for its side.
     * @deprecated since 1.0.0, to be removed in 2.0.0: an open point carries the value your
     * engine reports, so build `new OpenPoint(end, value)` with it (the replay helper does).
     */
    toOpenPoint() { return new OpenPoint(this, this.value); }
    toString() { return this.key; }
}
/** An end point a tile could join now, with the value there as the author's engine reports it. */
export class OpenPoint {
    constructor(end, value) {
        this.end = end;
        this.value = value;
        Object.freeze(this);
    }
    get tile() { return this.end.tile; }
    get side() { return this.end.side; }
    toJSON() {
        return { tile: this.end.tile, side: this.end.side, value: this.value };
    }
    toString() { return `${this.end} (${this.value})`; }
}
/** One counted end, as the author's engine reports it: the tile and what it adds to the end sum. */
export class Counted {
    constructor(tile, value) {
        this.tile = tile;
        this.value = value;
        Object.freeze(this);
    }
    toJSON() { return { tile: this.tile, value: this.value }; }
    toString() { return `${this.tile} counts ${this.value}`; }
}
/** A tile placed on an end point, or (on === null) the opening tile. */
export class Placement {
    constructor(tile, on = null) {
        this.tile = tile;
        this.on = on;
        Object.freeze(this);
    }
    toJSON() {
        return this.on === null ? { tile: this.tile } : { tile: this.tile, on: this.on };
    }
    toString() { return this.on === null ? `${this.tile}` : `${this.tile} on ${this.on}`; }
}
/** The pass action. */
export const PASS = Object.freeze({ toJSON: () => "pass", toString: () => "pass" });
/** One hand of a game request; opener is null when the request leaves it out. */
export class GameHand {
    constructor(deal, opener, actions) {
        this.deal = deal;
        this.opener = opener;
        this.actions = actions;
        Object.freeze(this);
    }
}

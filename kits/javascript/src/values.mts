// The protocol's values (spec/protocol.md, section 3) as small frozen objects.
//
// Every value is frozen (Object.freeze): assigning to one of its properties throws a
// TypeError (ES modules run in strict mode), and Object.assign onto one throws too. Build
// a new value instead, and keep data of your own about a tile in a Map keyed by the tile.

/** A side of a tile on the table, by its wire name. */
export type SideName = "low" | "high" | "linear_a" | "linear_b" | "branch_a" | "branch_b";

/** The wire names of the sides. */
export const SIDES: readonly SideName[] = [
  "low", "high", "linear_a", "linear_b", "branch_a", "branch_b",
];

/** The sides as constants: each is its own wire name (Side.LOW === "low"). */
export const Side: {
  readonly LOW: "low";
  readonly HIGH: "high";
  readonly LINEAR_A: "linear_a";
  readonly LINEAR_B: "linear_b";
  readonly BRANCH_A: "branch_a";
  readonly BRANCH_B: "branch_b";
  isBranch(side: SideName): boolean;
} = Object.freeze({
  LOW: "low",
  HIGH: "high",
  LINEAR_A: "linear_a",
  LINEAR_B: "linear_b",
  BRANCH_A: "branch_a",
  BRANCH_B: "branch_b",
  /** Whether `side` is a spinner branch. */
  isBranch: (side: SideName): boolean => side === "branch_a" || side === "branch_b",
} as const);

/** A value of 0 to 6 on one half of a tile. */
export type Pip = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const TILES = new Map<number, Tile>();
const key = (low: number, high: number): number => low * 7 + high;

/**
 * A tile [low|high] of the double-six set. There is one shared frozen instance per tile:
 * `new Tile(1, 2)` and `tile(1, 2)` both return it, so === compares tiles and a tile
 * works as a Set member or a Map key.
 */
export class Tile {
  declare readonly low: Pip;
  declare readonly high: Pip;

  constructor(low: number, high: number) {
    if (!(Number.isInteger(low) && Number.isInteger(high) && 0 <= low && low <= high && high <= 6)) {
      throw new RangeError(`Tile(${low}, ${high}) is not a tile of the double-six set`);
    }
    const shared = TILES.get(key(low, high));
    if (shared !== undefined) return shared; // objects compare by identity: hand out the one
    this.low = low as Pip;
    this.high = high as Pip;
    Object.freeze(this);
  }
  get isDouble(): boolean { return this.low === this.high; }
  get pips(): number { return this.low + this.high; }
  has(value: number): boolean { return value === this.low || value === this.high; }
  toJSON(): [number, number] { return [this.low, this.high]; }
  toString(): string { return `[${this.low}|${this.high}]`; }
}

for (let a = 0; a <= 6; a++) for (let b = a; b <= 6; b++) TILES.set(key(a, b), new Tile(a, b));

/**
 * The tile [low|high]: the shared instance. JavaScript compares objects by identity, so
 * a kit that made a new object per tile would have [1|2] !== [1|2] and Set.has fail; the
 * factory is the one way every kit spells it (Python, Go and Java compare by value).
 */
export function tile(low: number, high: number): Tile {
  return new Tile(low, high);
}

/** An attach point, named by the tile already on the table and its side. */
export class EndPoint {
  declare readonly tile: Tile;
  declare readonly side: SideName;

  constructor(tile: Tile, side: SideName) {
    this.tile = tile;
    this.side = side;
    Object.freeze(this);
  }
  /** The value protocol 1 names for this side: low -> the low half, any other -> the high half. */
  get value(): number { return this.side === "low" ? this.tile.low : this.tile.high; }
  /** Whether the side is a spinner branch. */
  get isBranch(): boolean { return Side.isBranch(this.side); }
  /** A string naming the point, for Map and Set keys. */
  get key(): string { return `${this.tile} ${this.side}`; }
  toJSON(): { tile: Tile; side: SideName } { return { tile: this.tile, side: this.side }; }
  /**
   * This point as an open point carrying the value protocol 1 names for its side.
   * @deprecated since 1.0.0, to be removed in 2.0.0: an open point carries the value your
   * engine reports, so build `new OpenPoint(end, value)` with it (the replay helper does).
   */
  toOpenPoint(): OpenPoint { return new OpenPoint(this, this.value); }
  toString(): string { return this.key; }
}

/** An end point a tile could join now, with the value there as the author's engine reports it. */
export class OpenPoint {
  declare readonly end: EndPoint;
  declare readonly value: number;

  constructor(end: EndPoint, value: number) {
    this.end = end;
    this.value = value;
    Object.freeze(this);
  }
  get tile(): Tile { return this.end.tile; }
  get side(): SideName { return this.end.side; }
  toJSON(): { tile: Tile; side: SideName; value: number } {
    return { tile: this.end.tile, side: this.end.side, value: this.value };
  }
  toString(): string { return `${this.end} (${this.value})`; }
}

/** One counted end, as the author's engine reports it: the tile and what it adds to the end sum. */
export class Counted {
  declare readonly tile: Tile;
  declare readonly value: number;

  constructor(tile: Tile, value: number) {
    this.tile = tile;
    this.value = value;
    Object.freeze(this);
  }
  toJSON(): { tile: Tile; value: number } { return { tile: this.tile, value: this.value }; }
  toString(): string { return `${this.tile} counts ${this.value}`; }
}

/** A tile placed on an end point, or (on === null) the opening tile. */
export class Placement {
  declare readonly tile: Tile;
  declare readonly on: EndPoint | null;

  constructor(tile: Tile, on: EndPoint | null = null) {
    this.tile = tile;
    this.on = on;
    Object.freeze(this);
  }
  toJSON(): { tile: Tile; on?: EndPoint } {
    return this.on === null ? { tile: this.tile } : { tile: this.tile, on: this.on };
  }
  toString(): string { return this.on === null ? `${this.tile}` : `${this.tile} on ${this.on}`; }
}

/** The pass action. */
export const PASS: { readonly toJSON: () => "pass"; readonly toString: () => string } =
  Object.freeze({ toJSON: () => "pass" as const, toString: () => "pass" });

/** An action in a hand. */
export type Action = Placement | typeof PASS;

/** Four hands, seats 0..3. */
export type Deal = readonly [Tile[], Tile[], Tile[], Tile[]];

/** One hand of a game request; opener is null when the request leaves it out. */
export class GameHand {
  declare readonly deal: Deal;
  declare readonly opener: number | null;
  declare readonly actions: Action[];

  constructor(deal: Deal, opener: number | null, actions: Action[]) {
    this.deal = deal;
    this.opener = opener;
    this.actions = actions;
    Object.freeze(this);
  }
}

// Built from src/ by npm run build (python -m tools.regenerate): do not edit.
'use strict';

// Rejections an adapter throws, and `at`, which gives them the index the protocol asks for.
/** Every rejection code of protocol 1; the first seven in order of precedence. */
const CODES = [
    "bad_request", "hand_over", "not_in_hand", "no_such_end", "branch_closed",
    "no_match", "must_play", "wrong_opener", "unfinished_hand", "game_over",
];
/** Whether `code` is a rejection code of protocol 1. */
const isCode = (code) => CODES.includes(code);
/** A request the rules refuse: new Rejected("no_match", "message") or with an index. */
class Rejected extends Error {
    index;
    constructor(code, message = "", index = null) {
        if (!isCode(code))
            throw new RangeError(`${code} is not a rejection code`);
        super(message);
        this.name = "Rejected";
        this.code = code;
        this.index = index;
    }
}
// One subclass per code, thrown with the message alone: new NoMatch("no 4 on [1|1]").
function subclass(name, code) {
    const made = {
        [name]: class extends Rejected {
            constructor(message = "", index = null) {
                super(code, message, index);
                this.name = name;
            }
        },
    }[name];
    return Object.assign(made, { code });
}
/** The request is malformed (the kit throws this itself while checking the form). */
const BadRequest = subclass("BadRequest", "bad_request");
/** An action after the hand has ended. */
const HandOver = subclass("HandOver", "hand_over");
/** A placed tile the player to move does not hold. */
const NotInHand = subclass("NotInHand", "not_in_hand");
/** The end point does not exist or is taken. */
const NoSuchEnd = subclass("NoSuchEnd", "no_such_end");
/** A spinner branch while a linear side of the spinner is still free. */
const BranchClosed = subclass("BranchClosed", "branch_closed");
/** No half of the tile equals the value of the end point. */
const NoMatch = subclass("NoMatch", "no_match");
/** A pass while the player has a legal placement. */
const MustPlay = subclass("MustPlay", "must_play");
/** In game: an opener missing where required, or not the seat that went out. */
const WrongOpener = subclass("WrongOpener", "wrong_opener");
/** In game: a hand that is not the last has not ended. */
const UnfinishedHand = subclass("UnfinishedHand", "unfinished_hand");
/** Starting scores of 250 or more, or a hand after the winning one. */
const GameOver = subclass("GameOver", "game_over");
const KIT_INDEX = Symbol("kit index");
/**
 * Run fn() and give `index` to a rejection thrown inside that carries none; errors the
 * engine maps to a code (`errors` of `Engine`) get it too. Returns what fn returns.
 */
function at(index, fn) {
    try {
        return fn();
    }
    catch (error) {
        if (error instanceof Rejected) {
            if (error.index === null)
                error.index = index;
        }
        else if (error !== null && typeof error === "object" && error[KIT_INDEX] === undefined) {
            error[KIT_INDEX] = index;
        }
        throw error;
    }
}
/** The index `at` gave an error that is not a Rejected (null when none did). */
function indexOf(error) {
    if (error === null || typeof error !== "object")
        return null;
    return error[KIT_INDEX] ?? null;
}

// The protocol's values (spec/protocol.md, section 3) as small frozen objects.
//
// Every value is frozen (Object.freeze): assigning to one of its properties throws a
// TypeError (ES modules run in strict mode), and Object.assign onto one throws too. Build
// a new value instead, and keep data of your own about a tile in a Map keyed by the tile.
/** The wire names of the sides. */
const SIDES = [
    "low", "high", "linear_a", "linear_b", "branch_a", "branch_b",
];
/** The sides as constants: each is its own wire name (Side.LOW === "low"). */
const Side = Object.freeze({
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
class Tile {
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
function tile(low, high) {
    return new Tile(low, high);
}
/** An attach point, named by the tile already on the table and its side. */
class EndPoint {
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
class OpenPoint {
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
class Counted {
    constructor(tile, value) {
        this.tile = tile;
        this.value = value;
        Object.freeze(this);
    }
    toJSON() { return { tile: this.tile, value: this.value }; }
    toString() { return `${this.tile} counts ${this.value}`; }
}
/** A tile placed on an end point, or (on === null) the opening tile. */
class Placement {
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
const PASS = Object.freeze({ toJSON: () => "pass", toString: () => "pass" });
/** One hand of a game request; opener is null when the request leaves it out. */
class GameHand {
    constructor(deal, opener, actions) {
        this.deal = deal;
        this.opener = opener;
        this.actions = actions;
        Object.freeze(this);
    }
}

// The replay helper: the `table` and `legal` commands built from a board the author supplies.
//
// The kit runs the plays and shapes the reply; every value in it comes from the board,
// which is the author's engine. A board has:
//   place(placement) -> credit   put the tile down (throw a rejection when it is refused)
//   openPoints() -> [OpenPoint]  counted() -> [Counted]  endSum() -> int
//   spinner() -> Tile | null     legal(hand) -> [Placement]  (legal only)
function place(board, plays) {
    return plays.map((placement, index) => at(index, () => {
        const credit = board.place(placement);
        if (!Number.isInteger(credit)) {
            throw new TypeError(`place(${placement}) returned ${credit}, not the placement's credit`);
        }
        return credit;
    }));
}
/**
 * The `table` command: a fresh board from newBoard(), each play placed inside at(index),
 * then {spinner, open, counted, end_sum, credits, credit} as the board reports them.
 */
function replayTable(newBoard) {
    return function table({ plays }) {
        const board = newBoard();
        const credits = place(board, plays);
        return {
            spinner: board.spinner(),
            open: board.openPoints(),
            counted: board.counted(),
            end_sum: board.endSum(),
            credits,
            credit: credits.length ? credits[credits.length - 1] : null,
        };
    };
}
/** The `legal` command: the plays placed as for `table`, then {placements: board.legal(hand)}. */
function replayLegal(newBoard) {
    return function legal({ plays, hand }) {
        const board = newBoard();
        place(board, plays);
        return { placements: board.legal(hand) };
    };
}

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
/** The protocol version the kit speaks. */
const PROTOCOL = 1;
/** The query commands, in the order the protocol lists them. */
const COMMANDS = ["table", "legal", "settle", "hand", "game", "perft"];
const isCommand = (cmd) => COMMANDS.includes(cmd);
// ------------------------------------------------------------------ request form
class JsonFloat {
    number;
    // A number written with a fraction or an exponent: never an integer to the protocol,
    // even when its value is whole (JSON.parse alone turns 2.0 into 2).
    constructor(number) {
        this.number = number;
    }
    toJSON() { return this.number; }
}
class JsonInteger {
    text;
    // An integer too large for a Number to hold exactly: kept as written, so that a `seq`
    // is echoed with every digit (spec/protocol.md section 4). Anywhere else it reads as
    // the Number JSON.parse would give.
    constructor(text) {
        this.text = text;
    }
    toJSON() { return Number(this.text); }
}
// One JSON text parsed as JSON.parse would, but with what the protocol needs of numbers:
// the parser reads each number from its own digits, never from a string, so that no string
// can pass for a number (a string "\u0000integer:7" is a string).
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const PLAIN_STRING = /^"[^\\\u0000-\u001f]*"$/;
function parseLine(text) {
    let at = 0;
    const fail = () => {
        const found = at < text.length ? JSON.stringify(text[at]) : "end of the line";
        throw new SyntaxError(`unexpected ${found} at position ${at}`);
    };
    const space = () => {
        for (let c = text.charCodeAt(at); c === 32 || c === 9 || c === 10 || c === 13; c = text.charCodeAt(++at))
            ;
    };
    const string = () => {
        // The closing quote is the first one not escaped (after an even run of backslashes).
        let end = at;
        for (;;) {
            end = text.indexOf('"', end + 1);
            if (end < 0)
                fail();
            let slashes = 0;
            while (text.charCodeAt(end - 1 - slashes) === 92)
                slashes++;
            if (slashes % 2 === 0)
                break;
        }
        const raw = text.slice(at, end + 1);
        if (PLAIN_STRING.test(raw)) {
            at = end + 1;
            return raw.slice(1, -1);
        }
        // Escapes and control characters are JSON.parse's to judge, on the string alone.
        try {
            const value = JSON.parse(raw);
            at = end + 1;
            return value;
        }
        catch {
            throw new SyntaxError(`a string that is not JSON at position ${at}`);
        }
    };
    const number = (key) => {
        NUMBER.lastIndex = at;
        const found = NUMBER.exec(text) ?? fail();
        at = NUMBER.lastIndex;
        // A fraction or an exponent is never an integer to the protocol, even 2.0.
        if (found[1] !== undefined || found[2] !== undefined)
            return new JsonFloat(Number(found[0]));
        const value = Number(found[0]);
        return key === "seq" && !Number.isSafeInteger(value) ? new JsonInteger(found[0]) : value;
    };
    const name = (into) => {
        if (text[at] !== '"')
            fail();
        into.key = string();
        space();
        if (text[at] !== ":")
            fail();
        at++;
        space();
    };
    // Containers being filled, innermost last, each with the key its next value takes: no
    // recursion, whatever the depth.
    const open = [];
    space();
    for (;;) {
        const top = open.at(-1);
        const key = top === undefined || Array.isArray(top.value) ? null : top.key;
        let value;
        const c = text[at];
        if (c === "{" || c === "[") {
            at++;
            space();
            const empty = text[at] === (c === "{" ? "}" : "]");
            const made = c === "{" ? {} : [];
            value = made;
            if (!empty) {
                const entered = { value: made, key: null };
                open.push(entered);
                if (c === "{")
                    name(entered);
                continue;
            }
            at++;
        }
        else if (c === '"') {
            value = string();
        }
        else if (text.startsWith("true", at)) {
            value = true;
            at += 4;
        }
        else if (text.startsWith("false", at)) {
            value = false;
            at += 5;
        }
        else if (text.startsWith("null", at)) {
            value = null;
            at += 4;
        }
        else {
            value = number(key);
        }
        // The value goes into its container; each container it completes, into the next.
        for (;;) {
            const inner = open.at(-1);
            space();
            if (inner === undefined) {
                if (at !== text.length)
                    fail();
                return value;
            }
            if (Array.isArray(inner.value)) {
                inner.value.push(value);
            }
            else {
                // As JSON.parse does: an own property even for "__proto__"; a repeated key's last value.
                Object.defineProperty(inner.value, inner.key, {
                    value, writable: true, enumerable: true, configurable: true,
                });
            }
            if (text[at] === ",") {
                at++;
                space();
                if (!Array.isArray(inner.value))
                    name(inner);
                break;
            }
            if (text[at] !== (Array.isArray(inner.value) ? "]" : "}"))
                fail();
            at++;
            open.pop();
            value = inner.value;
        }
    }
}
const isInt = (v) => typeof v === "number" && Number.isInteger(v);
const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !(v instanceof JsonFloat);
const show = (v) => {
    let text;
    try {
        text = JSON.stringify(v) ?? String(v);
    }
    catch {
        return "(a value nested too deep to show)";
    }
    return text.length <= 60 ? text : `${text.slice(0, 57)}...`;
};
const bad = (message, index = null) => new BadRequest(message, index);
/** Each command's [required, optional] arguments. */
const ARGUMENTS = {
    table: [["plays"], []],
    legal: [["plays", "hand"], []],
    settle: [["hands"], []],
    hand: [["deal", "opener", "actions"], ["scores"]],
    game: [["hands"], []],
    perft: [["deal", "opener", "depth"], ["scores", "actions"]],
};
function checkKeys(args, required, optional) {
    const missing = required.filter((k) => !Object.hasOwn(args, k));
    if (missing.length)
        throw bad(`missing argument "${missing[0]}"`);
    const extra = Object.keys(args).filter((k) => !required.includes(k) && !optional.includes(k));
    if (extra.length)
        throw bad(`unknown argument "${extra.sort()[0]}"`);
}
function parseTile(v) {
    if (Array.isArray(v) && v.length === 2 && isInt(v[0]) && isInt(v[1])) {
        const [a, b] = v;
        if (0 <= a && a <= b && b <= 6)
            return tile(a, b);
        if (0 <= b && b < a && a <= 6)
            throw bad(`tile ${show(v)} is not canonical: write it [${b}, ${a}]`);
    }
    throw bad(`${show(v)} is not a tile: expected [a, b] with 0 <= a <= b <= 6`);
}
function parseTiles(v, what) {
    if (!Array.isArray(v))
        throw bad(`${what} must be a list of tiles, not ${show(v)}`);
    return v.map(parseTile);
}
function distinct(tiles, what) {
    const seen = new Set();
    for (const t of tiles) {
        if (seen.has(t))
            throw bad(`${t} is twice in ${what}`);
        seen.add(t);
    }
}
function parsePlacement(v) {
    const keys = isObject(v) ? Object.keys(v) : [];
    if (!isObject(v) || !keys.includes("tile") || keys.some((k) => k !== "tile" && k !== "on")) {
        throw bad(`${show(v)} is not a placement: expected {tile, on?}`);
    }
    const placed = parseTile(v.tile);
    if (!Object.hasOwn(v, "on"))
        return new Placement(placed);
    const on = v.on;
    const onKeys = isObject(on) ? Object.keys(on).sort().join() : "";
    if (!isObject(on) || onKeys !== "side,tile")
        throw bad(`${show(on)} is not an end point: expected {tile, side}`);
    if (!SIDES.includes(on.side)) {
        throw bad(`${show(on.side)} is not a side: expected one of ${SIDES.join(", ")}`);
    }
    return new Placement(placed, new EndPoint(parseTile(on.tile), on.side));
}
function parseAction(v) {
    if (v === "pass")
        return PASS;
    if (typeof v === "string")
        throw bad(`${show(v)} is not an action: expected a placement or "pass"`);
    return parsePlacement(v);
}
// A problem in an element takes the element's position (in a game, the hand's position
// overrides the position of an action inside it, as spec/protocol.md 6.3 asks).
function each(v, what, parse) {
    if (!Array.isArray(v))
        throw bad(`${what} must be a list, not ${show(v)}`);
    return v.map((item, index) => {
        try {
            return parse(item);
        }
        catch (error) {
            error.index = index;
            throw error;
        }
    });
}
function parsePlays(v) {
    const plays = each(v, "plays", parsePlacement);
    const seen = new Set();
    plays.forEach((p, index) => {
        if (seen.has(p.tile))
            throw bad(`${p.tile} is already on the table`, index);
        seen.add(p.tile);
    });
    return plays;
}
function parseSeat(v, what) {
    if (!(isInt(v) && v >= 0 && v <= 3))
        throw bad(`${what} must be a seat 0..3, not ${show(v)}`);
    return v;
}
function parseScores(v) {
    if (!(Array.isArray(v) && v.length === 2 && v.every(isInt))) {
        throw bad(`scores must be two integers [team0, team1], not ${show(v)}`);
    }
    return [v[0], v[1]];
}
function parseDeal(v) {
    if (!(Array.isArray(v) && v.length === 4))
        throw bad(`a deal is four lists of 7 tiles, not ${show(v)}`);
    const hands = v.map((h, seat) => parseTiles(h, `seat ${seat}'s hand`));
    hands.forEach((h, seat) => {
        if (h.length !== 7)
            throw bad(`seat ${seat} is dealt ${h.length} tiles, not 7`);
    });
    distinct(hands.flat(), "the deal");
    return hands;
}
function parseHandArgs(args) {
    const out = {
        deal: parseDeal(args.deal),
        opener: parseSeat(args.opener, "opener"),
        scores: [0, 0],
        actions: [],
    };
    out.scores = Object.hasOwn(args, "scores") ? parseScores(args.scores) : [0, 0];
    out.actions = each(Object.hasOwn(args, "actions") ? args.actions : [], "actions", parseAction);
    if (Object.hasOwn(args, "depth")) {
        const depth = args.depth;
        if (!(isInt(depth) && depth >= 0))
            throw bad(`depth must be an integer >= 0, not ${show(depth)}`);
        out.depth = depth;
    }
    return out;
}
function parseGameHand(v) {
    if (!isObject(v))
        throw bad(`a hand is an object {deal, opener?, actions}, not ${show(v)}`);
    checkKeys(v, ["deal", "actions"], ["opener"]);
    const deal = parseDeal(v.deal);
    const opener = Object.hasOwn(v, "opener") ? parseSeat(v.opener, "opener") : null;
    return new GameHand(deal, opener, each(v.actions, "actions", parseAction));
}
const CHECKS = {
    table: (args) => ({ plays: parsePlays(args.plays) }),
    legal(args) {
        const plays = parsePlays(args.plays);
        const hand = parseTiles(args.hand, "hand");
        distinct(hand, "the hand");
        const onTable = new Set(plays.map((p) => p.tile));
        const both = hand.filter((t) => onTable.has(t));
        if (both.length)
            throw bad(`${both[0]} is in the hand but already on the table`);
        return { plays, hand };
    },
    settle(args) {
        const v = args.hands;
        if (!(Array.isArray(v) && v.length === 4))
            throw bad(`hands must be four lists of tiles, not ${show(v)}`);
        const hands = v.map((h, seat) => parseTiles(h, `seat ${seat}'s tiles`));
        hands.forEach((h, seat) => {
            if (h.length > 7)
                throw bad(`seat ${seat} holds ${h.length} tiles: a player holds at most 7`);
        });
        distinct(hands.flat(), "the hands");
        return { hands: hands };
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
function checkArguments(cmd, args) {
    const [required, optional] = ARGUMENTS[cmd];
    checkKeys(args, required, optional);
    return CHECKS[cmd](args);
}
// ------------------------------------------------------------------ the loop
const rejected = (seq, code, index, message) => ({
    seq, rejected: { code, index, message },
});
function encode(value) {
    // Refuse what JSON cannot carry instead of letting JSON.stringify drop or change it.
    return JSON.stringify(value, (_, v) => {
        if (v === undefined || typeof v === "function" || typeof v === "symbol") {
            throw new TypeError(`${typeof v} in the result`);
        }
        if (typeof v === "number" && !Number.isFinite(v))
            throw new TypeError(`${v} in the result`);
        if (v instanceof Map)
            return mapObject(v);
        if (v instanceof Set)
            throw new TypeError("a Set in the result: give a list");
        return v;
    });
}
// A Map is a JSON object when its keys are strings; JSON.stringify alone would write {}.
function mapObject(map) {
    const out = {};
    for (const [k, v] of map) {
        if (typeof k !== "string")
            throw new TypeError(`a Map key ${show(k)} in the result: JSON keys are strings`);
        out[k] = v;
    }
    return out;
}
/** A result built of kit values, lists, objects and Maps, in protocol form (plain JSON values). */
function toJson(value) {
    return JSON.parse(encode(value));
}
function implemented(engine) {
    return COMMANDS.filter((c) => typeof engine.commands?.[c] === "function");
}
/** The handshake reply. */
function handshake(engine) {
    const { name, version, language = "javascript" } = engine;
    return { ready: true, protocol: PROTOCOL, engine: { name, version, language }, cmds: implemented(engine) };
}
// An engine's error may fail even to print itself; the reply must still go out.
function describe(text) {
    try {
        return text();
    }
    catch {
        return "(the error's message could not be read)";
    }
}
// spec/protocol.md section 4: `seq` is an integer, echoed exactly; a fraction (1.0), an
// exponent (1e400), a bool, a string or null is refused with seq null.
function exactSeq(request) {
    const seq = request.seq;
    if (!Object.hasOwn(request, "seq"))
        return null;
    return isInt(seq) || seq instanceof JsonInteger ? seq : null;
}
// One reply as a JSON line's text: a `seq` too large for a Number keeps its digits.
function replyText(out) {
    if (!(out.seq instanceof JsonInteger))
        return JSON.stringify(out);
    const { seq, ...rest } = out;
    return `{"seq":${seq.text},${JSON.stringify(rest).slice(1)}`;
}
/** The reply to one decoded query (anything but start and stop). */
function handle(engine, request) {
    if (!isObject(request))
        return rejected(null, "bad_request", null, "a request is a JSON object");
    // A `seq` beyond a Number's range stays a JsonInteger until the reply is written.
    const seq = exactSeq(request);
    if (seq === null)
        return rejected(null, "bad_request", null, "seq is missing or not an integer");
    const cmd = request.cmd;
    if (!isCommand(cmd)) {
        return rejected(seq, "bad_request", null, `unknown command ${show(cmd)}: one of ${COMMANDS.join(", ")}`);
    }
    if (!implemented(engine).includes(cmd))
        return { seq, skipped: { message: `${cmd} is not implemented` } };
    const args = Object.fromEntries(Object.entries(request).filter(([k]) => k !== "cmd" && k !== "seq"));
    try {
        const command = engine.commands[cmd];
        const result = JSON.parse(encode(command(checkArguments(cmd, args))));
        return { seq, result };
    }
    catch (error) {
        if (error instanceof Rejected)
            return rejected(seq, error.code, error.index, error.message);
        const mapped = [...(engine.errors ?? [])].find(([kind]) => error instanceof kind);
        if (mapped)
            return rejected(seq, mapped[1], indexOf(error), describe(() => `${error.message}`));
        const message = describe(() => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)));
        return { seq, errored: { message } };
    }
}
const UTF8 = new TextDecoder("utf-8", { fatal: true });
/** The reply to one raw line (a Buffer or string); null for stop. */
function reply(engine, line) {
    let request;
    try {
        request = parseLine(typeof line === "string" ? line : UTF8.decode(line));
    }
    catch (error) {
        return rejected(null, "bad_request", null, `the line is not JSON: ${error.message}`);
    }
    const cmd = isObject(request) ? request.cmd : undefined;
    if (cmd === "stop")
        return null;
    if (cmd === "start") {
        return request.protocol === PROTOCOL ? handshake(engine) : { ready: false, protocol: PROTOCOL };
    }
    return handle(engine, request);
}
/** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
function serve(engine, input = process.stdin, output = process.stdout) {
    for (const [, code] of engine.errors ?? []) {
        if (!isCode(code))
            throw new RangeError(`errors maps to ${code}, not a rejection code`);
    }
    output.on("error", () => process.exit(0)); // the runner went away: nothing left to answer
    // The pieces of the line being read: joined once its newline arrives, so that a long
    // line costs time linear in its length (joining at every chunk was quadratic).
    let pieces = [];
    let done = false;
    const finish = () => {
        done = true;
        input.pause();
        output.write("", () => process.exit(0));
    };
    const answer = (line) => {
        const out = reply(engine, line);
        if (out === null)
            return finish();
        output.write(`${replyText(out)}\n`);
        if (out.ready === false)
            finish();
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
        if (!done && start < chunk.length)
            pieces.push(chunk.subarray(start));
    });
    input.on("end", () => {
        if (!done && pieces.length)
            answer(Buffer.concat(pieces));
        if (!done)
            finish();
    });
}
/**
 * An engine served over protocol 1: its identity, the commands it implements (each a
 * function of the checked arguments, returning the result) and `errors`, a Map from the
 * engine's own error classes to rejection codes (the first class an error is an instance
 * of gives the code; any other error becomes an `errored` reply). The handshake lists
 * exactly the commands given. Frozen, like every kit value.
 */
class Engine {
    constructor(options) {
        const { name, version, language = "javascript", commands = {}, errors = new Map() } = options;
        for (const [what, value] of [["name", name], ["version", version], ["language", language]]) {
            if (typeof value !== "string" || value === "") {
                throw new TypeError(`the engine's ${what} must be a non-empty string`);
            }
        }
        for (const cmd of Object.keys(commands)) {
            if (!isCommand(cmd))
                throw new RangeError(`${cmd} is not a command: one of ${COMMANDS.join(", ")}`);
            if (typeof commands[cmd] !== "function")
                throw new TypeError(`the command ${cmd} must be a function`);
        }
        const map = new Map(errors);
        for (const [kind, code] of map) {
            if (typeof kind !== "function")
                throw new TypeError(`errors maps ${show(kind)}: its keys are error classes`);
            if (!isCode(code))
                throw new RangeError(`errors maps ${kind.name} to ${code}, not a rejection code`);
        }
        this.name = name;
        this.version = version;
        this.language = language;
        this.commands = Object.freeze({ ...commands });
        this.errors = map;
        Object.freeze(this);
    }
    /** The reply to the handshake. */
    handshake() { return handshake(this); }
    /** The reply to one decoded query. */
    handle(request) { return handle(this, request); }
    /** The reply to one raw line; null for stop. */
    reply(line) { return reply(this, line); }
    /** Serve stdin and stdout until stop or the end of input, then exit with status 0. */
    run(input = process.stdin, output = process.stdout) { serve(this, input, output); }
}

exports.ARGUMENTS = ARGUMENTS;
exports.BadRequest = BadRequest;
exports.BranchClosed = BranchClosed;
exports.CODES = CODES;
exports.COMMANDS = COMMANDS;
exports.Counted = Counted;
exports.EndPoint = EndPoint;
exports.Engine = Engine;
exports.GameHand = GameHand;
exports.GameOver = GameOver;
exports.HandOver = HandOver;
exports.MustPlay = MustPlay;
exports.NoMatch = NoMatch;
exports.NoSuchEnd = NoSuchEnd;
exports.NotInHand = NotInHand;
exports.OpenPoint = OpenPoint;
exports.PASS = PASS;
exports.PROTOCOL = PROTOCOL;
exports.Placement = Placement;
exports.Rejected = Rejected;
exports.SIDES = SIDES;
exports.Side = Side;
exports.Tile = Tile;
exports.UnfinishedHand = UnfinishedHand;
exports.WrongOpener = WrongOpener;
exports.at = at;
exports.checkArguments = checkArguments;
exports.handle = handle;
exports.handshake = handshake;
exports.replayLegal = replayLegal;
exports.replayTable = replayTable;
exports.reply = reply;
exports.serve = serve;
exports.tile = tile;
exports.toJson = toJson;

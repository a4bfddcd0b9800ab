// Rejections an adapter throws, and `at`, which gives them the index the protocol asks for.
/** Every rejection code of protocol 1; the first seven in order of precedence. */
export const CODES = [
    "bad_request", "hand_over", "not_in_hand", "no_such_end", "branch_closed",
    "no_match", "must_play", "wrong_opener", "unfinished_hand", "game_over",
];
/** Whether `code` is a rejection code of protocol 1. */
export const isCode = (code) => CODES.includes(code);
/** A request the rules refuse: new Rejected("no_match", "message") or with an index. */
export class Rejected extends Error {
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
export const BadRequest = subclass("BadRequest", "bad_request");
/** An action after the hand has ended. */
export const HandOver = subclass("HandOver", "hand_over");
/** A placed tile the player to move does not hold. */
export const NotInHand = subclass("NotInHand", "not_in_hand");
/** The end point does not exist or is taken. */
export const NoSuchEnd = subclass("NoSuchEnd", "no_such_end");
/** A spinner branch while a linear side of the spinner is still free. */
export const BranchClosed = subclass("BranchClosed", "branch_closed");
/** No half of the tile equals the value of the end point. */
export const NoMatch = subclass("NoMatch", "no_match");
/** A pass while the player has a legal placement. */
export const MustPlay = subclass("MustPlay", "must_play");
/** In game: an opener missing where required, or not the seat that went out. */
export const WrongOpener = subclass("WrongOpener", "wrong_opener");
/** In game: a hand that is not the last has not ended. */
export const UnfinishedHand = subclass("UnfinishedHand", "unfinished_hand");
/** Starting scores of 250 or more, or a hand after the winning one. */
export const GameOver = subclass("GameOver", "game_over");
const KIT_INDEX = Symbol("kit index");
/**
 * Run fn() and give `index` to a rejection thrown inside that carries none; errors the
 * engine maps to a code (`errors` of `Engine`) get it too. Returns what fn returns.
 */
export function at(index, fn) {
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
export function indexOf(error) {
    if (error === null || typeof error !== "object")
        return null;
    return error[KIT_INDEX] ?? null;
}

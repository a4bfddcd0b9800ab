/** A rejection code of protocol 1. */
export type Code = "bad_request" | "hand_over" | "not_in_hand" | "no_such_end" | "branch_closed" | "no_match" | "must_play" | "wrong_opener" | "unfinished_hand" | "game_over";
/** Every rejection code of protocol 1; the first seven in order of precedence. */
export declare const CODES: readonly Code[];
/** Whether `code` is a rejection code of protocol 1. */
export declare const isCode: (code: unknown) => code is Code;
/** A request the rules refuse: new Rejected("no_match", "message") or with an index. */
export declare class Rejected extends Error {
    readonly code: Code;
    index: number | null;
    constructor(code: Code, message?: string, index?: number | null);
}
/** A subclass of Rejected that carries its code. */
export interface RejectedClass {
    new (message?: string, index?: number | null): Rejected;
    readonly code: Code;
}
/** The request is malformed (the kit throws this itself while checking the form). */
export declare const BadRequest: RejectedClass;
/** An action after the hand has ended. */
export declare const HandOver: RejectedClass;
/** A placed tile the player to move does not hold. */
export declare const NotInHand: RejectedClass;
/** The end point does not exist or is taken. */
export declare const NoSuchEnd: RejectedClass;
/** A spinner branch while a linear side of the spinner is still free. */
export declare const BranchClosed: RejectedClass;
/** No half of the tile equals the value of the end point. */
export declare const NoMatch: RejectedClass;
/** A pass while the player has a legal placement. */
export declare const MustPlay: RejectedClass;
/** In game: an opener missing where required, or not the seat that went out. */
export declare const WrongOpener: RejectedClass;
/** In game: a hand that is not the last has not ended. */
export declare const UnfinishedHand: RejectedClass;
/** Starting scores of 250 or more, or a hand after the winning one. */
export declare const GameOver: RejectedClass;
/**
 * Run fn() and give `index` to a rejection thrown inside that carries none; errors the
 * engine maps to a code (`errors` of `Engine`) get it too. Returns what fn returns.
 */
export declare function at<T>(index: number, fn: () => T): T;
/** The index `at` gave an error that is not a Rejected (null when none did). */
export declare function indexOf(error: unknown): number | null;

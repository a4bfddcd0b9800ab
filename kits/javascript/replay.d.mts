import type { Counted, OpenPoint, Placement, Tile } from "./values.mjs";
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
/** A result as a command returns it: an object of kit values, lists, objects and Maps with string keys. */
export type Result = object;
/**
 * The `table` command: a fresh board from newBoard(), each play placed inside at(index),
 * then {spinner, open, counted, end_sum, credits, credit} as the board reports them.
 */
export declare function replayTable(newBoard: () => Board): (args: {
    plays: Placement[];
}) => Result;
/** The `legal` command: the plays placed as for `table`, then {placements: board.legal(hand)}. */
export declare function replayLegal(newBoard: () => LegalBoard): (args: {
    plays: Placement[];
    hand: Tile[];
}) => Result;

// The replay helper: the `table` and `legal` commands built from a board the author supplies.
//
// The kit runs the plays and shapes the reply; every value in it comes from the board,
// which is the author's engine. A board has:
//   place(placement) -> credit   put the tile down (throw a rejection when it is refused)
//   openPoints() -> [OpenPoint]  counted() -> [Counted]  endSum() -> int
//   spinner() -> Tile | null     legal(hand) -> [Placement]  (legal only)

import { at } from "./rejections.mjs";
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

function place(board: Board, plays: Placement[]): number[] {
  return plays.map((placement, index) => at(index, () => {
    const credit: unknown = board.place(placement);
    if (!Number.isInteger(credit)) {
      throw new TypeError(`place(${placement}) returned ${credit}, not the placement's credit`);
    }
    return credit as number;
  }));
}

/**
 * The `table` command: a fresh board from newBoard(), each play placed inside at(index),
 * then {spinner, open, counted, end_sum, credits, credit} as the board reports them.
 */
export function replayTable(newBoard: () => Board): (args: { plays: Placement[] }) => Result {
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
export function replayLegal(
  newBoard: () => LegalBoard,
): (args: { plays: Placement[]; hand: Tile[] }) => Result {
  return function legal({ plays, hand }) {
    const board = newBoard();
    place(board, plays);
    return { placements: board.legal(hand) };
  };
}

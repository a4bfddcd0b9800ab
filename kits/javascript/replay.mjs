// The replay helper: the `table` and `legal` commands built from a board the author supplies.
//
// The kit runs the plays and shapes the reply; every value in it comes from the board,
// which is the author's engine. A board has:
//   place(placement) -> credit   put the tile down (throw a rejection when it is refused)
//   openPoints() -> [OpenPoint]  counted() -> [Counted]  endSum() -> int
//   spinner() -> Tile | null     legal(hand) -> [Placement]  (legal only)
import { at } from "./rejections.mjs";
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
export function replayTable(newBoard) {
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
export function replayLegal(newBoard) {
    return function legal({ plays, hand }) {
        const board = newBoard();
        place(board, plays);
        return { placements: board.legal(hand) };
    };
}

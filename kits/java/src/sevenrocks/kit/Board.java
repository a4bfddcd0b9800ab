package sevenrocks.kit;

import java.util.List;

/**
 * What the replay helper plays on: the author's engine. {@code place} puts a tile down (a
 * {@link Rejected}, or an exception the engine's errors map, when the engine refuses it)
 * and gives the credit the engine gives that placement; the others read the board.
 */
public interface Board {
    /** Put the tile down; the credit of the placement. */
    int place(Placement placement) throws Exception;

    /** Every attach point a tile could join now, with its value. */
    List<OpenPoint> openPoints();

    /** Each contribution to the end sum. */
    List<Counted> counted();

    /** The sum of the counted ends. */
    int endSum();

    /** The spinner, or null before any double. */
    Tile spinner();
}

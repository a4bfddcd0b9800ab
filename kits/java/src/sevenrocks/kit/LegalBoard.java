package sevenrocks.kit;

import java.util.List;

/** A {@link Board} that also gives the engine's legal placements of a hand. */
public interface LegalBoard extends Board {
    /** Every legal placement of the tiles of {@code hand}. */
    List<Placement> legal(List<Tile> hand);
}

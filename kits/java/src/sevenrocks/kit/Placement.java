package sevenrocks.kit;

/** A tile placed on an end point; {@code on} is null for the opening tile. */
public record Placement(Tile tile, EndPoint on) implements Action {
    /** The opening placement of {@code tile}. */
    public Placement(Tile tile) {
        this(tile, null);
    }

    @Override
    public String toString() {
        return on == null ? tile.toString() : tile + " on " + on;
    }
}

package sevenrocks.kit;

/** One counted end, as the author's engine reports it: the tile and what it adds to the end sum. */
public record Counted(Tile tile, int value) {
    @Override
    public String toString() {
        return tile + " counts " + value;
    }
}

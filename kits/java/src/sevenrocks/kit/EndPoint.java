package sevenrocks.kit;

/** An attach point, named by the tile already on the table and its side. */
public record EndPoint(Tile tile, Side side) {
    /**
     * The value protocol 1 names for this side: LOW -> the low half, any other side -> the
     * high half (a double's halves are equal).
     */
    public int value() {
        return side == Side.LOW ? tile.low() : tile.high();
    }

    @Override
    public String toString() {
        return tile + " " + side;
    }
}

package sevenrocks.kit;

/** An end point a tile could join now and the value it shows, as the author's engine reports it. */
public record OpenPoint(EndPoint end, int value) {
    @Override
    public String toString() {
        return end + " (" + value + ")";
    }
}

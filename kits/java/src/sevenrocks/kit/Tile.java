package sevenrocks.kit;

/**
 * A tile [low|high] of the double-six set, {@code 0 <= low <= high <= 6}. Tiles compare by
 * value ({@code equals}, {@code hashCode}), so they work in sets and as map keys.
 */
public record Tile(int low, int high) {
    /** Refuses anything that is not a tile of the double-six set. */
    public Tile {
        if (!(0 <= low && low <= high && high <= 6)) {
            throw new IllegalArgumentException(
                    "Tile(" + low + ", " + high + ") is not a tile of the double-six set");
        }
    }

    /** Whether both halves show the same value. */
    public boolean isDouble() {
        return low == high;
    }

    /** The sum of both halves. */
    public int pips() {
        return low + high;
    }

    /** Whether one of the halves shows {@code value}. */
    public boolean has(int value) {
        return value == low || value == high;
    }

    /** The tile as the rules write it: [1|4]. */
    @Override
    public String toString() {
        return "[" + low + "|" + high + "]";
    }
}

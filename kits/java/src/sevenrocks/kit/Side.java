package sevenrocks.kit;

/** A side of a tile on the table, with its wire name. */
public enum Side {
    LOW("low"),
    HIGH("high"),
    LINEAR_A("linear_a"),
    LINEAR_B("linear_b"),
    BRANCH_A("branch_a"),
    BRANCH_B("branch_b");

    private final String wireName;

    Side(String wireName) {
        this.wireName = wireName;
    }

    /** The side's name in protocol 1 ("low" ... "branch_b"). */
    public String wireName() {
        return wireName;
    }

    /** Whether this is a spinner branch. */
    public boolean isBranch() {
        return this == BRANCH_A || this == BRANCH_B;
    }

    /** The side of that wire name, or null. */
    public static Side byWireName(String name) {
        for (Side side : values()) {
            if (side.wireName.equals(name)) {
                return side;
            }
        }
        return null;
    }

    @Override
    public String toString() {
        return wireName;
    }
}

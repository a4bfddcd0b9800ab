package sevenrocks.kit;

/** The pass action: its one value is {@link #PASS}. */
public enum Pass implements Action {
    PASS;

    @Override
    public String toString() {
        return "pass";
    }
}

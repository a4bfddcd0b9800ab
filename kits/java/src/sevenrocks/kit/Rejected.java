package sevenrocks.kit;

/**
 * A request the rules refuse: becomes {@code {"rejected": {"code", "index", "message"}}}.
 * Throw it with a code ({@code new Rejected("no_match", "...")}) or throw one of the
 * nested subclasses, which carry their code ({@code new Rejected.NoMatch("...")}). The index
 * may be left unset (null) where {@link Kit#at} or the kit knows it.
 */
public class Rejected extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String code;
    private Integer index;

    /** A rejection with a code of protocol 1; any other code is an IllegalArgumentException. */
    public Rejected(String code, String message) {
        this(code, message, null);
    }

    /** A rejection with its index. */
    public Rejected(String code, String message, Integer index) {
        super(message);
        if (!Kit.CODES.contains(code)) {
            throw new IllegalArgumentException(code + " is not a rejection code: one of " + Kit.CODES);
        }
        this.code = code;
        this.index = index;
    }

    /** The rejection code. */
    public String code() {
        return code;
    }

    /** The index the protocol gives the rejection, or null. */
    public Integer index() {
        return index;
    }

    /** Give the rejection its index (what {@link Kit#at} does). */
    public void setIndex(Integer index) {
        this.index = index;
    }

    /** The request is malformed (the kit finds these itself). */
    public static class BadRequest extends Rejected {
        private static final long serialVersionUID = 1L;

        public BadRequest(String message) {
            super("bad_request", message);
        }
    }

    /** An action after the hand has ended. */
    public static class HandOver extends Rejected {
        private static final long serialVersionUID = 1L;

        public HandOver(String message) {
            super("hand_over", message);
        }
    }

    /** A placed tile the player to move does not hold. */
    public static class NotInHand extends Rejected {
        private static final long serialVersionUID = 1L;

        public NotInHand(String message) {
            super("not_in_hand", message);
        }
    }

    /** The end point does not exist or is taken. */
    public static class NoSuchEnd extends Rejected {
        private static final long serialVersionUID = 1L;

        public NoSuchEnd(String message) {
            super("no_such_end", message);
        }
    }

    /** A spinner branch while a linear side of the spinner is still free. */
    public static class BranchClosed extends Rejected {
        private static final long serialVersionUID = 1L;

        public BranchClosed(String message) {
            super("branch_closed", message);
        }
    }

    /** No half of the tile equals the value of the end point. */
    public static class NoMatch extends Rejected {
        private static final long serialVersionUID = 1L;

        public NoMatch(String message) {
            super("no_match", message);
        }
    }

    /** A pass while the player has a legal placement. */
    public static class MustPlay extends Rejected {
        private static final long serialVersionUID = 1L;

        public MustPlay(String message) {
            super("must_play", message);
        }
    }

    /** In game: an opener missing where required, or not the seat that went out. */
    public static class WrongOpener extends Rejected {
        private static final long serialVersionUID = 1L;

        public WrongOpener(String message) {
            super("wrong_opener", message);
        }
    }

    /** In game: a hand that is not the last has not ended. */
    public static class UnfinishedHand extends Rejected {
        private static final long serialVersionUID = 1L;

        public UnfinishedHand(String message) {
            super("unfinished_hand", message);
        }
    }

    /** Starting scores of 250 or more, or a hand after the winning one. */
    public static class GameOver extends Rejected {
        private static final long serialVersionUID = 1L;

        public GameOver(String message) {
            super("game_over", message);
        }
    }
}

import java.util.List;
import java.util.Map;
import sevenrocks.kit.Engine;
import sevenrocks.kit.Kit;
import sevenrocks.kit.Placement;
import sevenrocks.kit.Rejected;

/**
 * A probe engine for the Java kit's tests (tests/test_kit_java.py): every command reports
 * that the request got past the form checks, or with --behaviours does one odd thing each.
 */
public final class Probe {
    static final class Reached extends Exception {
        private static final long serialVersionUID = 1L;

        Reached(String message) {
            super(message);
        }
    }

    static final class Unprintable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @Override
        public String getMessage() {
            throw new IllegalStateException("no message");
        }
    }

    static Object reached() throws Reached {
        throw new Reached("reached");
    }

    static int deeper(int n) {
        return deeper(n + 1) + 1;
    }

    static Object table(List<Placement> plays) throws Exception {
        for (int i = 0; i < plays.size(); i++) {
            int index = i;
            int low = plays.get(i).tile().low();
            Kit.at(i, () -> {
                if (index == 2 && low == 2) throw new Rejected.NoMatch("no 1 on [2|2]");
                if (index == 2 && low == 3) throw new Reached("mapped");
                if (index == 2 && low == 4) throw new Rejected("branch_closed", "closed", 0);
                if (index == 1 && low == 5) throw new IllegalStateException("oops");
                if (index == 1 && low == 6) throw new Unprintable();
            });
        }
        Placement last = plays.get(plays.size() - 1);
        java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
        out.put("last", last);
        out.put("on", last.on());
        out.put("pass", Kit.PASS);
        return out;
    }

    public static void main(String[] args) {
        Engine engine = new Engine("probe", "0").errors(Map.of(Reached.class, "no_match"));
        if (args.length > 0 && args[0].equals("--behaviours")) {
            engine.table(Probe::table)
                    .legal((plays, hand) -> Map.of("x", Double.NaN))
                    .game(hands -> deeper(0))
                    .hand((deal, opener, scores, actions) -> Map.of("opener", opener, "scores", scores))
                    .perft((deal, opener, scores, actions, depth) -> Map.of("depth", depth));
        } else {
            engine.table(plays -> reached())
                    .legal((plays, hand) -> reached())
                    .settle(hands -> reached())
                    .hand((deal, opener, scores, actions) -> reached())
                    .game(hands -> reached())
                    .perft((deal, opener, scores, actions, depth) -> reached());
        }
        engine.run();
    }
}

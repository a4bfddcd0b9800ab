package sevenrocks.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The request form (spec/protocol.md sections 3, 5 and 6): checked, typed arguments, or a
 * bad_request. Every check follows the protocol's precedence: missing, then extra
 * arguments; then the arguments in the order each command's table lists them, list
 * elements by position; the first problem found is the one reported, with the index
 * section 6.3 gives it.
 */
public final class Arguments {
    private Arguments() {}

    /** Each command's required and optional arguments. */
    public static final Map<String, List<List<String>>> ARGUMENTS = Map.of(
            "table", List.of(List.of("plays"), List.of()),
            "legal", List.of(List.of("plays", "hand"), List.of()),
            "settle", List.of(List.of("hands"), List.of()),
            "hand", List.of(List.of("deal", "opener", "actions"), List.of("scores")),
            "game", List.of(List.of("hands"), List.of()),
            "perft", List.of(List.of("deal", "opener", "depth"), List.of("scores", "actions")));

    /**
     * The checked arguments of a request; those of its command are set, the optional ones
     * filled in (scores [0, 0], actions empty). {@code declined} says why the kit cannot hold
     * a well-formed value (the request is then skipped), or is null.
     */
    public record Args(
            List<Placement> plays,
            List<Tile> hand,
            List<List<Tile>> hands,
            List<List<Tile>> deal,
            int opener,
            long[] scores,
            List<Action> actions,
            long depth,
            List<GameHand> game,
            String declined) {}

    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

    private static Rejected bad(String message) {
        return new Rejected.BadRequest(message);
    }

    /** A request value quoted for a message, cut short. */
    static String show(JsonElement value) {
        String text;
        try {
            text = String.valueOf(value);
        } catch (StackOverflowError deep) {
            return "(a value nested too deep to show)";
        }
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }

    /**
     * The integer a JSON number is written as, or null for anything else (a fraction, an
     * exponent, a boolean); integers beyond long are clamped to its range.
     */
    static Long integer(JsonElement value) {
        if (!(value instanceof JsonPrimitive primitive) || !primitive.isNumber()) {
            return null;
        }
        String literal = primitive.getAsString();
        if (!INTEGER.matcher(literal).matches()) {
            return null;
        }
        try {
            return Long.parseLong(literal);
        } catch (NumberFormatException beyond) {
            return literal.startsWith("-") ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }

    private static boolean beyond(JsonElement value) {
        Long n = integer(value);
        return n != null && (n == Long.MIN_VALUE || n == Long.MAX_VALUE)
                && !value.getAsString().equals(Long.toString(n));
    }

    private static int small(JsonElement value, int fallback) {
        Long n = integer(value);
        return n == null || beyond(value) || n < Integer.MIN_VALUE || n > Integer.MAX_VALUE
                ? fallback : (int) (long) n;
    }

    private static void keys(JsonObject args, List<String> required, List<String> optional) {
        for (String name : required) {
            if (!args.has(name)) {
                throw bad("missing argument \"" + name + "\"");
            }
        }
        Set<String> extra = new TreeSet<>(args.keySet());
        extra.removeAll(required);
        extra.removeAll(optional);
        if (!extra.isEmpty()) {
            throw bad("unknown argument \"" + extra.iterator().next() + "\"");
        }
    }

    private static Tile tile(JsonElement value) {
        if (value instanceof JsonArray list && list.size() == 2) {
            int a = small(list.get(0), -1);
            int b = small(list.get(1), -1);
            if (integer(list.get(0)) != null && integer(list.get(1)) != null) {
                if (0 <= a && a <= b && b <= 6) {
                    return new Tile(a, b);
                }
                if (0 <= b && b < a && a <= 6) {
                    throw bad("tile " + show(value) + " is not canonical: write it [" + b + ", " + a + "]");
                }
            }
        }
        throw bad(show(value) + " is not a tile: expected [a, b] with 0 <= a <= b <= 6");
    }

    private static List<Tile> tiles(JsonElement value, String what) {
        if (!(value instanceof JsonArray list)) {
            throw bad(what + " must be a list of tiles, not " + show(value));
        }
        List<Tile> out = new ArrayList<>();
        for (JsonElement item : list) {
            out.add(tile(item));
        }
        return out;
    }

    private static void distinct(List<Tile> all, String what) {
        Set<Tile> seen = new HashSet<>();
        for (Tile t : all) {
            if (!seen.add(t)) {
                throw bad(t + " is twice in " + what);
            }
        }
    }

    private static Placement placement(JsonElement value) {
        if (!(value instanceof JsonObject object) || !object.has("tile")
                || object.size() != (object.has("on") ? 2 : 1)) {
            throw bad(show(value) + " is not a placement: expected {tile, on?}");
        }
        Tile placed = tile(object.get("tile"));
        if (!object.has("on")) {
            return new Placement(placed);
        }
        JsonElement on = object.get("on");
        if (!(on instanceof JsonObject point) || point.size() != 2 || !point.has("tile") || !point.has("side")) {
            throw bad(show(on) + " is not an end point: expected {tile, side}");
        }
        JsonElement name = point.get("side");
        Side side = name instanceof JsonPrimitive p && p.isString() ? Side.byWireName(p.getAsString()) : null;
        if (side == null) {
            throw bad(show(name) + " is not a side: expected one of low, high, linear_a, linear_b, branch_a, branch_b");
        }
        return new Placement(placed, new EndPoint(tile(point.get("tile")), side));
    }

    private static Action action(JsonElement value) {
        if (value instanceof JsonPrimitive p && p.isString()) {
            if (p.getAsString().equals("pass")) {
                return Pass.PASS;
            }
            throw bad(show(value) + " is not an action: expected a placement or \"pass\"");
        }
        return placement(value);
    }

    private interface Check<T> {
        T check(JsonElement value);
    }

    /** Every element of a list checked; a problem in one takes that element's position. */
    private static <T> List<T> each(JsonElement value, String what, Check<T> check) {
        if (!(value instanceof JsonArray list)) {
            throw bad(what + " must be a list, not " + show(value));
        }
        List<T> out = new ArrayList<>();
        for (int index = 0; index < list.size(); index++) {
            try {
                out.add(check.check(list.get(index)));
            } catch (Rejected problem) {
                problem.setIndex(index);
                throw problem;
            }
        }
        return out;
    }

    private static List<Placement> plays(JsonElement value) {
        List<Placement> out = each(value, "plays", Arguments::placement);
        Set<Tile> seen = new HashSet<>();
        for (int index = 0; index < out.size(); index++) {
            if (!seen.add(out.get(index).tile())) {
                throw new Rejected("bad_request", out.get(index).tile() + " is already on the table", index);
            }
        }
        return out;
    }

    private static int seat(JsonElement value, String what) {
        int n = small(value, -1);
        if (n < 0 || n > 3) {
            throw bad(what + " must be a seat 0..3, not " + show(value));
        }
        return n;
    }

    private static List<List<Tile>> deal(JsonElement value) {
        if (!(value instanceof JsonArray list) || list.size() != 4) {
            throw bad("a deal is four lists of 7 tiles, not " + show(value));
        }
        List<List<Tile>> out = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            out.add(tiles(list.get(n), "seat " + n + "'s hand"));
        }
        List<Tile> all = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            if (out.get(n).size() != 7) {
                throw bad("seat " + n + " is dealt " + out.get(n).size() + " tiles, not 7");
            }
            all.addAll(out.get(n));
        }
        distinct(all, "the deal");
        return out;
    }

    /** The typed arguments of a cmd request (args without cmd and seq), or a BadRequest. */
    public static Args check(String cmd, JsonObject args) {
        List<List<String>> names = ARGUMENTS.get(cmd);
        if (names == null) {
            throw bad("unknown command " + cmd);
        }
        keys(args, names.get(0), names.get(1));
        return switch (cmd) {
            case "table" -> new Args(plays(args.get("plays")), null, null, null, 0, null, null, 0, null, null);
            case "legal" -> legal(args);
            case "settle" -> settle(args);
            case "game" -> game(args);
            default -> hand(args);
        };
    }

    private static Args legal(JsonObject args) {
        List<Placement> placed = plays(args.get("plays"));
        List<Tile> hand = tiles(args.get("hand"), "hand");
        distinct(hand, "the hand");
        Tile first = null;
        for (Placement p : placed) {
            Tile t = p.tile();
            boolean lower = first == null || t.low() < first.low() || (t.low() == first.low() && t.high() < first.high());
            if (hand.contains(t) && lower) {
                first = t;
            }
        }
        if (first != null) {
            throw bad(first + " is in the hand but already on the table");
        }
        return new Args(placed, hand, null, null, 0, null, null, 0, null, null);
    }

    private static Args settle(JsonObject args) {
        JsonElement value = args.get("hands");
        if (!(value instanceof JsonArray list) || list.size() != 4) {
            throw bad("hands must be four lists of tiles, one per seat, not " + show(value));
        }
        List<List<Tile>> hands = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            hands.add(tiles(list.get(n), "seat " + n + "'s tiles"));
        }
        List<Tile> all = new ArrayList<>();
        for (int n = 0; n < 4; n++) {
            if (hands.get(n).size() > 7) {
                throw bad("seat " + n + " holds " + hands.get(n).size() + " tiles: a player holds at most 7");
            }
            all.addAll(hands.get(n));
        }
        distinct(all, "the hands");
        return new Args(null, null, hands, null, 0, null, null, 0, null, null);
    }

    private static Args hand(JsonObject args) {
        List<List<Tile>> dealt = deal(args.get("deal"));
        int opener = seat(args.get("opener"), "opener");
        long[] scores = {0, 0};
        String declined = null;
        if (args.has("scores")) {
            JsonElement value = args.get("scores");
            if (!(value instanceof JsonArray list) || list.size() != 2
                    || integer(list.get(0)) == null || integer(list.get(1)) == null) {
                throw bad("scores must be two integers [team0, team1], not " + show(value));
            }
            // A score above long is clamped, which keeps its meaning (250 or more); one below
            // it is more than the kit can hold.
            for (int team = 0; team < 2; team++) {
                scores[team] = integer(list.get(team));
                if (beyond(list.get(team)) && scores[team] == Long.MIN_VALUE && declined == null) {
                    declined = "scores " + show(value) + ": below " + Long.MIN_VALUE + ", more than this kit holds";
                }
            }
        }
        List<Action> actions = each(args.has("actions") ? args.get("actions") : new JsonArray(), "actions", Arguments::action);
        long depth = 0;
        if (args.has("depth")) {
            Long n = integer(args.get("depth"));
            if (n == null || n < 0) {
                throw bad("depth must be an integer >= 0, not " + show(args.get("depth")));
            }
            depth = n; // clamped to long: no hand is that long
        }
        return new Args(null, null, null, dealt, opener, scores, actions, depth, null, declined);
    }

    private static GameHand gameHand(JsonElement value) {
        if (!(value instanceof JsonObject object)) {
            throw bad("a hand is an object {deal, opener?, actions}, not " + show(value));
        }
        keys(object, List.of("deal", "actions"), List.of("opener"));
        List<List<Tile>> dealt = deal(object.get("deal"));
        Integer opener = object.has("opener") ? seat(object.get("opener"), "opener") : null;
        return new GameHand(dealt, opener, each(object.get("actions"), "actions", Arguments::action));
    }

    private static Args game(JsonObject args) {
        JsonElement value = args.get("hands");
        if (!(value instanceof JsonArray)) {
            throw bad("hands must be a list of {deal, opener?, actions}, not " + show(value));
        }
        // In a game every problem carries the position of its hand (section 6.3).
        List<GameHand> hands = each(value, "hands", Arguments::gameHand);
        return new Args(null, null, null, null, 0, null, null, 0, hands, null);
    }
}

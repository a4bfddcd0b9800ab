package sevenrocks.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.lang.reflect.Array;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * The kit's functions and constants: {@link #tile}, {@link #at}, {@link #toJson}, the
 * replay helper ({@link #replayTable}, {@link #replayLegal}), {@link #PASS}.
 */
public final class Kit {
    private Kit() {}

    /** The protocol version the kit speaks. */
    public static final int PROTOCOL = 1;

    /** The kit's own version. */
    public static final String VERSION = "1.0.0";

    /** The query commands of protocol 1, in the order the protocol lists them. */
    public static final List<String> COMMANDS =
            List.of("table", "legal", "settle", "hand", "game", "perft");

    /** Every rejection code of protocol 1; the first seven in order of precedence. */
    public static final List<String> CODES = List.of(
            "bad_request", "hand_over", "not_in_hand", "no_such_end", "branch_closed",
            "no_match", "must_play", "wrong_opener", "unfinished_hand", "game_over");

    /** The pass action. */
    public static final Pass PASS = Pass.PASS;

    /**
     * The tile [low|high]. Java compares records by value, so this is {@code new Tile(low,
     * high)}: the factory exists because every kit has it (in JavaScript it returns the one
     * shared instance per tile).
     */
    public static Tile tile(int low, int high) {
        return new Tile(low, high);
    }

    /** A block of the engine's code that may throw. */
    @FunctionalInterface
    public interface Block {
        /** Run it. */
        void run() throws Exception;
    }

    /** A block of the engine's code that gives a value and may throw. */
    @FunctionalInterface
    public interface ValueBlock<T> {
        /** Run it; its value. */
        T get() throws Exception;
    }

    // The index `at` gave an exception that is not a Rejected, for the errors map.
    private static final Map<Throwable, Integer> INDEXES =
            Collections.synchronizedMap(new WeakHashMap<>());

    /**
     * Run {@code block}; a rejection thrown inside it that has no index gets {@code index},
     * and so does an exception the engine's errors map to a code.
     */
    public static void at(int index, Block block) throws Exception {
        at(index, () -> {
            block.run();
            return null;
        });
    }

    /** {@link #at(int, Block)} for a block that gives a value, which it returns. */
    public static <T> T at(int index, ValueBlock<T> block) throws Exception {
        try {
            return block.get();
        } catch (Rejected rejected) {
            if (rejected.index() == null) {
                rejected.setIndex(index);
            }
            throw rejected;
        } catch (Exception error) {
            INDEXES.putIfAbsent(error, index);
            throw error;
        }
    }

    static Integer indexOf(Throwable error) {
        return INDEXES.get(error);
    }

    /**
     * {@code value} in protocol form: kit values, maps with string keys, lists, arrays,
     * records (by their components), strings, booleans, finite numbers and null.
     */
    public static JsonElement toJson(Object value) {
        if (value == null) {
            return JsonNull.INSTANCE;
        }
        if (value instanceof JsonElement element) {
            return element;
        }
        if (value instanceof Tile t) {
            JsonArray out = new JsonArray();
            out.add(t.low());
            out.add(t.high());
            return out;
        }
        if (value instanceof Side side) {
            return new JsonPrimitive(side.wireName());
        }
        if (value instanceof Pass) {
            return new JsonPrimitive("pass");
        }
        if (value instanceof EndPoint point) {
            return object("tile", point.tile(), "side", point.side());
        }
        if (value instanceof OpenPoint open) {
            return object("tile", open.end().tile(), "side", open.end().side(), "value", open.value());
        }
        if (value instanceof Counted counted) {
            return object("tile", counted.tile(), "value", counted.value());
        }
        if (value instanceof Placement placement) {
            return placement.on() == null
                    ? object("tile", placement.tile())
                    : object("tile", placement.tile(), "on", placement.on());
        }
        return plain(value);
    }

    private static JsonElement plain(Object value) {
        if (value instanceof String text) {
            return new JsonPrimitive(text);
        }
        if (value instanceof Boolean bool) {
            return new JsonPrimitive(bool);
        }
        if (value instanceof Number number) {
            double asDouble = number.doubleValue();
            if ((number instanceof Double || number instanceof Float) && !Double.isFinite(asDouble)) {
                throw new IllegalArgumentException(number + " in the result: JSON has no such number");
            }
            return new JsonPrimitive(number);
        }
        if (value instanceof Map<?, ?> map) {
            JsonObject out = new JsonObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!(entry.getKey() instanceof String key)) {
                    throw new IllegalArgumentException(
                            "a map key " + entry.getKey() + " in the result: JSON keys are strings");
                }
                out.add(key, toJson(entry.getValue()));
            }
            return out;
        }
        if (value instanceof Iterable<?> items) {
            JsonArray out = new JsonArray();
            for (Object item : items) {
                out.add(toJson(item));
            }
            return out;
        }
        if (value.getClass().isArray()) {
            JsonArray out = new JsonArray();
            for (int i = 0; i < Array.getLength(value); i++) {
                out.add(toJson(Array.get(value, i)));
            }
            return out;
        }
        if (value instanceof Record record) {
            JsonObject out = new JsonObject();
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                try {
                    out.add(component.getName(), toJson(component.getAccessor().invoke(record)));
                } catch (ReflectiveOperationException error) {
                    throw new IllegalArgumentException("cannot read " + component.getName(), error);
                }
            }
            return out;
        }
        throw new IllegalArgumentException("a " + value.getClass().getName() + " in the result: not JSON");
    }

    private static JsonObject object(Object... keysAndValues) {
        JsonObject out = new JsonObject();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.add((String) keysAndValues[i], toJson(keysAndValues[i + 1]));
        }
        return out;
    }

    private static List<Integer> place(Board board, List<Placement> plays) throws Exception {
        List<Integer> credits = new ArrayList<>();
        for (int index = 0; index < plays.size(); index++) {
            Placement play = plays.get(index);
            credits.add(at(index, () -> board.place(play)));
        }
        return credits;
    }

    /**
     * The table command of an {@link Engine}: a fresh board from {@code newBoard}, each play
     * placed inside {@link #at}, and {spinner, open, counted, end_sum, credits, credit} from
     * what the board reports.
     */
    public static Engine.Table replayTable(Supplier<? extends Board> newBoard) {
        return plays -> {
            Board board = newBoard.get();
            List<Integer> credits = place(board, plays);
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("spinner", board.spinner());
            out.put("open", board.openPoints());
            out.put("counted", board.counted());
            out.put("end_sum", board.endSum());
            out.put("credits", credits);
            out.put("credit", credits.isEmpty() ? null : credits.get(credits.size() - 1));
            return out;
        };
    }

    /** The legal command: the plays placed as for {@link #replayTable}, then {placements}. */
    public static Engine.Legal replayLegal(Supplier<? extends LegalBoard> newBoard) {
        return (plays, hand) -> {
            LegalBoard board = newBoard.get();
            place(board, plays);
            return Map.of("placements", board.legal(hand));
        };
    }
}

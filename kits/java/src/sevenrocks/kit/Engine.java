package sevenrocks.kit;

import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An engine served over protocol 1: its identity, the commands it implements (each a
 * function of the checked arguments, returning the result: anything {@link Kit#toJson}
 * writes) and the errors map from the engine's own exception classes to rejection codes
 * (any other exception becomes an errored reply). The handshake lists exactly the
 * commands given.
 *
 * <pre>{@code
 * new Engine("my-engine", "1.0").settle(hands -> Map.of(...)).run();
 * }</pre>
 */
public final class Engine {
    /** The table command. */
    @FunctionalInterface
    public interface Table {
        Object apply(List<Placement> plays) throws Exception;
    }

    /** The legal command. */
    @FunctionalInterface
    public interface Legal {
        Object apply(List<Placement> plays, List<Tile> hand) throws Exception;
    }

    /** The settle command: the tiles each seat still holds. */
    @FunctionalInterface
    public interface Settle {
        Object apply(List<List<Tile>> hands) throws Exception;
    }

    /** The hand command. */
    @FunctionalInterface
    public interface Hand {
        Object apply(List<List<Tile>> deal, int opener, long[] scores, List<Action> actions) throws Exception;
    }

    /** The game command. */
    @FunctionalInterface
    public interface Game {
        Object apply(List<GameHand> hands) throws Exception;
    }

    /** The perft command. */
    @FunctionalInterface
    public interface Perft {
        Object apply(List<List<Tile>> deal, int opener, long[] scores, List<Action> actions, long depth)
                throws Exception;
    }

    private final String name;
    private final String version;
    private String language = "java";
    private Table table;
    private Legal legal;
    private Settle settle;
    private Hand hand;
    private Game game;
    private Perft perft;
    private final Map<Class<? extends Throwable>, String> errors = new LinkedHashMap<>();

    /** An engine with this name and version, implementing the commands given next. */
    public Engine(String name, String version) {
        if (name == null || name.isEmpty() || version == null || version.isEmpty()) {
            throw new IllegalArgumentException("the engine's name and version must be non-empty");
        }
        this.name = name;
        this.version = version;
    }

    /** The language the handshake names (default "java"). */
    public Engine language(String language) {
        this.language = language;
        return this;
    }

    public Engine table(Table command) {
        this.table = command;
        return this;
    }

    public Engine legal(Legal command) {
        this.legal = command;
        return this;
    }

    public Engine settle(Settle command) {
        this.settle = command;
        return this;
    }

    public Engine hand(Hand command) {
        this.hand = command;
        return this;
    }

    public Engine game(Game command) {
        this.game = command;
        return this;
    }

    public Engine perft(Perft command) {
        this.perft = command;
        return this;
    }

    /**
     * Map the engine's own exception classes to rejection codes; an exception that is an
     * instance of a class given here (the first that fits, in the map's order) becomes a
     * rejected reply with that code.
     */
    public Engine errors(Map<Class<? extends Throwable>, String> codes) {
        for (Map.Entry<Class<? extends Throwable>, String> entry : codes.entrySet()) {
            if (!Kit.CODES.contains(entry.getValue())) {
                throw new IllegalArgumentException("errors maps " + entry.getKey().getName() + " to "
                        + entry.getValue() + ", not a rejection code");
            }
            errors.put(entry.getKey(), entry.getValue());
        }
        return this;
    }

    private List<String> implemented() {
        List<String> out = new ArrayList<>();
        Object[] commands = {table, legal, settle, hand, game, perft};
        for (int i = 0; i < commands.length; i++) {
            if (commands[i] != null) {
                out.add(Kit.COMMANDS.get(i));
            }
        }
        return out;
    }

    /** The reply to {"cmd": "start", "protocol": 1}. */
    public JsonObject handshake() {
        JsonObject engine = new JsonObject();
        engine.addProperty("name", name);
        engine.addProperty("version", version);
        engine.addProperty("language", language);
        JsonObject out = new JsonObject();
        out.addProperty("ready", true);
        out.addProperty("protocol", Kit.PROTOCOL);
        out.add("engine", engine);
        out.add("cmds", Kit.toJson(implemented()));
        return out;
    }

    private static final Pattern INTEGER = Pattern.compile("-?(0|[1-9][0-9]*)");

    /** One JSON value, strictly, nothing after it; each number as written, however long. */
    static JsonElement parse(String text) throws IOException {
        return JsonLine.parse(text);
    }

    private static JsonObject rejected(JsonElement seq, String code, Integer index, String message) {
        JsonObject body = new JsonObject();
        body.addProperty("code", code);
        body.add("index", index == null ? JsonNull.INSTANCE : new JsonPrimitive(index));
        body.addProperty("message", message);
        return outcome(seq, "rejected", body);
    }

    private static JsonObject outcome(JsonElement seq, String key, JsonElement body) {
        JsonObject out = new JsonObject();
        out.add("seq", seq);
        out.add(key, body);
        return out;
    }

    private static JsonObject message(String text) {
        JsonObject out = new JsonObject();
        out.addProperty("message", text);
        return out;
    }

    /** The reply to one line; null for {"cmd": "stop"}, which gets none. */
    public JsonObject reply(String line) {
        JsonElement value;
        try {
            value = parse(line);
        } catch (IOException | RuntimeException error) {
            return rejected(JsonNull.INSTANCE, "bad_request", null, "the line is not JSON: " + error.getMessage());
        }
        if (value instanceof JsonObject request && request.get("cmd") instanceof JsonPrimitive cmd) {
            if (cmd.isString() && cmd.getAsString().equals("stop")) {
                return null;
            }
            if (cmd.isString() && cmd.getAsString().equals("start")) {
                // Only the integer 1: not 1.0, not true.
                JsonElement protocol = request.get("protocol");
                boolean one = protocol instanceof JsonPrimitive p && p.isNumber() && p.getAsString().equals("1");
                if (!one) {
                    JsonObject out = new JsonObject();
                    out.addProperty("ready", false);
                    out.addProperty("protocol", Kit.PROTOCOL);
                    return out;
                }
                return handshake();
            }
        }
        return handle(value);
    }

    /** The reply to one decoded query (anything but start and stop). */
    public JsonObject handle(JsonElement value) {
        if (!(value instanceof JsonObject request)) {
            return rejected(JsonNull.INSTANCE, "bad_request", null, "a request is a JSON object");
        }
        JsonElement seq = request.get("seq");
        if (seq == null) {
            return rejected(JsonNull.INSTANCE, "bad_request", null, "seq is missing");
        }
        if (!(seq instanceof JsonPrimitive p && p.isNumber() && INTEGER.matcher(p.getAsString()).matches())) {
            // The seq is echoed as written; one that is not an exact integer is not echoed.
            return rejected(JsonNull.INSTANCE, "bad_request", null,
                    "seq must be an integer, not " + Arguments.show(seq));
        }
        JsonElement cmdValue = request.get("cmd");
        String cmd = cmdValue instanceof JsonPrimitive c && c.isString() ? c.getAsString() : null;
        if (cmd == null || !Kit.COMMANDS.contains(cmd)) {
            return rejected(seq, "bad_request", null, "unknown command " + Arguments.show(cmdValue)
                    + ": one of " + String.join(", ", Kit.COMMANDS));
        }
        if (!implemented().contains(cmd)) {
            return outcome(seq, "skipped", message(cmd + " is not implemented"));
        }
        JsonObject args = new JsonObject();
        for (Map.Entry<String, JsonElement> entry : request.entrySet()) {
            if (!entry.getKey().equals("cmd") && !entry.getKey().equals("seq")) {
                args.add(entry.getKey(), entry.getValue());
            }
        }
        try {
            Arguments.Args checked = Arguments.check(cmd, args);
            if (checked.declined() != null) {
                return outcome(seq, "skipped", message(checked.declined()));
            }
            return outcome(seq, "result", Kit.toJson(call(cmd, checked)));
        } catch (Rejected rejection) {
            return rejected(seq, rejection.code(), rejection.index(), text(rejection));
        } catch (Throwable error) { // the engine's: whatever happens, the reply goes out
            String code = codeFor(error);
            if (code != null) {
                return rejected(seq, code, Kit.indexOf(error), text(error));
            }
            return outcome(seq, "errored", message(error.getClass().getName() + ": " + text(error)));
        }
    }

    private Object call(String cmd, Arguments.Args a) throws Exception {
        return switch (cmd) {
            case "table" -> table.apply(a.plays());
            case "legal" -> legal.apply(a.plays(), a.hand());
            case "settle" -> settle.apply(a.hands());
            case "hand" -> hand.apply(a.deal(), a.opener(), a.scores(), a.actions());
            case "game" -> game.apply(a.game());
            default -> perft.apply(a.deal(), a.opener(), a.scores(), a.actions(), a.depth());
        };
    }

    private String codeFor(Throwable error) {
        for (Map.Entry<Class<? extends Throwable>, String> entry : errors.entrySet()) {
            if (entry.getKey().isInstance(error)) {
                return entry.getValue();
            }
        }
        return null;
    }

    // An engine's exception may fail even to print itself; the reply must still go out.
    private static String text(Throwable error) {
        try {
            return String.valueOf(error.getMessage());
        } catch (Throwable unreadable) {
            return "(the exception's message could not be read)";
        }
    }

    /**
     * Answer line by line until stop or the end of input. Lines of any length are read in
     * time linear in their length; replies are flushed whenever no more input is waiting.
     */
    public void serve(InputStream in, OutputStream out) throws IOException {
        Lines lines = new Lines(in);
        String line;
        while ((line = lines.next()) != null) {
            JsonObject reply;
            try {
                reply = lines.malformed() ? rejected(JsonNull.INSTANCE, "bad_request", null,
                        "the line is not UTF-8") : reply(line);
            } catch (Throwable error) { // the kit's own bug must not end the loop either
                reply = outcome(JsonNull.INSTANCE, "errored", message("kit: " + error));
            }
            if (reply == null) {
                break;
            }
            out.write((reply + "\n").getBytes(StandardCharsets.UTF_8));
            boolean declined = reply.has("ready") && !reply.get("ready").getAsBoolean();
            if (declined || lines.drained()) {
                out.flush();
            }
            if (declined) {
                break;
            }
        }
        out.flush();
    }

    /** Serve stdin and stdout, then exit with status 0 (also when the runner goes away). */
    public void run() {
        try {
            serve(System.in, new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16));
        } catch (IOException gone) {
            // stdout closed: nothing left to answer
        }
        System.exit(0);
    }
}

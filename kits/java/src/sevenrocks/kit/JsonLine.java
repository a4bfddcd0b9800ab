package sevenrocks.kit;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;

/**
 * One line of JSON read strictly into gson's values, each number kept exactly as written.
 * gson's own reader gives up on a number longer than its buffer (about 1,000 characters)
 * unless made lenient, which would accept what is not JSON, while a seq of any length is
 * to be echoed with all its digits (spec/protocol.md section 4). Strings are still
 * decoded by gson's strict reader, one at a time. No recursion, whatever the depth.
 */
final class JsonLine {
    private final String text;
    private int at;

    private JsonLine(String text) {
        this.text = text;
    }

    /** A JSON number as written: gson writes it back with the same characters. */
    static final class Written extends Number {
        private static final long serialVersionUID = 1L;
        private final String literal;

        Written(String literal) {
            this.literal = literal;
        }

        @Override
        public String toString() {
            return literal;
        }

        @Override
        public long longValue() {
            try {
                return Long.parseLong(literal);
            } catch (NumberFormatException notLong) {
                return (long) doubleValue();
            }
        }

        @Override
        public int intValue() {
            return (int) longValue();
        }

        @Override
        public double doubleValue() {
            return Double.parseDouble(literal);
        }

        @Override
        public float floatValue() {
            return (float) doubleValue();
        }
    }

    /** A container being filled, with the key its next value takes (objects). */
    private static final class Open {
        final JsonElement container;
        String key;

        Open(JsonElement container) {
            this.container = container;
        }
    }

    /** The one JSON value of {@code text}; IOException when it is not exactly one. */
    static JsonElement parse(String text) throws IOException {
        return new JsonLine(text).value();
    }

    private IOException unexpected() {
        String found = at < text.length() ? "'" + text.charAt(at) + "'" : "the end of the line";
        return new IOException("unexpected " + found + " at column " + (at + 1));
    }

    private int peek() {
        return at < text.length() ? text.charAt(at) : -1;
    }

    private void space() {
        for (int c = peek(); c == ' ' || c == '\t' || c == '\n' || c == '\r'; c = peek()) {
            at++;
        }
    }

    private String string() throws IOException {
        // The closing quote is the first one not escaped (after an even run of backslashes).
        int end = at;
        while (true) {
            end = text.indexOf('"', end + 1);
            if (end < 0) {
                throw unexpected();
            }
            int slashes = 0;
            while (text.charAt(end - 1 - slashes) == '\\') {
                slashes++;
            }
            if (slashes % 2 == 0) {
                break;
            }
        }
        String raw = text.substring(at, end + 1);
        boolean plain = true;
        for (int i = 1; i < raw.length() - 1; i++) {
            if (raw.charAt(i) < 0x20) { // JSON has them escaped; gson alone would take them
                throw new IOException("a control character in a string at column " + (at + i + 1));
            }
            plain &= raw.charAt(i) != '\\';
        }
        String value = plain ? raw.substring(1, raw.length() - 1) : escaped(raw);
        at = end + 1;
        return value;
    }

    private String escaped(String raw) throws IOException {
        // Escapes are gson's to read, on the string alone, as strictly as ever.
        JsonReader reader = new JsonReader(new StringReader(raw));
        reader.setLenient(false);
        try {
            String value = reader.nextString();
            if (reader.peek() == JsonToken.END_DOCUMENT) {
                return value;
            }
        } catch (IOException | RuntimeException bad) {
            throw new IOException("a string that is not JSON at column " + (at + 1), bad);
        }
        throw unexpected();
    }

    private boolean digit() {
        int c = peek();
        return c >= '0' && c <= '9';
    }

    private void digits() throws IOException {
        if (!digit()) {
            throw unexpected();
        }
        while (digit()) {
            at++;
        }
    }

    private Number number() throws IOException {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        if (peek() == '0') {
            at++;
        } else {
            digits();
        }
        if (peek() == '.') {
            at++;
            digits();
        }
        if (peek() == 'e' || peek() == 'E') {
            at++;
            if (peek() == '+' || peek() == '-') {
                at++;
            }
            digits();
        }
        return new Written(text.substring(start, at));
    }

    private void name(Open open) throws IOException {
        if (peek() != '"') {
            throw unexpected();
        }
        open.key = string();
        space();
        if (peek() != ':') {
            throw unexpected();
        }
        at++;
        space();
    }

    private JsonElement value() throws IOException {
        ArrayDeque<Open> open = new ArrayDeque<>();
        space();
        while (true) {
            JsonElement value;
            int c = peek();
            if (c == '{' || c == '[') {
                at++;
                space();
                JsonElement container = c == '{' ? new JsonObject() : new JsonArray();
                if (peek() != (c == '{' ? '}' : ']')) {
                    Open inner = new Open(container);
                    open.push(inner);
                    if (c == '{') {
                        name(inner);
                    }
                    continue;
                }
                at++;
                value = container;
            } else if (c == '"') {
                value = new JsonPrimitive(string());
            } else if (text.startsWith("true", at)) {
                at += 4;
                value = new JsonPrimitive(true);
            } else if (text.startsWith("false", at)) {
                at += 5;
                value = new JsonPrimitive(false);
            } else if (text.startsWith("null", at)) {
                at += 4;
                value = JsonNull.INSTANCE;
            } else {
                value = new JsonPrimitive(number());
            }
            // The value goes into its container; each container it completes, into the next.
            while (true) {
                space();
                Open inner = open.peek();
                if (inner == null) {
                    if (at != text.length()) {
                        throw unexpected();
                    }
                    return value;
                }
                if (inner.container instanceof JsonArray array) {
                    array.add(value);
                } else {
                    ((JsonObject) inner.container).add(inner.key, value);
                }
                if (peek() == ',') {
                    at++;
                    space();
                    if (inner.container instanceof JsonObject) {
                        name(inner);
                    }
                    break;
                }
                if (peek() != (inner.container instanceof JsonArray ? ']' : '}')) {
                    throw unexpected();
                }
                at++;
                open.pop();
                value = inner.container;
            }
        }
    }
}

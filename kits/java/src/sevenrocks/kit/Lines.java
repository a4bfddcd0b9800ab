package sevenrocks.kit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Lines of input split at '\n' only (a '\r' is JSON white space, not a line end), decoded
 * as strict UTF-8, in time linear in their length whatever their length.
 */
final class Lines {
    private final InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private int start;
    private int end;
    private boolean malformed;

    Lines(InputStream in) {
        this.in = in;
    }

    /** The next line without its '\n', or null at the end of input. */
    String next() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        boolean any = false;
        while (true) {
            if (start == end) {
                end = in.read(buffer, 0, buffer.length);
                start = 0;
                if (end <= 0) {
                    end = 0;
                    return any ? decode(line.toByteArray()) : null;
                }
            }
            any = true;
            for (int i = start; i < end; i++) {
                if (buffer[i] == '\n') {
                    line.write(buffer, start, i - start);
                    start = i + 1;
                    return decode(line.toByteArray());
                }
            }
            line.write(buffer, start, end - start);
            start = end;
        }
    }

    /** Whether the last line was not UTF-8 (it is then returned empty). */
    boolean malformed() {
        return malformed;
    }

    /** Whether no more input is waiting to be read now. */
    boolean drained() {
        try {
            return start == end && in.available() == 0;
        } catch (IOException closed) {
            return true;
        }
    }

    private String decode(byte[] bytes) {
        try {
            malformed = false;
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException notUtf8) {
            malformed = true;
            return "";
        }
    }
}

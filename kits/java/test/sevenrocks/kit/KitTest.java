package sevenrocks.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The kit's values, rejections and loop, checked from Java as an engine author uses them. */
class KitTest {
    @Test
    void tilesCompareByValueAndRefuseWhatIsNotATile() {
        assertEquals(new Tile(1, 4), Kit.tile(1, 4));
        assertEquals(5, Kit.tile(1, 4).pips());
        assertTrue(Kit.tile(3, 3).isDouble());
        assertThrows(IllegalArgumentException.class, () -> new Tile(4, 1));
        assertThrows(IllegalArgumentException.class, () -> new Tile(0, 7));
    }

    @Test
    void anEndPointNamesTheValueOfItsSide() {
        assertEquals(1, new EndPoint(Kit.tile(1, 4), Side.LOW).value());
        assertEquals(4, new EndPoint(Kit.tile(1, 4), Side.LINEAR_B).value());
    }

    @Test
    void atGivesARejectionItsIndexUnlessItHasOne() {
        Rejected plain = assertThrows(Rejected.class,
                () -> Kit.at(3, () -> { throw new Rejected.NoMatch("no 4 on [1|1]"); }));
        assertEquals("no_match", plain.code());
        assertEquals(3, plain.index());
        Rejected kept = assertThrows(Rejected.class,
                () -> Kit.at(3, () -> { throw new Rejected("must_play", "m", 1); }));
        assertEquals(1, kept.index());
        assertThrows(IllegalArgumentException.class, () -> new Rejected("nope", "m"));
    }

    @Test
    void theHandshakeListsExactlyTheCommandsGiven() {
        Engine engine = new Engine("e", "1").settle(hands -> Map.of());
        JsonObject handshake = engine.reply("{\"cmd\": \"start\", \"protocol\": 1}");
        assertTrue(handshake.get("ready").getAsBoolean());
        assertEquals(Kit.toJson(List.of("settle")), handshake.get("cmds"));
        JsonObject refused = engine.reply("{\"cmd\": \"start\", \"protocol\": 1.0}");
        assertFalse(refused.get("ready").getAsBoolean());
        assertNull(engine.reply("{\"cmd\": \"stop\"}"));
    }

    @Test
    void aCommandGetsCheckedArgumentsAndAMalformedRequestIsRefused() {
        Engine engine = new Engine("e", "1").settle(hands -> Map.of("seats", hands.size()));
        JsonObject ok = engine.reply("{\"cmd\": \"settle\", \"seq\": 7, \"hands\": [[[1, 2]], [], [], []]}");
        assertEquals(7, ok.get("seq").getAsInt());
        assertEquals(4, ok.getAsJsonObject("result").get("seats").getAsInt());
        JsonObject bad = engine.reply("{\"cmd\": \"settle\", \"seq\": 8, \"hands\": [[[2, 1]], [], [], []]}");
        assertEquals("bad_request", bad.getAsJsonObject("rejected").get("code").getAsString());
        JsonObject skipped = engine.reply("{\"cmd\": \"perft\", \"seq\": 9, \"plays\": [], \"depth\": 1}");
        assertTrue(skipped.has("skipped"));
    }

    @Test
    void theVersionIsTheKitsOwn() {
        assertTrue(Kit.VERSION.matches("[0-9]+\\.[0-9]+\\.[0-9]+"));
    }
}

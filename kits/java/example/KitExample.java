import java.util.List;
import java.util.Map;
import sevenrocks.kit.Engine;
import sevenrocks.kit.Kit;
import sevenrocks.kit.Tile;

/**
 * A small Seven Rocks engine written with the Java kit: table, legal and settle.
 *
 * <p>It holds only rules: the kit checks the request form (every bad_request), and its
 * replay helper runs the plays through TableBoard and shapes the table and legal replies
 * from what the board reports. Cases of hand, game and perft are reported as skipped.
 */
public final class KitExample {
    private KitExample() {}

    static Object settle(List<List<Tile>> hands) {
        int[] pips = new int[4];
        int[] penalties = new int[4];
        for (int seat = 0; seat < 4; seat++) {
            pips[seat] = hands.get(seat).stream().mapToInt(Tile::pips).sum();
            penalties[seat] = 5 * ((pips[seat] + 2) / 5); // remainders 1-2 round down, 3-4 up
        }
        int[] deductions = {penalties[0] + penalties[2], penalties[1] + penalties[3]};
        return Map.of("pips", pips, "penalties", penalties, "deductions", deductions);
    }

    /** The engine, for serving and for running the cases in-process. */
    static Engine engine() {
        return new Engine("kit-example-java", "1.0")
                .table(Kit.replayTable(TableBoard::new))
                .legal(Kit.replayLegal(TableBoard::new))
                .settle(KitExample::settle);
    }

    public static void main(String[] args) {
        engine().run();
    }
}

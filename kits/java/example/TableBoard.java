import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import sevenrocks.kit.Counted;
import sevenrocks.kit.EndPoint;
import sevenrocks.kit.LegalBoard;
import sevenrocks.kit.OpenPoint;
import sevenrocks.kit.Placement;
import sevenrocks.kit.Rejected;
import sevenrocks.kit.Side;
import sevenrocks.kit.Tile;

/** The table's rules (spec/rules.md): attach points, counted ends, the spinner, credits. */
final class TableBoard implements LegalBoard {
    private static final List<Side> LINEAR = List.of(Side.LINEAR_A, Side.LINEAR_B);

    // Each tile on the table, in the order placed, with the sides it has taken.
    private final Map<Tile, Set<Side>> taken = new LinkedHashMap<>();
    private Tile first; // the first double placed (spinner.first-double)

    private List<Side> sides(Tile tile) {
        // Only the spinner has branches (spinner.first-double, double.crosswise).
        if (!tile.isDouble()) {
            return List.of(Side.LOW, Side.HIGH);
        }
        return tile.equals(first) ? List.of(Side.LINEAR_A, Side.LINEAR_B, Side.BRANCH_A, Side.BRANCH_B) : LINEAR;
    }

    private List<Side> free(Tile tile) {
        List<Side> out = new ArrayList<>(sides(tile));
        out.removeAll(taken.get(tile));
        return out;
    }

    private boolean linearFree(Tile tile) {
        return !taken.get(tile).containsAll(LINEAR);
    }

    private List<EndPoint> points() {
        List<EndPoint> out = new ArrayList<>();
        for (Tile tile : taken.keySet()) {
            for (Side side : free(tile)) {
                // Branches open once both linear sides are taken (spinner.branches-after-linear).
                if (!(side.isBranch() && linearFree(tile))) {
                    out.add(new EndPoint(tile, side));
                }
            }
        }
        return out;
    }

    @Override
    public List<OpenPoint> openPoints() {
        return points().stream().map(point -> new OpenPoint(point, point.value())).toList();
    }

    @Override
    public List<Counted> counted() {
        List<Counted> out = new ArrayList<>();
        for (Tile tile : taken.keySet()) {
            if (!tile.isDouble()) {
                for (Side side : free(tile)) {
                    out.add(new Counted(tile, new EndPoint(tile, side).value()));
                }
            } else if (linearFree(tile)) {
                out.add(new Counted(tile, tile.pips())); // a terminal double counts both halves, once
            }
        }
        return out;
    }

    @Override
    public int endSum() {
        return counted().stream().mapToInt(Counted::value).sum();
    }

    @Override
    public Tile spinner() {
        return first;
    }

    /** Put a tile down; its credit (scoring.multiple-of-five). */
    @Override
    public int place(Placement placement) {
        Tile tile = placement.tile();
        EndPoint on = placement.on();
        if ((on == null) != taken.isEmpty()) {
            throw new Rejected.NoSuchEnd(tile + ": \"on\" is required exactly when the table has tiles");
        }
        Set<Side> joined = EnumSet.noneOf(Side.class);
        if (on != null) {
            if (!taken.containsKey(on.tile()) || !free(on.tile()).contains(on.side())) {
                throw new Rejected.NoSuchEnd(on + " is not a free end point");
            }
            if (on.side().isBranch() && linearFree(on.tile())) {
                throw new Rejected.BranchClosed(on + ": a linear side of the spinner is still free");
            }
            if (!tile.has(on.value())) {
                throw new Rejected.NoMatch(tile + " has no " + on.value() + " to match " + on);
            }
            taken.get(on.tile()).add(on.side());
            // A double joins by its linear side A (double.crosswise).
            joined.add(tile.isDouble() ? Side.LINEAR_A : tile.low() == on.value() ? Side.LOW : Side.HIGH);
        }
        taken.put(tile, joined);
        if (tile.isDouble() && first == null) {
            first = tile;
        }
        int sum = endSum();
        return sum > 0 && sum % 5 == 0 ? sum : 0;
    }

    /** Every (tile, attach point) that fits; on an empty table every tile opens. */
    @Override
    public List<Placement> legal(List<Tile> hand) {
        List<Placement> out = new ArrayList<>();
        for (Tile tile : hand) {
            if (taken.isEmpty()) {
                out.add(new Placement(tile));
            }
            for (EndPoint point : taken.isEmpty() ? List.<EndPoint>of() : points()) {
                if (tile.has(point.value())) {
                    out.add(new Placement(tile, point));
                }
            }
        }
        return out;
    }
}

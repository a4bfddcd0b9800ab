"""A small Seven Rocks engine served with the Python kit: `table`, `legal` and `settle`.

    seven-rocks-conformance run --engine "python kits/python/example/kit_adapter.py"

The kit checks the request form (every `bad_request`), runs the loop, the handshake and
the replay of `table` and `legal`; this file holds only rules. Cases of `hand`, `game`
and `perft` are reported as skipped.
"""

import seven_rocks_kit as kit
from seven_rocks_kit import Counted, EndPoint, OpenPoint, Placement, Side

LINEAR = (Side.LINEAR_A, Side.LINEAR_B)
BRANCHES = (Side.BRANCH_A, Side.BRANCH_B)


class Table:
    """The tiles on the table, the sides each has taken, and the spinner: a `kit.Board`."""

    def __init__(self):
        self.taken = {}  # tile -> set of its sides already joined to another tile
        self._spinner = None

    def sides(self, tile):
        # Only the spinner has branches (spinner.first-double, double.crosswise).
        if not tile.is_double:
            return (Side.LOW, Side.HIGH)
        return LINEAR + BRANCHES if tile == self._spinner else LINEAR

    def free(self, tile):
        return [side for side in self.sides(tile) if side not in self.taken[tile]]

    def ends(self):
        points = []
        for tile in self.taken:
            for side in self.free(tile):
                # Branches open once both linear sides are taken (spinner.branches-after-linear).
                if side.is_branch and any(s not in self.taken[tile] for s in LINEAR):
                    continue
                points.append(EndPoint(tile, side))
        return points

    def open_points(self):
        return [OpenPoint(end, end.value) for end in self.ends()]

    def counted(self):
        out = []
        for tile, taken in self.taken.items():
            if not tile.is_double:
                out += [Counted(tile, EndPoint(tile, side).value) for side in self.free(tile)]
            elif any(side not in taken for side in LINEAR):
                out.append(Counted(tile, tile.pips))  # a terminal double counts both halves, once
        return out

    def end_sum(self):
        return sum(end.value for end in self.counted())

    def spinner(self):
        return self._spinner

    def place(self, placement):
        tile, on = placement.tile, placement.on
        if (on is None) != (not self.taken):
            raise kit.NoSuchEnd(f"{placement}: `on` is required exactly when the table has tiles")
        if on is not None:
            if on.tile not in self.taken or on.side not in self.free(on.tile):
                raise kit.NoSuchEnd(f"{on} is not a free end point")
            if on.side.is_branch and any(s not in self.taken[on.tile] for s in LINEAR):
                raise kit.BranchClosed(f"{on}: a linear side of the spinner is still free")
            if not tile.has(on.value):
                raise kit.NoMatch(f"{tile} has no {on.value} to match {on}")
            self.taken[on.tile].add(on.side)
        if on is None:
            self.taken[tile] = set()
        elif tile.is_double:
            self.taken[tile] = {Side.LINEAR_A}  # a double joins by linear side A
        else:
            self.taken[tile] = {Side.LOW if tile.low == on.value else Side.HIGH}
        if tile.is_double and self._spinner is None:
            self._spinner = tile
        total = self.end_sum()
        return total if total > 0 and total % 5 == 0 else 0  # the placement's credit

    def legal(self, hand):
        if not self.taken:
            return [Placement(tile) for tile in hand]
        return [Placement(t, p) for t in hand for p in self.ends() if t.has(p.value)]


def settle(hands):
    pips = [sum(tile.pips for tile in held) for held in hands]
    penalties = [5 * ((p + 2) // 5) for p in pips]  # remainders 1-2 round down, 3-4 up
    return {
        "pips": pips,
        "penalties": penalties,
        "deductions": [penalties[0] + penalties[2], penalties[1] + penalties[3]],
    }


if __name__ == "__main__":
    kit.Engine(
        "kit-example",
        "1.0",
        table=kit.replay_table(Table),
        legal=kit.replay_legal(Table),
        settle=settle,
    ).run()

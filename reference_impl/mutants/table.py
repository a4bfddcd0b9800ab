"""Misreadings of the table (the spinner, doubles, attach points, counted ends), as rule
sets: each names a `Table` subclass that overrides the steps it reads wrongly.

A table variant that edits ``ends`` calls `Table.resync`; one that changes what counts
returns its own `end_sum` from `open_fast` and `place_fast` (`CountingTable`).
"""

from __future__ import annotations

from ..rules import Rules
from ..table import Point, Table, point_at
from ..tiles import DOUBLE, LOW, SIDE_BRANCH_A, SIDE_BRANCH_B, SIDE_LINEAR_B, tiles_of_mask

__all__ = [
    "BranchesAfterOneLinear",
    "ContinuedDoubleStillCounts",
    "CountedOmitsZero",
    "EveryDoubleSpinner",
    "HighestDoubleSpinner",
    "InternalSpinnerCounts",
    "NoMirrorOpeningDouble",
    "OpeningDoubleFourHalves",
    "TerminalDoubleOneHalf",
    "TileFitsOnce",
    "UnstartedBranchCounts",
]


class CountingTable(Table):
    """A table whose end sum is its own `end_sum`, not the one kept as tiles join."""

    __slots__ = ()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        return self.end_sum()

    def place_fast(self, tile: int, point: Point) -> int:
        super().place_fast(tile, point)
        return self.end_sum()


class _EveryDoubleSpinnerTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        on_tile, side, _ = point
        super().place_fast(tile, point)
        if DOUBLE[on_tile] and on_tile != self.spinner and side == SIDE_LINEAR_B:
            # Wrong: a later double, once continued, opens two branches too
            # (counting nothing until started, like the spinner's).
            self.ends.append(point_at(on_tile, SIDE_BRANCH_A))
            self.ends.append(point_at(on_tile, SIDE_BRANCH_B))
            self.resync()
        return self.end_sum()


class EveryDoubleSpinner(Rules):
    """Every double opens branches once continued, not only the first."""

    table_type = _EveryDoubleSpinnerTable


class _HighestDoubleSpinnerTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        old = self.spinner
        super().place_fast(tile, point)
        if not (DOUBLE[tile] and old >= 0 and tile != self.spinner and LOW[tile] > LOW[old]):
            return self.end_sum()
        if self.linear_free == 0 and self.branches_free != 3:
            return self.end_sum()  # branches already started: too late to move the spinner
        # Wrong: the higher double takes over as the spinner. The old one's free
        # linear sides stay as ends of a terminal double; its unstarted branches go.
        self.ends = [p for p in self.ends if not (p[0] == old and p[1] >= SIDE_BRANCH_A)]
        self.resync()
        self.spinner = tile
        self.linear_free = 2
        self.branches_free = 0
        self.total = self.recount()
        return self.end_sum()


class HighestDoubleSpinner(Rules):
    """A higher double played later takes over as the spinner."""

    table_type = _HighestDoubleSpinnerTable


class _BranchesAfterOneLinearTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        spinner, linear, branches = self.spinner, self.linear_free, self.branches_free
        super().place_fast(tile, point)
        new = self.spinner
        if new < 0:
            return self.end_sum()
        if new != spinner or (point[0] == new and linear == 3):
            # Wrong: one occupied linear side already opens both branches.
            self.branches_free = 3
        elif point[0] == new and point[1] <= SIDE_LINEAR_B:
            self.branches_free = branches  # the second linear side reopens nothing
        ends = [p for p in self.ends if not (p[0] == new and p[1] >= SIDE_BRANCH_A)]
        for bit, side in ((1, SIDE_BRANCH_A), (2, SIDE_BRANCH_B)):
            if self.branches_free & bit:
                ends.append(point_at(new, side))
        self.ends = ends
        self.resync()
        return self.end_sum()


class BranchesAfterOneLinear(Rules):
    """The spinner's branches open once one linear side is occupied."""

    table_type = _BranchesAfterOneLinearTable


class ExtraCountTable(CountingTable):
    """A table that counts `extra` more than the rules say, listed as the spinner's."""

    __slots__ = ()

    def extra(self) -> int:
        """The wrong contribution to the end sum."""
        return 0

    def end_sum(self) -> int:
        return super().end_sum() + self.extra()

    def counted(self) -> list[tuple[int, int]]:
        out = super().counted()
        more = self.extra()
        if more:
            out.append((self.spinner, more))
        return out


class _UnstartedBranchCountsTable(ExtraCountTable):
    __slots__ = ()

    def extra(self) -> int:
        if self.spinner < 0 or self.linear_free:
            return 0
        return LOW[self.spinner] * self.branches_free.bit_count()


class UnstartedBranchCounts(Rules):
    """Unstarted branches count the spinner's value."""

    table_type = _UnstartedBranchCountsTable


class _InternalSpinnerCountsTable(ExtraCountTable):
    __slots__ = ()

    def extra(self) -> int:
        if self.spinner < 0 or self.linear_free:
            return 0
        return 2 * LOW[self.spinner]


class InternalSpinnerCounts(Rules):
    """The spinner still counts both halves once both linear sides are occupied."""

    table_type = _InternalSpinnerCountsTable


class _OpeningDoubleFourHalvesTable(ExtraCountTable):
    __slots__ = ()

    def extra(self) -> int:
        return 2 * LOW[self.spinner] if self.spinner >= 0 and self.linear_free == 3 else 0


class OpeningDoubleFourHalves(Rules):
    """An opening double counts both halves on each free linear side."""

    table_type = _OpeningDoubleFourHalvesTable


class _ContinuedDoubleStillCountsTable(ExtraCountTable):
    __slots__ = ()

    def extra(self) -> int:
        # Wrong: a double keeps counting both halves after it has been continued.
        ends = {point[0] for point in self.ends}
        return sum(
            2 * LOW[tile]
            for tile in tiles_of_mask(self.placed)
            if DOUBLE[tile] and tile != self.spinner and tile not in ends
        )


class ContinuedDoubleStillCounts(Rules):
    """A double keeps counting both halves after another tile continues it."""

    table_type = _ContinuedDoubleStillCountsTable


class _TerminalDoubleOneHalfTable(CountingTable):
    __slots__ = ()

    def end_sum(self) -> int:
        total = super().end_sum()
        for point in self.ends:
            if DOUBLE[point[0]] and point[0] != self.spinner:
                total -= point[2]  # Wrong: a terminal double counts one half.
        if self.spinner >= 0 and self.linear_free:
            total -= LOW[self.spinner]
        return total

    def counted(self) -> list[tuple[int, int]]:
        return [(t, v // 2 if DOUBLE[t] else v) for t, v in super().counted()]


class TerminalDoubleOneHalf(Rules):
    """A terminal double counts one half instead of both."""

    table_type = _TerminalDoubleOneHalfTable


class _NoMirrorOpeningDoubleTable(CountingTable):
    __slots__ = ()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        if DOUBLE[tile]:
            # Wrong: the two sides of an opening double are one and the same.
            self.ends.remove(point_at(tile, SIDE_LINEAR_B))
            self.resync()
        return self.end_sum()

    def place_fast(self, tile: int, point: Point) -> int:
        first = point[0] == self.spinner and self.linear_free == 3
        super().place_fast(tile, point)
        if first:  # the other linear side shows once the first is taken
            self.ends.append(point_at(point[0], SIDE_LINEAR_B))
            self.resync()
        return self.end_sum()


class NoMirrorOpeningDouble(Rules):
    """An opening double offers only one linear side at first."""

    table_type = _NoMirrorOpeningDoubleTable


class _CountedOmitsZeroTable(Table):
    __slots__ = ()

    def counted(self) -> list[tuple[int, int]]:
        return [(t, v) for t, v in super().counted() if v]


class CountedOmitsZero(Rules):
    """Counted ends of value zero are left out of the counted list."""

    table_type = _CountedOmitsZeroTable


class _TileFitsOnceTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> tuple[tuple[int, Point | None], ...]:
        seen: set[int] = set()
        out = []
        for tile, point in super().moves(held):
            if tile not in seen:  # Wrong: one placement per tile, not per end point.
                seen.add(tile)
                out.append((tile, point))
        return tuple(out)


class TileFitsOnce(Rules):
    """A tile that fits several end points gives only one placement."""

    table_type = _TileFitsOnceTable

"""Real-world variants: rules other domino games play by, where Seven Rocks differs.

Each is a rule set like the misreadings beside it (a `Rules` subclass naming a `Table`
subclass), so that the diagnosis can name it when an engine plays by it.
"""

from __future__ import annotations

from ..rules import Rules
from ..table import Point, Table, point_at
from ..tiles import (
    BIT,
    DOUBLE,
    LOW,
    PIPS,
    SIDE_BRANCH_A,
    SIDE_BRANCH_B,
    SIDE_LINEAR_A,
    SIDE_LINEAR_B,
)
from .table import CountingTable

__all__ = [
    "HeaviestTileOpens",
    "LargestDoubleOpens",
    "LaterDoublesBranch",
    "NoSpinner",
    "OnePlacementPerValue",
    "OpeningDoubleOnePoint",
    "OpeningDoubleOnlySpinner",
]

Moves = tuple[tuple[int, Point | None], ...]


class _HeaviestTileOpensTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> Moves:
        moves = super().moves(held)
        if self.placed or not moves:
            return moves
        heaviest = max(PIPS[tile] for tile, _ in moves)
        return tuple(move for move in moves if PIPS[move[0]] == heaviest)


class HeaviestTileOpens(Rules):
    """Only the heaviest tile the opener holds may open (any of them, if several)."""

    table_type = _HeaviestTileOpensTable


class _LargestDoubleOpensTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> Moves:
        moves = super().moves(held)
        doubles = [tile for tile, _ in moves if DOUBLE[tile]]
        if self.placed or not doubles:
            return moves
        return tuple(move for move in moves if move[0] == max(doubles))


class LargestDoubleOpens(Rules):
    """An opener holding a double must open with the largest one they hold."""

    table_type = _LargestDoubleOpensTable


class _OpeningDoubleOnlySpinnerTable(Table):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        total = super().place_fast(tile, point)
        if self.spinner == tile:
            # Only an opening double spins: a later double stays in the line.
            self.spinner = -1
            self.linear_free = 0
        return total


class OpeningDoubleOnlySpinner(Rules):
    """Only an opening double becomes the spinner; later doubles stay in the line."""

    table_type = _OpeningDoubleOnlySpinnerTable


class _NoSpinnerTable(CountingTable):
    __slots__ = ()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        self.spinner = -1  # an opening double is a double at both ends of the line
        self.linear_free = 0
        return self.end_sum()

    def place_fast(self, tile: int, point: Point) -> int:
        super().place_fast(tile, point)
        self.spinner = -1  # a later double stays in the line
        self.linear_free = 0
        return self.end_sum()

    def counted(self) -> list[tuple[int, int]]:
        counted = super().counted()
        if len(counted) == 2 and counted[0] == counted[1] and DOUBLE[counted[0][0]]:
            return counted[:1]  # a lone opening double counts once, at both ends
        return counted

    def end_sum(self) -> int:
        return sum(value for _, value in self.counted())


class NoSpinner(Rules):
    """No spinner: every double, the first included, is an ordinary tile of the line."""

    table_type = _NoSpinnerTable


class _LaterDoublesBranchTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        super().place_fast(tile, point)
        if DOUBLE[tile] and tile != self.spinner:
            # A later double branches at once: its end stays, two branches of its value open.
            self.ends += [point_at(tile, SIDE_BRANCH_A), point_at(tile, SIDE_BRANCH_B)]
            self.resync()
        return self.end_sum()

    def counted(self) -> list[tuple[int, int]]:
        counted = super().counted()
        # The counted ends start with the open points off the spinner, in order.
        points = [p for p in self.ends if p[0] != self.spinner]
        return (
            [
                (tile, point[2])
                if point[1] > SIDE_LINEAR_B
                else (tile, value)  # a branch: its value
                for (tile, value), point in zip(counted, points, strict=False)
            ]
            + counted[len(points) :]
        )

    def end_sum(self) -> int:
        return sum(value for _, value in self.counted())


class LaterDoublesBranch(Rules):
    """Every later double branches at once: it keeps its end and adds two, each unstarted
    one counting the double's value."""

    table_type = _LaterDoublesBranchTable


class _OpeningDoubleOnePointTable(CountingTable):
    __slots__ = ()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        if DOUBLE[tile]:
            # The opening double does not spin, and its two sides are one attach point.
            self.ends = [point_at(tile, SIDE_LINEAR_A)]
            self.spinner = -1
            self.linear_free = 0
            self.resync()
        return self.end_sum()

    def place_fast(self, tile: int, point: Point) -> int:
        opening_double = self.placed == BIT[point[0]] and DOUBLE[point[0]]
        super().place_fast(tile, point)
        if opening_double:  # once joined, its other side is the line's other end
            self.ends.append(point_at(point[0], SIDE_LINEAR_B))
            self.total += 2 * LOW[point[0]]
            self.resync()
        return self.end_sum()


class OpeningDoubleOnePoint(Rules):
    """An opening double never spins, and its two sides are one attach point."""

    table_type = _OpeningDoubleOnePointTable


class _OnePlacementPerValueTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> Moves:
        seen: set[tuple[int, int]] = set()
        out = []
        for tile, point in super().moves(held):
            key = (tile, -1 if point is None else point[2])
            if key not in seen:  # one placement per (tile, value), not per attach point
                seen.add(key)
                out.append((tile, point))
        return tuple(out)


class OnePlacementPerValue(Rules):
    """A tile fitting two attach points of the same value gives one placement, not two."""

    table_type = _OnePlacementPerValueTable

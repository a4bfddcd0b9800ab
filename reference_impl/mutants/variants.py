"""Real-world variants of the rules, as rule sets: other domino games' rules, not slips.

Published engines of other games (All Fives, Muggins, block and line games) play by
rules of their own. Each variant here is one such rule, kept in the catalogue beside the
misreadings so that the suite is measured against it and the diagnosis can name it when
an engine plays that way. Like a mutant, a variant overrides only the rules it changes.
"""

from __future__ import annotations

from ..rules import End, Four, Rules, Settlement
from ..table import Point, Table, point_at
from ..tiles import BIT, DOUBLE, LOW, PIPS, SIDE_BRANCH_A, SIDE_BRANCH_B, SIDE_LINEAR_B
from .table import CountingTable

__all__ = [
    "BlockedLighterTeamScores",
    "LargestDoubleOpens",
    "LaterDoublesBranch",
    "NoSpinner",
    "OnePlacementPerValue",
    "OnlyOpeningDoubleSpins",
    "OpeningDoubleOnePoint",
    "SpinnerOneBranch",
]


class _LargestDoubleOpensTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> tuple[tuple[int, Point | None], ...]:
        moves = super().moves(held)
        if self.placed or not moves:
            return moves
        # Variant: the opener must set their largest double, or, holding no double,
        # their heaviest tile (any of the heaviest when several weigh the same).
        doubles = [tile for tile, _ in moves if DOUBLE[tile]]
        if doubles:
            best = max(doubles, key=LOW.__getitem__)
            return tuple(move for move in moves if move[0] == best)
        heaviest = max(PIPS[tile] for tile, _ in moves)
        return tuple(move for move in moves if PIPS[move[0]] == heaviest)


class LargestDoubleOpens(Rules):
    """Only the opener's largest double, or holding none their heaviest tile, may open."""

    table_type = _LargestDoubleOpensTable


def _no_later_spinner(table: Table, spinner: int) -> None:
    """Undo the spinner a placement made of a later double (`spinner`: the one before)."""
    if spinner < 0 <= table.spinner:
        # Variant: a double played after the opening stays a terminal double of its
        # arm (it already counts both halves as one).
        table.spinner = -1
        table.linear_free = 0


class _OnlyOpeningDoubleSpinsTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        spinner = self.spinner
        super().place_fast(tile, point)
        _no_later_spinner(self, spinner)  # only an opening double spins
        return self.end_sum()


class OnlyOpeningDoubleSpins(Rules):
    """Only an opening double becomes the spinner; a later first double is an ordinary tile."""

    table_type = _OnlyOpeningDoubleSpinsTable


class _RecountingTable(CountingTable):
    """A table whose end sum is worked out afresh from its counted ends."""

    __slots__ = ()

    def end_sum(self) -> int:
        return self.recount()


class _NoSpinnerTable(_RecountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        spinner = self.spinner
        super().place_fast(tile, point)
        _no_later_spinner(self, spinner)
        return self.end_sum()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        # Variant: an opening double is no spinner either, only a tile with two ends.
        self.spinner = -1
        self.linear_free = 0
        return self.end_sum()

    def counted(self) -> list[tuple[int, int]]:
        # An opening double with both sides free is one terminal double, counted once.
        seen: set[int] = set()
        out = []
        for tile, value in super().counted():
            if DOUBLE[tile] and tile in seen:
                continue
            seen.add(tile)
            out.append((tile, value))
        return out


class NoSpinner(Rules):
    """No spinner at all: every double, the opening one too, is an ordinary tile of the line."""

    table_type = _NoSpinnerTable


class _OpeningDoubleOnePointTable(_RecountingTable):
    __slots__ = ()

    def open_fast(self, tile: int) -> int:
        super().open_fast(tile)
        if DOUBLE[tile]:
            # Variant: an opening double does not spin, and its two sides are one
            # attach point until a tile takes one of them.
            self.spinner = -1
            self.linear_free = 0
            self.ends.remove(point_at(tile, SIDE_LINEAR_B))
            self.resync()
        return self.end_sum()

    def place_fast(self, tile: int, point: Point) -> int:
        first = self.placed == BIT[point[0]] and DOUBLE[point[0]]
        super().place_fast(tile, point)
        if first:  # the other side shows once the first is taken
            self.ends.append(point_at(point[0], SIDE_LINEAR_B))
            self.resync()
        return self.end_sum()


class OpeningDoubleOnePoint(Rules):
    """An opening double never spins, and its two sides are one attach point."""

    table_type = _OpeningDoubleOnePointTable


class _LaterDoublesBranchTable(_RecountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        super().place_fast(tile, point)
        if DOUBLE[tile] and tile != self.spinner:
            # Variant: a later double branches at once: it keeps the end it was played
            # on and adds two more of its value.
            self.ends.append(point_at(tile, SIDE_BRANCH_A))
            self.ends.append(point_at(tile, SIDE_BRANCH_B))
            self.resync()
        return self.end_sum()

    def counted(self) -> list[tuple[int, int]]:
        # Each unstarted end of a later double counts its value (three ends, not 2 x v once).
        return [
            (tile, LOW[tile] if DOUBLE[tile] and tile != self.spinner else value)
            for tile, value in super().counted()
        ]


class LaterDoublesBranch(Rules):
    """Every later double branches at once: three ends of its value, each counted."""

    table_type = _LaterDoublesBranchTable


class _SpinnerOneBranchTable(CountingTable):
    __slots__ = ()

    def place_fast(self, tile: int, point: Point) -> int:
        spinner = self.spinner
        super().place_fast(tile, point)
        if point[0] == spinner and point[1] >= SIDE_BRANCH_A:
            # Variant: the spinner takes one branch; the other closes with the first.
            self.ends = [p for p in self.ends if not (p[0] == spinner and p[1] >= SIDE_BRANCH_A)]
            self.branches_free = 0
            self.resync()
        return self.end_sum()


class SpinnerOneBranch(Rules):
    """The spinner takes one branch only: once one branch is started the other closes."""

    table_type = _SpinnerOneBranchTable


class _OnePlacementPerValueTable(Table):
    __slots__ = ()

    def moves(self, held: int) -> tuple[tuple[int, Point | None], ...]:
        seen: set[tuple[int, int]] = set()
        out = []
        for tile, point in super().moves(held):
            key = (tile, -1 if point is None else point[2])
            if key not in seen:  # Variant: one placement per (tile, value shown).
                seen.add(key)
                out.append((tile, point))
        return tuple(out)


class OnePlacementPerValue(Rules):
    """A tile gives one placement per value it matches, not one per attach point."""

    table_type = _OnePlacementPerValueTable


class BlockedLighterTeamScores(Rules):
    """A blocked hand is won by the team holding fewer pips, credited everyone's penalty."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        count = super().settle(pips, end, out)
        if end is not End.BLOCKED:
            return count
        team0, team1 = count.deductions
        credit = -sum(count.penalties)
        if team0 == team1:
            return Settlement(pips, count.penalties, (0, 0))
        return Settlement(pips, count.penalties, (credit, 0) if team0 < team1 else (0, credit))

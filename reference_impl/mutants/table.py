"""Mutants of the table: the spinner, doubles, attach points and counted ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..table import Point, Table, point_at
from ..tiles import DOUBLE, LOW, SIDE_BRANCH_A, SIDE_BRANCH_B, SIDE_LINEAR_B
from .patching import wrap


def every_double_spinner() -> None:
    """Mutant ``every-double-spinner``: every double opens branches once continued, not only the
    first.
    """

    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            on_tile, side, _ = point
            original(self, tile, point)
            if DOUBLE[on_tile] and on_tile != self.spinner and side == SIDE_LINEAR_B:
                # Wrong: a later double, once continued, opens two branches too
                # (counting nothing until started, like the spinner's).
                self.ends.append(point_at(on_tile, SIDE_BRANCH_A))
                self.ends.append(point_at(on_tile, SIDE_BRANCH_B))

        return place_fast

    wrap(Table, "place_fast", make)


def highest_double_spinner() -> None:
    """Mutant ``highest-double-spinner``: a higher double played later takes over as the spinner."""

    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            old = self.spinner
            original(self, tile, point)
            if not (DOUBLE[tile] and old >= 0 and tile != self.spinner and LOW[tile] > LOW[old]):
                return
            if self.linear_free == 0 and self.branches_free != 3:
                return  # branches already started: too late to move the spinner
            # Wrong: the higher double takes over as the spinner. The old one's free
            # linear sides stay as ends of a terminal double; its unstarted branches go.
            self.ends = [p for p in self.ends if not (p[0] == old and p[1] >= SIDE_BRANCH_A)]
            self.spinner = tile
            self.linear_free = 2
            self.branches_free = 0
            self.total = self.recount()

        return place_fast

    wrap(Table, "place_fast", make)


def branches_after_one_linear() -> None:
    """Mutant ``branches-after-one-linear``: the spinner's branches open once one linear side is
    occupied.
    """

    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            spinner, linear, branches = self.spinner, self.linear_free, self.branches_free
            original(self, tile, point)
            new = self.spinner
            if new < 0:
                return
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

        return place_fast

    wrap(Table, "place_fast", make)


def extra_count(extra: Callable[[Table], int]) -> None:
    """Add a wrong contribution to the end sum (and list it among the counted ends)."""

    def make_sum(original: Any) -> Any:
        def end_sum(self: Table) -> int:
            return int(original(self)) + extra(self)

        return end_sum

    def make_counted(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            out: list[tuple[int, int]] = original(self)
            more = extra(self)
            if more:
                out.append((self.spinner, more))
            return out

        return counted

    wrap(Table, "end_sum", make_sum)
    wrap(Table, "counted", make_counted)


def unstarted_branch_counts(table: Table) -> int:
    """Mutant ``unstarted-branch-counts``: unstarted branches count the spinner's value."""
    if table.spinner < 0 or table.linear_free:
        return 0
    return LOW[table.spinner] * table.branches_free.bit_count()


def internal_spinner_counts(table: Table) -> int:
    """Mutant ``internal-spinner-counts``: the spinner still counts both halves once both linear
    sides are occupied.
    """
    if table.spinner < 0 or table.linear_free:
        return 0
    return 2 * LOW[table.spinner]


def opening_double_four_halves(table: Table) -> int:
    """Mutant ``opening-double-four-halves``: an opening double counts both halves on each free
    linear side.
    """
    return 2 * LOW[table.spinner] if table.spinner >= 0 and table.linear_free == 3 else 0


def terminal_double_one_half() -> None:
    """Mutant ``terminal-double-one-half``: a terminal double counts one half instead of both."""

    def make_sum(original: Any) -> Any:
        def end_sum(self: Table) -> int:
            total = int(original(self))
            for point in self.ends:
                if DOUBLE[point[0]] and point[0] != self.spinner:
                    total -= point[2]  # Wrong: a terminal double counts one half.
            if self.spinner >= 0 and self.linear_free:
                total -= LOW[self.spinner]
            return total

        return end_sum

    def make_counted(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            return [(t, v // 2 if DOUBLE[t] else v) for t, v in original(self)]

        return counted

    wrap(Table, "end_sum", make_sum)
    wrap(Table, "counted", make_counted)


def no_mirror_opening_double() -> None:
    """Mutant ``no-mirror-opening-double``: an opening double offers one linear side at first."""

    def make_open(original: Any) -> Any:
        def open_fast(self: Table, tile: int) -> None:
            original(self, tile)
            if DOUBLE[tile]:
                # Wrong: the two sides of an opening double are one and the same.
                self.ends.remove(point_at(tile, SIDE_LINEAR_B))

        return open_fast

    def make_place(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            first = point[0] == self.spinner and self.linear_free == 3
            original(self, tile, point)
            if first:  # the other linear side shows once the first is taken
                self.ends.append(point_at(point[0], SIDE_LINEAR_B))

        return place_fast

    wrap(Table, "open_fast", make_open)
    wrap(Table, "place_fast", make_place)


def counted_omits_zero() -> None:
    """Mutant ``counted-omits-zero``: counted ends of value zero are left out of ``counted``."""

    def make(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            return [(t, v) for t, v in original(self) if v]

        return counted

    wrap(Table, "counted", make)


def tile_fits_once() -> None:
    """Mutant ``tile-fits-once``: a tile that fits several end points gives only one placement."""

    def make(original: Any) -> Any:
        def moves(self: Table, held: int) -> list[tuple[int, Point | None]]:
            seen: set[int] = set()
            out = []
            for tile, point in original(self, held):
                if tile not in seen:  # Wrong: one placement per tile, not per end point.
                    seen.add(tile)
                    out.append((tile, point))
            return out

        return moves

    wrap(Table, "moves", make)

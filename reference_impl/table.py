"""The table: the layout of placed tiles, its attach points and its counted ends.

Representation. The layout is kept as its *outer ends* only, which is all the
rules ever look at:

- ``arms``: one record per open outer end that is not a side of the spinner,
  ``(tile, side, value, contribution)``. The opening non-double gives two arms
  (its low and high ends); every tile placed on an arm replaces that arm's
  record; every tile placed on the spinner starts a new arm.
- the spinner (rule ``spinner.first-double``): its tile, a 2-bit mask of free
  linear sides and a 2-bit mask of free branches.

The end sum is then the arms' contributions plus both halves of the spinner
while one of its linear sides is free. A tile is an index 0..27 (see
`reference_impl.tiles`); a point is ``(tile, side, value)``.

`Table.place` checks a placement from outside; `Table.place_fast` trusts its
caller (the hand's own legal-move generator, search, benchmarks).
"""

from __future__ import annotations

from .actions import EndPoint, Placement
from .errors import BranchClosed, NoMatch, NoSuchEnd
from .tiles import ALL_TILES, BIT, DOUBLE, HIGH, LOW, SUIT, Side, Tile, tiles_of_mask

__all__ = ["Arm", "Point", "Table", "credit_for"]

Arm = tuple[int, int, int, int]
"""An open outer end: (tile index, side, value, counted contribution)."""
Point = tuple[int, int, int]
"""An attach point: (tile index, side, value)."""

_LOW = int(Side.LOW)
_HIGH = int(Side.HIGH)
_LINEAR_A = int(Side.LINEAR_A)
_LINEAR_B = int(Side.LINEAR_B)
_BRANCH_A = int(Side.BRANCH_A)
_BRANCH_B = int(Side.BRANCH_B)
_LINEAR_BIT = {_LINEAR_A: 1, _LINEAR_B: 2}
_BRANCH_BIT = {_BRANCH_A: 1, _BRANCH_B: 2}
_BOTH = 3


def credit_for(end_sum: int) -> int:
    """The credit of a placement whose end sum is `end_sum`.

    Rules ``scoring.multiple-of-five``, ``scoring.zero-scores-nothing``,
    ``scoring.other-sums-nothing``.
    """
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def _new_arm(tile: int, free: int) -> Arm:
    """The outer end made by `tile` when its half `free` stays open."""
    if DOUBLE[tile]:
        # double.crosswise: joined by linear side A, continued from linear side B;
        # double.terminal-counts-both: a terminal double counts both halves.
        return (tile, _LINEAR_B, free, free + free)
    return (tile, _HIGH if free == HIGH[tile] else _LOW, free, free)


class Table:
    """The tiles on the table of one hand."""

    __slots__ = ("arms", "branches_free", "linear_free", "placed", "spinner")

    def __init__(self) -> None:
        self.arms: list[Arm] = []
        self.spinner = -1
        self.linear_free = 0
        self.branches_free = 0
        self.placed = 0

    def copy(self) -> Table:
        """An independent copy (arms are immutable tuples, so a shallow list copy)."""
        other = Table.__new__(type(self))
        other.arms = self.arms.copy()
        other.spinner = self.spinner
        other.linear_free = self.linear_free
        other.branches_free = self.branches_free
        other.placed = self.placed
        return other

    @property
    def empty(self) -> bool:
        """Whether no tile has been placed yet."""
        return self.placed == 0

    # ----------------------------------------------------------------- reading

    def points(self) -> list[Point]:
        """Every attach point a tile could join now (``open`` in the protocol)."""
        points = [(arm[0], arm[1], arm[2]) for arm in self.arms]
        spinner = self.spinner
        if spinner >= 0:
            value = LOW[spinner]
            linear = self.linear_free
            if linear:
                if linear & 1:
                    points.append((spinner, _LINEAR_A, value))
                if linear & 2:
                    points.append((spinner, _LINEAR_B, value))
            else:
                # spinner.branches-after-linear: branches only once both linear sides are taken.
                branches = self.branches_free
                if branches & 1:
                    points.append((spinner, _BRANCH_A, value))
                if branches & 2:
                    points.append((spinner, _BRANCH_B, value))
        return points

    def moves(self, held: int) -> list[tuple[int, Point | None]]:
        """Every legal placement of the tiles in the mask `held`: ``(tile, point)``.

        On an empty table every tile opens (rule ``open.any-tile``, point None);
        otherwise one placement per matching (tile, attach point) pair (rule
        ``place.one-per-end-point``).
        """
        if not self.placed:
            return [(tile, None) for tile in tiles_of_mask(held)]
        moves: list[tuple[int, Point | None]] = []
        for point in self.points():
            mask = held & SUIT[point[2]]
            while mask:
                low_bit = mask & -mask
                moves.append((low_bit.bit_length() - 1, point))
                mask ^= low_bit
        return moves

    def counted(self) -> list[tuple[int, int]]:
        """Each counted end as ``(tile index, contribution)`` (``counted`` in the protocol)."""
        counted = [(arm[0], arm[3]) for arm in self.arms]
        if self.spinner >= 0 and self.linear_free:
            # spinner.terminal-while-linear-free: both halves, once.
            counted.append((self.spinner, 2 * LOW[self.spinner]))
        # spinner.internal-after-linear / spinner.unstarted-branch-zero: nothing else counts.
        return counted

    def end_sum(self) -> int:
        """The sum of all counted ends (rule ``scoring.end-sum``)."""
        total = 0
        for arm in self.arms:
            total += arm[3]
        if self.spinner >= 0 and self.linear_free:
            total += 2 * LOW[self.spinner]
        return total

    # ---------------------------------------------------------------- placing

    def open_fast(self, tile: int) -> None:
        """Put the opening tile down (trusted: the table is empty)."""
        self.placed = BIT[tile]
        if DOUBLE[tile]:
            # spinner.opening-double: an opening double is the spinner, both linear sides free.
            self.spinner = tile
            self.linear_free = _BOTH
        else:
            self.arms = [(tile, _LOW, LOW[tile], LOW[tile]), (tile, _HIGH, HIGH[tile], HIGH[tile])]

    def place_fast(self, tile: int, point: Point) -> None:
        """Put `tile` on the attach point `point` (trusted: legal and matching)."""
        on_tile, side, value = point
        self.placed |= BIT[tile]
        free = value if DOUBLE[tile] else LOW[tile] + HIGH[tile] - value
        if on_tile == self.spinner:
            if side <= _LINEAR_B:
                self.linear_free &= ~_LINEAR_BIT[side]
                if not self.linear_free:
                    self.branches_free = _BOTH
            else:
                self.branches_free &= ~_BRANCH_BIT[side]
            # spinner.started-branch-counts: every tile on the spinner starts an arm.
            self.arms.append(_new_arm(tile, free))
            return
        arms = self.arms
        for i, arm in enumerate(arms):
            if arm[0] == on_tile and arm[1] == side:
                if DOUBLE[tile] and self.spinner < 0:
                    # spinner.first-double: it joins by linear side A, so B is its free side.
                    self.spinner = tile
                    self.linear_free = _LINEAR_BIT[_LINEAR_B]
                    del arms[i]
                else:
                    arms[i] = _new_arm(tile, free)
                return
        raise AssertionError(f"place_fast: no arm at {point}")

    def locate(self, on: EndPoint, placing: Tile | None = None) -> Point:
        """The attach point named `on`, or the precise reason it is not one.

        `placing` is the tile about to join, named in the error message.

        Raises `NoSuchEnd` or `BranchClosed` (rules ``place.end-point-free``,
        ``spinner.branches-after-linear``, ``double.later-no-branches``).
        """
        tile = on.tile.index
        side = int(on.side)
        for point in self.points():
            if point[0] == tile and point[1] == side:
                return point
        who = "a tile" if placing is None else str(placing)
        if tile == self.spinner and side >= _BRANCH_A and self.linear_free:
            raise BranchClosed(
                f"{who} cannot join the spinner {on.tile}'s {on.side.words}: "
                "both linear sides must be occupied first"
            )
        raise NoSuchEnd(f"{who} cannot join {on}: {self._why_not(tile, on)}")

    def _why_not(self, tile: int, on: EndPoint) -> str:
        """Why `on` (not an attach point, not a closed branch) cannot take a tile."""
        side = int(on.side)
        if not self.placed & BIT[tile]:
            return f"{on.tile} is not on the table"
        if DOUBLE[tile] and side <= _HIGH:
            return f"{on.tile} is a double, it has no {on.side.words}"
        if not DOUBLE[tile] and side >= _LINEAR_A:
            return f"{on.tile} is not a double, it has no {on.side.words}"
        if side >= _BRANCH_A and tile != self.spinner:
            return (
                f"{on.tile} is not the spinner and later doubles have no branches"
                f" (the spinner is {_name(self.spinner)})"
            )
        return "that side is already taken"

    def check(self, placement: Placement) -> Point | None:
        """Check `placement` against this table; return its point (None for an opening).

        The table is not changed. Raises `NoSuchEnd`, `BranchClosed` or
        `NoMatch`, in that order of precedence.
        """
        tile = placement.tile
        on = placement.on
        if self.empty:
            if on is not None:
                raise NoSuchEnd(f"{tile} opens the hand: the table is empty, there is no {on}")
            return None
        if on is None:
            raise NoSuchEnd(f"{tile} must name an end point: the hand is already open")
        point = self.locate(on, tile)
        value = point[2]
        if value not in (tile.low, tile.high):
            # place.match-open-value
            raise NoMatch(f"{tile} does not match {on}, whose value is {value}")
        return point

    def place(self, placement: Placement) -> None:
        """Place a tile after checking it (the table is unchanged if it is refused)."""
        point = self.check(placement)
        if point is None:
            self.open_fast(placement.tile.index)
        else:
            self.place_fast(placement.tile.index, point)

    def end_point(self, point: Point) -> EndPoint:
        """The value object for an attach point."""
        return EndPoint(ALL_TILES[point[0]], Side(point[1]))


def _name(tile: int) -> str:
    return "none yet" if tile < 0 else str(ALL_TILES[tile])

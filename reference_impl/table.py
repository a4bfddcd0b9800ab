"""The table: the layout of placed tiles, its attach points and its counted ends.

Representation. The layout is kept as its *open attach points* only, which is
all the rules ever look at, plus the end sum kept up to date as tiles join:

- ``ends``: every attach point a tile could join now, as ``(tile, side,
  value)``, in a stable order. The opening gives two (its low and high ends,
  or an opening double's two linear sides); a tile joining a point of an arm
  takes that point's place in the list; a tile joining the spinner removes
  that point and appends its own (and, once both linear sides are taken,
  the spinner's two branches are appended before it).
- the spinner (rule ``spinner.first-double``): its tile, a 2-bit mask of free
  linear sides and a 2-bit mask of free branches.
- ``total``: the end sum, changed by each placement by what it adds and
  removes rather than recounted.
- ``offers``: for each point of ``ends``, in the same place, its `Offer`
  (its value's suit and its ready-made placements, `reference_impl.points`):
  the hand lists legal moves from it with one look-up per point.

A point of an arm counts its value, or both halves for a terminal double
(its free side is ``linear_b``); the spinner counts both halves, once, while
one of its linear sides is free, and its branches never count. A tile is an
index 0..27 (see `reference_impl.tiles`). Points are shared, immutable tuples
made once at import, so placing and listing moves allocate almost nothing.

`Table.place` checks a placement from outside; `Table.place_fast` trusts its
caller (the hand's own legal-move generator, search) and keeps ``offers`` in step
with ``ends``. It is the one statement of how a tile joins the layout: the hand,
perft and playouts all place through it. A variant of these rules is a subclass
(`reference_impl.rules.Rules.table_type`) that calls `resync` when it edits ``ends``.
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import mypyc_attr

from .actions import EndPoint, Placement
from .errors import BadRequest, BranchClosed, NoMatch, NoSuchEnd
from .points import (
    BRANCH_OFFERS,
    BRANCHES,
    GAIN,
    JOINED,
    JOINED_OFFER,
    OFFER_SLOTS,
    OPENED_OFFERS,
    OPENED_POINTS,
    OPENINGS_BY_BYTE,
    WORTH,
    WORTH_AT,
    Offer,
    Point,
    offers_of,
    point_at,
)
from .rules import credit_for
from .tiles import (
    ALL_TILES,
    BIT,
    DOUBLE,
    HIGH,
    LOW,
    SIDE_BRANCH_A,
    SIDE_CODE,
    SIDE_HIGH,
    SIDE_LINEAR_A,
    SIDE_LINEAR_B,
    SIDES,
    SUIT,
    Tile,
)

# The point tables are re-exported: the engine's layers above read them from here.
__all__ = [
    "GAIN",
    "JOINED",
    "JOINED_OFFER",
    "WORTH",
    "Offer",
    "Point",
    "Table",
    "TableState",
    "credit_for",
    "point_at",
]

_BOTH: Final = 3

TableState = tuple[list[Point], list[Offer], int, int, int, int, int]
"""A table's state as `Table.state` saves it."""


# A variant of the rules may subclass it (`Rules.table_type`), compiled or not.
@mypyc_attr(allow_interpreted_subclasses=True)
class Table:
    """The tiles on the table of one hand."""

    __slots__ = ("branches_free", "ends", "linear_free", "offers", "placed", "spinner", "total")

    def __init__(self) -> None:
        self.ends: list[Point] = []
        # OFFER of each point of `ends`, same order: what `Hand.legal_moves` reads.
        self.offers: list[Offer] = []
        self.total = 0
        self.spinner = -1
        self.linear_free = 0
        self.branches_free = 0
        self.placed = 0

    def copy(self) -> Table:
        """An independent copy (points are immutable tuples, so a shallow list copy)."""
        other = type(self)()
        other.ends = self.ends.copy()
        other.offers = self.offers.copy()
        other.total = self.total
        other.spinner = self.spinner
        other.linear_free = self.linear_free
        other.branches_free = self.branches_free
        other.placed = self.placed
        return other

    def state(self) -> TableState:
        """Everything `restore` needs to put this table back as it is now."""
        return (
            self.ends.copy(),
            self.offers.copy(),
            self.total,
            self.spinner,
            self.linear_free,
            self.branches_free,
            self.placed,
        )

    def restore(self, state: TableState) -> None:
        """Put the table back as it was when `state` was taken (`state` is not kept)."""
        (
            self.ends,
            self.offers,
            self.total,
            self.spinner,
            self.linear_free,
            self.branches_free,
            self.placed,
        ) = state

    @property
    def empty(self) -> bool:
        """Whether no tile has been placed yet."""
        return self.placed == 0

    # ----------------------------------------------------------------- reading

    def points(self) -> list[Point]:
        """Every attach point a tile could join now (``open`` in the protocol)."""
        return self.ends.copy()

    def moves(self, held: int) -> tuple[tuple[int, Point | None], ...]:
        """Every legal placement of the tiles in the mask `held`: ``(tile, point)``.

        On an empty table every tile opens (rule ``open.any-tile``, point None);
        otherwise one placement per matching (tile, attach point) pair (rule
        ``reading.one-placement-per-attach-point``), read from each point's ready-made offer.
        """
        offers = self.offers
        if len(offers) == 2:  # the commonest case written out, saving the loop
            (suit_a, at_a), (suit_b, at_b) = offers
            return at_a[(held & suit_a) % OFFER_SLOTS] + at_b[(held & suit_b) % OFFER_SLOTS]
        if not self.placed:
            byte0, byte1, byte2, byte3 = OPENINGS_BY_BYTE
            return (
                byte0[held & 255]
                + byte1[held >> 8 & 255]
                + byte2[held >> 16 & 255]
                + byte3[held >> 24]
            )
        moves: tuple[tuple[int, Point | None], ...] = ()
        for suit, at in offers:
            moves += at[(held & suit) % OFFER_SLOTS]
        return moves

    def counted(self) -> list[tuple[int, int]]:
        """Each counted end as ``(tile index, contribution)`` (``counted`` in the protocol)."""
        spinner = self.spinner
        counted = [(point[0], WORTH[point]) for point in self.ends if point[0] != spinner]
        if spinner >= 0 and self.linear_free:
            # spinner.terminal-while-linear-free: both halves, once.
            counted.append((spinner, 2 * LOW[spinner]))
        # spinner.internal-after-linear / spinner.unstarted-branch-zero: nothing else counts.
        return counted

    def end_sum(self) -> int:
        """The sum of all counted ends (rule ``scoring.end-sum``)."""
        return self.total

    def recount(self) -> int:
        """The end sum worked out afresh from the open points (``end_sum`` keeps it)."""
        return sum(value for _, value in self.counted())

    # ---------------------------------------------------------------- placing

    def open_fast(self, tile: int) -> int:
        """Put the opening tile down (trusted: the table is empty); return the end sum."""
        self.placed = BIT[tile]
        self.ends = [*OPENED_POINTS[tile]]
        self.offers = [*OPENED_OFFERS[tile]]
        if DOUBLE[tile]:
            # spinner.opening-double: an opening double is the spinner, both linear sides free;
            # spinner.terminal-while-linear-free: it counts both halves, once.
            self.spinner = tile
            self.linear_free = _BOTH
            self.total = 2 * LOW[tile]
        else:
            self.total = LOW[tile] + HIGH[tile]
        return self.total

    def place_fast(self, tile: int, point: Point) -> int:
        """Put `tile` on the attach point `point` (trusted: legal and matching).

        Returns the end sum. ``offers`` is kept in step with ``ends``, point by point.
        """
        on_tile, side, value = point
        self.placed |= BIT[tile]
        ends = self.ends
        offers = self.offers
        index = ends.index(point)
        joined = tile * 7 + value
        if on_tile != self.spinner:
            # A tile continues an arm: its point takes the place of the one it joins.
            ends[index] = JOINED[joined]
            offers[index] = JOINED_OFFER[joined]
            self.total += GAIN[joined] - WORTH_AT[on_tile * 6 + side]
            if DOUBLE[tile] and self.spinner < 0:
                # spinner.first-double: it joins by linear side A, so B is its free side,
                # and while it is free the spinner counts both halves, like a terminal double.
                self.spinner = tile
                self.linear_free = 2
            return self.total
        # spinner.started-branch-counts: every tile on the spinner starts an arm, appended.
        del ends[index]
        del offers[index]
        if side <= SIDE_LINEAR_B:
            self.linear_free &= ~(side - 1)  # LINEAR_A is bit 1, LINEAR_B bit 2
            if not self.linear_free:
                # spinner.internal-after-linear: it stops counting;
                # spinner.branches-after-linear: its branches open.
                self.total -= value + value
                self.branches_free = _BOTH
                ends += BRANCHES[on_tile]
                offers += BRANCH_OFFERS[on_tile]
        else:
            self.branches_free &= ~(side - 3)  # BRANCH_A is bit 1, BRANCH_B bit 2
        ends.append(JOINED[joined])
        offers.append(JOINED_OFFER[joined])
        self.total += GAIN[joined]
        return self.total

    def resync(self) -> None:
        """Make ``offers`` follow ``ends`` again (a variant that edits ``ends`` calls it)."""
        self.offers = offers_of(self.ends)

    def locate(self, on: EndPoint, placing: Tile | None = None) -> Point:
        """The attach point named `on`, or the precise reason it is not one.

        `placing` is the tile about to join, named in the error message.

        Raises `NoSuchEnd` or `BranchClosed` (rules ``place.end-point-free``,
        ``spinner.branches-after-linear``, ``double.later-no-branches``).
        """
        tile = on.tile.index
        side = SIDE_CODE[on.side]
        for point in self.points():
            if point[0] == tile and point[1] == side:
                return point
        who = "a tile" if placing is None else str(placing)
        if tile == self.spinner and side >= SIDE_BRANCH_A and self.linear_free:
            raise BranchClosed(
                f"{who} cannot join the spinner {on.tile}'s {on.side.words}: "
                "both linear sides must be occupied first"
            )
        if placing == on.tile:
            raise NoSuchEnd(f"{who} cannot join itself: {on.tile} is not on the table")
        raise NoSuchEnd(f"{who} cannot join {on}: {self._why_not(tile, on)}")

    def _why_not(self, tile: int, on: EndPoint) -> str:
        """Why `on` (not an attach point, not a closed branch) cannot take a tile."""
        side = SIDE_CODE[on.side]
        if not self.placed & BIT[tile]:
            return f"{on.tile} is not on the table"
        if DOUBLE[tile] and side <= SIDE_HIGH:
            return f"{on.tile} is a double, it has no {on.side.words}"
        if not DOUBLE[tile] and side >= SIDE_LINEAR_A:
            return f"{on.tile} is not a double, it has no {on.side.words}"
        if side >= SIDE_BRANCH_A and tile != self.spinner:
            return (
                f"{on.tile} is not the spinner and later doubles have no branches"
                f" (the spinner is {_name(self.spinner)})"
            )
        return "that side is already taken"

    def check(self, placement: Placement) -> Point | None:
        """Check `placement` against this table; return its point (None for an opening).

        The table is not changed. Raises `BadRequest` (the tile is already on
        the table), `NoSuchEnd`, `BranchClosed` or `NoMatch`, in that order of
        precedence.
        """
        tile = placement.tile
        on = placement.on
        if self.placed & BIT[tile.index]:
            # reading.well-formed-input: a set has each tile once; the table alone
            # shows the repeat (protocol 6.1: bad_request in `table` and `legal`).
            if on is not None and on.tile == tile:
                raise BadRequest(f"{tile} cannot join itself: it is already on the table")
            raise BadRequest(f"{tile} is already on the table: a tile is placed once")
        if self.empty:
            if on is not None:
                raise NoSuchEnd(f"{tile} opens the hand: the table is empty, there is no {on}")
            return None
        if on is None:
            raise NoSuchEnd(f"{tile} must name an end point: the hand is already open")
        point = self.locate(on, tile)
        value = point[2]
        if not BIT[tile.index] & SUIT[value]:
            # place.match-open-value (`SUIT`, as the offers that list legal placements)
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
        return EndPoint(ALL_TILES[point[0]], SIDES[point[1]])


def _name(tile: int) -> str:
    return "none yet" if tile < 0 else str(ALL_TILES[tile])

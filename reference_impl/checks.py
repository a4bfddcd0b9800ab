"""Checking a placement from outside against a table: the point it names, or the precise
reason it cannot be made.

The table's own moves are legal by construction (`reference_impl.table.Table.moves`);
what comes from outside (a request's plays and actions) is checked here first, so that
a refused placement leaves the table as it was. The reasons follow the protocol's order
of precedence: `BadRequest` (the tile is already on the table), then `NoSuchEnd`,
`BranchClosed`, `NoMatch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import EndPoint, Placement
from .errors import BadRequest, BranchClosed, NoMatch, NoSuchEnd
from .points import Point
from .tiles import (
    ALL_TILES,
    BIT,
    DOUBLE,
    SIDE_BRANCH_A,
    SIDE_CODE,
    SIDE_HIGH,
    SIDE_LINEAR_A,
    SUIT,
    Tile,
)

if TYPE_CHECKING:
    from .table import Table

__all__ = ["check", "locate"]


def locate(table: Table, on: EndPoint, placing: Tile | None = None) -> Point:
    """The attach point of `table` named `on`, or the precise reason it is not one.

    `placing` is the tile about to join, named in the error message.

    Raises `NoSuchEnd` or `BranchClosed` (rules ``place.end-point-free``,
    ``spinner.branches-after-linear``, ``double.later-no-branches``).
    """
    tile = on.tile.index
    side = SIDE_CODE[on.side]
    for point in table.points():
        if point[0] == tile and point[1] == side:
            return point
    who = "a tile" if placing is None else str(placing)
    if tile == table.spinner and side >= SIDE_BRANCH_A and table.spinner_linear_free():
        raise BranchClosed(
            f"{who} cannot join the spinner {on.tile}'s {on.side.words}: "
            "both linear sides must be occupied first"
        )
    if placing == on.tile:
        raise NoSuchEnd(f"{who} cannot join itself: {on.tile} is not on the table")
    raise NoSuchEnd(f"{who} cannot join {on}: {_why_not(table, tile, on)}")


def _why_not(table: Table, tile: int, on: EndPoint) -> str:
    """Why `on` (not an attach point, not a closed branch) cannot take a tile."""
    side = SIDE_CODE[on.side]
    if not table.placed & BIT[tile]:
        return f"{on.tile} is not on the table"
    if DOUBLE[tile] and side <= SIDE_HIGH:
        return f"{on.tile} is a double, it has no {on.side.words}"
    if not DOUBLE[tile] and side >= SIDE_LINEAR_A:
        return f"{on.tile} is not a double, it has no {on.side.words}"
    if side >= SIDE_BRANCH_A and tile != table.spinner:
        spinner = "none yet" if table.spinner < 0 else str(ALL_TILES[table.spinner])
        return (
            f"{on.tile} is not the spinner and later doubles have no branches"
            f" (the spinner is {spinner})"
        )
    return "that side is already taken"


def check(table: Table, placement: Placement) -> Point | None:
    """Check `placement` against `table`; return its point (None for an opening).

    The table is not changed. Raises `BadRequest` (the tile is already on the table),
    `NoSuchEnd`, `BranchClosed` or `NoMatch`, in that order of precedence.
    """
    tile = placement.tile
    on = placement.on
    if table.placed & BIT[tile.index]:  # pragma: no cover - see below
        # reading.well-formed-input: a set has each tile once (protocol 6.1: bad_request
        # in `table` and `legal`). A request's plays reach the table only once the kit's
        # validator has refused a repeat; this is for callers of `Table.place`.
        if on is not None and on.tile == tile:
            raise BadRequest(f"{tile} cannot join itself: it is already on the table")
        raise BadRequest(f"{tile} is already on the table: a tile is placed once")
    if table.empty:
        if on is not None:
            raise NoSuchEnd(f"{tile} opens the hand: the table is empty, there is no {on}")
        return None
    if on is None:
        raise NoSuchEnd(f"{tile} must name an end point: the hand is already open")
    point = locate(table, on, tile)
    value = point[2]
    if not BIT[tile.index] & SUIT[value]:
        # place.match-open-value (`SUIT`, as the offers that list legal placements)
        raise NoMatch(f"{tile} does not match {on}, whose value is {value}")
    return point

"""The placements the engine hands out, as protocol values made once at import.

`Hand.legal` answers with kit `Placement` values (`reference_impl.actions`). Each
(tile, attach point) pair a hand can list is made into its value here, once, and shared
by every answer: every opening at import, and every tile on every point it matches as
`reference_impl.points` makes that point's offer (which lists them beside its moves, so
that listing the legal placements builds no value and looks none up). A placement coming
back to `Hand.play` is found again by its ``key``.

A point a variant's table makes outside these (one the sides of its tile do not give)
gets its values on first use.
"""

from __future__ import annotations

from typing import Final, NewType

from .actions import EndPoint, Placement
from .tiles import ALL_TILES, SIDES

__all__ = ["END_POINT_OF", "MOVE_OF", "PLACEMENT_OF", "Move"]

Point = NewType("Point", tuple[int, int, int])
"""An attach point: (tile index, side, value), one of the shared tuples of
`reference_impl.points` (which imports this module, and names it there too).

A type of its own, not the bare tuple type, so that a compiled build (mypyc) keeps each
point the shared tuple it is: a bare ``tuple[int, int, int]`` it unpacks into three
numbers, and a new tuple is built each time one is stored again (in the table's list of
points, found there by ``list.index`` by comparing it item by item, not by identity)."""
Move = tuple[int, Point | None]
"""A move as the engine lists it: a tile index and its attach point (None: it opens)."""


class _EndPoints(dict[Point, EndPoint]):
    def __missing__(self, point: Point) -> EndPoint:
        made = self[point] = EndPoint(ALL_TILES[point[0]], SIDES[point[1]])
        return made


class _Placements(dict[Move, Placement]):
    def __missing__(self, move: Move) -> Placement:
        tile, point = move
        made = Placement(ALL_TILES[tile], None if point is None else END_POINT_OF[point])
        self[move] = made
        MOVE_OF[made.key] = move
        return made


END_POINT_OF: Final[dict[Point, EndPoint]] = _EndPoints()
"""The `EndPoint` of each attach point."""
MOVE_OF: Final[dict[int, Move]] = {}
"""The move of each placement made here, by `Placement.key`."""
PLACEMENT_OF: Final[dict[Move, Placement]] = _Placements()
"""The `Placement` of each move: every opening, and every tile on every point it matches."""

for _tile in range(28):
    PLACEMENT_OF[_tile, None]  # made by __missing__; the others by points' offers
del _tile

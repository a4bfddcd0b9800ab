"""The placements the engine hands out, as protocol values made once at import.

`Hand.legal` answers with kit `Placement` values (`reference_impl.actions`). Each
(tile, attach point) pair a hand can list is made into its value here, once, and shared
by every answer: listing the legal placements is then a look-up per move, and a
placement coming back to `Hand.play` is found again by its ``key``.

A point a variant's table makes outside these (one the sides of its tile do not give)
gets its values on first use.
"""

from __future__ import annotations

from typing import Final

from .actions import EndPoint, Placement
from .points import POINTS, Point
from .tiles import ALL_TILES, BIT, DOUBLE, SIDE_HIGH, SIDE_LINEAR_A, SIDES, SUIT

__all__ = ["END_POINT_OF", "MOVE_OF", "PLACEMENT_OF", "Move"]

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


def _sides_of(tile: int) -> range:
    # A non-double has its low and high ends; a double its linear sides and branches.
    return range(SIDE_LINEAR_A, 6) if DOUBLE[tile] else range(SIDE_HIGH + 1)


END_POINT_OF: Final[dict[Point, EndPoint]] = _EndPoints()
"""The `EndPoint` of each attach point."""
MOVE_OF: Final[dict[int, Move]] = {}
"""The move of each placement made here, by `Placement.key`."""
PLACEMENT_OF: Final[dict[Move, Placement]] = _Placements()
"""The `Placement` of each move: every opening, and every tile on every point it matches."""

for _tile in range(28):
    PLACEMENT_OF[_tile, None]  # made by __missing__
    for _side in _sides_of(_tile):
        _point = POINTS[_tile * 6 + _side]
        for _joining in range(28):
            if _joining != _tile and BIT[_joining] & SUIT[_point[2]]:
                PLACEMENT_OF[_joining, _point]
del _tile, _side, _point, _joining

"""Attach points and the tables made from them once, at import.

A point is ``(tile index, side, value)``; each of the 28 x 6 exists once, as a
shared tuple, so the table compares and stores points without building any.
From them come the tables of geometry the engine's inline path reads: the point
a tile offers once joined (`JOINED`) and each point's placements for every set of
held tiles (`OFFER`). What a point counts and which points a double offers are the
rules' (`reference_impl.layout`, from the hooks of `reference_impl.rules.Rules`).
"""

from __future__ import annotations

from typing import Final, NewType, TypeVar

from .actions import Placement
from .placements import PLACEMENT_OF, Point
from .tiles import (
    BIT,
    DOUBLE,
    HIGH,
    LOW,
    SIDE_HIGH,
    SIDE_LINEAR_A,
    SIDE_LINEAR_B,
    SIDE_LOW,
    SUIT,
    tiles_of_mask,
)

__all__ = [
    "JOINED",
    "JOINED_OFFER",
    "NO_OFFER",
    "NO_POINT",
    "OFFER",
    "OFFER_SLOTS",
    "OPENINGS_BY_BYTE",
    "POINTS",
    "Offer",
    "Point",
    "offers_of",
    "point_at",
]

_T = TypeVar("_T")


def _value(tile: int, side: int) -> int:
    return HIGH[tile] if side == SIDE_HIGH else LOW[tile]


# Every (tile, side) point once, shared: index ``tile * 6 + side``.
POINTS: Final[tuple[Point, ...]] = tuple(
    Point((tile, side, _value(tile, side))) for tile in range(28) for side in range(6)
)

NO_POINT: Final = Point((-1, -1, -1))
"""A placeholder where a table has no point to give."""

JOINED: Final[list[Point]] = [NO_POINT] * (28 * 7)
"""``JOINED[tile * 7 + value]``: the point `tile` offers once joined by its half `value`
(``(-1, -1, -1)`` where the tile has no such half). Rule ``double.crosswise``: a
double is joined by linear side A and continued from B."""
for _tile in range(28):
    if DOUBLE[_tile]:
        JOINED[_tile * 7 + LOW[_tile]] = POINTS[_tile * 6 + SIDE_LINEAR_B]
    else:
        JOINED[_tile * 7 + LOW[_tile]] = POINTS[_tile * 6 + SIDE_HIGH]
        JOINED[_tile * 7 + HIGH[_tile]] = POINTS[_tile * 6 + SIDE_LOW]


def _subsets_of(items: tuple[_T, ...] | list[_T]) -> list[tuple[_T, ...]]:
    """The items of every subset of `items`, in their order, at the subset's bits: item
    ``j`` is in the subset at place ``p`` when bit ``j`` of ``p`` is set."""
    subsets: list[tuple[_T, ...]] = [()]
    for item in items:
        # The subsets with this item, the highest yet, are those without it, plus it.
        one = (item,)
        subsets += [sub + one for sub in subsets]
    return subsets


_OPENINGS: tuple[tuple[int, None], ...] = tuple((tile, None) for tile in range(28))
OPENINGS_BY_BYTE: Final[tuple[tuple[tuple[tuple[int, None], ...], ...], ...]] = tuple(
    tuple(_subsets_of(_OPENINGS[8 * k : 8 * k + 8])) for k in range(4)
)
"""``OPENINGS_BY_BYTE[k][b]``: the openings ``(tile, None)`` by the tiles 8k..8k+7 whose
bits are set in the byte `b` (below 16 for ``k == 3``: there are 28 tiles): a seat's
openings in four look-ups (rule ``open.any-tile``)."""


OFFER_SLOTS: Final = 557
"""A modulus under which the 128 subsets of each suit's mask all differ (checked at
import): the placements of ``held & suit`` are found at ``(held & suit) % OFFER_SLOTS``,
an index into a tuple rather than a key to hash."""

Offer = NewType(
    "Offer",
    tuple[int, tuple[tuple[tuple[int, Point], ...], ...], tuple[tuple[Placement, ...], ...]],
)
"""What an attach point offers: its value's suit (a mask), and for every subset
``sub = held & suit`` of that suit the placements of those tiles on the point, at
``sub % OFFER_SLOTS``: as moves, then as the shared `Placement` values of those moves
(`reference_impl.placements`), for the checked API. A type of its own for the reason
`Point` is: a compiled build keeps each offer the shared tuple it is."""


def _slot_picks(suit: int) -> tuple[int, ...]:
    """For each slot of an offer of a point of this suit, the place in `_subsets_of` of
    the subset of the suit's tiles it holds (0, the empty subset, for a slot no subset
    falls on)."""
    subsets = _subsets_of([BIT[tile] for tile in tiles_of_mask(suit)])
    picks = [0] * OFFER_SLOTS
    for place, bits in enumerate(subsets):
        slot = sum(bits) % OFFER_SLOTS
        if place and (slot == 0 or picks[slot]):
            raise AssertionError(f"OFFER_SLOTS does not tell the subsets of {suit:#x} apart")
        picks[slot] = place
    return tuple(picks)


_PICKS: Final[dict[int, tuple[int, ...]]] = {suit: _slot_picks(suit) for suit in SUIT}
"""`_slot_picks` of each suit, shared by the points of that suit's value."""


def _by_subset(picks: tuple[int, ...], items: list[_T]) -> tuple[tuple[_T, ...], ...]:
    """The items of every subset of the suit's tiles, in the suit's order, at the subset's
    slot (`items` holds one item a tile of the suit, in order)."""
    return tuple(map(_subsets_of(items).__getitem__, picks))


def _offer(point: Point) -> Offer:
    suit = SUIT[point[2]]
    moves = [(tile, point) for tile in tiles_of_mask(suit)]
    picks = _PICKS[suit]
    placements = [PLACEMENT_OF[m] for m in moves]
    return Offer((suit, _by_subset(picks, moves), _by_subset(picks, placements)))


OFFER: Final[dict[Point, Offer]] = {
    point: _offer(point)
    for point in POINTS
    if (point[1] >= SIDE_LINEAR_A) == DOUBLE[point[0]]  # a double has no low/high end, etc.
}
"""``OFFER[point]``: made once, at import, for every point a tile can offer, so
listing a point's placements is one mask and one look-up, and builds no tuple."""

NO_OFFER: Final = Offer((0, ((),), ((),)))
"""The offer of a point no tile can offer (fits nothing): a safe default."""

JOINED_OFFER: Final[list[Offer]] = [OFFER.get(point, NO_OFFER) for point in JOINED]
"""``JOINED_OFFER[tile * 7 + value]``: the offer of ``JOINED[tile * 7 + value]``."""


def offers_of(ends: list[Point]) -> list[Offer]:
    """The offer of each point of `ends`, in order (`NO_OFFER` for one no tile offers)."""
    return [OFFER.get(point, NO_OFFER) for point in ends]


def point_at(tile: int, side: int) -> Point:
    """The shared point for `side` of `tile` (its value follows from the tile)."""
    return POINTS[tile * 6 + side]

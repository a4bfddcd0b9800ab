"""What happened in a hand, as values: a placement made, or a pass.

The hand keeps its events as plain tuples, which its hot path builds cheaply and the
protocol adapter reads; `Hand.history` turns them into these frozen values.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .actions import EndPoint, Placement
from .tiles import ALL_TILES, SIDES, Tile, tiles_of_mask

if TYPE_CHECKING:
    from .hand import Hand

__all__ = ["Event", "Passed", "Placed", "event_of", "held", "history"]


@dataclass(frozen=True, slots=True)
class Placed:
    """`seat` made `placement`; the table's end sum became `end_sum`, which credited
    `credit` to the seat's team; `scores` are both teams' scores after the credit."""

    seat: int
    placement: Placement
    end_sum: int
    credit: int
    scores: tuple[int, int]

    def __str__(self) -> str:
        return f"seat {self.seat}: {self.placement}, end sum {self.end_sum}, credit {self.credit}"


@dataclass(frozen=True, slots=True)
class Passed:
    """`seat` passed: they held no legal placement."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat}: pass"


Event = Placed | Passed

RawEvent = tuple[int] | tuple[int, int, tuple[int, int, int] | None, int, int, int, int]
"""An event as the hand keeps it: ``(seat,)`` for a pass, else
``(seat, tile, point, end sum, credit, team 0 score, team 1 score)``."""


def event_of(raw: RawEvent) -> Event:
    """The value of an event the hand keeps as a tuple."""
    if len(raw) == 1:
        return Passed(raw[0])
    seat, tile, point, end_sum, credit, score0, score1 = raw
    on = None if point is None else EndPoint(ALL_TILES[point[0]], SIDES[point[1]])
    return Placed(seat, Placement(ALL_TILES[tile], on), end_sum, credit, (score0, score1))


def history(hand: Hand) -> list[Event]:
    """Every action of `hand` so far, in order, as values."""
    return [event_of(raw) for raw in hand.events]


def held(hand: Hand, seat: int) -> list[Tile]:
    """The tiles `seat` holds in `hand`, in canonical order."""
    return [ALL_TILES[tile] for tile in tiles_of_mask(hand.holdings[seat])]

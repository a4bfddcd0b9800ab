"""Value objects for what players do: end points, placements and passes.

The pass is the kit's (`seven_rocks_kit.PASS`). `EndPoint` and `Placement` hold the
engine's `Tile` and `Side` (`reference_impl.tiles`) for as long as those are the engine's
own: once `tiles` takes the kit's `Tile` and `Side`, these become the kit's too.
"""

from __future__ import annotations

from dataclasses import dataclass

from seven_rocks_kit.values import PASS, Pass

from .tiles import Side, Tile

__all__ = ["PASS", "Action", "EndPoint", "Pass", "Placement"]


@dataclass(frozen=True, slots=True)
class EndPoint:
    """A side of a tile on the table, where another tile may join."""

    tile: Tile
    side: Side

    def __str__(self) -> str:
        return f"{self.tile}'s {self.side.words}"

    def __repr__(self) -> str:
        return f"EndPoint({self.tile!r}, Side.{self.side.name})"


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile put on the table: on an end point, or (``on=None``) as the opening."""

    tile: Tile
    on: EndPoint | None = None

    def __str__(self) -> str:
        if self.on is None:
            return f"{self.tile} opens"
        return f"{self.tile} on {self.on}"

    def __repr__(self) -> str:
        return f"Placement({self.tile!r}, {self.on!r})"


Action = Placement | Pass

"""Value objects for what players do: end points, placements and passes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

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


class Pass:
    """A knock: the player to move has no legal placement."""

    __slots__ = ()
    _instance: Pass | None = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS: Final = Pass()
"""The one pass action."""

Action = Placement | Pass

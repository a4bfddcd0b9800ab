"""The protocol's values as small frozen types: tiles, sides, end points, placements, pass.

An adapter built with the kit receives these instead of raw JSON, already checked, and may
return them inside its results: `to_json` turns them back into protocol form.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final, Literal

__all__ = [
    "PASS",
    "Action",
    "Deal",
    "EndPoint",
    "GameHand",
    "Pass",
    "Placement",
    "Side",
    "Tile",
    "to_json",
]


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A tile ``[low|high]`` of the double-six set, ``0 <= low <= high <= 6``."""

    low: int
    high: int

    def __post_init__(self) -> None:
        # The kit builds tiles only from checked input; this guards an author's own calls.
        if not 0 <= self.low <= self.high <= 6:
            raise ValueError(f"Tile({self.low}, {self.high}) is not a tile of the double-six set")

    @property
    def is_double(self) -> bool:
        """Whether both halves show the same value."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """The sum of both halves."""
        return self.low + self.high

    def has(self, value: int) -> bool:
        """Whether one of the halves shows ``value``."""
        return value in (self.low, self.high)

    def to_json(self) -> list[int]:
        """The protocol form ``[low, high]``."""
        return [self.low, self.high]

    def __str__(self) -> str:
        return f"[{self.low}|{self.high}]"

    def __repr__(self) -> str:
        return f"Tile({self.low}, {self.high})"


class Side(StrEnum):
    """A side of a tile on the table, by its protocol name."""

    LOW = "low"
    HIGH = "high"
    LINEAR_A = "linear_a"
    LINEAR_B = "linear_b"
    BRANCH_A = "branch_a"
    BRANCH_B = "branch_b"

    @property
    def is_branch(self) -> bool:
        """Whether this is a spinner branch."""
        return self in (Side.BRANCH_A, Side.BRANCH_B)

    def __repr__(self) -> str:
        return f"Side.{self.name}"


@dataclass(frozen=True, slots=True)
class EndPoint:
    """An attach point, named by the tile already on the table and its side."""

    tile: Tile
    side: Side

    @property
    def value(self) -> int:
        """The value a tile must match here: ``low`` -> low half, any other side -> high half.

        On a double both halves are equal; on a non-double only ``low``/``high`` exist.
        """
        return self.tile.low if self.side is Side.LOW else self.tile.high

    def to_json(self, *, with_value: bool = False) -> dict[str, Any]:
        """``{"tile", "side"}``; with ``with_value`` an open point ``{"tile", "side", "value"}``."""
        out: dict[str, Any] = {"tile": self.tile.to_json(), "side": self.side.value}
        if with_value:
            out["value"] = self.value
        return out

    def __str__(self) -> str:
        return f"{self.tile} {self.side.value}"

    def __repr__(self) -> str:
        return f"EndPoint({self.tile!r}, {self.side!r})"


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile placed on an end point, or (``on`` is None) the opening tile."""

    tile: Tile
    on: EndPoint | None = None

    def to_json(self) -> dict[str, Any]:
        """The canonical protocol form."""
        if self.on is None:
            return {"tile": self.tile.to_json()}
        return {"tile": self.tile.to_json(), "on": self.on.to_json()}

    def __str__(self) -> str:
        return str(self.tile) if self.on is None else f"{self.tile} on {self.on}"

    def __repr__(self) -> str:
        return (
            f"Placement({self.tile!r})"
            if self.on is None
            else f"Placement({self.tile!r}, {self.on!r})"
        )


@dataclass(frozen=True, slots=True)
class Pass:
    """The action of a player who places nothing; use the constant `PASS`."""

    def to_json(self) -> Literal["pass"]:
        """The protocol form ``"pass"``."""
        return "pass"

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS: Final = Pass()
"""The pass action."""

Action = Placement | Pass
"""An action in a hand."""

Deal = tuple[tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...], tuple[Tile, ...]]
"""Four hands of seven tiles, seats 0..3: all 28 tiles, each once."""


@dataclass(frozen=True, slots=True)
class GameHand:
    """One hand of a ``game`` request; ``opener`` is None when the request leaves it out."""

    deal: Deal
    opener: int | None
    actions: tuple[Action, ...]


def to_json(value: Any) -> Any:
    """``value`` in protocol form: kit values converted, containers walked, the rest as is."""
    if isinstance(value, Tile | EndPoint | Placement | Pass):
        return value.to_json()
    if isinstance(value, Side):
        return value.value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value

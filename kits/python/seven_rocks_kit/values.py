"""The protocol's values as small frozen types: tiles, sides, end points, placements, pass.

An engine built with the kit receives these instead of raw JSON, already checked, and
may return them inside its results: `to_json` turns them back into protocol form. They
are the one model of these values: the suite and the reference engine use them too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Literal

__all__ = [
    "ALL_TILES",
    "PASS",
    "Action",
    "Counted",
    "Deal",
    "EndPoint",
    "GameHand",
    "OpenPoint",
    "Pass",
    "Placement",
    "Side",
    "Tile",
    "tile",
    "to_json",
]


def _index(low: int, high: int) -> int:
    # The tiles in canonical order: [0|0] [0|1] ... [0|6] [1|1] ... [6|6].
    return 7 * low - low * (low - 1) // 2 + high - low


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """A tile ``[low|high]`` of the double-six set, ``0 <= low <= high <= 6``."""

    low: int
    high: int
    index: int = field(init=False, repr=False, compare=False, hash=False)
    """The tile's position 0..27 in the set's canonical order (``ALL_TILES[t.index] == t``)."""

    def __post_init__(self) -> None:
        # The kit builds tiles only from checked input; this guards an author's own calls.
        if not (
            type(self.low) is int and type(self.high) is int and 0 <= self.low <= self.high <= 6
        ):
            raise ValueError(f"Tile({self.low}, {self.high}) is not a tile of the double-six set")
        object.__setattr__(self, "index", _index(self.low, self.high))

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


ALL_TILES: Final[tuple[Tile, ...]] = tuple(Tile(a, b) for a in range(7) for b in range(a, 7))
"""The 28 tiles in canonical order."""

_BY_PAIR: Final = {(t.low, t.high): t for t in ALL_TILES}


def tile(low: int, high: int) -> Tile:
    """The tile ``[low|high]``, the same instance every time (as in every kit)."""
    found = _BY_PAIR.get((low, high))
    return Tile(low, high) if found is None else found  # Tile() words the refusal


class Side(StrEnum):
    """A side of a tile on the table, by its protocol name (``Side.LOW.value == "low"``).

    ``int(side)`` is its position in the protocol's list (``low`` 0 ... ``branch_b`` 5),
    and ``Side(position)`` the side at that position, for engines that keep sides as
    numbers.
    """

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

    @property
    def wire(self) -> str:
        """The protocol's name (``.value``)."""
        return self.value

    @property
    def words(self) -> str:
        """The rules' name for this side (``"linear side A"``)."""
        return _WORDS[int(self)]

    @classmethod
    def from_wire(cls, name: str) -> Side | None:
        """The side called ``name`` in the protocol, or None for an unknown name."""
        return _BY_WIRE.get(name)

    @classmethod
    def _missing_(cls, value: object) -> Side | None:
        # Side(2) is LINEAR_A: the side at that position.
        if type(value) is int and 0 <= value < len(_BY_POSITION):
            return _BY_POSITION[value]
        return None

    def __int__(self) -> int:
        return _POSITION[self]

    def __repr__(self) -> str:
        return f"Side.{self.name}"


_BY_POSITION: Final[tuple[Side, ...]] = tuple(Side)
_POSITION: Final = {side: n for n, side in enumerate(_BY_POSITION)}
_BY_WIRE: Final = {side.value: side for side in Side}
_WORDS: Final = (
    "lower-value end",
    "higher-value end",
    "linear side A",
    "linear side B",
    "branch A",
    "branch B",
)


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

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "side"}``."""
        return {"tile": self.tile.to_json(), "side": self.side.value}

    def __str__(self) -> str:
        return f"{self.tile}'s {self.side.words}"

    def __repr__(self) -> str:
        return f"EndPoint({self.tile!r}, {self.side!r})"


@dataclass(frozen=True, slots=True)
class OpenPoint:
    """An open end point with the value the engine reports there (a ``table`` reply)."""

    end: EndPoint
    value: int

    @property
    def tile(self) -> Tile:
        """The tile of the end point."""
        return self.end.tile

    @property
    def side(self) -> Side:
        """The side of the end point."""
        return self.end.side

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "side", "value"}``."""
        return {"tile": self.end.tile.to_json(), "side": self.end.side.value, "value": self.value}

    def __str__(self) -> str:
        return f"{self.end} ({self.value})"


@dataclass(frozen=True, slots=True)
class Counted:
    """A counted end as the engine reports it: the tile and what it adds to the end sum."""

    tile: Tile
    value: int

    def to_json(self) -> dict[str, Any]:
        """``{"tile", "value"}``."""
        return {"tile": self.tile.to_json(), "value": self.value}

    def __str__(self) -> str:
        return f"{self.tile} counts {self.value}"


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile placed on an end point, or (``on`` is None) the opening tile."""

    tile: Tile
    on: EndPoint | None = None
    key: int = field(init=False, repr=False, compare=False, hash=False)
    """A number unique to this placement (the tile's index for an opening), for engines
    that look placements up in tables."""

    def __post_init__(self) -> None:
        on = self.on
        key = self.tile.index
        if on is not None:
            key = 28 + (key * 28 + on.tile.index) * 6 + int(on.side)
        object.__setattr__(self, "key", key)

    def to_json(self) -> dict[str, Any]:
        """The canonical protocol form."""
        if self.on is None:
            return {"tile": self.tile.to_json()}
        return {"tile": self.tile.to_json(), "on": self.on.to_json()}

    def __str__(self) -> str:
        return f"{self.tile} opens" if self.on is None else f"{self.tile} on {self.on}"

    def __repr__(self) -> str:
        return (
            f"Placement({self.tile!r})"
            if self.on is None
            else f"Placement({self.tile!r}, {self.on!r})"
        )


class Pass:
    """The action of a player who places nothing: the one instance `PASS`."""

    __slots__ = ()
    _instance: Pass | None = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

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


_CONVERTED = (Tile, EndPoint, OpenPoint, Counted, Placement, Pass)


def to_json(value: Any) -> Any:
    """``value`` in protocol form: kit values converted, containers walked, the rest as is."""
    if isinstance(value, _CONVERTED):
        return value.to_json()
    if isinstance(value, Side):
        return value.value
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    return value

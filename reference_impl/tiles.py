"""Tiles of the double-six set (rules ``material.double-six``, ``material.pip-value``).

The engine works on tile *indices* 0..27 and bit masks of them, and on sides as the
numbers 0..5; the values at the edges (the adapter, error messages, the public API) are
the kit's `Tile` and `Side` (`seven_rocks_kit.values`), the one model of each, which
this module passes on along with the tables that turn them into those numbers.
"""

from __future__ import annotations

from typing import Final

from seven_rocks_kit.values import ALL_TILES, Side, Tile

__all__ = [
    "ALL_TILES",
    "BIT",
    "DOUBLE",
    "FULL_SET",
    "HIGH",
    "LOW",
    "PIPS",
    "PIPS_HIGH14",
    "PIPS_LOW14",
    "SIDES",
    "SIDE_BRANCH_A",
    "SIDE_BRANCH_B",
    "SIDE_CODE",
    "SIDE_HIGH",
    "SIDE_LINEAR_A",
    "SIDE_LINEAR_B",
    "SIDE_LOW",
    "SUIT",
    "Side",
    "Tile",
    "mask_of",
    "pips_of_mask",
    "tile_index",
    "tiles_of_mask",
]

SIDES: Final[tuple[Side, ...]] = tuple(Side)
"""The sides by their number, the protocol's order: ``SIDES[2] is Side.LINEAR_A``."""
SIDE_CODE: Final[dict[Side, int]] = {side: code for code, side in enumerate(SIDES)}
"""The number of each side, as attach points hold it: ``SIDE_CODE[Side.LINEAR_A] == 2``."""

SIDE_LOW, SIDE_HIGH, SIDE_LINEAR_A, SIDE_LINEAR_B, SIDE_BRANCH_A, SIDE_BRANCH_B = range(6)
"""The sides as plain numbers, as attach points hold them (``SIDES[SIDE_LOW] is
Side.LOW``): the engine's hot paths read these rather than the members of `Side`."""

_INDEX: Final = [[-1] * 7 for _ in range(7)]
for _tile in ALL_TILES:
    _INDEX[_tile.low][_tile.high] = _tile.index

LOW: Final[tuple[int, ...]] = tuple(t.low for t in ALL_TILES)
HIGH: Final[tuple[int, ...]] = tuple(t.high for t in ALL_TILES)
PIPS: Final[tuple[int, ...]] = tuple(t.pips for t in ALL_TILES)
DOUBLE: Final[tuple[bool, ...]] = tuple(t.is_double for t in ALL_TILES)
BIT: Final[tuple[int, ...]] = tuple(1 << i for i in range(28))
SUIT: Final[tuple[int, ...]] = tuple(
    sum(BIT[t.index] for t in ALL_TILES if v in (t.low, t.high)) for v in range(7)
)
"""``SUIT[v]``: the mask of the seven tiles that carry the value ``v``: the tiles that may
join an attach point of value ``v`` (rule ``place.match-open-value``)."""
FULL_SET: Final = (1 << 28) - 1


def mask_of(indices: list[int] | tuple[int, ...]) -> int:
    """The bit mask of some tile indices."""
    mask = 0
    for i in indices:
        mask |= BIT[i]
    return mask


def tile_index(low: int, high: int) -> int:
    """Index of the canonical tile ``[low|high]`` (no checking: a trusted path)."""
    return _INDEX[low][high]


def tiles_of_mask(mask: int) -> list[int]:
    """The tile indices in a mask, in canonical order."""
    out = []
    while mask:
        low_bit = mask & -mask
        out.append(low_bit.bit_length() - 1)
        mask ^= low_bit
    return out


def _pips_of_subsets(first: int) -> tuple[int, ...]:
    """The pips of every subset of the 14 tiles from `first` on, by the subset's bits."""
    table = [0]
    for tile in range(first, first + 14):
        # The subsets with this tile are those without it, plus its pips.
        table += [pips + PIPS[tile] for pips in table]
    return tuple(table)


PIPS_LOW14: Final = _pips_of_subsets(0)
PIPS_HIGH14: Final = _pips_of_subsets(14)
"""The pips of the tiles of a mask's low and high 14 bits (`pips_of_mask`)."""


def pips_of_mask(mask: int) -> int:
    """The total pip value of the tiles in a mask."""
    # Two look-ups rather than a step per tile: it runs at the end of every hand.
    return PIPS_LOW14[mask & 16383] + PIPS_HIGH14[mask >> 14]

"""The counted ends of a table, worked out afresh from its open points (rule
``scoring.end-sum``).

The table keeps its end sum up to date as tiles join (`reference_impl.table.Table`);
what it lists as its counted ends (``counted`` in the protocol) and the sum recounted
from them, to check the one kept, are read here from the same open points and its rule
set's `reference_impl.layout.Layout`: what an end is worth, what a double counts, which
counted ends are listed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .layout import STATES
from .tiles import BIT, DOUBLE, LOW, SIDE_HIGH

if TYPE_CHECKING:
    from .table import Table

__all__ = ["contributions", "counted", "double_counts"]


def double_counts(table: Table, tile: int) -> tuple[int, ...]:
    """`Rules.double_counts` of the double `tile` on `table` as it is now."""
    value = LOW[tile]
    at = STATES * (tile == table.spinner) + table.state_of(tile)
    return table.layout.double_counts[at * 7 + value]


def contributions(table: Table) -> list[tuple[int, int]]:
    """Every counted end of `table` as ``(tile, contribution)``, listed or not: the open
    ends in their order, then the doubles no open end shows, then the spinner."""
    worth = table.layout.worth
    out: list[tuple[int, int]] = []
    spinner = table.spinner
    seen = BIT[spinner] if spinner >= 0 else 0
    for tile, side, value in table.ends:
        if side <= SIDE_HIGH:
            out.append((tile, worth[value]))  # scoring.end-sum
        elif not seen & BIT[tile]:
            seen |= BIT[tile]
            out += [(tile, c) for c in double_counts(table, tile)]
    for tile in range(28):
        if DOUBLE[tile] and table.placed & BIT[tile] and not seen & BIT[tile]:
            out += [(tile, c) for c in double_counts(table, tile)]
    if spinner >= 0:
        out += [(spinner, c) for c in double_counts(table, spinner)]
    return out


def counted(table: Table) -> list[tuple[int, int]]:
    """Each counted end of `table` that its rules list, as ``(tile, contribution)``."""
    listed = table.layout.rules.listed
    return [(tile, c) for tile, c in contributions(table) if listed(c)]

"""The table of a rule set whose placements are not all distinct.

Under the rules of Seven Rocks every (tile, attach point) pair is a placement of its own
(rule ``reading.one-placement-per-attach-point``); a variant's `Rules.placement_key` may
make some of them one. `table_for` gives such a rule set a `KeyedTable`, which sorts the
placements out as it lists them, so that the reference's `Table` never asks whether to.
"""

from __future__ import annotations

from .actions import Placement
from .layout import layout_of
from .placements import PLACEMENT_OF
from .rules import REFERENCE, Rules
from .table import Move, Table

__all__ = ["KeyedTable", "table_for"]


class KeyedTable(Table):
    """A table whose rule set makes some placements one (`Rules.placement_key`)."""

    __slots__ = ()

    def moves(self, held: int) -> tuple[Move, ...]:  # pragma: no cover - a variant's
        """`Table.moves` less those whose `Rules.placement_key` an earlier one has."""
        key = self.layout.rules.placement_key
        seen: set[tuple[int, ...]] = set()
        out: list[Move] = []
        for move in super().moves(held):
            point = move[1]
            if point is None:
                out.append(move)
                continue
            made = key(move[0], point[0], point[1], point[2])
            if made not in seen:
                seen.add(made)
                out.append(move)
        return tuple(out)

    def placements(self, held: int) -> list[Placement]:  # pragma: no cover - a variant's
        """`Table.placements` of the moves `moves` keeps."""
        return list(map(PLACEMENT_OF.__getitem__, self.moves(held)))


def table_for(rules: Rules = REFERENCE) -> Table:
    """An empty table laid out by `rules`: a `KeyedTable` when `Rules.placement_key` makes
    some placements one, so that the rules of Seven Rocks never pay for sorting them out."""
    if rules is REFERENCE or layout_of(rules).distinct:
        return Table(rules)
    return KeyedTable(rules)

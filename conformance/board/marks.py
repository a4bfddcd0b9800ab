"""What to write beside the tiles: open points, counted ends, legal placements.

The marks come from a table-like result (``open``, ``counted``, ``end_sum``, ``credit``,
and for ``legal``/``hand`` answers ``placements``), as an engine or a fixture gives it.
They are read defensively: an entry that is malformed, or names a tile or side that is
not on the drawing, becomes a note under the drawing instead of a mark on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from conformance.board.layout import Board, Heading, Tile, as_tile, side_value, tile_text

__all__ = ["Mark", "Marks", "read_marks", "shown"]

_PERPENDICULAR: dict[Heading, Heading] = {"E": "N", "W": "N", "N": "W", "S": "W"}


@dataclass(frozen=True)
class Mark:
    """One label beside a tile: ``kind`` is ``counted``, ``open`` or ``legal``."""

    tile: Tile
    where: Heading
    kind: str
    value: int | None = None
    placed: Tile | None = None

    def text(self, *, ascii: bool = False) -> str:
        """The label: ``●3`` counted 3, ``○1`` open for a 1, ``+[3|5]`` legal placement."""
        if self.kind == "legal" and self.placed is not None:
            return "+" + tile_text(self.placed)
        symbol = {"counted": "●", "open": "○"}[self.kind]
        if ascii:
            symbol = {"counted": "*", "open": "o"}[self.kind]
        return f"{symbol}{'?' if self.value is None else self.value}"


@dataclass
class Marks:
    """All the marks of a drawing, and the lines to print under it."""

    marks: list[Mark] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    openings: list[Tile] = field(default_factory=list)
    counted: list[tuple[Tile, int]] = field(default_factory=list)
    end_sum: Any = None
    credit: Any = None
    has_counted: bool = False
    """Whether the answer lists counted ends at all (a hand's answer does not)."""

    def sums(self) -> str | None:
        """The line on counted ends, end sum and credit, or None when the answer has none."""
        sums = f"end_sum {shown(self.end_sum)}, credit {shown(self.credit)}"
        if self.has_counted or self.counted:
            terms = " + ".join(f"{tile_text(t)} {v}" for t, v in self.counted) or "nothing"
            total = sum(v for _, v in self.counted)
            return f"counted: {terms} = {total}; {sums}"
        if self.end_sum is not None or self.credit is not None:
            return f"after the last placement: {sums}"
        return None


def shown(value: Any) -> str:
    """A value from an answer, printable whatever it is: ints and null as JSON would
    write them, anything else quoted (control characters escaped) and cut short."""
    if value is None:
        return "null"
    if type(value) is int:
        return str(value)
    return ascii(value)[:40]


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _counted_where(board: Board, tile: Tile, value: int, used: set[str]) -> Heading | None:
    """Which way from ``tile`` a counted contribution of ``value`` is written."""
    placed = board.tiles[tile]
    if placed.double:
        # A double's contribution belongs to the whole tile: written across it.
        return placed.sides.get("branch_a", _PERPENDICULAR[placed.heading])
    free = [s for s in board.free_sides(tile) if s in ("low", "high")]
    outer = [s for s in placed.sides if s in ("low", "high") and s != placed.join_side]
    for candidates in ([s for s in free if side_value(tile, s) == value], free, outer):
        for side in candidates:
            if side not in used:
                used.add(side)
                return placed.sides[side]
    return placed.sides[outer[0]] if outer else None


def read_marks(board: Board, result: Mapping[str, Any] | None) -> Marks:
    """The marks of ``result`` on ``board``; ``None`` gives none."""
    out = Marks()
    if not isinstance(result, Mapping):
        return out
    used: dict[Tile, set[str]] = {}
    for entry in result.get("counted") or []:
        tile = as_tile(entry.get("tile")) if isinstance(entry, Mapping) else None
        value = _int(entry.get("value")) if isinstance(entry, Mapping) else None
        if tile is None or value is None:
            out.notes.append(f"counted entry not understood: {shown(entry)}")
            continue
        out.counted.append((tile, value))
        # Where the tile lies is asked only of a tile the drawing has placed: an engine
        # may count a tile that is not on the table.
        where = (
            _counted_where(board, tile, value, used.setdefault(tile, set()))
            if tile in board.tiles
            else None
        )
        if where is None:
            out.notes.append(f"counted {tile_text(tile)} {value}: that tile is not on the table")
            continue
        out.marks.append(Mark(tile, where, "counted", value))
    counted_at = {(m.tile, m.where, m.value) for m in out.marks}
    for entry in result.get("open") or []:
        _read_point(board, entry, out, counted_at)
    for entry in result.get("placements") or []:
        _read_placement(board, entry, out)
    out.has_counted = "counted" in result
    out.end_sum = result.get("end_sum")
    out.credit = result.get("credit")
    return out


def _read_point(
    board: Board, entry: Any, out: Marks, counted_at: set[tuple[Tile, Heading, int | None]]
) -> None:
    tile = as_tile(entry.get("tile")) if isinstance(entry, Mapping) else None
    side = entry.get("side") if isinstance(entry, Mapping) else None
    value = _int(entry.get("value")) if isinstance(entry, Mapping) else None
    placed = board.tiles.get(tile) if tile is not None else None
    if tile is None or placed is None or not isinstance(side, str) or side not in placed.sides:
        out.notes.append(f"open point not on the table: {shown(entry)}")
        return
    where = placed.sides[side]
    # An outer end both open and counted for the same number shows once, as counted.
    if (tile, where, value) not in counted_at:
        out.marks.append(Mark(tile, where, "open", value))


def _read_placement(board: Board, entry: Any, out: Marks) -> None:
    tile = as_tile(entry.get("tile")) if isinstance(entry, Mapping) else None
    on = entry.get("on") if isinstance(entry, Mapping) else None
    if tile is not None and on is None:
        out.openings.append(tile)
        return
    on_tile = as_tile(on.get("tile")) if isinstance(on, Mapping) else None
    side = on.get("side") if isinstance(on, Mapping) else None
    placed = board.tiles.get(on_tile) if on_tile is not None else None
    if tile is None or placed is None or not isinstance(side, str) or side not in placed.sides:
        out.notes.append(f"placement not on the table: {shown(entry)}")
        return
    out.marks.append(Mark(placed.tile, placed.sides[side], "legal", placed=tile))

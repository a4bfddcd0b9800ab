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

from seven_rocks_kit import Side

from conformance.board.layout import Board, Heading, Tile, as_tile, side_value, tile_text
from conformance.engine.bounded import cut_notes, short_json

__all__ = ["Mark", "Marks", "read_marks", "shown", "side_text"]

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
    spinner_given: bool = False
    """Whether the answer names its spinner (a table answer does; legal and hand do not)."""
    spinner: Tile | None = None
    """The answer's spinner, when it is a double on the drawing."""

    def outlined(self, board: Board) -> Tile | None:
        """The tile drawn as the spinner: the answer's own when it names one, else the
        first double of the placements."""
        return self.spinner if self.spinner_given else board.spinner

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


_SHOWN = 60
"""Characters of an odd value shown in a note."""
_MAX_NOTES = 12
"""Notes under a drawing, at most; then one more says how many were left out."""


def shown(value: Any) -> str:
    """A value from an answer, printable whatever it is: ints and null as JSON would
    write them, anything else quoted (control characters escaped) and, when long, cut
    between two items with ``...`` (never in the middle of a word)."""
    if value is None:
        return "null"
    if type(value) is int:
        return str(value)
    # Strings and numbers as Python writes them; lists and objects as JSON read only as
    # far as shown (an answer may nest a thousand deep, or hold a million items).
    scalar = value is None or isinstance(value, str | int | float | bool)
    text = ascii(value[: _SHOWN + 1] if isinstance(value, str) else value) if scalar else ""
    if not scalar:
        text = short_json(value, _SHOWN + 1).encode("ascii", "backslashreplace").decode()
    if len(text) <= _SHOWN:
        return text
    cut = max(text.rfind(", ", 0, _SHOWN), text.rfind(" ", 0, _SHOWN))
    return text[: cut if cut > 0 else _SHOWN] + " ..."


def _int(value: Any) -> int | None:
    return value if type(value) is int else None


def _counted_where(board: Board, tile: Tile, value: int, used: set[str]) -> Heading | None:
    """Which way from ``tile`` a counted contribution of ``value`` is written."""
    placed = board.tiles[tile]
    if placed.double:
        # A double's contribution belongs to the whole tile: written across it.
        return placed.sides.get(Side.BRANCH_A, _PERPENDICULAR[placed.heading])
    ends = (Side.LOW, Side.HIGH)
    free = [s for s in board.free_sides(tile) if s in ends]
    outer = [s for s in placed.sides if s in ends and s != placed.join_side]
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
    for entry in _entries(result, "counted", out):
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
    for entry in _entries(result, "open", out):
        _read_point(board, entry, out, counted_at)
    for entry in _entries(result, "placements", out):
        _read_placement(board, entry, out)
    if "spinner" in result:
        _read_spinner(board, result["spinner"], out)
    out.has_counted = "counted" in result
    out.end_sum = result.get("end_sum")
    out.credit = result.get("credit")
    # One note an entry not drawn: a few lines, however many entries the answer holds.
    out.notes = list(cut_notes(out.notes, _MAX_NOTES, "notes"))
    return out


def _entries(result: Mapping[str, Any], key: str, out: Marks) -> list[Any]:
    """The list under ``key`` of an answer; anything else there is said, not iterated."""
    value = result.get(key)
    if isinstance(value, list):
        return value
    if value is not None:
        out.notes.append(f"{key} is not a list: {shown(value)}")
    return []


def _read_spinner(board: Board, value: Any, out: Marks) -> None:
    """The answer's spinner: outlined when it is a double on the table, else said."""
    out.spinner_given = True
    tile = as_tile(value)
    if value is None:
        if board.rules_spinner is not None:
            spins = tile_text(board.rules_spinner)
            out.notes.append(f"no spinner, says the answer: {spins} is drawn plain")
    elif tile is None:
        out.notes.append(f"spinner {shown(value)}: not a tile")
    elif not tile.is_double:
        out.notes.append(f"spinner {tile_text(tile)}: not a double, so not outlined")
    elif tile not in board.tiles:
        out.notes.append(f"spinner {tile_text(tile)}: that tile is not on the table")
    else:
        out.spinner = tile
    if board.overruled and board.rules_spinner is not None:
        spins = tile_text(board.rules_spinner)
        out.notes.append(f"the plays start branches of {spins}: laid out as the rules' spinner")


def _read_point(
    board: Board, entry: Any, out: Marks, counted_at: set[tuple[Tile, Heading, int | None]]
) -> None:
    tile = as_tile(entry.get("tile")) if isinstance(entry, Mapping) else None
    side = entry.get("side") if isinstance(entry, Mapping) else None
    value = _int(entry.get("value")) if isinstance(entry, Mapping) else None
    placed = board.tiles.get(tile) if tile is not None else None
    if tile is None or not isinstance(side, str):
        out.notes.append(f"open point not understood: {shown(entry)}")
        return
    known = Side.from_wire(side)
    if placed is None or known is None or known not in placed.sides:
        where = f"open point {tile_text(tile)} {side_text(side)} (takes {shown(value)})"
        out.notes.append(f"{where}: {_not_drawn(board, tile, side)}")
        return
    where = placed.sides[known]
    # An outer end both open and counted for the same number shows once, as counted.
    if (tile, where, value) not in counted_at:
        out.marks.append(Mark(tile, where, "open", value))


def _not_drawn(board: Board, tile: Tile, side: str) -> str:
    """Why an end point named by an answer has no place on the drawing."""
    if tile not in board.tiles:
        return f"{tile_text(tile)} is not on the table"
    return f"{tile_text(tile)} has no side {side_text(side)} on this table"


def side_text(side: str) -> str:
    """A side named by an answer: bare when it is one of the protocol's, else quoted."""
    return side if side.isidentifier() and side.isascii() and len(side) <= 12 else shown(side)


def _read_placement(board: Board, entry: Any, out: Marks) -> None:
    tile = as_tile(entry.get("tile")) if isinstance(entry, Mapping) else None
    on = entry.get("on") if isinstance(entry, Mapping) else None
    if tile is not None and on is None:
        out.openings.append(tile)
        return
    on_tile = as_tile(on.get("tile")) if isinstance(on, Mapping) else None
    side = on.get("side") if isinstance(on, Mapping) else None
    placed = board.tiles.get(on_tile) if on_tile is not None else None
    if tile is None or on_tile is None or not isinstance(side, str):
        out.notes.append(f"placement not understood: {shown(entry)}")
        return
    known = Side.from_wire(side)
    if placed is None or known is None or known not in placed.sides:
        where = f"placement {tile_text(tile)} on {tile_text(on_tile)} {side_text(side)}"
        out.notes.append(f"{where}: {_not_drawn(board, on_tile, side)}")
        return
    out.marks.append(Mark(placed.tile, placed.sides[known], "legal", placed=tile))

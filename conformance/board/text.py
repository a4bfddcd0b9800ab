"""The text drawing: tiles as boxes of Unicode line characters, or of plain ASCII.

A tile across the line is three rows high (``┌─┬─┐ │1│4│ └─┴─┘``), an upright one five;
the spinner is drawn with double lines (ASCII: ``#`` and ``=``), a highlighted tile with
heavy lines (ASCII: ``!`` and ``~``) and its labels end with ``!``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from conformance.board.geometry import Rect, overlaps, rectangles
from conformance.board.layout import Board, Placed, Tile, tile_text
from conformance.board.marks import Mark, Marks, read_marks

__all__ = ["render_text", "side_by_side", "text_parts"]

# Box pieces: corners tl tr bl br, lines h v, tees top bottom left right (between halves).
_STYLES: dict[str, str] = {
    "light": "┌┐└┘─│┬┴├┤",
    "heavy": "┏┓┗┛━┃┳┻┣┫",
    "double": "╔╗╚╝═║╦╩╠╣",
    "ascii": "++++-|++++",
    "ascii-heavy": "++++~!++++",
    "ascii-double": "####=#####",
}


def _style(placed: Placed, spinner: Tile | None, highlight: frozenset[Tile], ascii: bool) -> str:
    # The spinner keeps its double lines even when highlighted: its labels carry the "!".
    name = "light"
    if placed.tile == spinner:
        name = "double"
    elif placed.tile in highlight:
        name = "heavy"
    return _STYLES[("ascii-" + name).replace("-light", "") if ascii else name]


def _draw_tile(canvas: dict[tuple[int, int], str], box: Rect, placed: Placed, style: str) -> None:
    tl, tr, bl, br, h, v, tt, tb, tlft, trgt = tuple(style)
    if placed.vertical:
        top, bottom = placed.value_toward("N"), placed.value_toward("S")
        rows = [tl + h + tr, f"{v}{top}{v}", tlft + h + trgt, f"{v}{bottom}{v}", bl + h + br]
    else:
        west, east = placed.value_toward("W"), placed.value_toward("E")
        rows = [tl + h + tt + h + tr, f"{v}{west}{v}{east}{v}", bl + h + tb + h + br]
    for dy, row in enumerate(rows):
        for dx, char in enumerate(row):
            canvas[(box.x + dx, box.y + dy)] = char


def _label_origin(box: Rect, where: str, text: str, shift: int) -> tuple[int, int]:
    if where == "E":
        return box.x + box.w + shift, box.cy
    if where == "W":
        return box.x - len(text) - shift, box.cy
    if where == "N":
        return box.cx - len(text) // 2, box.y - 1 - shift
    return box.cx - len(text) // 2, box.y + box.h + shift


def _write_label(
    canvas: dict[tuple[int, int], str],
    labels: set[tuple[int, int]],
    box: Rect,
    where: str,
    text: str,
) -> bool:
    """Write a label where it overwrites no tile nor label, stepping outward until the
    row is clear; False when there is no room near the tile. ``labels`` holds the cells
    of the labels written so far: a label keeps a blank column from each of them."""
    for shift in range(12):
        x, y = _label_origin(box, where, text, shift)
        cells = [(x + i, y) for i in range(len(text))]
        beside = ((x - 1, y), (x + len(text), y))
        if all(c not in canvas for c in cells) and not any(c in labels for c in beside):
            for cell, char in zip(cells, text, strict=True):
                canvas[cell] = char
            labels.update(cells)
            return True
    return False


def _canvas_lines(canvas: dict[tuple[int, int], str]) -> list[str]:
    if not canvas:
        return []
    xs = [x for x, _ in canvas]
    ys = [y for _, y in canvas]
    left = min(xs)
    lines = []
    for y in range(min(ys), max(ys) + 1):
        row = "".join(canvas.get((x, y), " ") for x in range(left, max(xs) + 1))
        lines.append(row.rstrip())
    return lines


def _legend(board: Board, marks: Marks, ascii: bool, highlight: frozenset[Tile]) -> list[str]:
    lines = []
    spinner = marks.outlined(board)
    if spinner is not None:
        how = "# and =" if ascii else "double lines"
        lines.append(f"spinner {tile_text(spinner)} ({how})")
    if any(m.kind != "legal" for m in marks.marks):
        dot, ring = ("*", "o") if ascii else ("●", "○")
        lines.append(f"{dot}N: counted end, contributes N   {ring}N: attach point, takes an N")
    if highlight & set(board.tiles):
        lines.append("heavy lines, !: the ends that differ between the two answers")
    return lines


def _notes(board: Board, marks: Marks) -> list[str]:
    lines = []
    sums = marks.sums()
    if sums is not None:
        lines.append(sums)
    if marks.openings:
        lines.append("opening placements: " + " ".join(tile_text(t) for t in marks.openings))
    lines.extend(board.problems)
    lines.extend(marks.notes)
    return lines


def render_text(
    board: Board,
    result: Mapping[str, Any] | None = None,
    *,
    ascii: bool = False,
    highlight: frozenset[Tile] = frozenset(),
) -> str:
    """The drawing of ``board`` with the marks of ``result``, then its notes and legend."""
    drawing, _, notes, legend = text_parts(board, result, ascii=ascii, highlight=highlight)
    return "\n".join([*drawing, *notes, *legend])


def text_parts(
    board: Board,
    result: Mapping[str, Any] | None = None,
    *,
    ascii: bool = False,
    highlight: frozenset[Tile] = frozenset(),
) -> tuple[list[str], int, list[str], list[str]]:
    """The drawing's lines, the index of the line through the opening tile, the notes on
    the answer, and the legend."""
    marks = read_marks(board, result)
    notes, legend = _notes(board, marks), _legend(board, marks, ascii, highlight)
    if not board.tiles:
        return ["(empty table)"], 0, notes, legend
    boxes = rectangles(board, 5, 3, 0)
    notes = [*notes, *overlaps(boxes)]
    canvas: dict[tuple[int, int], str] = {}
    for tile, box in boxes.items():
        placed = board.tiles[tile]
        _draw_tile(canvas, box, placed, _style(placed, marks.outlined(board), highlight, ascii))
    labels: set[tuple[int, int]] = set()
    grouped: dict[tuple[Tile, str], list[Mark]] = {}
    for mark in marks.marks:
        grouped.setdefault((mark.tile, mark.where), []).append(mark)
    for (tile, where), group in grouped.items():
        text = " ".join(m.text(ascii=ascii) for m in group)
        if tile in highlight:
            text += "!"
        if not _write_label(canvas, labels, boxes[tile], where, text):
            notes.append(f"{tile_text(tile)} {where}: {text} (no room beside the tile)")
    # The opening tile's middle row is row 0 of the canvas.
    return _canvas_lines(canvas), -min(y for _, y in canvas), notes, legend


def side_by_side(left: str, right: str, titles: tuple[str, str], width: int = 100) -> str:
    """Two drawings next to each other under their titles, or one above the other when
    together they would not fit in ``width`` columns."""
    lefts = [titles[0], *left.splitlines()]
    rights = [titles[1], *right.splitlines()]
    column = max(map(len, lefts)) + 4
    if column + max(map(len, rights)) > width:
        return "\n".join([*lefts, "", *rights])
    lefts += [""] * (len(rights) - len(lefts))
    rights += [""] * (len(lefts) - len(rights))
    return "\n".join((a.ljust(column) + b).rstrip() for a, b in zip(lefts, rights, strict=True))

"""The SVG drawing: tiles with pips, the spinner outlined in orange as in the seed's
diagrams, counted ends as filled discs with their contribution, open points as rings
with the value they take. One standalone ``<svg>`` element, no external resource."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from conformance.board.geometry import Rect, overlaps, rectangles
from conformance.board.layout import Board, Placed, Tile, tile_text
from conformance.board.marks import Mark, Marks, read_marks

__all__ = ["render_svg"]

UNIT = 36
"""Side of one half of a tile, in pixels."""

# Characters XML 1.0 forbids even escaped: dropped from any text put into the SVG.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
_GAP = 3
_MARGIN = 12
_MAX_WIDTH = 640
"""Widest a drawing grows for its captions."""
_LINE = 16
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    0: (),
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}
_STYLE = (
    "<style>"
    ".tile{fill:#fffdf5;stroke:#333;stroke-width:1.5}"
    ".spinner{stroke:#e67e00;stroke-width:4}"
    ".hl{stroke:#d0021b;stroke-width:4}"
    ".pip{fill:#222}"
    ".counted{fill:#1f5fa8}.counted-t{fill:#fff}"
    ".open{fill:#fff;stroke:#1f5fa8;stroke-width:2}.open-t{fill:#1f5fa8}"
    ".hl-mark{stroke:#d0021b;stroke-width:3}"
    "text{font-family:sans-serif;font-size:12px}"
    ".lbl{font-weight:bold;text-anchor:middle;dominant-baseline:central}"
    "</style>"
)


def _xml(text: str) -> str:
    return escape(_NOT_XML.sub("?", text))


def _line(x1: int, y1: int, x2: int, y2: int) -> str:
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333"/>'


def _tile_svg(box: Rect, placed: Placed, cls: str) -> list[str]:
    # data-order: the placement that put the tile there, for viewers that step through.
    out = [f'<g data-order="{placed.order}"><title>{escape(tile_text(placed.tile))}</title>']
    out.append(
        f'<rect class="{cls}" x="{box.x}" y="{box.y}" width="{box.w}" height="{box.h}" rx="4"/>'
    )
    if placed.vertical:
        halves = [
            (box.x, box.y, placed.value_toward("N")),
            (box.x, box.y + UNIT, placed.value_toward("S")),
        ]
        out.append(_line(box.x + 4, box.y + UNIT, box.x + box.w - 4, box.y + UNIT))
    else:
        halves = [
            (box.x, box.y, placed.value_toward("W")),
            (box.x + UNIT, box.y, placed.value_toward("E")),
        ]
        out.append(_line(box.x + UNIT, box.y + 4, box.x + UNIT, box.y + box.h - 4))
    for hx, hy, value in halves:
        for fx, fy in _PIPS[value]:
            out.append(
                f'<circle class="pip" cx="{hx + fx * UNIT:.1f}" cy="{hy + fy * UNIT:.1f}" r="3.4"/>'
            )
    out.append("</g>")
    return out


Box = tuple[float, float, float, float]
"""left, top, right, bottom"""

_CHAR = 6.4
"""Width of one character of a bold 12px label, generously: labels must never touch."""
_TEXT_CHAR = 6.2
"""Average width of one character of a 12px caption."""


def _mark_size(mark: Mark) -> tuple[float, float]:
    if mark.kind == "legal":
        return _CHAR * len(mark.text()) + 4, 16
    return 24, 24


def _mark_box(box: Rect, where: str, step: int, size: tuple[float, float]) -> Box:
    """The box of a label beside ``box`` toward ``where``, ``step`` places outward."""
    w, h = size
    if where in ("E", "W"):
        reach = 5 + w / 2 + step * (w + 3)
        x = box.x + box.w + reach if where == "E" else box.x - reach
        y = float(box.cy)
    else:
        reach = 5 + h / 2 + step * (h + 3)
        x = float(box.cx)
        y = box.y - reach if where == "N" else box.y + box.h + reach
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _place(box: Rect, where: str, size: tuple[float, float], taken: list[Box]) -> Box:
    """The first place outward from ``box`` where a label touches no tile nor label."""
    for step in range(40):
        found = _mark_box(box, where, step, size)
        if not any(_overlap(found, other) for other in taken):
            return found
    return _mark_box(box, where, 40, size)


def _mark_svg(mark: Mark, x: int, y: int, hl: bool) -> list[str]:
    extra = " hl-mark" if hl else ""
    if mark.kind == "legal":
        text = escape(mark.text())
        return [f'<text class="lbl" x="{x}" y="{y}" fill="#2a7a2a">{text}</text>']
    cls = "counted" if mark.kind == "counted" else "open"
    return [
        f'<circle class="{cls}{extra}" cx="{x}" cy="{y}" r="11"/>',
        f'<text class="lbl {cls}-t" x="{x}" y="{y}">{mark.value}</text>',
    ]


def _wrap(text: str, columns: int) -> list[str]:
    """``text`` in lines of at most ``columns`` characters, broken between words where it
    can be (a long JSON value is broken after a comma or inside the word)."""
    return textwrap.wrap(text, max(columns, 20), break_on_hyphens=False) or [""]


def render_svg(
    board: Board,
    result: Mapping[str, Any] | None = None,
    *,
    highlight: frozenset[Tile] = frozenset(),
    title: str | None = None,
) -> str:
    """The SVG drawing of ``board`` with the marks of ``result`` and its notes."""
    marks = read_marks(board, result)
    boxes = rectangles(board, 2 * UNIT, UNIT, _GAP)
    body: list[str] = []
    spinner = marks.outlined(board)
    for tile, box in boxes.items():
        placed = board.tiles[tile]
        cls = "tile" + (" spinner" if tile == spinner else "")
        cls += " hl" if tile in highlight and tile != spinner else ""
        body.extend(_tile_svg(box, placed, cls))
    # Labels are placed one by one, each where it touches no tile and no earlier label.
    taken: list[Box] = [(b.x - 1, b.y - 1, b.x + b.w + 1, b.y + b.h + 1) for b in boxes.values()]
    for mark in marks.marks:
        spot = _place(boxes[mark.tile], mark.where, _mark_size(mark), taken)
        taken.append(spot)
        x, y = round((spot[0] + spot[2]) / 2), round((spot[1] + spot[3]) / 2)
        body.extend(['<g class="mark">', *_mark_svg(mark, x, y, mark.tile in highlight), "</g>"])
    # The tiles' boxes and the labels, all in `taken`, set the drawing's bounds.
    xs = [v for box in taken for v in (box[0], box[2])]
    ys = [v for box in taken for v in (box[1], box[3])]
    left, top = int(min(xs, default=0)) - _MARGIN, int(min(ys, default=0)) - _MARGIN
    right, bottom = int(max(xs, default=160)) + _MARGIN, int(max(ys, default=0)) + _MARGIN
    notes = [*_notes(board, marks), *overlaps(boxes)]
    if title:
        notes.insert(0, title)
    # Captions are wrapped, never cut: the drawing widens for them up to _MAX_WIDTH, and
    # a longer caption takes more lines.
    longest = (max((len(n) for n in notes), default=0) + 1) * _TEXT_CHAR + 12
    width = int(max(right - left, 240, min(longest, _MAX_WIDTH)))
    lines = [part for note in notes for part in _wrap(note, int((width - 12) / _TEXT_CHAR))]
    for i, line in enumerate(lines):
        body.append(f'<text x="{left + 6}" y="{bottom + _LINE * i + 4}">{_xml(line)}</text>')
    height = bottom - top + _LINE * len(lines) + 8
    label = quoteattr(_NOT_XML.sub("?", title or "domino table"))
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label={label} '
        f'width="{width}" height="{height}" viewBox="{left} {top} {width} {height}">'
    )
    return "".join(
        [head, _STYLE, f"<title>{_xml(title or 'domino table')}</title>", *body, "</svg>"]
    )


def _notes(board: Board, marks: Marks) -> list[str]:
    lines = []
    if not board.tiles:
        lines.append("(empty table)")
    spinner = marks.outlined(board)
    if spinner is not None:
        lines.append(f"spinner {tile_text(spinner)} (orange outline)")
    sums = marks.sums()
    if sums is not None:
        lines.append(sums)
    if marks.openings:
        lines.append("opening placements: " + " ".join(tile_text(t) for t in marks.openings))
    return [*lines, *board.problems, *marks.notes]

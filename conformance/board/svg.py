"""The SVG drawing: tiles with pips, the spinner outlined in orange as in the seed's
diagrams, counted ends as filled discs with their contribution, open points as rings
with the value they take. One standalone ``<svg>`` element, no external resource."""

from __future__ import annotations

import re
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
_MARGIN = 34
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
    out = [f"<g><title>{escape(tile_text(placed.tile))}</title>"]
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


def _mark_centre(box: Rect, where: str, step: int, wide: bool = False) -> tuple[int, int]:
    reach = 17 + 26 * step
    if wide and where in ("E", "W"):
        # A legal placement's label ("+[5|6]") is about 45 px wide: side by side along
        # the line, labels need that much room each.
        reach = 28 + 50 * step
    if where == "E":
        return box.x + box.w + reach, box.cy
    if where == "W":
        return box.x - reach, box.cy
    if where == "N":
        return box.cx, box.y - reach
    return box.cx, box.y + box.h + reach


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
    for tile, box in boxes.items():
        placed = board.tiles[tile]
        cls = "tile" + (" spinner" if tile == board.spinner else "")
        cls += " hl" if tile in highlight and tile != board.spinner else ""
        body.extend(_tile_svg(box, placed, cls))
    seen: dict[tuple[Tile, str], int] = {}
    points: list[tuple[int, int]] = []
    for mark in marks.marks:
        step = seen.get((mark.tile, mark.where), 0)
        seen[(mark.tile, mark.where)] = step + 1
        x, y = _mark_centre(boxes[mark.tile], mark.where, step, wide=mark.kind == "legal")
        points.append((x, y))
        body.extend(_mark_svg(mark, x, y, mark.tile in highlight))
    xs = (
        [b.x for b in boxes.values()] + [b.x + b.w for b in boxes.values()] + [p[0] for p in points]
    )
    ys = (
        [b.y for b in boxes.values()] + [b.y + b.h for b in boxes.values()] + [p[1] for p in points]
    )
    left, top = min(xs, default=0) - _MARGIN, min(ys, default=0) - _MARGIN
    right, bottom = max(xs, default=160) + _MARGIN, max(ys, default=0) + _MARGIN
    notes = [*_notes(board, marks), *overlaps(boxes)]
    if title:
        notes.insert(0, title)
    for i, line in enumerate(notes):
        body.append(f'<text x="{left + 6}" y="{bottom + _LINE * i + 4}">{_xml(line)}</text>')
    # Notes are written from the left edge: the drawing is at least as wide as the
    # longest (about 7 px a character at 12 px).
    width = max(right - left, 240, *(7 * len(line) + 12 for line in notes))
    height = bottom - top + _LINE * len(notes) + 8
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
    if board.spinner is not None:
        lines.append(f"spinner {tile_text(board.spinner)} (orange outline)")
    sums = marks.sums()
    if sums is not None:
        lines.append(sums)
    if marks.openings:
        lines.append("opening placements: " + " ".join(tile_text(t) for t in marks.openings))
    return [*lines, *board.problems, *marks.notes]

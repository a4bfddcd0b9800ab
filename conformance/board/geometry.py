"""From layout cells to rectangles: the same geometry for characters and for SVG pixels."""

from __future__ import annotations

from dataclasses import dataclass

from conformance.board.layout import Board, Placed, Tile

__all__ = ["Rect", "overlaps", "rectangles"]


@dataclass(frozen=True)
class Rect:
    """A tile's box: left, top, width, height (characters or pixels)."""

    x: int
    y: int
    w: int
    h: int

    @property
    def cx(self) -> int:
        """The middle column."""
        return self.x + self.w // 2

    @property
    def cy(self) -> int:
        """The middle row."""
        return self.y + self.h // 2


def _anchor(parent: Placed, box: Rect, heading: str) -> int:
    """Where along the parent's edge a child growing toward ``heading`` is centred."""
    turning = not parent.double and (heading in ("N", "S")) != parent.vertical
    if not turning:
        return box.cx if heading in ("N", "S") else box.cy
    # A turned arm hangs off the parent's outer half, not its middle.
    quarter = (box.w if heading in ("N", "S") else box.h) // 4
    if heading in ("N", "S"):
        return box.x + box.w - 1 - quarter if parent.heading == "E" else box.x + quarter
    return box.y + box.h - 1 - quarter if parent.heading == "S" else box.y + quarter


def rectangles(board: Board, long: int, short: int, gap: int) -> dict[Tile, Rect]:
    """The box of every tile: ``long`` x ``short`` units, ``gap`` units between tiles."""
    out: dict[Tile, Rect] = {}
    spinner_line = _spinner_line(board)
    for placed in sorted(board.tiles.values(), key=lambda p: p.order):
        w, h = (short, long) if placed.vertical else (long, short)
        parent = board.tiles.get(placed.parent) if placed.parent else None
        if parent is None or parent.tile not in out:
            out[placed.tile] = Rect(0, -(h // 2), w, h)
            continue
        box = out[parent.tile]
        heading = placed.heading
        mid = _anchor(parent, box, heading)
        space = gap
        if placed.turned and placed.tile in spinner_line:
            # A spinner beyond a corner sends a branch back along the line: keep that
            # branch clear of the line's crosswise doubles.
            space += short * 2 // 3
        if heading == "E":
            out[placed.tile] = Rect(box.x + box.w + space, mid - h // 2, w, h)
        elif heading == "W":
            out[placed.tile] = Rect(box.x - space - w, mid - h // 2, w, h)
        elif heading == "S":
            out[placed.tile] = Rect(mid - w // 2, box.y + box.h + space, w, h)
        else:
            out[placed.tile] = Rect(mid - w // 2, box.y - space - h, w, h)
    return out


def _spinner_line(board: Board) -> set[Tile]:
    """The spinner and the tiles between it and the opening tile."""
    chain: set[Tile] = set()
    tile = board.spinner
    while tile is not None and tile in board.tiles and tile not in chain:
        chain.add(tile)
        tile = board.tiles[tile].parent
    return chain


def overlaps(boxes: dict[Tile, Rect]) -> list[str]:
    """A note for each pair of tiles drawn over each other.

    It happens only when the spinner stands on an arm that has turned the corner and one
    of its branches runs back under the line for many tiles; the drawing then says so
    rather than pass a garbled picture off as the table.
    """
    items = sorted(boxes.items())
    notes = []
    for i, (a, p) in enumerate(items):
        for b, q in items[i + 1 :]:
            if p.x < q.x + q.w and q.x < p.x + p.w and p.y < q.y + q.h and q.y < p.y + p.h:
                notes.append(f"{a} and {b} are drawn over each other")
    return notes

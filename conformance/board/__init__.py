"""Drawings of a table: the tiles laid out as on a real table, in text or SVG.

The layout follows from the placements alone (it never asks an engine, the reference
included, what the table is); the marks (open points, counted ends, legal placements)
come from the answer being drawn. See ``layout`` for how tiles are laid out.

Internal to the suite: no name here is a public interface (those are listed in
`conformance`'s docstring), and any of them can change in any release.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from conformance.board.case import CaseBoard, case_board
from conformance.board.layout import Board, Placed, Tile, layout, stated_spinner
from conformance.board.svg import render_svg
from conformance.board.text import render_text, side_by_side

__all__ = [
    "Board",
    "CaseBoard",
    "Placed",
    "Tile",
    "case_board",
    "draw_plays",
    "layout",
    "side_by_side",
    "svg_plays",
]


def draw_plays(
    plays: Iterable[Any],
    result: Mapping[str, Any] | None = None,
    *,
    ascii: bool = False,
    highlight: AbstractSet[Tile] = frozenset(),
) -> str:
    """The text drawing of the table made by ``plays`` (placements in protocol form).

    ``result`` is an optional table-like answer (``counted``, ``open``, ``end_sum``,
    ``credit``; ``placements`` for legal placements) whose marks are written beside the
    tiles, and whose ``spinner``, when it states one, is the double drawn with branches;
    ``highlight`` is a set of tiles such as ``(1, 4)`` whose ends are highlighted.
    ``ascii`` uses plain ASCII instead of box characters.
    """
    board = layout(plays, spinner=stated_spinner(result))
    return render_text(board, result, ascii=ascii, highlight=frozenset(highlight))


def svg_plays(
    plays: Iterable[Any],
    result: Mapping[str, Any] | None = None,
    *,
    highlight: AbstractSet[Tile] = frozenset(),
    title: str | None = None,
) -> str:
    """The SVG drawing (one standalone ``<svg>`` element) of the table made by ``plays``.

    ``result`` and ``highlight`` as for ``draw_plays``; ``title`` is written above the
    notes and used as the image's accessible name.
    """
    board = layout(plays, spinner=stated_spinner(result))
    return render_svg(board, result, highlight=frozenset(highlight), title=title)

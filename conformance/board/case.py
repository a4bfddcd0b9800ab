"""A case's table drawn twice: as the rules expect it and as the engine answered.

``table`` cases draw the placements with the expected and the actual open points and
counted ends; ``legal`` cases draw the table with the legal placements beside their end
points; ``hand`` cases draw the table left by the hand's placements (expected: the
case's events; actual: the engine's), with the legal placements of the next turn. The
tiles whose ends differ between the two answers are highlighted on both drawings.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from conformance.board.layout import Tile, as_tile, layout, stated_spinner
from conformance.board.marks import shown
from conformance.board.svg import render_svg
from conformance.board.text import side_by_side, text_parts
from conformance.suite.fixtures import Case
from conformance.suite.messages import (
    ErroredReply,
    RejectedReply,
    Reply,
    ReplyProblem,
    ResultReply,
    SkippedReply,
)

Answer: TypeAlias = Reply | ReplyProblem | None
"""An engine's reply as a value of the protocol's model (`conformance.suite.messages`), or
None when there is none to draw."""

__all__ = ["Answer", "CaseBoard", "case_board", "hand_board", "reply_result"]

_DRAWN_CMDS = frozenset({"table", "legal", "hand"})
_SIZE = re.compile(r'^<svg [^>]*?width="(\d+)" height="(\d+)"')


@dataclass(frozen=True)
class Side:
    """One of the two drawings: the placements, the answer's marks, and a note."""

    plays: Sequence[Any]
    marks: Mapping[str, Any] | None
    note: str = ""


@dataclass(frozen=True)
class CaseBoard:
    """The expected and (when there is a reply) the actual table of one case."""

    case_id: str
    expected: Side
    actual: Side | None = None
    highlight: frozenset[Tile] = field(default_factory=frozenset)

    def text(self, *, ascii: bool = False) -> str:
        """Expected and actual side by side (one above the other when too wide), then
        what each answer says in words, then the legend."""
        left, left_row, left_notes, legend = self._text(self.expected, ascii)
        if self.actual is None:
            return "\n".join(["expected", *left, *left_notes, *legend])
        right, right_row, right_notes, right_legend = self._text(self.actual, ascii)
        # The opening tiles on one line, so that the two tables read across.
        left = [""] * (right_row - left_row) + left
        right = [""] * (left_row - right_row) + right
        drawn = side_by_side("\n".join(left), "\n".join(right), ("expected", "actual"))
        notes = [f"expected {n}" for n in left_notes] + [f"actual   {n}" for n in right_notes]
        legend += [line for line in right_legend if line not in legend]
        return "\n".join([drawn, *notes, *legend])

    def svg(self) -> str:
        """One standalone ``<svg>`` holding the expected and the actual drawing."""
        parts = [self._svg(self.expected, f"expected: {self.case_id}")]
        if self.actual is not None:
            parts.append(self._svg(self.actual, f"actual: {self.case_id}"))
        sizes = [_svg_size(p) for p in parts]
        width = sum(w for w, _ in sizes) + 16 * (len(parts) - 1)
        height = max(h for _, h in sizes)
        out = [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}">'
        ]
        x = 0
        for part, (w, _) in zip(parts, sizes, strict=True):
            # A nested <svg> keeps each drawing's own viewBox; only its place is set here.
            out.append(part.replace("<svg ", f'<svg x="{x}" y="0" ', 1))
            x += w + 16
        out.append("</svg>")
        return "".join(out)

    def _text(self, side: Side, ascii: bool) -> tuple[list[str], int, list[str], list[str]]:
        board = layout(side.plays, spinner=stated_spinner(side.marks))
        parts = text_parts(board, side.marks, ascii=ascii, highlight=self.highlight)
        drawing, row, notes, legend = parts
        return drawing, row, ([side.note] if side.note else []) + notes, legend

    def _svg(self, side: Side, title: str) -> str:
        title = f"{title} ({side.note})" if side.note else title
        board = layout(side.plays, spinner=stated_spinner(side.marks))
        return render_svg(board, side.marks, highlight=self.highlight, title=title)


def _svg_size(svg: str) -> tuple[int, int]:
    match = _SIZE.match(svg)
    return (int(match.group(1)), int(match.group(2))) if match else (300, 200)


def _list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def _reply_body(answer: Answer) -> tuple[Mapping[str, Any] | None, str]:
    """The answer's result, or None and a note saying what came instead."""
    match answer:
        case ResultReply(result=result):
            return result, ""
        case RejectedReply(code=code, index=index):
            return None, f"rejected: {shown(code)}, index {shown(index)}"
        case ErroredReply(message=message):
            return None, f"errored: {shown(message)}"
        case SkippedReply(message=message):
            return None, f"skipped: {shown(message)}"
        case ReplyProblem(problem=problem, value=value) if isinstance(value, Mapping):
            return None, problem
    return None, "no usable reply"


def reply_result(answer: Answer) -> Mapping[str, Any] | None:
    """The result an answer carries, or None when it carries none."""
    return answer.result if isinstance(answer, ResultReply) else None


def hand_board(
    case: Case,
    given: Mapping[str, Any],
    expected: Mapping[str, Any] | None,
    answer: Answer,
    answered: Any,
    title: str,
) -> CaseBoard:
    """The drawings of one hand of a ``hand`` or ``game`` case: the table its actions
    build, as the case expects (``expected``: the expected hand result) and, when there
    is an ``answer``, as the engine answered (``answered``: the engine's hand result)."""
    want = _hand_side(given, expected, _expected_note(case), echo=False)
    if answer is None:
        return CaseBoard(title, want)
    _, note = _reply_body(answer)
    got = _hand_side(given, answered if isinstance(answered, Mapping) else None, note)
    differ = _keys(want) ^ _keys(got)
    return CaseBoard(title, want, got, frozenset(t for t, _ in differ if t is not None))


def _expected_note(case: Case) -> str:
    if case.expect_rejected is None:
        return ""
    rejected = case.expect_rejected
    return f"rejected: {shown(rejected.get('code'))}, index {shown(rejected.get('index'))}"


def _hand_side(
    given: Mapping[str, Any], result: Mapping[str, Any] | None, note: str, *, echo: bool = True
) -> Side:
    # The table is the one the actions build; an answer that echoes its events is drawn
    # from that echo (``echo``), so that a wrongly echoed placement shows. A case's own
    # expectation may list only some fields of its events: it is never drawn from them.
    plays = [a for a in _list(given.get("actions")) if isinstance(a, Mapping)]
    if result is None:
        return Side(plays, None, note)
    marks: dict[str, Any] = {"placements": _list(result.get("legal"))}
    if echo and isinstance(result.get("events"), list):
        events = [e for e in result["events"] if isinstance(e, Mapping)]
        moves = [e for e in events if isinstance(e.get("action"), Mapping)]
        plays = [e["action"] for e in moves]
        if moves:
            marks.update(end_sum=moves[-1].get("end_sum"), credit=moves[-1].get("credit"))
    return Side(plays, marks, note)


def _side(case: Case, result: Mapping[str, Any] | None, note: str, *, echo: bool = True) -> Side:
    plays = _list(case.given.get("plays"))
    if case.cmd == "hand":
        return _hand_side(case.given, result, note, echo=echo)
    if case.cmd == "legal":
        marks = None if result is None else {"placements": _list(result.get("placements"))}
        return Side(plays, marks, note)
    return Side(plays, result, note)


def _keys(side: Side) -> set[tuple[Tile | None, str]]:
    """What a drawing says, entry by entry, with the tile each entry is drawn at."""
    out: set[tuple[Tile | None, str]] = set()
    marks = side.marks or {}
    for key in ("open", "counted", "placements"):
        for entry in _list(marks.get(key)):
            where = entry.get("on", entry) if isinstance(entry, Mapping) else None
            tile = as_tile(where.get("tile")) if isinstance(where, Mapping) else None
            out.add((tile, key + json.dumps(entry, sort_keys=True, default=str)))
    if "spinner" in marks:
        spinner = as_tile(marks.get("spinner"))
        out.add((spinner, "spinner" + json.dumps(marks.get("spinner"), default=str)))
    for play in side.plays:
        tile = as_tile(play.get("tile")) if isinstance(play, Mapping) else None
        out.add((tile, "play" + json.dumps(play, sort_keys=True, default=str)))
    return out


def case_board(case: Case, answer: Answer = None) -> CaseBoard | None:
    """The drawings of ``case`` (``table``, ``legal`` or ``hand``), with the engine's
    ``answer`` drawn beside the expectation; None for a case with no table to draw."""
    if case.cmd not in _DRAWN_CMDS:
        return None
    expected = _side(case, case.expect, _expected_note(case), echo=False)
    if answer is None:
        return CaseBoard(case.id, expected)
    result, note = _reply_body(answer)
    actual = _side(case, result, note)
    differ = _keys(expected) ^ _keys(actual)
    highlight = frozenset(t for t, _ in differ if t is not None)
    return CaseBoard(case.id, expected, actual, highlight)

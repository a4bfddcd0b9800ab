"""The generated block of each worked example of spec/rules.md, written from its fixture.

A worked example's numbers are written once, in its fixture case. The example shows
them in a block between ``<!-- BEGIN example -->`` and ``<!-- END example -->`` that
``example_block`` writes from the case (``python -m tools.regenerate spec``) and
a test compares with the case; nothing reads numbers back out of the text.

- a ``table`` case: its plays, the drawing the board module makes of them, and the
  attach points, counted ends and credits the case expects;
- a ``settle`` case: the tiles each seat holds, their pips and the rounded amount,
  and what each team loses;
- a ``hand`` or ``game`` case: its turn tables and drawings (``plays.play_block``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from conformance.board import draw_plays
from conformance.specdoc.plays import PlayError, play_block
from conformance.suite.fixtures import Case

__all__ = ["BLOCK_BEGIN", "BLOCK_END", "example_block", "table_marks"]

BLOCK_BEGIN = "<!-- BEGIN example -->"
BLOCK_END = "<!-- END example -->"
_MARKS = ("open", "counted", "end_sum", "credit")


def _tile(value: Sequence[int]) -> str:
    return f"`[{value[0]}|{value[1]}]`"


def _play(play: Mapping[str, Any]) -> str:
    if "on" not in play:
        return _tile(play["tile"])
    return f"{_tile(play['tile'])} on {_tile(play['on']['tile'])} {play['on']['side']}"


def table_marks(case: Case) -> dict[str, Any]:
    """What a table example's drawing writes beside the tiles: the case's expected
    attach points, counted ends, end sum and credit."""
    expect = case.expect or {}
    return {key: expect[key] for key in _MARKS if key in expect}


def _table_block(case: Case) -> list[str]:
    expect = case.expect or {}
    plays = case.given.get("plays") or []
    missing = [key for key in (*_MARKS, "credits") if key not in expect]
    if missing:
        raise PlayError(f"{case.id}: a table example needs the expected {', '.join(missing)}")
    lines = [f"Plays: {', '.join(_play(p) for p in plays)}.", "", "```text"]
    lines += [*draw_plays(plays, table_marks(case)).splitlines(), "```", ""]
    opened = ", ".join(f"{_tile(e['tile'])} {e['side']} {e['value']}" for e in expect["open"])
    counted = " + ".join(f"{_tile(e['tile'])} {e['value']}" for e in expect["counted"])
    credits = ", ".join(str(c) for c in expect["credits"])
    return [
        *lines,
        f"- Attach points: {opened or 'none'}.",
        f"- Counted ends: {counted or 'none'} = {expect['end_sum']}.",
        f"- Credit: {expect['credit']}. Credits in play order: {credits}.",
    ]


def _settle_block(case: Case) -> list[str]:
    expect = case.expect or {}
    hands = case.given.get("hands")
    keys = ("pips", "penalties", "deductions")
    if not isinstance(hands, list) or len(hands) != 4 or any(k not in expect for k in keys):
        raise PlayError(f"{case.id}: a count example needs four hands, pips, rounded amounts")
    lines = []
    for seat, held in enumerate(hands):
        tiles = " ".join(_tile(t) for t in held) or "nothing"
        pips, rounded = expect["pips"][seat], expect["penalties"][seat]
        lines.append(
            f"- Seat {seat} (team {seat % 2}) holds {tiles}: {pips} pips, rounded {rounded}."
        )
    team_0, team_1 = expect["deductions"]
    return [*lines, f"- Deducted: team 0 loses {team_0}, team 1 loses {team_1}."]


def example_block(case: Case) -> str:
    """The generated part of a worked example showing ``case`` (``PlayError`` when the
    case does not state what its example shows)."""
    if case.cmd == "table":
        return "\n".join(_table_block(case))
    if case.cmd == "settle":
        return "\n".join(_settle_block(case))
    return play_block(case).rstrip("\n")

"""The worked examples of spec/rules.md: read them, check them against their fixtures.

Each example is a block of rules.md::

    <a id="example-3"></a>

    #### Example 3: sequence A, step 3

    Fixture [`table.seed-a.step-3`](../fixtures/table/seed-sequence-a.yaml), transcribes: ...

    Plays: `[1|4]`, `[1|1]` on `[1|4]` low, `[4|4]` on `[1|4]` high.

    ```text
    (the drawing, written by ``--write``)
    ```

    - Attach points: `[1|1]` linear_b 1, `[4|4]` linear_b 4.
    - Counted ends: `[1|1]` 2 + `[4|4]` 8 = 10.
    - Credit: 10. Credits in play order: 5, 0, 10.

or, for the end-of-hand count, ``- Hands left: seat 0 `[1|2]`; seat 1 none; ...``,
``- Pips: ... Rounded: ...`` and ``- Deducted: team 0 N, team 1 M.``. The numbers are
written by hand in rules.md; ``disagreements`` compares them with the fixture case the
example names, so that the two cannot drift apart.

A play example (a ``hand`` or ``game`` case) holds instead a block between
``<!-- BEGIN play -->`` and ``<!-- END play -->``: its turn tables and drawings, written
from the fixture by ``conformance.specdoc.plays`` and compared with it here.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from conformance.board import draw_plays
from conformance.specdoc.plays import PlayError, play_block
from conformance.suite.fixtures import Case

__all__ = [
    "PLAY_BEGIN",
    "PLAY_END",
    "Example",
    "ExampleError",
    "disagreements",
    "drawing_for",
    "parse_examples",
]

PLAY_BEGIN = "<!-- BEGIN play -->"
PLAY_END = "<!-- END play -->"

_HEADING = re.compile(r"^#### Example (\d+): (.+)$")
_ANCHOR = re.compile(r'^<a id="example-(\d+)"></a>$')
_FIXTURE = re.compile(
    r"^Fixture \[`([^`]+)`\]\(\.\./([^)]+)\), (transcribes|implied|derived): (.+)\.$"
)
_TILE = r"`\[(\d)\|(\d)\]`"
_PLAY = re.compile(rf"^{_TILE}(?: on {_TILE} (\w+))?$")
_OPEN = re.compile(rf"^{_TILE} (\w+) (\d+)$")
_COUNTED = re.compile(rf"^{_TILE} (\d+)$")
_SEAT = re.compile(rf"^seat (\d) (none|{_TILE}(?: {_TILE})*)$")
_NUMBERS = r"(\d+(?:, \d+)*)"


class ExampleError(ValueError):
    """An example block of rules.md that does not follow the example format."""


@dataclass
class Example:
    """One worked example: what rules.md states, and where in the text it stands."""

    number: int
    title: str
    fixture: str = ""
    fixture_file: str = ""
    source: str = ""
    plays: list[dict[str, Any]] | None = None
    open: list[dict[str, Any]] = field(default_factory=list)
    counted: list[dict[str, Any]] = field(default_factory=list)
    end_sum: int | None = None
    credit: int | None = None
    credits: list[int] = field(default_factory=list)
    hands: list[list[list[int]]] | None = None
    pips: list[int] = field(default_factory=list)
    penalties: list[int] = field(default_factory=list)
    deductions: list[int] = field(default_factory=list)
    drawing: str | None = None
    plays_line: int = -1
    drawing_span: tuple[int, int] | None = None
    play: str | None = None
    """A play example's generated block (turn tables and drawings), as rules.md has it."""
    play_span: tuple[int, int] | None = None
    """The lines of rules.md between the play block's markers (start, end)."""

    @property
    def anchor(self) -> str:
        """The stable anchor of the example, ``example-3``."""
        return f"example-{self.number}"

    def result(self) -> dict[str, Any]:
        """The example's numbers as a table answer, for the drawing's marks."""
        return {
            "open": self.open,
            "counted": self.counted,
            "end_sum": self.end_sum,
            "credit": self.credit,
        }


def _tile(groups: tuple[str | Any, ...]) -> list[int]:
    return [int(groups[0]), int(groups[1])]


def _items(text: str, sep: str, pattern: re.Pattern[str], where: str) -> list[re.Match[str]]:
    out = []
    for item in text.split(sep):
        match = pattern.match(item)
        if match is None:
            raise ExampleError(f"{where}: cannot read {item!r}")
        out.append(match)
    return out


def _numbers(text: str) -> list[int]:
    return [int(n) for n in text.split(", ")]


def _read_line(example: Example, line: str, where: str) -> None:
    """Take the numbers of one line of an example block, if it holds any."""
    if match := _FIXTURE.match(line):
        example.fixture, example.fixture_file = match[1], match[2]
        example.source = f"{match[3]}: {match[4]}"
    elif line.startswith("Plays: ") and line.endswith("."):
        plays = []
        for m in _items(line[len("Plays: ") : -1], ", ", _PLAY, where):
            play: dict[str, Any] = {"tile": _tile(m.groups())}
            if m[3] is not None:
                play["on"] = {"tile": _tile(m.groups()[2:]), "side": m[5]}
            plays.append(play)
        example.plays = plays
    elif line.startswith("- Attach points: ") and line.endswith("."):
        opened = _items(line[len("- Attach points: ") : -1], ", ", _OPEN, where)
        example.open = [
            {"tile": _tile(m.groups()), "side": m[3], "value": int(m[4])} for m in opened
        ]
    elif match := re.match(r"^- Counted ends: (.+) = (\d+)\.$", line):
        counted = _items(match[1], " + ", _COUNTED, where)
        example.counted = [{"tile": _tile(m.groups()), "value": int(m[3])} for m in counted]
        example.end_sum = int(match[2])
    elif match := re.match(rf"^- Credit: (\d+)\. Credits in play order: {_NUMBERS}\.$", line):
        example.credit, example.credits = int(match[1]), _numbers(match[2])
    elif line.startswith("- Hands left: ") and line.endswith("."):
        seats = _items(line[len("- Hands left: ") : -1], "; ", _SEAT, where)
        if [int(m[1]) for m in seats] != [0, 1, 2, 3]:
            raise ExampleError(f"{where}: the hands must be given for seats 0, 1, 2, 3")
        example.hands = [
            [] if m[2] == "none" else [_tile(t) for t in re.findall(_TILE, m[2])] for m in seats
        ]
    elif match := re.match(rf"^- Pips: {_NUMBERS}\. Rounded: {_NUMBERS}\.$", line):
        example.pips, example.penalties = _numbers(match[1]), _numbers(match[2])
    elif match := re.match(r"^- Deducted: team 0 (\d+), team 1 (\d+)\.$", line):
        example.deductions = [int(match[1]), int(match[2])]


def _read_block(example: Example, lines: list[str], start: int, end: int) -> None:
    number = start
    while number < end:
        line = lines[number]
        if line == "```text" and example.plays_line >= 0 and example.drawing is None:
            close = lines.index("```", number + 1)
            example.drawing = "\n".join(lines[number + 1 : close])
            example.drawing_span = (number, close + 1)
            number = close + 1
            continue
        if line == PLAY_BEGIN:
            close = lines.index(PLAY_END, number + 1)
            example.play = "\n".join(lines[number + 1 : close])
            example.play_span = (number + 1, close)
            number = close + 1
            continue
        if line.startswith("Plays: "):
            example.plays_line = number
        _read_line(example, line, f"rules.md line {number + 1}")
        number += 1


def parse_examples(text: str) -> list[Example]:
    """The worked examples of a rules.md text, in order; ``ExampleError`` if malformed.

    Examples are numbered 1, 2, 3... in order, each preceded by its anchor.
    """
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if _HEADING.match(line)]
    examples = []
    for index, start in enumerate(starts):
        match = _HEADING.match(lines[start])
        assert match is not None  # the line was chosen because it matches
        example = Example(int(match[1]), match[2])
        if example.number != index + 1:
            raise ExampleError(f"rules.md line {start + 1}: expected Example {index + 1}")
        anchor = _ANCHOR.match(lines[start - 2]) if start >= 2 else None
        if anchor is None or int(anchor[1]) != example.number:
            raise ExampleError(f"rules.md line {start + 1}: no anchor {example.anchor!r} above")
        end = starts[index + 1] - 2 if index + 1 < len(starts) else len(lines)
        closing = (n for n in range(start + 1, end) if lines[n].startswith("<!-- END examples"))
        end = next(closing, end)
        _read_block(example, lines, start + 1, end)
        if not example.fixture:
            raise ExampleError(f"rules.md line {start + 1}: {example.anchor} names no fixture")
        examples.append(example)
    return examples


def drawing_for(example: Example) -> str | None:
    """The drawing the board module makes of the example's plays and numbers."""
    if example.plays is None:
        return None
    return draw_plays(example.plays, example.result())


def _bag(entries: Any) -> Counter[str]:
    # Order is free in answers (protocol: lists compared as multisets of entries).
    return Counter(repr(sorted(e.items())) for e in entries or [] if isinstance(e, Mapping))


def _table_problems(example: Example, case: Case) -> list[str]:
    expect = case.expect or {}
    out = []
    if example.plays != case.given.get("plays"):
        out.append("the plays differ from the fixture's given plays")
    checks = [
        ("attach points", _bag(example.open), _bag(expect.get("open"))),
        ("counted ends", _bag(example.counted), _bag(expect.get("counted"))),
        ("end sum", example.end_sum, expect.get("end_sum")),
        ("credit", example.credit, expect.get("credit")),
        ("credits in play order", example.credits, expect.get("credits")),
    ]
    out.extend(f"the {what} differ from the fixture's" for what, a, b in checks if a != b)
    if example.end_sum != sum(entry["value"] for entry in example.counted):
        out.append("the counted ends do not add up to the end sum stated")
    if example.drawing != drawing_for(example):
        out.append("the drawing is not the board module's (run python -m tools.regenerate)")
    return out


def _settle_problems(example: Example, case: Case) -> list[str]:
    expect = case.expect or {}
    checks = [
        ("hands left", example.hands, case.given.get("hands")),
        ("pips", example.pips, expect.get("pips")),
        ("rounded amounts", example.penalties, expect.get("penalties")),
        ("deductions", example.deductions, expect.get("deductions")),
    ]
    return [f"the {what} differ from the fixture's" for what, a, b in checks if a != b]


def disagreements(example: Example, cases: Mapping[str, Case]) -> list[str]:
    """Everything in which ``example`` and the fixture case it names disagree."""
    case = cases.get(example.fixture)
    if case is None:
        return [f"fixture case {example.fixture!r} does not exist"]
    out = []
    if case.file != example.fixture_file:
        out.append(f"the link points to {example.fixture_file}, the case is in {case.file}")
    if case.source != example.source:
        out.append(f"source {example.source!r} differs from the fixture's {case.source!r}")
    if case.cmd == "table" and example.plays is not None:
        out.extend(_table_problems(example, case))
    elif case.cmd == "settle" and example.hands is not None:
        out.extend(_settle_problems(example, case))
    elif case.cmd in ("hand", "game") and example.play is not None:
        out.extend(_play_problems(example, case))
    else:
        out.append(f"a {case.cmd} case needs the numbers of a table, settle or play example")
    return [f"Example {example.number} ({example.fixture}): {problem}" for problem in out]


def _play_problems(example: Example, case: Case) -> list[str]:
    try:
        fresh = play_block(case)
    except PlayError as exc:
        return [str(exc)]
    if example.play != fresh:
        return [
            "the turn tables and drawings are not the fixture's (run python -m tools.regenerate)"
        ]
    return []

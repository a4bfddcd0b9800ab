"""The worked examples of spec/rules.md: find them, check them against their fixtures.

Each example stands under the procedure step or rule it illustrates, as a block::

    <a id="example-3"></a>

    #### Example 3: sequence A, step 3

    Fixture [`table.seed-a.step-3`](../fixtures/table/seed-sequence-a.yaml), transcribes: ...

    <!-- BEGIN example -->
    (written from the fixture by ``python -m tools.regenerate spec``)
    <!-- END example -->

    Prose that explains it.

The numbers of an example are written once, in its fixture: the block between the
markers is ``conformance.specdoc.blocks.example_block`` of the case, and
``disagreements`` compares the two as text, so that they cannot drift apart. Nothing
here reads a number out of the prose.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from conformance.specdoc.blocks import BLOCK_BEGIN, BLOCK_END, example_block
from conformance.specdoc.plays import PlayError
from conformance.suite.fixtures import Case

__all__ = ["Example", "ExampleError", "disagreements", "parse_examples"]

_HEADING = re.compile(r"^#### Example (\d+): (.+)$")
_ANCHOR = re.compile(r'^<a id="example-(\d+)"></a>$')
_FIXTURE = re.compile(
    r"^Fixture \[`([^`]+)`\]\(\.\./([^)]+)\), (transcribes|implied|derived): (.+)\.$"
)


class ExampleError(ValueError):
    """An example block of rules.md that does not follow the example format."""


@dataclass(frozen=True)
class Example:
    """One worked example: its number and title, the fixture case it shows, and the
    generated block as rules.md has it (``block_span``: the lines between its markers)."""

    number: int
    title: str
    fixture: str
    fixture_file: str
    source: str
    block: str | None = None
    block_span: tuple[int, int] | None = None
    fixture_line: int = -1
    """The index in rules.md's lines of the example's fixture line."""

    @property
    def anchor(self) -> str:
        """The stable anchor of the example, ``example-3``."""
        return f"example-{self.number}"


def _example(lines: list[str], start: int, end: int, number: int, title: str) -> Example:
    where = f"rules.md line {start + 1}"
    found = [(n, m) for n in range(start + 1, end) if (m := _FIXTURE.match(lines[n]))]
    if not found:
        raise ExampleError(f"{where}: example-{number} names no fixture")
    at, fixture = found[0]
    block, span = None, None
    if BLOCK_BEGIN in lines[start + 1 : end]:
        begin = lines.index(BLOCK_BEGIN, start + 1)
        if BLOCK_END not in lines[begin + 1 : end]:
            raise ExampleError(f"{where}: example-{number} has no {BLOCK_END!r}")
        close = lines.index(BLOCK_END, begin + 1)
        block, span = "\n".join(lines[begin + 1 : close]), (begin + 1, close)
    source = f"{fixture[3]}: {fixture[4]}"
    return Example(number, title, fixture[1], fixture[2], source, block, span, at)


def parse_examples(text: str) -> list[Example]:
    """The worked examples of a rules.md text, in order; ``ExampleError`` if malformed.

    Examples are numbered 1, 2, 3... each once, in any order (a number is a stable
    name, and an example stands under the step it illustrates), each preceded by its
    anchor; one ends at the next heading. They are returned by number.
    """
    lines = text.splitlines()
    starts = [n for n, line in enumerate(lines) if _HEADING.match(line)]
    examples = []
    numbers = sorted(int(m[1]) for m in map(_HEADING.match, (lines[s] for s in starts)) if m)
    if numbers != list(range(1, len(starts) + 1)):
        raise ExampleError(f"rules.md: the examples are not numbered 1 to {len(starts)} once each")
    for start in starts:
        match = _HEADING.match(lines[start])
        assert match is not None  # the line was chosen because it matches
        number = int(match[1])
        anchor = _ANCHOR.match(lines[start - 2]) if start >= 2 else None
        if anchor is None or int(anchor[1]) != number:
            raise ExampleError(f"rules.md line {start + 1}: no anchor 'example-{number}' above")
        end = next((n for n in range(start + 1, len(lines)) if lines[n].startswith("#")), None)
        examples.append(_example(lines, start, end or len(lines), number, match[2]))
    return sorted(examples, key=lambda example: example.number)


def disagreements(example: Example, cases: Mapping[str, Case]) -> list[str]:
    """Everything in which ``example`` and the fixture case it names disagree."""
    case = cases.get(example.fixture)
    if case is None:
        return [f"Example {example.number}: fixture case {example.fixture!r} does not exist"]
    out = []
    if case.file != example.fixture_file:
        out.append(f"the link points to {example.fixture_file}, the case is in {case.file}")
    if case.source != example.source:
        out.append(f"source {example.source!r} differs from the fixture's {case.source!r}")
    try:
        fresh = example_block(case)
    except PlayError as exc:
        out.append(str(exc))
    else:
        if example.block != fresh:
            out.append(
                "the block is not the one written from the fixture (run python -m tools.regenerate)"
            )
    return [f"Example {example.number} ({example.fixture}): {problem}" for problem in out]

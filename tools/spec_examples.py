"""Check or rewrite the generated parts of spec/rules.md, from the fixtures and the text.

- the drawing of each table example, from its plays (``conformance.board``);
- the turn tables and drawings of each play example, from its fixture case
  (``conformance.specdoc.plays``);
- the *Seed:* part of each rule line, from the sentence table of section 11.2;
- the *Examples:* part of each rule line: the examples whose fixture cites the rule.

    python -m tools.regenerate spec   # rewrite its generated parts (with --check: compare)

A test runs the check, so the generated parts cannot drift from their sources.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from conformance.specdoc.examples import Example, drawing_for, parse_examples
from conformance.specdoc.plays import play_block
from conformance.suite.fixtures import Case
from conformance.suite.rules import RULE_LINE
from conformance.suite.traceability import figure_rows, seed_sections, sentence_rows

__all__ = ["regenerate", "rule_examples"]

_GENERATED_TAIL = re.compile(r"(?: \*Seed:\* [^*]+\.)?(?: \*Examples:\* [^*]+\.)?$")


def rule_examples(examples: Sequence[Example], cases: Mapping[str, Case]) -> dict[str, list[int]]:
    """For each rule ID, the numbers of the examples whose fixture case cites it."""
    found: dict[str, list[int]] = {}
    for example in examples:
        case = cases.get(example.fixture)
        for rule_id in case.rules if case is not None else ():
            found.setdefault(rule_id, []).append(example.number)
    return found


def _with_drawings(
    lines: list[str], examples: Sequence[Example], cases: Mapping[str, Case]
) -> None:
    # From the last example up, so that earlier line numbers stay valid.
    for example in reversed(examples):
        if example.play_span is not None and example.fixture in cases:
            start, end = example.play_span
            lines[start:end] = play_block(cases[example.fixture]).splitlines()
            continue
        drawing = drawing_for(example)
        if drawing is None:
            continue
        fence = ["```text", *drawing.splitlines(), "```"]
        if example.drawing_span is not None:
            start, end = example.drawing_span
            lines[start:end] = fence
        else:
            at = example.plays_line + 1
            lines[at:at] = ["", *fence]


def _tail(sections: Sequence[str], numbers: Sequence[int]) -> str:
    tail = f" *Seed:* {'; '.join(sections)}." if sections else ""
    if numbers:
        links = ", ".join(f"[{n}](#example-{n})" for n in sorted(set(numbers)))
        tail += f" *Examples:* {links}."
    return tail


def regenerate(text: str, cases: Mapping[str, Case]) -> str:
    """``text`` (rules.md) with its drawings, play blocks and rule-line tails made afresh
    from the fixture ``cases`` (by id) and the sentence table."""
    lines = text.splitlines()
    examples = parse_examples(text)
    _with_drawings(lines, examples, cases)
    sections = seed_sections([*sentence_rows(text), *figure_rows(text)])
    numbers = rule_examples(examples, cases)
    for index, line in enumerate(lines):
        match = RULE_LINE.match(line)
        if match is None or match[3] == "withdrawn":
            continue
        kept = _GENERATED_TAIL.sub("", line)
        lines[index] = kept + _tail(sections.get(match[1], ()), numbers.get(match[1], ()))
    return "\n".join(lines) + "\n"

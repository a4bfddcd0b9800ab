"""Traceability of spec/rules.md to the Italian seed, and the checks of its form.

Every rule names the seed sections it comes from; every seed section is cited by a
rule or its content is listed as out of scope, with a reason. ``problems`` also
checks what makes rules.md a normative document: each rule a requirement in RFC 2119
keywords, each reading and theorem marked, in its own section, with its reason.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from conformance.suite.fixtures import SEED_HEADINGS
from conformance.suite.rules import RULE_LINE, Rule

__all__ = [
    "SEED_SECTIONS",
    "OutOfScope",
    "citing_rules",
    "out_of_scope",
    "problems",
    "traceability_table",
]

SEED_SECTIONS: tuple[str, ...] = ("preamble", *SEED_HEADINGS, "Fonte")
"""The seed's sections in order: its untitled opening paragraph, its ten rule sections
(the headings a fixture ``source`` may cite) and its closing attribution."""

_OUT_OF_SCOPE = re.compile(r"^- Out of scope \(([^)]+)\): (.+?) \*Why:\* (.+)$")
_KEYWORD = re.compile(r"\b(MUST|MUST NOT|SHALL|SHOULD|REQUIRED|MAY|RECOMMENDED|OPTIONAL)\b")
_LOWER_KEYWORD = re.compile(r"\b(must|shall|should|required|may|recommended|optional)\b")
# Words that announce an interpretation, or a rule that does not say what it requires.
_HEDGES = re.compile(r"\b(normally|usually|generally|typically|we read|interpret\w*)\b", re.I)
_SECTION_OF_KIND = {"reading": "Readings", "theorem": "Theorems"}


@dataclass(frozen=True)
class OutOfScope:
    """A part of the seed that binds no engine: its section, what it is, and why."""

    section: str
    what: str
    why: str


def out_of_scope(text: str) -> list[OutOfScope]:
    """The out-of-scope lines of a rules.md text."""
    return [
        OutOfScope(match[1], match[2], match[3])
        for match in map(_OUT_OF_SCOPE.match, text.splitlines())
        if match is not None
    ]


def citing_rules(rules: Mapping[str, Rule]) -> dict[str, list[str]]:
    """For each seed section, the IDs of the rules in force that cite it."""
    table: dict[str, list[str]] = {section: [] for section in SEED_SECTIONS}
    for rule in rules.values():
        if rule.withdrawn:
            continue
        for section in rule.seed:
            table.setdefault(section, []).append(rule.id)
    return table


def traceability_table(rules: Mapping[str, Rule], text: str) -> str:
    """The Markdown table of seed sections and the rules that cite them."""
    outside = {item.section for item in out_of_scope(text)}
    lines = ["| Seed section | Rules that cite it |", "| --- | --- |"]
    for section, ids in citing_rules(rules).items():
        cited = ", ".join(f"`{rule_id}`" for rule_id in ids) or "none"
        if section in outside:
            cited += " (and content out of scope, below)"
        lines.append(f"| {section} | {cited} |")
    return "\n".join(lines)


def _section_problems(rules: Mapping[str, Rule], text: str) -> list[str]:
    out = []
    known = set(SEED_SECTIONS)
    for rule in rules.values():
        if not rule.withdrawn and not rule.seed:
            out.append(f"{rule.id}: names no seed section")
        out.extend(f"{rule.id}: unknown seed section {s!r}" for s in rule.seed if s not in known)
    items = out_of_scope(text)
    out.extend(
        f"out of scope: unknown seed section {item.section!r}"
        for item in items
        if item.section not in known
    )
    cited = citing_rules(rules)
    outside = {item.section for item in items}
    out.extend(
        f"seed section {section!r} is neither cited by a rule nor out of scope"
        for section in SEED_SECTIONS
        if not cited[section] and section not in outside
    )
    return out


def _wording_problems(rule: Rule) -> list[str]:
    out: list[str] = []
    if rule.withdrawn:
        return out
    if rule.kind != "theorem" and not _KEYWORD.search(rule.text):
        out.append(f"{rule.id}: states no requirement (no MUST, MUST NOT or MAY)")
    if rule.kind == "theorem" and _KEYWORD.search(rule.text):
        out.append(f"{rule.id}: a theorem adds no requirement; it uses an RFC 2119 keyword")
    if lower := _LOWER_KEYWORD.search(rule.text):
        out.append(f"{rule.id}: lower-case {lower[0]!r}; write the keyword in capitals")
    if rule.kind == "rule" and (hedge := _HEDGES.search(rule.text)):
        out.append(f"{rule.id}: {hedge[0]!r} marks an interpretation: make it a reading")
    if rule.kind != "rule" and not rule.why:
        out.append(f"{rule.id}: a {rule.kind} says why (*Why:*)")
    return out


def _placement_problems(text: str) -> list[str]:
    """Readings and theorems stand in their own sections, and nowhere else."""
    out = []
    heading = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("## "):
            heading = line
            continue
        if line.startswith("- `") and RULE_LINE.match(line) is None and "`:" in line:
            out.append(f"rules.md line {number}: looks like a rule line but does not parse")
        match = RULE_LINE.match(line)
        if match is None:
            continue
        kind = match[3] if match[3] in _SECTION_OF_KIND else "rule"
        for other, title in _SECTION_OF_KIND.items():
            if (kind == other) != heading.endswith(title):
                out.append(f"rules.md line {number}: `{match[1]}` is misplaced for a {kind}")
    return out


def problems(rules: Mapping[str, Rule], text: str) -> list[str]:
    """Everything that keeps rules.md from being traceable and normative."""
    out = _section_problems(rules, text)
    out.extend(item for rule in rules.values() for item in _wording_problems(rule))
    out.extend(_placement_problems(text))
    return out

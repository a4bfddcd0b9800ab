"""The normative rules, read from spec/rules.md: one ``Rule`` per rule line."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from conformance.suite.resources import rules_path

__all__ = ["RULE_LINE", "Rule", "load_rules", "parse_rules", "rule_group"]

RULE_LINE = re.compile(r"^- `([a-z0-9.-]+)`( \(withdrawn\))?: (.*)$")
"""A rule line of spec/rules.md: identifier, optional withdrawal mark, statement."""


@dataclass(frozen=True)
class Rule:
    """One rule of spec/rules.md, identified by a stable ID such as ``spinner.first-double``."""

    id: str
    text: str
    withdrawn: bool = False

    @property
    def group(self) -> str:
        """The rule group: the part of the ID before the first dot (``spinner``)."""
        return rule_group(self.id)

    def __str__(self) -> str:
        mark = " (withdrawn)" if self.withdrawn else ""
        return f"{self.id}{mark}: {self.text}"


def rule_group(rule_id: str) -> str:
    """The group of a rule ID: the part before the first dot."""
    return rule_id.split(".", 1)[0]


def parse_rules(text: str) -> dict[str, Rule]:
    """Parse the rule lines of a rules.md text, in order of appearance, keyed by ID.

    Raises ``ValueError`` when an ID appears twice: IDs are stable and unique.
    """
    rules: dict[str, Rule] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = RULE_LINE.match(line)
        if match is None:
            continue
        rule_id, withdrawn, statement = match.groups()
        if rule_id in rules:
            raise ValueError(f"rules.md line {number}: rule ID {rule_id!r} appears twice")
        rules[rule_id] = Rule(rule_id, statement, withdrawn is not None)
    return rules


def load_rules(path: Path | None = None) -> dict[str, Rule]:
    """Read the rules from ``path``, by default the suite's own spec/rules.md."""
    source = path if path is not None else rules_path()
    return parse_rules(source.read_text(encoding="utf-8"))

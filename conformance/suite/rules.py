"""The normative rules, read from spec/rules.md: one ``Rule`` per rule line.

A rule line reads ``- `group.name` (mark): statement. *ID:* note. *Why:* reason.
*Steps:* steps. *Seed:* a; b. *Examples:* examples.`` where the mark (``reading``,
``theorem`` or ``withdrawn``) and every part after the statement are optional, in that
order. *Steps:* and *Examples:* are Markdown links (``[After a placement, step 4]
(#after-a-placement-4)``, ``[30](#example-30)``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from conformance.suite.resources import rules_path

__all__ = ["RULE_LINE", "Rule", "RuleKind", "load_rules", "parse_rules", "rule_group"]

RuleKind = Literal["rule", "reading", "theorem"]
"""What a rule line states: a rule of the seed, a reading of it, or a consequence."""

RULE_LINE = re.compile(r"^- `([a-z0-9.-]+)`( \((withdrawn|reading|theorem)\))?: (.*)$")
"""A rule line of spec/rules.md: identifier, optional mark, statement."""

_TAIL = re.compile(
    r"^(?P<text>.*?)(?: \*ID:\* (?P<id_note>.*?))?(?: \*Why:\* (?P<why>.*?))?"
    r"(?: \*Steps:\* (?P<steps>[^*]+?)\.)?(?: \*Seed:\* (?P<seed>[^*]+)\.)?"
    r"(?: \*Examples:\* (?P<examples>[^*]+)\.)?$"
)
_LINK = re.compile(r"\[[^\]]+\]\(#([a-z0-9-]+)\)")
_EXAMPLE_LINK = re.compile(r"\(#example-(\d+)\)")


@dataclass(frozen=True)
class Rule:
    """One rule of spec/rules.md, identified by a stable ID such as ``spinner.first-double``.

    ``text`` is the requirement alone; ``why`` says why the seed allows a reading or
    why a theorem holds; ``seed`` names the seed sections the rule comes from;
    ``id_note`` says how to read an identifier whose words no longer fit; ``steps``
    holds the anchors of the procedure steps the rule rests on
    (``after-a-placement-4``); ``examples`` the numbers of the worked examples that
    show it.
    """

    id: str
    text: str
    withdrawn: bool = False
    kind: RuleKind = "rule"
    why: str = ""
    seed: tuple[str, ...] = ()
    id_note: str = ""
    steps: tuple[str, ...] = ()
    examples: tuple[int, ...] = ()

    @property
    def group(self) -> str:
        """The rule group: the part of the ID before the first dot (``spinner``)."""
        return rule_group(self.id)

    def __str__(self) -> str:
        mark = " (withdrawn)" if self.withdrawn else ""
        if self.kind != "rule":
            mark = f" ({self.kind})"
        return f"{self.id}{mark}: {self.text}"


def rule_group(rule_id: str) -> str:
    """The group of a rule ID: the part before the first dot."""
    return rule_id.split(".", 1)[0]


def _parse_line(rule_id: str, mark: str | None, statement: str) -> Rule:
    match = _TAIL.match(statement)
    # _TAIL matches any string: every part after the text is optional.
    assert match is not None
    seed = match["seed"]
    kind: RuleKind = mark if mark in ("reading", "theorem") else "rule"  # type: ignore[assignment]
    return Rule(
        id=rule_id,
        text=match["text"],
        withdrawn=mark == "withdrawn",
        kind=kind,
        why=match["why"] or "",
        seed=tuple(part.strip() for part in seed.split(";")) if seed else (),
        id_note=match["id_note"] or "",
        steps=tuple(_LINK.findall(match["steps"] or "")),
        examples=tuple(int(n) for n in _EXAMPLE_LINK.findall(match["examples"] or "")),
    )


def parse_rules(text: str) -> dict[str, Rule]:
    """Parse the rule lines of a rules.md text, in order of appearance, keyed by ID.

    Raises ``ValueError`` when an ID appears twice: IDs are stable and unique.
    """
    rules: dict[str, Rule] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        match = RULE_LINE.match(line)
        if match is None:
            continue
        rule_id, _, mark, statement = match.groups()
        if rule_id in rules:
            raise ValueError(f"rules.md line {number}: rule ID {rule_id!r} appears twice")
        rules[rule_id] = _parse_line(rule_id, mark, statement)
    return rules


def load_rules(path: Path | None = None) -> dict[str, Rule]:
    """Read the rules from ``path``, by default the suite's own spec/rules.md."""
    source = path if path is not None else rules_path()
    return parse_rules(source.read_text(encoding="utf-8"))

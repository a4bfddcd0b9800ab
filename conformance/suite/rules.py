"""The normative rules, read from spec/rules.md: one ``Rule`` per rule line.

A rule line reads ``- `group.name` (mark): statement. *ID:* note. *Why:* reason.
*Steps:* steps. *Seed:* a; b. *Examples:* examples.`` where the mark (``reading``,
``theorem`` or ``withdrawn``) and every part after the statement are optional, in that
order. *Steps:* and *Examples:* are Markdown links (``[After a placement, step 4]
(#after-a-placement-4)``, ``[30](#example-30)``).

A renamed rule keeps its old ID as an alias: rules.md lists each as
``- `old.id` → `new.id``` between ``<!-- BEGIN aliases -->`` and ``<!-- END aliases -->``,
and ``Rule.aliases`` holds the old IDs of a rule, so that fixtures and expected-failure
lists written for an old ID keep working.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Literal

from conformance.suite.resources import DataNotFoundError, rules_path

__all__ = [
    "RULE_LINE",
    "Rule",
    "RuleKind",
    "load_rules",
    "parse_aliases",
    "parse_rules",
    "renamed",
    "rule_group",
    "suite_renames",
]

RuleKind = Literal["rule", "reading", "theorem"]
"""What a rule line states: a rule of the seed, a reading of it, or a consequence."""

RULE_LINE = re.compile(r"^- `([a-z0-9.-]+)`( \((withdrawn|reading|theorem)\))?: (.*)$")
"""A rule line of spec/rules.md: identifier, optional mark, statement."""

_TAIL = re.compile(
    r"^(?P<text>.*?)(?: \*ID:\* (?P<id_note>.*?))?(?: \*Why:\* (?P<why>.*?))?"
    r"(?: \*Steps:\* (?P<steps>[^*]+?)\.)?(?: \*Seed:\* (?P<seed>[^*]+)\.)?"
    r"(?: \*Examples:\* (?P<examples>[^*]+)\.)?$"
)
ALIAS_LINE = re.compile(r"^- `([a-z0-9.-]+)` \u2192 `([a-z0-9.-]+)`$")
"""An alias line of spec/rules.md: the old ID, then the ID it was renamed to."""
_ALIASES_BEGIN = "<!-- BEGIN aliases -->"
_ALIASES_END = "<!-- END aliases -->"
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
    show it; ``aliases`` the old IDs the rule was published under, which still name it.
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
    aliases: tuple[str, ...] = ()

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


def parse_aliases(text: str) -> dict[str, str]:
    """The renamed IDs of a rules.md text: each old ID and the ID it now reads as."""
    if _ALIASES_BEGIN not in text:
        return {}
    start = text.index(_ALIASES_BEGIN)
    body = text[start : text.find(_ALIASES_END, start)]
    return {m[1]: m[2] for m in map(ALIAS_LINE.match, body.splitlines()) if m is not None}


def parse_rules(text: str) -> dict[str, Rule]:
    """Parse the rule lines of a rules.md text, in order of appearance, keyed by ID,
    each with the old IDs that alias it.

    Raises ``ValueError`` when an ID appears twice (IDs are stable and unique), or when
    an alias is itself a rule's ID or names no rule.
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
    old_ids: dict[str, list[str]] = {}
    for old, new in parse_aliases(text).items():
        if old in rules or new not in rules:
            raise ValueError(f"rules.md: alias {old!r} -> {new!r} must rename a rule to it")
        old_ids.setdefault(new, []).append(old)
    for new, olds in old_ids.items():
        rules[new] = replace(rules[new], aliases=tuple(olds))
    return rules


def renamed(rules: Mapping[str, Rule]) -> dict[str, str]:
    """Each old ID of ``rules`` and the ID it now reads as."""
    return {old: rule.id for rule in rules.values() for old in rule.aliases}


@cache
def suite_renames() -> Mapping[str, str]:
    """The renamed IDs of the suite's own spec/rules.md (empty when it cannot be read):
    what an expected-failure list or a ``--rule`` option written for an old ID means."""
    try:
        return parse_aliases(rules_path().read_text(encoding="utf-8"))
    except (DataNotFoundError, OSError):
        return {}


def load_rules(path: Path | None = None) -> dict[str, Rule]:
    """Read the rules from ``path``, by default the suite's own spec/rules.md."""
    source = path if path is not None else rules_path()
    return parse_rules(source.read_text(encoding="utf-8"))

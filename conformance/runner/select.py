"""Choosing cases: by id glob, rule ID prefix and command, as ``run -k/--rule/--cmd`` do."""

from __future__ import annotations

import difflib
import fnmatch
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from conformance.suite.fixtures import Case
from conformance.suite.rules import suite_renames

__all__ = ["NoMatch", "select_cases", "unmatched_filters"]


@dataclass(frozen=True)
class NoMatch:
    """One filter value that selects no case of those loaded, on its own."""

    option: str
    """``-k``, ``--rule`` or ``--cmd``."""
    value: str
    suggestions: tuple[str, ...] = ()
    """Close names that would match (for ``--rule``: rule IDs and groups)."""


def select_cases(
    cases: Iterable[Case],
    *,
    keywords: Sequence[str] = (),
    rules: Sequence[str] = (),
    cmds: Collection[str] = (),
) -> list[Case]:
    """The cases matching every kind of criterion given (any value within a kind).

    ``keywords`` are globs on the case id (a plain word matches as a substring);
    ``rules`` are prefixes of rule IDs (an old ID of a renamed rule selects it under
    its new one); ``cmds`` are command names.
    """
    renames = suite_renames()
    rules = [renames.get(p, p) for p in rules]

    def by_keyword(case: Case) -> bool:
        for pattern in keywords:
            if any(ch in pattern for ch in "*?["):
                if fnmatch.fnmatchcase(case.id, pattern):
                    return True
            elif pattern in case.id:
                return True
        return False

    out = []
    for case in cases:
        if keywords and not by_keyword(case):
            continue
        if rules and not any(r.startswith(p) for r in case.rules for p in rules):
            continue
        if cmds and case.cmd not in cmds:
            continue
        out.append(case)
    return out


def unmatched_filters(
    cases: Sequence[Case],
    *,
    keywords: Sequence[str] = (),
    rules: Sequence[str] = (),
    cmds: Collection[str] = (),
    rule_ids: Iterable[str] = (),
) -> list[NoMatch]:
    """The filter values that select no case on their own, each with close rule IDs or
    groups for ``--rule`` (from ``rule_ids`` and those the cases cite). Empty when every
    value selects some case: then only their combination selects none."""
    out = [NoMatch("-k", k) for k in keywords if not select_cases(cases, keywords=[k])]
    cited = {r for case in cases for r in case.rules}
    names = sorted(cited | set(rule_ids))
    names += sorted({name.split(".", 1)[0] for name in names})
    for prefix in rules:
        if not select_cases(cases, rules=[prefix]):
            close = difflib.get_close_matches(prefix, names, n=3, cutoff=0.6)
            out.append(NoMatch("--rule", prefix, tuple(close)))
    out += [NoMatch("--cmd", c) for c in cmds if not select_cases(cases, cmds=[c])]
    return out

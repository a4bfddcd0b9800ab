"""Choosing cases: by id glob, rule ID prefix and command, as ``run -k/--rule/--cmd`` do."""

from __future__ import annotations

import fnmatch
from collections.abc import Collection, Iterable, Sequence

from conformance.suite.fixtures import Case
from conformance.suite.rules import suite_renames

__all__ = ["select_cases"]


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

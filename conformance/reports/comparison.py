"""What a comparison of engines shows: the cases that tell them apart, and each engine's
summary. Typed data; the terminal matrix and the page are drawn from it.

A case is shown when some engine fails it or errs on it (or passes a listed expected
failure): a case that one engine skips and the others pass is no difference, since an
engine that does not implement a command says nothing about that command's rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from conformance.runner.outcomes import Outcome, RunResult
from conformance.suite.fixtures import Case
from conformance.suite.rules import rule_group

__all__ = [
    "COMPARE_FORMAT",
    "Comparison",
    "EngineSummary",
    "GroupScore",
    "Row",
    "compare_runs",
    "comparison_object",
]

COMPARE_FORMAT = 1
"""The version of ``compare --format json``'s object (its ``format`` key)."""


@dataclass(frozen=True)
class Row:
    """One case of the matrix: its id, description and each engine's outcome."""

    case_id: str
    description: str
    outcomes: tuple[Outcome, ...]


@dataclass(frozen=True)
class GroupScore:
    """One engine's cases of one rule group: how many passed of those judged."""

    group: str
    passed: int
    judged: int
    """Cases passed, failed or errored (skips are no verdict)."""

    @property
    def share(self) -> float | None:
        """passed / judged, or None when nothing of the group was judged."""
        return self.passed / self.judged if self.judged else None

    def text(self) -> str:
        """``12/20``, or ``-`` when no case of the group was judged."""
        return f"{self.passed}/{self.judged}" if self.judged else "-"


@dataclass(frozen=True)
class EngineSummary:
    """One engine's row of the summary: its totals and its conformance per rule group."""

    passed: int
    failed: int
    errored: int
    skipped: int
    groups: tuple[GroupScore, ...]


@dataclass(frozen=True)
class Comparison:
    """The matrix of a comparison: rows grouped by rule, and a summary per engine."""

    rules: tuple[tuple[str, tuple[Row, ...]], ...]
    """(rule ID, rows), in rules.md order; a case is listed under its first rule."""
    summaries: tuple[EngineSummary, ...]
    groups: tuple[str, ...]
    """The rule groups of the selected cases, in rules.md order."""
    total: int
    """Cases selected."""
    differing: int
    """Cases some engine fails or errs on."""

    @property
    def shown(self) -> int:
        """Cases listed in the matrix."""
        return sum(len(rows) for _, rows in self.rules)


_BAD = frozenset({Outcome.FAILED, Outcome.ERRORED, Outcome.XPASSED})


def _summary(run: RunResult, groups: Sequence[str]) -> EngineSummary:
    totals = run.totals()
    by_group = run.by_group()
    scores = []
    for group in groups:
        counts = by_group.get(group, {})
        passed = counts.get(Outcome.PASSED.value, 0) + counts.get(Outcome.XPASSED.value, 0)
        judged = passed + sum(
            counts.get(o.value, 0) for o in (Outcome.FAILED, Outcome.ERRORED, Outcome.XFAILED)
        )
        scores.append(GroupScore(group, passed, judged))
    return EngineSummary(
        passed=totals[Outcome.PASSED.value],
        failed=totals[Outcome.FAILED.value] + totals[Outcome.XFAILED.value],
        errored=totals[Outcome.ERRORED.value],
        skipped=totals[Outcome.SKIPPED.value],
        groups=tuple(scores),
    )


def compare_runs(
    cases: Sequence[Case],
    runs: Sequence[RunResult],
    rule_order: Mapping[str, object],
    *,
    every: bool = False,
) -> Comparison:
    """The comparison of `runs` (one per engine, each over `cases`); `every` lists every
    case, not only those some engine fails or errs on."""
    outcomes = [{r.case.id: r.outcome for r in run.results} for run in runs]
    grouped: dict[str, list[Row]] = {}
    differing = 0
    for case in cases:
        cells = tuple(o.get(case.id, Outcome.SKIPPED) for o in outcomes)
        bad = any(c in _BAD for c in cells)
        differing += bad
        if every or bad:
            rule = case.rules[0] if case.rules else "(no rule)"
            grouped.setdefault(rule, []).append(Row(case.id, case.description, cells))
    order = {rule_id: i for i, rule_id in enumerate(rule_order)}
    rules = sorted(grouped.items(), key=lambda item: (order.get(item[0], len(order)), item[0]))
    group_order = {rule_group(rule_id): i for i, rule_id in reversed(list(enumerate(rule_order)))}
    seen = {rule_group(r) for case in cases for r in case.rules}
    groups = sorted(seen, key=lambda g: (group_order.get(g, len(group_order)), g))
    return Comparison(
        rules=tuple((rule, tuple(rows)) for rule, rows in rules),
        summaries=tuple(_summary(run, groups) for run in runs),
        groups=tuple(groups),
        total=len(cases),
        differing=differing,
    )


def comparison_object(
    comparison: Comparison, runs: Sequence[RunResult], labels: Sequence[str]
) -> dict[str, Any]:
    """The comparison as ``compare --format json`` writes it: each engine's totals and
    scores per rule group, then each case shown with its rule and every engine's
    outcome (in the order of ``engines``)."""
    engines = []
    for label, run, summary in zip(labels, runs, comparison.summaries, strict=True):
        info = run.engine
        engines.append(
            {
                "label": label,
                "name": info.name if info else None,
                "version": info.version if info else None,
                "argv": list(info.argv) if info else None,
                "passed": summary.passed,
                "failed": summary.failed,
                "errored": summary.errored,
                "skipped": summary.skipped,
                "groups": {
                    score.group: {"passed": score.passed, "judged": score.judged}
                    for score in summary.groups
                },
                "aborted": run.aborted,
            }
        )
    return {
        "format": COMPARE_FORMAT,
        "total": comparison.total,
        "differing": comparison.differing,
        "groups": list(comparison.groups),
        "engines": engines,
        "cases": [
            {
                "id": row.case_id,
                "rule": rule,
                "outcomes": [outcome.value for outcome in row.outcomes],
            }
            for rule, rows in comparison.rules
            for row in rows
        ],
    }

"""Expected-failure lists, one entry a line, ``#`` starting a comment.

An entry is a case id, ``rule:RULE.ID`` (cases citing that rule may fail; the fuzzer
leaves out divergences a mutant breaking that rule reproduces) or ``mutant:NAME``
(the fuzzer leaves out divergences that catalogue mutant reproduces). A ``rule:`` entry
may name a rule by an old ID that spec/rules.md lists as renamed: it reads as the new one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.rules import suite_renames

__all__ = [
    "ExpectFail",
    "format_expect_fail",
    "parse_expect_fail",
    "read_expect_fail",
    "write_expect_fail",
]


@dataclass(frozen=True)
class ExpectFail:
    """What an expected-failure file lists: case ids, rule ids and mutant names."""

    cases: frozenset[str] = frozenset()
    rules: frozenset[str] = frozenset()
    mutants: frozenset[str] = frozenset()

    def apply(self, result: CaseResult) -> CaseResult:
        """A case's verdict with the list taken into account: a listed case that fails is
        xfailed and one that passes xpassed (which fails the run); a failing case citing a
        listed rule is xfailed. Every other verdict is kept."""
        if result.case.id in self.cases:
            if result.outcome is Outcome.FAILED:
                return replace(result, outcome=Outcome.XFAILED)
            if result.outcome is Outcome.PASSED:
                return replace(
                    result,
                    outcome=Outcome.XPASSED,
                    message="unexpectedly passed: remove it from the list",
                )
        elif result.outcome is Outcome.FAILED and self.rules.intersection(result.case.rules):
            return replace(result, outcome=Outcome.XFAILED)
        return result

    def unknown(self, case_ids: Collection[str]) -> list[str]:
        """The listed case ids that are not among `case_ids`, sorted: a renamed case
        would otherwise stay listed as an expected failure that nothing checks."""
        return sorted(self.cases.difference(case_ids))

    def explains(self, mutants: Collection[str], rules_of: Collection[str]) -> bool:
        """Whether a divergence reproduced by `mutants` (breaking `rules_of`) is listed."""
        return bool(self.mutants & set(mutants)) or bool(self.rules & set(rules_of))


def parse_expect_fail(text: str, renames: Mapping[str, str] | None = None) -> ExpectFail:
    """The entries of an expected-failure text; a ``rule:`` entry naming an old ID of
    ``renames`` (by default the suite's renamed IDs) is read as the new ID."""
    renames = suite_renames() if renames is None else renames
    cases: set[str] = set()
    rules: set[str] = set()
    mutants: set[str] = set()
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        kind, _, name = entry.partition(":")
        if not entry:
            continue
        if name and kind.strip() == "rule":
            rules.add(renames.get(name.strip(), name.strip()))
        elif name and kind.strip() == "mutant":
            mutants.add(name.strip())
        else:
            cases.add(entry)
    return ExpectFail(frozenset(cases), frozenset(rules), frozenset(mutants))


def read_expect_fail(path: Path) -> ExpectFail:
    """Read an expected-failure file; raises ``OSError`` when it cannot be read."""
    return parse_expect_fail(path.read_text(encoding="utf-8"))


def format_expect_fail(result: RunResult) -> str:
    """The current failures of a run as an expected-failure file."""
    engine = str(result.engine) if result.engine else "unknown engine"
    failing = sorted(
        r.case.id for r in result.results if r.outcome in (Outcome.FAILED, Outcome.XFAILED)
    )
    lines = [
        f"# Expected failures of {engine}",
        "# (cases that currently fail; remove a line once the engine passes it)",
        *failing,
    ]
    return "\n".join(lines) + "\n"


def write_expect_fail(path: Path, result: RunResult) -> int:
    """Write the current failures to ``path``; return how many were written."""
    text = format_expect_fail(result)
    path.write_text(text, encoding="utf-8")
    return sum(1 for line in text.splitlines() if line and not line.startswith("#"))

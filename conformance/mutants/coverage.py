"""Rule coverage: how many cases cite each rule, and which mutants those cases kill."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from conformance.mutants.kill import MutantResult
from conformance.suite.fixtures import Case
from conformance.suite.rules import Rule

__all__ = ["RuleCoverage", "rule_coverage"]


@dataclass
class RuleCoverage:
    """The cases citing one rule, split into positive cases and refusals."""

    rule: Rule
    positive: int = 0
    refusals: int = 0
    kills: list[str] = field(default_factory=list)

    @property
    def cases(self) -> int:
        """All cases citing the rule."""
        return self.positive + self.refusals


def rule_coverage(
    rules: Mapping[str, Rule],
    cases: Sequence[Case],
    matrix: Sequence[MutantResult] = (),
) -> list[RuleCoverage]:
    """One entry per rule of rules.md, in its order.

    A rule kills a mutant when some case citing the rule failed against the mutant.
    """
    table = {rule_id: RuleCoverage(rule) for rule_id, rule in rules.items()}
    by_id = {case.id: case for case in cases}
    for case in cases:
        for rule_id in dict.fromkeys(case.rules):
            entry = table.get(rule_id)
            if entry is None:
                continue
            if case.expect_rejected is not None:
                entry.refusals += 1
            else:
                entry.positive += 1
    for mutant in matrix:
        for rule_id in dict.fromkeys(r for k in mutant.killers for r in by_id[k].rules):
            if rule_id in table:
                table[rule_id].kills.append(mutant.name)
    return list(table.values())

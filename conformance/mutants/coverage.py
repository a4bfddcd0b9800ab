"""Rule coverage: the cases citing each rule, and whether they catch the mutants breaking it.

A mutant declares the rules it breaks (`reference_impl.mutants`). For each rule, the
meaningful question is whether the cases *citing that rule* kill each mutant that
breaks it: a mutant caught only by cases about other rules means the rule's own cases
would let that misreading through.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from conformance.mutants.kill import MutantResult
from conformance.suite.fixtures import Case
from conformance.suite.messages import Rejection
from conformance.suite.rules import Rule

__all__ = ["Breaker", "RuleCoverage", "rule_coverage"]


@dataclass(frozen=True)
class Breaker:
    """A mutant that breaks a rule, with the cases citing the rule that fail against it."""

    mutant: str
    killers: tuple[str, ...]

    @property
    def killed(self) -> bool:
        """Whether some case citing the rule catches the mutant."""
        return bool(self.killers)


@dataclass
class RuleCoverage:
    """The cases citing one rule, split into positive cases and refusals, and the
    mutants breaking the rule."""

    rule: Rule
    positive: int = 0
    refusals: int = 0
    breakers: list[Breaker] = field(default_factory=list)

    @property
    def cases(self) -> int:
        """All cases citing the rule."""
        return self.positive + self.refusals

    @property
    def survivors(self) -> list[str]:
        """Mutants breaking the rule that no case citing it catches."""
        return [b.mutant for b in self.breakers if not b.killed]


def rule_coverage(
    rules: Mapping[str, Rule],
    cases: Sequence[Case],
    matrix: Sequence[MutantResult] = (),
) -> list[RuleCoverage]:
    """One entry per rule of rules.md, in its order.

    Each mutant of `matrix` is listed under the rules it declares it breaks, with the
    cases citing that rule among those that failed against it.
    """
    table = {rule_id: RuleCoverage(rule) for rule_id, rule in rules.items()}
    citing: dict[str, set[str]] = {rule_id: set() for rule_id in rules}
    for case in cases:
        for rule_id in dict.fromkeys(case.rules):
            entry = table.get(rule_id)
            if entry is None:
                continue
            citing[rule_id].add(case.id)
            if isinstance(case.expected, Rejection):
                entry.refusals += 1
            else:
                entry.positive += 1
    for mutant in matrix:
        for rule_id in dict.fromkeys(mutant.rules):
            if rule_id in table:
                killers = tuple(k for k in mutant.killers if k in citing[rule_id])
                table[rule_id].breakers.append(Breaker(mutant.name, killers))
    return list(table.values())

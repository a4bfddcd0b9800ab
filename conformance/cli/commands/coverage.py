"""``coverage``: each rule with the cases that cite it and the mutants they kill."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from conformance.cli.commands import Command
from conformance.cli.commands.common import error
from conformance.engine.client import EngineStartError
from conformance.suite.fixtures import FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import load_rules

if TYPE_CHECKING:
    from conformance.mutants.coverage import RuleCoverage

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--no-mutants", action="store_true", help="count cases only; do not run the mutants"
    )
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="mutants run at once")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _execute(args: argparse.Namespace) -> int:
    from conformance.mutants.coverage import rule_coverage
    from conformance.mutants.kill import MutantResult, kill_matrix, reference_failures

    try:
        rules = load_rules()
        cases = load_cases([fixtures_dir()], rules=rules)
        matrix: list[MutantResult] = []
        if not args.no_mutants:
            failing = reference_failures(cases)
            if failing:
                error(f"the reference engine fails {', '.join(failing)}: fix these first")
                return 2
            matrix = kill_matrix(cases, jobs=max(1, args.jobs))
    except (FixtureError, DataNotFoundError, ValueError, EngineStartError) as exc:
        error(str(exc))
        return 2
    coverage = rule_coverage(rules, cases, matrix)
    live = [c for c in coverage if not c.rule.withdrawn]
    uncovered = [c.rule.id for c in live if not c.cases]
    survivors = [(c.rule.id, name) for c in live for name in c.survivors]
    if args.format == "json":
        sys.stdout.write(json.dumps(_json(coverage, uncovered, survivors, args.no_mutants)) + "\n")
    else:
        _print_text(coverage, len(cases), uncovered, survivors, args.no_mutants)
    for rule_id in uncovered:
        error(f"rule {rule_id} is cited by no case")
    for rule_id, name in survivors:
        error(f"no case citing {rule_id} catches the mutant {name}, which breaks that rule")
    return 1 if uncovered or survivors else 0


def _json(
    coverage: list[RuleCoverage],
    uncovered: list[str],
    survivors: list[tuple[str, str]],
    no_mutants: bool,
) -> dict[str, Any]:
    return {
        "rules": [
            {
                "id": c.rule.id,
                "withdrawn": c.rule.withdrawn,
                "positive": c.positive,
                "refusals": c.refusals,
                "mutants": None
                if no_mutants
                else [
                    {"name": b.mutant, "killed": b.killed, "killers": list(b.killers)}
                    for b in c.breakers
                ],
            }
            for c in coverage
        ],
        "uncovered": uncovered,
        "survivors": [{"rule": rule_id, "mutant": name} for rule_id, name in survivors],
    }


def _print_text(
    coverage: list[RuleCoverage],
    cases: int,
    uncovered: list[str],
    survivors: list[tuple[str, str]],
    no_mutants: bool,
) -> None:
    width = max(len(c.rule.id) for c in coverage)
    print(f"{'rule':<{width}}  positive  refusals  mutants breaking the rule: caught by its cases?")
    for c in coverage:
        if c.rule.withdrawn:
            print(f"{c.rule.id:<{width}}  (withdrawn)")
            continue
        if no_mutants:
            verdicts = "-"
        else:
            verdicts = (
                ", ".join(f"{b.mutant} {'killed' if b.killed else 'SURVIVED'}" for b in c.breakers)
                or "(no mutant breaks it)"
            )
        print(f"{c.rule.id:<{width}}  {c.positive:>8}  {c.refusals:>8}  {verdicts}")
    live = [c for c in coverage if not c.rule.withdrawn]
    print(
        f"\n{len(live) - len(uncovered)} of {len(live)} rules cited by at least one of "
        f"{cases} cases"
    )
    if not no_mutants:
        pairs = sum(len(c.breakers) for c in live)
        broken = sum(1 for c in live if c.breakers)
        print(
            f"{broken} rules broken by some mutant; {pairs - len(survivors)} of {pairs} "
            "(rule, mutant) pairs caught by the rule's own cases"
        )


COMMAND = Command(
    name="coverage",
    help="show, rule by rule, the cases citing it and whether they catch the mutants breaking it",
    description="Print each rule ID of spec/rules.md with the number of cases citing it "
    "(positive cases and refusals) and, for each mutant engine that breaks the rule (as the "
    "catalogue declares), whether the cases citing the rule kill it. Exit 0: every rule is "
    "cited and its cases catch every mutant breaking it; 1: some rule has no case or lets a "
    "mutant breaking it survive; 2: could not run.",
    configure=_configure,
    execute=_execute,
)

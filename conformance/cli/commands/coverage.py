"""``coverage``: each rule with the cases that cite it and the mutants they kill."""

from __future__ import annotations

import argparse
import json
import sys

from conformance.cli.commands import Command
from conformance.cli.commands.common import error
from conformance.engine.client import EngineStartError
from conformance.suite.fixtures import FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import load_rules

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
    if args.format == "json":
        report = {
            "rules": [
                {
                    "id": c.rule.id,
                    "withdrawn": c.rule.withdrawn,
                    "positive": c.positive,
                    "refusals": c.refusals,
                    "kills": None if args.no_mutants else c.kills,
                }
                for c in coverage
            ],
            "uncovered": uncovered,
        }
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        width = max(len(c.rule.id) for c in coverage)
        print(f"{'rule':<{width}}  positive  refusals  mutants killed")
        for c in coverage:
            if c.rule.withdrawn:
                print(f"{c.rule.id:<{width}}  (withdrawn)")
                continue
            kills = "-" if args.no_mutants else (", ".join(c.kills) or "none")
            print(f"{c.rule.id:<{width}}  {c.positive:>8}  {c.refusals:>8}  {kills}")
        print(
            f"\n{len(live) - len(uncovered)} of {len(live)} rules cited by at least one of "
            f"{len(cases)} cases"
        )
    for rule_id in uncovered:
        error(f"rule {rule_id} is cited by no case")
    return 1 if uncovered else 0


COMMAND = Command(
    name="coverage",
    help="show, rule by rule, the cases that cite it and the mutants they kill",
    description="Print each rule ID of spec/rules.md with the number of cases citing it "
    "(positive cases and refusals) and the mutants killed by those cases. Exit 0: every rule "
    "is cited; 1: some rule has no case; 2: could not run.",
    configure=_configure,
    execute=_execute,
)

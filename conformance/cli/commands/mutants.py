"""``mutants``: run the suite against every mutant engine and print the kill matrix."""

from __future__ import annotations

import argparse
import json
import sys

from conformance.cli.commands import Command
from conformance.cli.commands.common import error, positive_float
from conformance.engine.client import EngineStartError
from conformance.suite.fixtures import FixtureError, load_cases
from conformance.suite.resources import DataNotFoundError, fixtures_dir
from conformance.suite.rules import load_rules

__all__ = ["COMMAND"]


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--mutant", action="append", default=[], metavar="NAME", help="only this mutant (repeat)"
    )
    parser.add_argument("--jobs", type=int, default=2, metavar="N", help="mutants run at once")
    parser.add_argument(
        "--timeout", type=positive_float, default=5.0, metavar="SECONDS", help="per reply"
    )
    parser.add_argument("--format", choices=("text", "json"), default="text")


def _execute(args: argparse.Namespace) -> int:
    from conformance.mutants.kill import kill_matrix, reference_failures

    if args.jobs < 1:
        error("--jobs must be at least 1")
        return 2
    try:
        cases = load_cases([fixtures_dir()], rules=load_rules())
        failing = reference_failures(cases, timeout=args.timeout)
        if failing:
            error(
                "the suite fails against the reference engine itself, so it cannot judge "
                f"mutants; fix these cases first: {', '.join(failing)}"
            )
            return 2
        matrix = kill_matrix(cases, names=args.mutant or None, jobs=args.jobs, timeout=args.timeout)
    except (FixtureError, DataNotFoundError, ValueError, EngineStartError) as exc:
        error(str(exc))
        return 2
    broken = [m for m in matrix if m.error]
    for m in broken:
        error(f"mutant {m.name} could not run: {m.error}")
    killed = sum(1 for m in matrix if m.killed)
    if args.format == "json":
        report = {
            "cases": len(cases),
            "mutants": [
                {
                    "name": m.name,
                    "description": m.description,
                    "rules": list(m.rules),
                    "killed": m.killed,
                    "killers": list(m.killers),
                    "error": m.error,
                }
                for m in matrix
            ],
            "killed": killed,
            "total": len(matrix),
        }
        sys.stdout.write(json.dumps(report) + "\n")
    else:
        width = max(len(m.name) for m in matrix)
        for m in matrix:
            verdict = "killed  " if m.killed else "SURVIVED"
            detail = (
                f"by {len(m.killers)} case(s): {', '.join(m.first_killers)}"
                if m.killed
                else f"({m.description}) — add a fixture for {', '.join(m.rules)}"
            )
            print(f"{m.name:<{width}}  {verdict}  {detail}")
        rate = 100.0 * killed / len(matrix) if matrix else 0.0
        print(f"\n{killed} of {len(matrix)} mutants killed ({rate:.0f}%) by {len(cases)} cases")
    if broken:
        return 2
    return 0 if killed == len(matrix) else 1


COMMAND = Command(
    name="mutants",
    help="measure the suite: run it against every mutant engine",
    description="Run the suite against each mutant of the reference engine (one deliberate "
    "misreading of the rules each) and print which mutants the suite kills, with the first "
    "cases that killed them. Exit 0: every mutant killed; 1: some survived; 2: could not run.",
    configure=_configure,
    execute=_execute,
)

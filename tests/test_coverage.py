"""Rule coverage: every rule of spec/rules.md is cited by some case."""

from __future__ import annotations

import subprocess
import sys

from conformance.mutants.coverage import rule_coverage
from conformance.mutants.kill import MutantResult
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import Rule, load_rules


def test_every_rule_is_cited_by_at_least_one_case() -> None:
    rules = load_rules()
    cases = load_cases([fixtures_dir()], rules=rules)
    assert len(cases) >= 150
    coverage = rule_coverage(rules, cases)
    uncovered = [c.rule.id for c in coverage if not c.rule.withdrawn and c.cases == 0]
    assert uncovered == []


def _case(case_id: str, rules: tuple[str, ...], refusal: bool) -> Case:
    return Case(
        id=case_id,
        description="",
        rules=rules,
        source="derived",
        cmd="table",
        given={"plays": []},
        expect=None if refusal else {},
        expect_rejected={"code": "bad_request"} if refusal else None,
    )


def test_rule_coverage_counts_positive_cases_refusals_and_kills() -> None:
    rules = {"a.one": Rule("a.one", "One."), "a.two": Rule("a.two", "Two.")}
    cases = [
        _case("c1", ("a.one",), refusal=False),
        _case("c2", ("a.one", "a.one"), refusal=True),
        _case("c3", ("a.one",), refusal=False),
    ]
    matrix = [MutantResult("m", "wrong", ("a.one",), ("c2",))]
    one, two = rule_coverage(rules, cases, matrix)
    assert (one.positive, one.refusals, one.kills) == (2, 1, ["m"])
    assert (two.cases, two.kills) == (0, [])


def test_coverage_command_lists_every_rule() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "coverage", "--no-mutants"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    for rule_id in load_rules():
        assert rule_id in done.stdout

"""Rule coverage: every rule of spec/rules.md is cited by some case."""

from __future__ import annotations

import json
import subprocess
import sys

from conformance.mutants.coverage import rule_coverage
from conformance.mutants.kill import MutantResult, mutant_catalogue
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


def test_rule_coverage_counts_positive_cases_refusals_and_breakers() -> None:
    rules = {"a.one": Rule("a.one", "One."), "a.two": Rule("a.two", "Two.")}
    cases = [
        _case("c1", ("a.one",), refusal=False),
        _case("c2", ("a.one", "a.one"), refusal=True),
        _case("c3", ("a.two",), refusal=False),
    ]
    # m breaks a.one and is caught by c2 (citing a.one). n breaks a.one too, but only
    # c3, a case about a.two, catches it: a.one's own cases let it survive.
    matrix = [
        MutantResult("m", "wrong", ("a.one",), ("c2",)),
        MutantResult("n", "wrong too", ("a.one",), ("c3",)),
        MutantResult("o", "unrelated", ("b.other",), ("c1",)),
    ]
    one, two = rule_coverage(rules, cases, matrix)
    assert (one.positive, one.refusals) == (1, 1)
    assert [(b.mutant, b.killed, b.killers) for b in one.breakers] == [
        ("m", True, ("c2",)),
        ("n", False, ()),
    ]
    assert one.survivors == ["n"]
    assert (two.cases, two.breakers) == (1, [])


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


def test_coverage_command_lists_the_mutants_breaking_each_rule() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "coverage", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stderr
    report = json.loads(done.stdout)
    citing: dict[str, set[str]] = {}
    for case in load_cases([fixtures_dir()], rules=load_rules()):
        for rule_id in case.rules:
            citing.setdefault(rule_id, set()).add(case.id)
    declared = {name: rules for name, (_, rules) in mutant_catalogue().items()}
    for entry in report["rules"]:
        names = [m["name"] for m in entry["mutants"]]
        assert set(names) == {n for n, rules in declared.items() if entry["id"] in rules}
        for mutant in entry["mutants"]:
            assert set(mutant["killers"]) <= citing.get(entry["id"], set())
            assert mutant["killed"] == bool(mutant["killers"])
    survivors = [(s["rule"], s["mutant"]) for s in report["survivors"]]
    assert (done.returncode == 1) == bool(survivors or report["uncovered"])
    for rule_id, name in survivors:
        assert f"no case citing {rule_id} catches the mutant {name}" in done.stderr

"""Per-rule tables count a failure against the rules that decide a field it got wrong."""

from __future__ import annotations

import shlex
import sys

from conformance.api import load_rules, load_suite, run
from conformance.mutants.fields import field_of
from conformance.reports.fault import counts_against, outcome_per_rule
from conformance.reports.html import _rule_rows
from conformance.runner.compare import Mismatch
from conformance.runner.outcomes import CaseResult, Outcome
from conformance.suite.rule_fields import REFUSAL, RULE_FIELDS

POOLED = shlex.join([sys.executable, "-m", "reference_impl.adapter", "--mutant", "partners-pooled"])


def _answer_fields() -> set[str]:
    """Every field the suite's expected answers have, named as RULE_FIELDS names them."""
    found: set[str] = set()

    def walk(value: object, path: str) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                sub = f"{path}.{key}" if path else key
                found.add(field_of(f"result.{sub}").removeprefix("hands."))
                walk(inner, sub)
        elif isinstance(value, list):
            for inner in value:
                walk(inner, f"{path}[0]")

    for case in load_suite():
        walk(case.expect, "")
    return found - {"hands"}


def test_every_rule_decides_fields_that_answers_have() -> None:
    assert set(RULE_FIELDS) == set(load_rules())
    known = _answer_fields() | {REFUSAL}
    assert len(known) > 20
    for rule, fields in RULE_FIELDS.items():
        assert fields, rule
        assert fields <= known, (rule, fields - known)


def test_pooled_rounding_is_not_counted_against_the_pip_value() -> None:
    cases = [c for c in load_suite() if "material.pip-value" in c.rules]
    result = run(POOLED, cases)
    failed = [r for r in result.results if r.outcome is Outcome.FAILED]
    assert failed, "the mutant must fail a case citing the pip value for this to mean anything"
    rows = {row["id"]: row for row in _rule_rows(result.results, load_rules())}
    # Every failure got the deductions wrong, never a tile's pips or a player's penalty.
    assert rows["material.pip-value"]["bad"] == 0
    assert rows["material.pip-value"]["counts"]["passed"] == len(cases)
    assert rows["settle.own-team"]["bad"] == len(failed)
    for r in failed:
        assert counts_against(r) == ("settle.own-team",)
        assert outcome_per_rule(r)["material.pip-value"] is Outcome.PASSED
        assert outcome_per_rule(r)["settle.own-team"] is Outcome.FAILED


def test_an_errored_case_counts_against_every_rule_it_cites() -> None:
    [case] = [c for c in load_suite() if c.id == "settle.round.remainder-1"]
    errored = CaseResult(case=case, outcome=Outcome.ERRORED, message="no reply")
    assert counts_against(errored) == case.rules
    # And a failure whose differing field no cited rule decides counts against them all.
    odd = CaseResult(
        case=case, outcome=Outcome.FAILED, message="", mismatches=(Mismatch("result.x", ""),)
    )
    assert counts_against(odd) == case.rules

"""The JSON report records the suite's case list and what each case not passing expected."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema
import pytest

from conformance.runner.execute import reference_engine
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules
from tests.support.cli import REPORT_SCHEMA, TEST_FIXTURES, cli, report, run_fake

MUTANT = "every-double-spinner"


def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(REPORT_SCHEMA.read_text()))


@pytest.fixture(scope="module")
def suite_ids() -> list[str]:
    return [c.id for c in load_cases([fixtures_dir()], rules=load_rules())]


@pytest.fixture(scope="module")
def mutant_report() -> dict[str, Any]:
    argv, _ = reference_engine()
    done = cli("run", "--engine", " ".join([*argv, "--mutant", MUTANT]), "--format", "json")
    assert done.returncode == 1, done.stderr
    return report(done)


def test_a_selection_still_lists_every_case_of_the_suite(suite_ids: list[str]) -> None:
    done = cli("run", "-k", "table.seed-a.*", "--format", "json")
    assert done.returncode == 0, done.stderr
    data = report(done)
    _validator().validate(data)
    assert data["format"] == "seven-rocks-conformance-report/2"
    assert data["suite"]["cases"] == suite_ids
    run = [c["id"] for c in data["cases"]]
    assert 0 < len(run) < len(suite_ids) and set(run) <= set(suite_ids)


def test_cases_of_added_fixtures_are_not_the_suites(suite_ids: list[str]) -> None:
    done = cli("run", "--fixtures", str(TEST_FIXTURES), "--format", "json", "-k", "*open*")
    data = report(done)
    _validator().validate(data)
    assert data["suite"]["cases"] == suite_ids
    extra = {c["id"] for c in data["cases"]} - set(suite_ids)
    assert extra and all(i.startswith("fake.") for i in extra)


def test_without_the_suite_its_cases_are_unknown() -> None:
    data = report(run_fake("good"))
    _validator().validate(data)
    assert data["suite"]["cases"] is None


def test_each_case_not_passing_carries_its_expected_answer(mutant_report: dict[str, Any]) -> None:
    _validator().validate(mutant_report)
    cases = {c.id: c for c in load_cases([fixtures_dir()], rules=load_rules())}
    failed = [c for c in mutant_report["cases"] if c["outcome"] == "failed"]
    assert failed
    for entry in failed:
        assert entry["expected"] == json.loads(json.dumps(cases[entry["id"]].expected_reply()))
    rejected = [c for c in failed if "rejected" in c["expected"]]
    for entry in rejected:
        assert entry["expected"]["rejected"]["code"]
    assert all("expected" not in c for c in mutant_report["cases"] if c["outcome"] == "passed")


def test_format_1_reports_stay_valid_and_format_2_needs_the_case_list(
    mutant_report: dict[str, Any],
) -> None:
    old = copy.deepcopy(mutant_report)
    old["format"] = "seven-rocks-conformance-report/1"
    del old["suite"]["cases"]
    for case in old["cases"]:
        case.pop("expected", None)
    validator = _validator()
    validator.validate(old)
    old["format"] = "seven-rocks-conformance-report/2"
    errors = list(validator.iter_errors(old))
    assert [e.message for e in errors] == ["'cases' is a required property"]

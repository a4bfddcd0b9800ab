"""Loading fixtures and rules: YAML details, semantic lint, selection."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.runner.execute import select_cases
from conformance.suite.fixtures import FixtureError, lint, load_cases, load_yaml
from conformance.suite.rules import Rule, load_rules, parse_rules
from tests.support.cli import BAD_FIXTURES, TEST_FIXTURES


def test_on_is_a_key_not_a_boolean() -> None:
    # YAML 1.1 reads on/off/yes/no as booleans; placements use the key "on".
    data = load_yaml("a: {tile: [1, 4], on: {tile: [4, 4], side: high}}\nb: [yes, no, off]\n")
    assert data["a"]["on"] == {"tile": [4, 4], "side": "high"}
    assert data["b"] == ["yes", "no", "off"]
    assert load_yaml("[true, false, null, 3]") == [True, False, None, 3]


def test_rules_md_parses() -> None:
    rules = load_rules()
    assert len(rules) > 40
    assert rules["spinner.first-double"].group == "spinner"
    assert all(rule.text for rule in rules.values())


def test_rule_lines_and_withdrawn_rules() -> None:
    text = (
        "# Title\n- `a.one`: First.\n- `b.two` (withdrawn): Gone.\n"
        "-  `not.a-rule`: bad spacing\n- `Upper.case`: not an ID\n"
    )
    assert parse_rules(text) == {
        "a.one": Rule("a.one", "First."),
        "b.two": Rule("b.two", "Gone.", withdrawn=True),
    }
    with pytest.raises(ValueError, match="twice"):
        parse_rules("- `a.one`: x\n- `a.one`: y\n")


def test_withdrawn_rules_may_not_be_cited(tmp_path: Path) -> None:
    rules = parse_rules(
        "- `scoring.end-sum` (withdrawn): x\n- `scoring.multiple-of-five`: y\n"
        "- `scoring.other-sums-nothing`: z\n- `reading.well-formed-input`: w\n"
        "- `settle.round-each-player`: v\n- `settle.own-team`: u\n- `turn.clockwise`: t\n"
    )
    problems = lint([TEST_FIXTURES], rules=rules, schema=False).problems
    assert {(p.case, "withdrawn" in p.message) for p in problems} == {
        ("fake.table.open-1-4", True),
        ("fake.table.open-2-3", True),
    }


def test_load_the_test_fixtures() -> None:
    cases = load_cases([TEST_FIXTURES])
    assert [c.id for c in cases][:2] == ["fake.table.open-1-4", "fake.table.open-0-1"]
    first = cases[0]
    assert first.request(7) == {"cmd": "table", "seq": 7, "plays": [{"tile": [1, 4]}]}
    assert first.file.endswith("fake.yaml")


def test_load_refuses_bad_fixtures_naming_file_and_case() -> None:
    with pytest.raises(FixtureError) as caught:
        load_cases([BAD_FIXTURES])
    text = str(caught.value)
    assert "b.yaml: bad.dup: duplicate id" in text
    assert "a.yaml: bad.unknown-rule" in text


def test_ids_unique_across_folders() -> None:
    with pytest.raises(FixtureError, match="duplicate id"):
        load_cases([TEST_FIXTURES, TEST_FIXTURES])


def test_empty_folder(tmp_path: Path) -> None:
    problems = lint([tmp_path]).problems
    assert len(problems) == 1 and "no fixture files" in problems[0].message


def test_suite_fixtures_found_and_clean() -> None:
    from conformance.suite.resources import fixtures_dir

    result = lint([fixtures_dir()])
    assert result.files > 0 and result.cases > 0
    assert [str(p) for p in result.problems] == []


def test_selection_in_python() -> None:
    cases = load_cases([TEST_FIXTURES])
    assert len(select_cases(cases)) == len(cases)
    assert [c.id for c in select_cases(cases, cmds={"settle"})] == ["fake.settle.rounding"]
    assert len(select_cases(cases, keywords=["fake.table.*"], rules=["reading"])) == 1

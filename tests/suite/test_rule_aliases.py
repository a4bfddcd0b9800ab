"""A renamed rule keeps its old ID as an alias: fixtures, expected-failure lists and
``--rule`` written for the old ID keep working, and read as the new one."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance.runner.expectfail import parse_expect_fail
from conformance.runner.select import select_cases
from conformance.suite.fixtures import lint, load_cases
from conformance.suite.rules import load_rules, parse_rules, renamed, suite_renames

OLD_CASE = """\
title: a case written before the rename
cases:
  - id: mine.opening-double-mirror
    description: "An opening [2|2]: [2|3] goes on either linear side."
    rules: [place.one-per-end-point, reading.mirror-opening-double]
    source: "derived: Posare una tessera"
    cmd: legal
    given:
      plays: [{tile: [2, 2]}]
      hand: [[2, 3]]
    expect:
      placements:
        - {tile: [2, 3], "on": {tile: [2, 2], side: linear_a}}
        - {tile: [2, 3], "on": {tile: [2, 2], side: linear_b}}
"""


def test_the_renamed_ids_are_listed_in_the_spec() -> None:
    rules = load_rules()
    names = renamed(rules)
    assert names["place.one-per-end-point"] == "reading.one-placement-per-attach-point"
    assert names["reading.mirror-opening-double"] == "place.mirror-opening-double"
    assert names["game.scores-carried"] == "reading.scores-carried"
    assert dict(suite_renames()) == names
    assert not set(names) & set(rules)


def test_a_fixture_citing_an_old_id_loads_under_the_new_one(tmp_path: Path) -> None:
    (tmp_path / "old.yaml").write_text(OLD_CASE, encoding="utf-8")
    assert lint([tmp_path]).problems == []
    (case,) = load_cases([tmp_path])
    assert case.rules == ("reading.one-placement-per-attach-point", "place.mirror-opening-double")
    assert select_cases([case], rules=["place.one-per-end-point"]) == [case]
    assert select_cases([case], rules=["game.scores-carried"]) == []


def test_an_expected_failure_by_an_old_id_reads_as_the_new_one() -> None:
    listed = parse_expect_fail("rule:end.no-action-after  # written for 0.1\nrule:win.target\n")
    assert listed.rules == {"reading.no-action-after-end", "win.target"}
    assert parse_expect_fail("rule:end.no-action-after", {}).rules == {"end.no-action-after"}


def test_an_alias_must_rename_an_existing_rule_to_an_unused_id() -> None:
    line = "- `a.new`: The engine MUST do it.\n- `a.other`: The engine MUST do that.\n"
    block = "<!-- BEGIN aliases -->\n{}\n<!-- END aliases -->\n"
    assert parse_rules(line + block.format("- `a.old` → `a.new`"))["a.new"].aliases == ("a.old",)
    with pytest.raises(ValueError, match="alias"):
        parse_rules(line + block.format("- `a.other` → `a.new`"))
    with pytest.raises(ValueError, match="alias"):
        parse_rules(line + block.format("- `a.old` → `a.gone`"))

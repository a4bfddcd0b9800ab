"""A case cites only rules its command can observe: ``lint`` refuses any other."""

from __future__ import annotations

import json
from pathlib import Path

from conformance.suite.fixtures import lint
from conformance.suite.observable import COMMAND_GROUPS, unobservable
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules, rule_group
from tests.support.cli import cli

TABLE_CASE = """\
title: a table case citing a team
cases:
  - id: mine.table.team
    description: "[1|4] opens: 5, credited to the placing team."
    rules: [scoring.multiple-of-five, {cited}]
    source: "derived: Punti della posa"
    cmd: table
    given:
      plays: [{{tile: [1, 4]}}]
    expect:
      end_sum: 5
      credit: 5
"""


def test_the_suites_cases_cite_only_what_they_can_observe() -> None:
    assert [
        p for p in lint([fixtures_dir()], schema=False).problems if "observe" in p.message
    ] == []


def test_every_group_is_observed_by_some_command() -> None:
    groups = {rule_group(rule_id) for rule_id in load_rules()}
    assert groups == set().union(*COMMAND_GROUPS.values())


def test_a_command_without_seats_or_passes_cannot_observe_them() -> None:
    assert unobservable("table", ["scoring.placing-team", "scoring.end-sum"]) == [
        "'table' cannot observe 'scoring.placing-team': the command has no seats"
    ]
    assert unobservable("legal", ["place.must-play", "place.pass-when-blocked"]) != []
    assert unobservable("legal", ["win.target"]) == [
        "'legal' cannot observe 'win.target': its reply shows no win rule"
    ]
    assert unobservable("hand", ["place.must-play", "scoring.placing-team", "win.target"]) == []
    assert unobservable("settle", ["settle.own-team", "players.shared-score"]) == []


def test_lint_refuses_a_case_citing_what_it_cannot_observe(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").write_text(
        TABLE_CASE.format(cited="scoring.placing-team"), encoding="utf-8"
    )
    done = cli("lint", "--format", "json", str(tmp_path))
    assert done.returncode == 1
    [problem] = json.loads(done.stdout)["problems"]
    assert (problem["kind"], problem["case"]) == ("unobservable", "mine.table.team")
    (tmp_path / "mine.yaml").write_text(
        TABLE_CASE.format(cited="scoring.end-sum"), encoding="utf-8"
    )
    assert cli("lint", str(tmp_path)).returncode == 0

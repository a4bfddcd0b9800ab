"""End-to-end through the command line, as a user runs it: selection, expected failures,
JSON and JUnit output, lint, smoke, exit codes."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from conformance.suite.fixtures import lint
from tests.support.cli import (
    BAD_FIXTURES,
    REPORT_SCHEMA,
    TEST_FIXTURES,
    cli,
    fake,
    outcomes,
    report,
    run_fake,
)


def validate_report(data: object) -> None:
    schema = json.loads(REPORT_SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(data)


@pytest.mark.parametrize(
    ("args", "ids"),
    [
        (["-k", "fake.table.*"], {"open-1-4", "open-0-1", "open-2-3", "bad-tile"}),
        (["-k", "settle"], {"rounding"}),
        (["-k", "*open-?-4"], {"open-1-4"}),
        (["-k", "open-1-4", "-k", "open-2-3"], {"open-1-4", "open-2-3"}),
        (["--rule", "scoring"], {"open-1-4", "open-0-1", "open-2-3"}),
        (["--rule", "scoring.end-sum"], {"open-1-4", "open-2-3"}),
        (["--cmd", "settle"], {"rounding"}),
        (["--cmd", "settle", "--cmd", "perft"], {"rounding", "depth-0"}),
        (["-k", "table", "--rule", "reading"], {"bad-tile"}),
    ],
)
def test_selection(args: list[str], ids: set[str]) -> None:
    done = run_fake("good", *args)
    assert done.returncode == 0, done.stderr
    assert {i.rsplit(".", 1)[1] for i in outcomes(done)} == ids


def test_empty_selection_is_a_usage_error() -> None:
    done = run_fake("good", "-k", "nothing-matches-this")
    assert done.returncode == 2
    assert "no case matches" in done.stderr


def test_the_filters_that_match_nothing_are_named() -> None:
    from conformance.api import load_rules, load_suite
    from conformance.runner.select import NoMatch, unmatched_filters

    cases, rules = load_suite(), load_rules()
    found = unmatched_filters(
        cases, keywords=["seed", "no-such-id"], rules=["spiner", "settle.no-polling"],
        cmds=["settle"], rule_ids=rules,
    )  # fmt: skip
    assert found == [
        NoMatch("-k", "no-such-id"),
        NoMatch("--rule", "spiner", ("spinner",)),
        NoMatch("--rule", "settle.no-polling", ("settle.no-pooling",)),
    ]
    # Each matching alone, none together: nothing is named.
    assert unmatched_filters(cases, keywords=["seed-a"], cmds=["settle"]) == []


def test_an_empty_selection_says_which_filter_and_what_was_meant() -> None:
    # The did-you-mean is itself the feature: its words are checked.
    done = cli("run", "--rule", "spiner")
    assert done.returncode == 2
    assert "--rule 'spiner' matches no rule a case cites (did you mean 'spinner'?)" in (done.stderr)
    done = cli("run", "-k", "seed-a", "--cmd", "settle")
    assert done.returncode == 2
    assert "no case matches all" in done.stderr


@pytest.mark.parametrize(
    "args",
    [
        ["--cmd", "nosuch"],
        ["--timeout", "0"],
        ["--timeout", "soon"],
        ["--jobs", "0"],
        ["--no-such-option"],
        ["--engine", "'unbalanced"],
        ["--expect-fail", "/nonexistent/list.txt"],
        ["--fixtures", "/nonexistent/dir"],
    ],
)
def test_bad_arguments_exit_2(args: list[str]) -> None:
    done = run_fake("good", *args)
    assert done.returncode == 2, done.stdout + done.stderr


def test_bad_user_fixtures_exit_2() -> None:
    done = cli("run", "--engine", fake("good"), "--no-suite", "--fixtures", str(BAD_FIXTURES))
    assert done.returncode == 2
    assert "bad.dup" in done.stderr and "b.yaml" in done.stderr


def test_expect_fail_round_trip(tmp_path: Path) -> None:
    listing = tmp_path / "expected-failures.txt"
    first = run_fake("wrong_credit", "--write-expect-fail", str(listing))
    assert first.returncode == 1
    ids = [line for line in listing.read_text().splitlines() if not line.startswith("#")]
    assert ids == ["fake.table.open-1-4", "fake.table.open-2-3"]

    second = run_fake("wrong_credit", "--expect-fail", str(listing))
    assert second.returncode == 0, second.stdout
    got = outcomes(second)
    assert got["fake.table.open-1-4"] == "xfailed"
    assert got["fake.table.open-0-1"] == "passed"
    validate_report(report(second))

    # The engine is fixed: listed cases now pass, which must be noticed.
    third = run_fake("good", "--expect-fail", str(listing))
    assert third.returncode == 1
    case = next(c for c in report(third)["cases"] if c["id"] == "fake.table.open-1-4")
    assert case["outcome"] == "xpassed"
    assert "unexpectedly passed: remove it from the list" in case["message"]


def test_expect_fail_file_comments_and_unknown_ids(tmp_path: Path) -> None:
    listing = tmp_path / "xfail.txt"
    listing.write_text(
        "# credits are wrong for now\nfake.table.open-1-4  # issue 12\n\n"
        "fake.table.open-2-3\nfake.no-such-case\n"
    )
    done = run_fake("wrong_credit", "--expect-fail", str(listing))
    assert done.returncode == 0
    assert "fake.no-such-case" in done.stderr


def test_json_report_validates_for_every_outcome(tmp_path: Path) -> None:
    listing = tmp_path / "xfail.txt"
    listing.write_text("fake.table.open-1-4\nfake.settle.rounding\n")
    # wrong credit (failed, xfailed), settle listed but passing (xpassed), perft skipped
    done = run_fake("wrong_credit", "--expect-fail", str(listing))
    data = report(done)
    validate_report(data)
    assert data["totals"] == {
        "passed": 3, "failed": 1, "errored": 0, "skipped": 0, "xfailed": 1, "xpassed": 1,
        "total": 6,
    }  # fmt: skip
    assert data["ok"] is False and data["exit_code"] == 1 == done.returncode
    assert data["groups"]["scoring"]["failed"] == 1
    for name in ("omits_field", "crash_third", "no_perft", "declines"):
        validate_report(report(run_fake(name)))


def test_junit_output_parses(tmp_path: Path) -> None:
    junit = tmp_path / "junit.xml"
    done = run_fake("crash_third", "--junit", str(junit))
    assert done.returncode == 1
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    assert root.get("tests") == "6" and root.get("errors") == "2"
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert len(cases) == 6
    assert cases["fake.table.open-2-3"].find("error") is not None
    assert cases["fake.table.open-1-4"].find("error") is None
    suites = {s.get("name") for s in root.iter("testsuite")}
    assert suites == {"table", "settle", "perft"}

    failing = tmp_path / "failing.xml"
    run_fake("wrong_credit", "--junit", str(failing))
    failure = next(
        c for c in ET.parse(failing).getroot().iter("testcase") if c.get("name").endswith("1-4")
    ).find("failure")
    assert failure is not None and "result.credit: expected 5, got 10" in (failure.text or "")


def test_human_report_on_stdout_diagnostics_on_stderr() -> None:
    args = ("run", "--engine", fake("good"), "--no-suite", "--fixtures", str(TEST_FIXTURES))
    done = cli(*args)
    assert done.returncode == 0
    assert "\r" not in done.stderr  # no progress bar when stderr is not a terminal
    # The same run as data: what the human report on stdout says in words.
    data = json.loads(cli(*args, "--format", "json").stdout)
    assert data["totals"]["passed"] == data["totals"]["total"] == 6
    assert data["engine"]["name"] == "fake" and data["engine"]["name"] in done.stdout


def test_check_messages_against_protocol_schemas() -> None:
    done = run_fake("good", "--check-messages")
    # The fake engine's table results leave 'open' and 'counted' empty, which the schemas
    # allow; every reply has the protocol's shape.
    assert done.returncode == 0, done.stdout


def test_lint_clean_and_broken_folders() -> None:
    clean = cli("lint", str(TEST_FIXTURES))
    assert clean.returncode == 0, clean.stdout  # 0: no problem
    read = lint([TEST_FIXTURES])
    assert (read.files, read.cases, read.problems) == (1, 6, [])

    broken = cli("lint", "--format", "json", str(BAD_FIXTURES))
    assert broken.returncode == 1
    found = json.loads(broken.stdout)
    problems = {(p["kind"], Path(p["file"]).name, p["case"]) for p in found["problems"]}
    assert ("duplicate-id", "b.yaml", "bad.dup") in problems
    assert ("unknown-rule", "a.yaml", "bad.unknown-rule") in problems
    assert ("structure", "b.yaml", "bad.both-expectations") in problems
    assert ("read", "c.yaml", None) in problems
    assert found["problems"] == [p.to_json() for p in lint([BAD_FIXTURES]).problems]
    # The text form names each problem's file and case on its line.
    text = cli("lint", str(BAD_FIXTURES)).stdout.splitlines()
    assert any("b.yaml" in line and "bad.dup" in line for line in text)


def test_lint_missing_folder_exit_2() -> None:
    assert cli("lint", "/nonexistent/fixtures").returncode == 2


def test_smoke_with_fake_engines() -> None:
    good = cli("smoke", "--engine", fake("good"))
    # The fake engine only knows the runner's own fixtures: smoke must say what is wrong.
    assert good.returncode == 1
    assert '> {"cmd": "start", "protocol": 1}' in good.stdout
    assert "PROBLEM" in good.stdout
    assert "settle" in good.stdout

    credit = cli("smoke", "--engine", fake("omits_field"))
    assert "lacks field(s) required by protocol 1: credit" in credit.stdout

    dead = cli("smoke", "--engine", fake("does_not_start"))
    assert dead.returncode == 2
    assert "cannot load the rules library" in dead.stdout

    garbage = cli("smoke", "--engine", fake("non_json"))
    assert "not JSON" in garbage.stdout


def test_help_lists_every_subcommand() -> None:
    done = cli("--help")
    assert done.returncode == 0
    for name in ("run", "smoke", "lint"):
        assert name in done.stdout
    assert cli().returncode == 2  # a subcommand is required


def test_runs_from_an_unrelated_directory(tmp_path: Path) -> None:
    done = cli(
        "run",
        "--engine",
        fake("good"),
        "--no-suite",
        "--fixtures",
        str(TEST_FIXTURES),
        cwd=tmp_path,
    )
    assert done.returncode == 0

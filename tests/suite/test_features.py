"""Feature tags: cases name what they need beyond the rules; an engine may not claim it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import jsonschema

from conformance.suite.features import FEATURES
from conformance.suite.fixtures import lint, load_cases
from conformance.suite.resources import fixtures_dir
from tests.support.cli import REPORT_SCHEMA, cli, env

_CASE = """
  - id: {id}
    description: "A malformed tile."
    rules: [reading.well-formed-input]
    source: "derived: Giocatori, materiale e obiettivo"
    cmd: table
{features}    given:
      plays: [{{tile: [7, 2]}}]
    expect_rejected: {{code: bad_request, index: 0}}
"""


def _write(folder: Path, *cases: tuple[str, str]) -> Path:
    text = "title: features\ncases:\n" + "".join(
        _CASE.format(id=cid, features=features) for cid, features in cases
    )
    (folder / "refusals.yaml").write_text(text, encoding="utf-8")
    return folder


def test_every_bad_request_case_needs_input_validation_and_only_those() -> None:
    cases = load_cases([fixtures_dir()])
    tagged = [c for c in cases if "input-validation" in c.features]
    bad = [c for c in cases if c.expect_rejected and c.expect_rejected["code"] == "bad_request"]
    assert tagged == bad and len(bad) >= 64
    assert all(set(c.features) <= set(FEATURES) for c in cases)


def test_lint_names_file_and_case_for_a_missing_or_unknown_feature(tmp_path: Path) -> None:
    _write(
        tmp_path,
        ("table.untagged", ""),
        ("table.unknown", "    features: [input-validation, telepathy]\n"),
        ("table.tagged", "    features: [input-validation]\n"),
    )
    problems = lint([tmp_path], schema=False).problems
    assert [(Path(p.file).name, p.case, p.message) for p in problems] == [
        (
            "refusals.yaml",
            "table.untagged",
            "a case expecting bad_request needs 'features: [input-validation]'",
        ),
        (
            "refusals.yaml",
            "table.unknown",
            "unknown feature 'telepathy': known are input-validation",
        ),
    ]


def test_skip_feature_skips_those_cases_and_the_report_says_so() -> None:
    done = cli("run", "--skip-feature", "input-validation")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    cases = load_cases([fixtures_dir()])
    form = sum(1 for c in cases if "input-validation" in c.features)
    rules = len(cases) - form
    assert lines[-2].startswith(f"{len(cases)} cases: {rules} passed, {form} skipped in ")
    assert (
        lines[-1]
        == f"conforms: {rules} passed; input-validation not claimed ({form} cases skipped)"
    )
    verbose = cli("run", "--skip-feature", "input-validation", "-v", "--cmd", "settle")
    assert "does not claim the feature input-validation" in verbose.stdout


def test_the_json_report_lists_unclaimed_features() -> None:
    done = cli("run", "--skip-feature", "input-validation", "--format", "json", "--cmd", "legal")
    report = json.loads(done.stdout)
    jsonschema.validate(report, json.loads(REPORT_SCHEMA.read_text(encoding="utf-8")))
    legal = [c for c in load_cases([fixtures_dir()]) if c.cmd == "legal" and c.features]
    assert report["unclaimed_features"] == {"input-validation": len(legal)} and legal
    claimed = json.loads(cli("run", "--format", "json", "--cmd", "legal").stdout)
    assert claimed["unclaimed_features"] == {}


def test_an_unknown_feature_is_a_usage_error() -> None:
    done = cli("run", "--skip-feature", "telepathy")
    assert done.returncode == 2
    assert "'telepathy' is not a feature" in done.stderr


# The reference engine, declaring in its handshake that it does not claim input-validation.
# Written per test, not kept with the fake engines, whose tests watch for leftover processes.
_SKIPS_VALIDATION = """
import json, sys
from reference_impl.adapter import ENGINE, handle

for line in sys.stdin:
    request = json.loads(line)
    if request.get("cmd") == "stop":
        break
    if request.get("cmd") == "start":
        reply = {"ready": True, "protocol": 1, "engine": ENGINE, "cmds": ["table", "settle"]}
        reply["skip_features"] = ["input-validation"]
    else:
        reply = handle(request)
    print(json.dumps(reply), flush=True)
"""


def test_the_handshake_may_decline_a_feature(tmp_path: Path) -> None:
    script = tmp_path / "skips_validation.py"
    script.write_text(_SKIPS_VALIDATION, encoding="utf-8")
    engine = subprocess.list2cmdline([sys.executable, str(script)])
    done = cli("run", "--engine", engine, **env())
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    # It lists table and settle: their refusals of form skip for the feature, the rest for cmd.
    listed = [c for c in load_cases([fixtures_dir()]) if c.cmd in ("table", "settle")]
    form = [c for c in listed if c.features]
    passed = len(listed) - len(form)
    assert (
        last
        == f"conforms: {passed} passed; input-validation not claimed ({len(form)} cases skipped)"
    )
    assert form


def test_the_schemas_know_every_feature() -> None:
    schemas = REPORT_SCHEMA.parent
    fixture = json.loads((schemas / "fixture.schema.json").read_text(encoding="utf-8"))
    report = json.loads(REPORT_SCHEMA.read_text(encoding="utf-8"))
    in_fixture = fixture["$defs"]["case"]["properties"]["features"]["items"]["enum"]
    in_report = report["properties"]["unclaimed_features"]["propertyNames"]["enum"]
    assert in_fixture == in_report == list(FEATURES)

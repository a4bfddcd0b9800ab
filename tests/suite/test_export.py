"""``export --format json``: the suite as one JSON file, and the checked-in copy of it."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from conformance.export import unordered
from conformance.runner.compare import matches
from conformance.suite import schemas
from tests.support.cli import BAD_FIXTURES, TEST_FIXTURES, cli
from tools import export_suite

SUITE = json.loads(export_suite.SUITE_FILE.read_text(encoding="utf-8"))


def test_the_command_writes_the_checked_in_file_valid_against_its_schema() -> None:
    done = cli("export", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert done.stdout == export_suite.SUITE_FILE.read_text(encoding="utf-8")
    document = json.loads(done.stdout, parse_constant=lambda c: pytest.fail(f"{c} in the file"))
    assert schemas._errors("suite.schema.json", document) == []
    assert document["suite"]["version"] == "0.1.0" and document["protocol"] == 1
    ids = [case["id"] for case in document["cases"]]
    assert len(ids) == len(set(ids)) >= 350
    kinds = {next(iter(case["expect"])) for case in document["cases"]}
    assert kinds == {"result", "rejected"}
    cited = {rule for case in document["cases"] for rule in case["rules"]}
    assert cited == set(document["rules"])


def test_a_broken_case_breaks_the_schema() -> None:
    document = copy.deepcopy(SUITE)
    document["cases"][0]["expect"] = {"result": {"no_such_key": 1}}
    document["cases"][1]["request"]["seq"] = 1
    problems = schemas._errors("suite.schema.json", document)
    assert [p.split(":")[0] for p in problems] == ["$.cases[0].expect.result", "$.cases[1].request"]


def _arrays(value: Any, path: str = "") -> list[str]:
    """The JSON Pointers of every array of two or more distinct elements in ``value``."""
    out = []
    if isinstance(value, list):
        if len({json.dumps(v, sort_keys=True) for v in value}) == len(value) >= 2:
            out.append(path)
        for index, item in enumerate(value):
            out += _arrays(item, f"{path}/{index}")
    elif isinstance(value, dict):
        for key, item in value.items():
            out += _arrays(item, f"{path}/{key}")
    return out


def _reversed_at(value: Any, pointer: str) -> Any:
    out = copy.deepcopy(value)
    *parents, last = [int(p) if p.isdigit() else p for p in pointer.split("/")[1:]]
    node = out
    for step in parents:
        node = node[step]
    node[last] = node[last][::-1]
    return out


def test_unordered_names_exactly_the_arrays_the_runner_compares_as_multisets() -> None:
    checked = 0
    for case in SUITE["cases"]:
        expected = case["expect"].get("result")
        if expected is None:
            continue
        for pointer in _arrays(expected):
            # Reordered, an unordered array still matches; any other array no longer does.
            again = matches(expected, _reversed_at(expected, pointer))
            assert again == (pointer in case["unordered"]), (case["id"], pointer)
            checked += 1
    assert checked > 200
    nested = {"hands": [{"legal": [1, 2]}, {"events": [{"legal": []}]}], "open": []}
    assert unordered(nested) == ["/hands/0/legal", "/hands/1/events/0/legal", "/open"]


def test_export_options(tmp_path: Path) -> None:
    out = tmp_path / "mine.json"
    done = cli("export", "--no-suite", "--fixtures", str(TEST_FIXTURES), "-o", str(out))
    assert done.returncode == 0 and done.stdout == "", done.stderr
    mine = json.loads(out.read_text(encoding="utf-8"))
    assert mine["cases"] and all(case["file"].startswith("tests/") for case in mine["cases"])
    only = json.loads(cli("export", "--cmd", "settle", "-k", "round").stdout)
    assert only["cases"] and {case["cmd"] for case in only["cases"]} == {"settle"}
    assert cli("export", "--no-suite").returncode == 2
    bad = cli("export", "--fixtures", str(BAD_FIXTURES))
    assert bad.returncode == 2 and bad.stdout == "" and "problem" in bad.stderr
    nowhere = cli("export", "-o", str(tmp_path / "no" / "such" / "dir.json"))
    assert nowhere.returncode == 2 and "cannot write the suite" in nowhere.stderr

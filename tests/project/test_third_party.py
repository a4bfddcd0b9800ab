"""A published third-party engine, all-fives-domino, fails exactly its recorded differences."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import pytest

from conformance.runner.expectfail import read_expect_fail
from tests.support.cli import ROOT, cli
from tests.support.third_party import all_fives_version
from tests.support.tools import missing_reason

pytestmark = pytest.mark.skipif(
    all_fives_version() is None,
    reason=missing_reason(
        "all-fives-domino", "not installed (python -m pip install ./kits/python '.[thirdparty]')"
    ),
)

ADAPTER = ROOT / "examples" / "third_party" / "all_fives_adapter.py"
KNOWN = ROOT / "examples" / "third_party" / "all_fives_known_failures.txt"
ENGINE = subprocess.list2cmdline([sys.executable, str(ADAPTER)])


def test_the_pinned_version_is_the_oneall_fives_version() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"all-fives-domino=={all_fives_version()}"' in pyproject


def test_it_fails_exactly_its_known_differences() -> None:
    done = cli("run", "--engine", ENGINE, "--format", "json")
    report = json.loads(done.stdout)
    failed = {c["id"] for c in report["cases"] if c["outcome"] == "failed"}
    assert failed == read_expect_fail(KNOWN).cases
    assert report["totals"]["errored"] == 0
    # Only table and legal are served; every case of those commands is run.
    assert report["engine"]["cmds"] == ["table", "legal"]
    ran = [c for c in report["cases"] if c["outcome"] != "skipped"]
    assert {c["cmd"] for c in ran} == {"table", "legal"}


def test_with_its_known_failures_the_run_is_green() -> None:
    done = cli("run", "--engine", ENGINE, "--expect-fail", str(KNOWN))
    assert done.returncode == 0, done.stdout + done.stderr
    # The totals line (the likely misreadings of the known failures may follow it).
    last = next(line for line in done.stdout.splitlines() if " cases: " in line)
    assert f" skipped, {len(read_expect_fail(KNOWN).cases)} xfailed in " in last, last
    assert "failed," not in last and "error" not in last


BY_VALUE = ROOT / "examples" / "third_party" / "all_fives_by_value_adapter.py"
DOMINOES = ROOT / "examples" / "third_party" / "dominoes_adapter.py"
_CREDIT_FIELDS = frozenset({"credit", "credits", "end_sum", "events.credit", "scores"})


def _dominoes() -> str | None:
    try:
        return version("dominoes")
    except PackageNotFoundError:
        return None


def _diagnosis(adapter: Path) -> dict[str, Any]:
    done = cli("run", "--engine", subprocess.list2cmdline([sys.executable, str(adapter)]),
               "--format", "json")  # fmt: skip
    _no_traceback(done.stderr)
    assert done.returncode == 1, done.stderr
    report: dict[str, Any] = json.loads(done.stdout)
    assert report["totals"]["errored"] == 0
    return report


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text, text[-2000:]


def _credit_differs(report: dict[str, Any]) -> bool:
    """Whether some failure differs in a credit, an end sum or the scores."""
    fields = {
        m["path"].split("[")[0].removeprefix("result.")
        for c in report["cases"]
        if c["outcome"] == "failed"
        for m in c["mismatches"]
    }
    return bool(fields & _CREDIT_FIELDS)


def _scoring(entry: dict[str, Any]) -> bool:
    return bool(set(entry["fields"]) & _CREDIT_FIELDS) or all(
        r.startswith("scoring.") for r in entry["rules"]
    )


# The engine's four rules of play that are not Seven Rocks' (all_fives_known_failures.txt),
# each by the catalogue entry of that rule: the opening is the engine's own choice, only
# the opening double spins, an opening double shows one side, the spinner takes one branch.
ALL_FIVES_DIFFERENCES = {
    "largest-double-opens",
    "only-opening-double-spins",
    "no-mirror-opening-double",
    "spinner-one-branch",
}
# The three of them the engine's answers show exactly (its opening is its own choice,
# not the largest double's rule: no case reproduces that entry).
ALL_FIVES_REPRODUCED = ALL_FIVES_DIFFERENCES - {"largest-double-opens"}


def _failed(report: dict[str, Any]) -> int:
    return sum(1 for c in report["cases"] if c["outcome"] == "failed")


def test_all_fives_answers_are_reproduced_by_its_rules_together() -> None:
    report = _diagnosis(ADAPTER)
    first = report["diagnosis"][0]
    # The engine answers as Seven Rocks with its documented rules applied together: they
    # reproduce more than four in five of its failures exactly (45 of 54).
    assert set(first["variants"]) >= ALL_FIVES_REPRODUCED, first
    assert first["reproduced"] == len(first["cases"]) >= 0.8 * _failed(report)
    assert first["contradicted"] <= 2


@pytest.mark.parametrize(
    ("adapter", "documented"),
    [(ADAPTER, ALL_FIVES_DIFFERENCES), (BY_VALUE, ALL_FIVES_DIFFERENCES)],
    ids=["by-side", "by-value"],
)
def test_all_fives_differences_are_diagnosed_as_they_are(
    adapter: Path, documented: set[str]
) -> None:
    report = _diagnosis(adapter)
    named = {name for entry in report["diagnosis"] for name in entry["variants"]}
    # Each documented difference that the engine's answers show is named.
    assert documented & named, named
    # No failure differs in a credit, so no scoring misreading is named at all.
    assert not _credit_differs(report)
    assert not any(_scoring(entry) for entry in report["diagnosis"]), named
    # What no rule set reproduces is reported as such, by the fields that differ.
    assert report["unexplained"] and all(group["fields"] for group in report["unexplained"])


@pytest.mark.skipif(
    _dominoes() is None, reason=missing_reason("dominoes", "not installed ('.[thirdparty]')")
)
def test_dominoes_differences_are_diagnosed_as_they_are() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"dominoes=={_dominoes()}"' in pyproject
    report = _diagnosis(DOMINOES)
    assert report["engine"]["cmds"] == ["legal"]
    # The adapter's documented differences: no spinner at all, and one placement per
    # (tile, value) when both ends show the same value.
    first = report["diagnosis"][0]
    assert set(first["variants"]) == {"no-spinner", "one-placement-per-value"}, first
    # Together they reproduce every failure exactly (13 of 13) and fail no passing case.
    assert first["reproduced"] == _failed(report) and first["contradicted"] == 0
    assert not any(_scoring(entry) for entry in report["diagnosis"])
    # No spinner at all: the branches it never offers are failures of their own.
    failed = {c["id"] for c in report["cases"] if c["outcome"] == "failed"}
    assert {"legal.branches.open-after-linear", "legal.branches.open-on-seed-spinner"} <= failed


def _fuzz(adapter: Path) -> list[dict[str, Any]]:
    engine = subprocess.list2cmdline([sys.executable, str(adapter)])
    done = cli(
        "fuzz", "--engine", engine, "--hands", "300", "--seed", "1", "--keep-going",
        "--format", "json", timeout=300,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-2000:] + done.stderr[-2000:]
    findings: list[dict[str, Any]] = json.loads(done.stdout)["findings"]
    return findings


def test_all_fives_fuzz_findings_are_its_documented_rules() -> None:
    findings = _fuzz(ADAPTER)
    causes = [{name for names in f["variants"] for name in names} for f in findings]
    # One finding per documented rule the campaign shows, each its own cause: the
    # spinner's one branch, an opening double's one side, only the opening double
    # spinning (which no spinner at all answers alike on the short request shrunk to).
    assert any(c == {"spinner-one-branch"} for c in causes), causes
    assert any(c == {"no-mirror-opening-double"} for c in causes), causes
    assert any("only-opening-double-spins" in c for c in causes), causes
    named = set().union(*causes)
    assert named <= ALL_FIVES_DIFFERENCES | {"no-spinner"}, named


@pytest.mark.skipif(
    _dominoes() is None, reason=missing_reason("dominoes", "not installed ('.[thirdparty]')")
)
def test_dominoes_fuzz_finds_no_spinner() -> None:
    findings = _fuzz(DOMINOES)
    causes = [{name for names in f["variants"] for name in names} for f in findings]
    assert any("no-spinner" in c for c in causes), causes
    assert all(f["cmd"] == "legal" for f in findings)  # the only command it serves

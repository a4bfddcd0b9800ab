"""A published third-party engine, all-fives-domino, fails exactly its recorded differences."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version

import pytest
from cli_support import ROOT, cli

from conformance.runner.expectfail import read_expect_fail


def _installed() -> str | None:
    try:
        found = version("all-fives-domino")
    except PackageNotFoundError:
        return None
    return found if importlib.util.find_spec("src.main.game.Board") else None


pytestmark = pytest.mark.skipif(
    _installed() is None,
    reason="all-fives-domino is not installed (python -m pip install '.[thirdparty]')",
)

ADAPTER = ROOT / "examples" / "third_party" / "all_fives_adapter.py"
KNOWN = ROOT / "examples" / "third_party" / "all_fives_known_failures.txt"
ENGINE = subprocess.list2cmdline([sys.executable, str(ADAPTER)])


def test_the_pinned_version_is_the_one_installed() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert f'"all-fives-domino=={_installed()}"' in pyproject


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

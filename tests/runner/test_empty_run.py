"""A run in which no case was run, or a fuzz that compared no reply, is not a pass: its
own exit code, unless allowed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from conformance.runner.outcomes import EXIT_EMPTY
from tests.support.cli import TEST_FIXTURES, cli, env, fake

NOTHING = fake("claims_nothing")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return cli("run", "--engine", NOTHING, "--no-suite", "--fixtures", str(TEST_FIXTURES), *args)


def test_an_engine_claiming_nothing_does_not_pass() -> None:
    done = _run()
    assert done.returncode == EXIT_EMPTY == 5, done.stderr
    assert "no case was run" in done.stderr and "--allow-empty" in done.stderr
    assert "rules run passed" not in done.stdout
    assert "no case was run" in done.stdout


def test_the_json_report_says_so() -> None:
    done = _run("--format", "json")
    report = json.loads(done.stdout)
    assert done.returncode == 5
    assert report["exit_code"] == 5 and report["ok"] is False
    assert report["totals"]["skipped"] == report["totals"]["total"] > 0


def test_allow_empty() -> None:
    assert _run("--allow-empty").returncode == 0
    assert _run("--allow-empty", "--strict").returncode == 1  # skips still fail --strict


def test_a_run_of_some_cases_is_not_empty() -> None:
    done = cli("run", "--engine", fake("no_perft"), "--no-suite", "--fixtures", str(TEST_FIXTURES))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(("extra", "code"), [((), 5), (("--seven-rocks-allow-empty",), 0)])
def test_the_pytest_plugin_too(tmp_path: Path, extra: tuple[str, ...], code: int) -> None:
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--seven-rocks-engine", NOTHING,
         "--seven-rocks-no-suite", "--seven-rocks-fixtures", str(TEST_FIXTURES), *extra],
        cwd=tmp_path, capture_output=True, text=True, timeout=120, env=env(),
    )  # fmt: skip
    assert done.returncode == code, done.stdout + done.stderr
    assert ("no case was run" in done.stdout) == (code == 5)


@pytest.mark.parametrize("engine", ["claims_nothing", "declines_all"])
def test_a_fuzz_that_compared_nothing_does_not_pass(engine: str) -> None:
    done = cli("fuzz", "--engine", fake(engine), "--hands", "5", "--format", "json")
    assert done.returncode == EXIT_EMPTY, done.stderr
    summary = json.loads(done.stdout)
    assert summary["compared"] == 0 and summary["divergence"] is None
    assert "no reply was compared" in done.stderr and "--allow-empty" in done.stderr
    allowed = cli("fuzz", "--engine", fake(engine), "--hands", "5", "--allow-empty")
    assert allowed.returncode == 0, allowed.stderr


def test_a_fuzz_that_compared_some_replies_passes() -> None:
    done = cli("fuzz", "--hands", "5", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["compared"] > 0

"""A test that skips for want of a tool .ci/run installs: a skip on a developer's
machine, a failure under CI=true; other skips stay skips."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from tests.support.cli import ROOT

_TESTS = """
import pytest
from tests.support.tools import missing, missing_reason

@pytest.mark.skipif(True, reason=missing_reason("node", "not installed"))
def test_marked():
    pass

def test_called():
    missing("go", "not installed")

def test_other_skip():
    pytest.skip("needs root")
"""


def _run(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess[str]:
    (tmp_path / "test_probe.py").write_text(_TESTS, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    env["PYTHONPATH"] = str(ROOT)
    argv = [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
            "-o", "addopts=", "-rA", "--rootdir", str(tmp_path), str(tmp_path)]  # fmt: skip
    return subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)


def test_a_missing_tool_skips_on_a_developers_machine(tmp_path: Path) -> None:
    done = _run(tmp_path, None)
    assert done.returncode == 0, done.stdout
    assert "3 skipped" in done.stdout
    assert "missing tool: node: not installed" in done.stdout


def test_a_missing_tool_fails_under_ci_and_other_skips_stay(tmp_path: Path) -> None:
    done = _run(tmp_path, "true")
    assert done.returncode == 1, done.stdout
    # A skipif mark acts in the test's setup: its failure is reported as an error.
    assert "1 failed, 1 skipped, 1 error" in done.stdout
    assert "ERROR test_probe.py::test_marked" in done.stdout
    assert "FAILED test_probe.py::test_called" in done.stdout


def test_ci_run_stops_naming_a_tool_it_cannot_install(tmp_path: Path) -> None:
    # No apt-get and no node on PATH: .ci/run fails at once, with the tool's name, before
    # it builds anything (it used to carry on and let the tests skip).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("dirname", "bash"):
        found = shutil.which(tool)
        assert found is not None
        (bin_dir / tool).symlink_to(found)
    done = subprocess.run(
        [str(bin_dir / "bash"), str(ROOT / ".ci" / "run")], capture_output=True, text=True,
        timeout=60, env={"PATH": str(bin_dir), "HOME": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 1
    assert done.stderr.strip() == "CI: could not install node (not on PATH)"
    assert done.stdout == ""

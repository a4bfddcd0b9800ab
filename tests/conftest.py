"""Test-wide settings."""

import os
import subprocess
import sys
import zipfile
from collections.abc import Generator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.support.cli import Installed
from tests.support.tools import MISSING, on_ci

# The machines running the tests are shared and noisy: a per-example deadline would
# turn a slow moment into a failure that says nothing about the code.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

_ROOT = Path(__file__).resolve().parent.parent


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Under CI=true, a skip for want of a tool that .ci/run installs is a failure."""
    report = yield
    if on_ci() and report.skipped and isinstance(report.longrepr, tuple):
        reason = str(report.longrepr[2]).removeprefix("Skipped: ")
        if reason.startswith(MISSING):
            report.outcome = "failed"
            report.longrepr = (
                f"{reason}\n(CI=true: .ci/run installs this tool, so a skip would hide it)"
            )
    return report


@pytest.fixture(scope="session")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project built as a wheel, once for the packaging tests."""
    out = tmp_path_factory.mktemp("wheel")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(_ROOT), "--no-deps", "--no-build-isolation",
         "--wheel-dir", str(out), "--quiet"],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    [built] = out.glob("seven_rocks_conformance-*.whl")
    return built


@pytest.fixture
def installed(wheel: Path, tmp_path: Path) -> Installed:
    """The wheel unpacked into a site folder, for runs from an unrelated directory."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    return Installed(site, elsewhere, {**os.environ, "PYTHONPATH": str(site)})


@pytest.fixture(scope="session")
def site_reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """JSON reports of the example site's engines (tools/build_example_site.py), run
    once for the site's tests; all-fives-domino's only with the thirdparty extra."""
    from tests.support.site import make_reports

    return make_reports(tmp_path_factory.mktemp("site-reports"))

"""The wheel carries the site's templates, and the site builds from an installation."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.cli import Installed
from tests.support.site import check_site_page

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_the_site_templates(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = ROOT / "conformance" / "site" / "templates"
    shipped = sorted(p.name for p in templates.iterdir() if p.is_file())
    assert len(shipped) >= 5
    for name in shipped:
        assert f"conformance/site/templates/{name}" in names


def test_installed_wheel_builds_a_site(installed: Installed, site_reports: dict[str, Path]) -> None:
    elsewhere, env = installed.elsewhere, installed.env
    report = site_reports["mutant-every-double-spinner"]
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "site", "--out", "site", str(report)],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    for page in (elsewhere / "site").rglob("*.html"):
        check_site_page(page)
    assert (elsewhere / "site" / "rules" / "spinner.first-double.html").is_file()

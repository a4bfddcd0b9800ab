"""The wheel carries the HTML templates and the mutant signatures, and they work installed."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.cli import Installed

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_templates_and_signatures(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    templates = ROOT / "conformance" / "reports" / "templates"
    shipped = sorted(p.name for p in templates.iterdir() if p.is_file())
    assert shipped, "no templates found"
    for name in shipped:
        assert f"conformance/reports/templates/{name}" in names
    assert "conformance/mutants/signatures.json" in names


def test_installed_wheel_writes_the_html_report_with_a_diagnosis(installed: Installed) -> None:
    elsewhere, env = installed.elsewhere, installed.env
    engine = f"{sys.executable} -m reference_impl.adapter --mutant counted-omits-zero"
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--engine", engine, "--html", "r.html"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert "these changes: `counted-omits-zero`" in done.stdout
    page = (elsewhere / "r.html").read_text(encoding="utf-8")
    assert "these changes: `counted-omits-zero`" in page and '<div class="board"><svg' in page

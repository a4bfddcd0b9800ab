"""The wheel carries the suite's data, and the installed runner works from anywhere."""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

from tests.support.cli import Installed

ROOT = Path(__file__).resolve().parents[2]


def test_wheel_carries_fixtures_schemas_rules_and_type_markers(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    fixtures = {n for n in names if n.startswith("conformance/_data/fixtures/")}
    assert len(fixtures) == len(list((ROOT / "fixtures").rglob("*.yaml")))
    for schema in (ROOT / "spec" / "schemas").glob("*.json"):
        assert f"conformance/_data/schemas/{schema.name}" in names
    assert "conformance/_data/rules.md" in names
    assert {"reference_impl/py.typed", "conformance/py.typed"} <= names
    assert "conformance/_data/kits/javascript/seven-rocks-kit.mjs" in names  # the JavaScript kit
    assert "conformance/_data/seven-rocks-suite.json" in names  # every case as one file
    assert not any("node_modules" in n for n in names)
    assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_runs_the_whole_suite_from_an_unrelated_directory(
    installed: Installed,
) -> None:
    site, elsewhere, env = installed
    where = subprocess.run(
        [sys.executable, "-c", "import conformance.suite.resources as r; print(r.fixtures_dir())"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=60,
    )  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(site), where.stdout + where.stderr
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--format", "json"],
        capture_output=True, text=True, cwd=elsewhere, env=env, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    totals = json.loads(done.stdout)["totals"]
    assert totals["passed"] == totals["total"] >= 150


def test_console_script_is_installed_and_runs() -> None:
    script = Path(sys.executable).parent / "seven-rocks-conformance"
    assert script.exists(), "install the project first: python -m pip install -e '.[test]'"
    version = subprocess.run([script, "--version"], capture_output=True, text=True, timeout=60)
    assert version.returncode == 0 and "0.1.0" in version.stdout
    done = subprocess.run(
        [script, "run", "-k", "table.seed-a.*"], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "9 cases: 9 passed" in done.stdout

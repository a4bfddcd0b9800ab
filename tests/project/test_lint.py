"""The packages and tools pass ruff (lint and format) and mypy --strict, in the test command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ["reference_impl", "conformance", "tools", "benchmarks", "kits/python/seven_rocks_kit"]


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize(
    "argv",
    [
        ["check", *PACKAGES, "kits/python/example", "tests"],
        ["format", "--check", *PACKAGES, "kits/python/example", "tests"],
    ],
    ids=["ruff-check", "ruff-format"],
)
def test_ruff(argv: list[str]) -> None:
    # Found like mypy, through this interpreter: a venv that is not activated still works.
    result = _run([sys.executable, "-m", "ruff", *argv])
    assert "No module named ruff" not in result.stderr, (
        "ruff is a test dependency: pip install -e ./kits/python -e '.[test]'"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict() -> None:
    result = _run([sys.executable, "-m", "mypy", "--strict", *PACKAGES])
    assert result.returncode == 0, result.stdout + result.stderr

"""The README's minimal adapter really works against the suite."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "minimal_adapter.py"


def test_minimal_adapter_passes_settle_and_skips_the_rest() -> None:
    engine = subprocess.list2cmdline([sys.executable, str(EXAMPLE)])
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--engine", engine, "--check-messages"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    assert " passed, " in last and " skipped" in last and "failed" not in last
    strict = subprocess.run(
        [sys.executable, "-m", "conformance", "run", "--engine", engine, "--strict"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert strict.returncode == 1

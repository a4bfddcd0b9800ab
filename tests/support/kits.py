"""Helpers for the kits' tests: the suite file with one case made wrong on purpose."""

from __future__ import annotations

import json
from pathlib import Path

from tools.export_suite import SUITE_FILE

CORRUPTED = "table.seed-a.step-9"
"""The case `corrupted_suite` makes wrong."""


def corrupted_suite(folder: Path) -> Path:
    """A copy of the suite file in ``folder`` in which `CORRUPTED` expects a wrong credit:
    a harness that runs it must fail that case, and only that one."""
    suite = json.loads(SUITE_FILE.read_text(encoding="utf-8"))
    [case] = [c for c in suite["cases"] if c["id"] == CORRUPTED]
    case["expect"]["result"]["credit"] += 5
    path = folder / "corrupted-suite.json"
    path.write_text(json.dumps(suite), encoding="utf-8")
    return path

"""The fixture suite runs the reference engine's rule code: at least 95% of its lines.

The suite is run as a user runs it, against the reference adapter started under
coverage.py, and the lines of the rule code it executed are counted. The rule code is
every module of `reference_impl` that states or applies a rule of spec/rules.md. Left
out, each for a reason: the adapter and its JSON I/O (the protocol's transport), the
protocol's value model and messages (`protocol`, `actions`, `errors`), `events` (the
hand's events as values, which no command asks for), `playout` (a loop over the hand's
own trusted path that states no rule, tested by tests/engine/test_playout.py) and `mutants`
(the misreadings, which the suite is measured with, not run as).
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from tests.support.cli import ROOT, cli

coverage = pytest.importorskip("coverage", reason="coverage.py is in the test extra")

RULE_CODE = (
    "tiles.py",
    "points.py",
    "rules.py",
    "table.py",
    "counted.py",
    "checks.py",
    "hand.py",
    "settle.py",
    "game.py",
    "perft.py",
    "commands.py",
)
"""The rule code, by file name under reference_impl/."""

FLOOR = 95.0
"""The least line coverage, in percent, of the rule code and of each of its files."""


def test_the_suite_runs_the_rule_code(tmp_path: Path) -> None:
    data = tmp_path / ".coverage"
    engine = [
        sys.executable,
        "-m",
        "coverage",
        "run",
        "--parallel-mode",
        f"--data-file={data}",
        "--source=reference_impl",
        "-m",
        "reference_impl.adapter",
    ]
    done = cli("run", "-q", "--jobs", "1", "--engine", shlex.join(engine), timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    measured = coverage.Coverage(data_file=str(data))
    measured.combine([str(tmp_path)])
    measured.load()
    percents = {}
    statements = missing = 0
    for name in RULE_CODE:
        path = ROOT / "reference_impl" / name
        _, lines, _, unrun, _ = measured.analysis2(str(path))
        assert lines, f"no statements measured in {name}"
        statements += len(lines)
        missing += len(unrun)
        percents[name] = 100.0 * (len(lines) - len(unrun)) / len(lines)
    total = 100.0 * (statements - missing) / statements
    low = {name: round(p, 1) for name, p in percents.items() if p < FLOOR}
    assert total >= FLOOR and not low, f"rule code {total:.1f}%; files below {FLOOR}%: {low}"

"""The text report: drawings under the diff, per-rule summary, -q, --max-fail, colour."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest

from tests.support.cli import FAKES, ROOT, TEST_FIXTURES, env

_MUTANT = shlex.join(
    [sys.executable, "-m", "reference_impl.adapter", "--mutant", "unstarted-branch-counts"]
)
_ESC = "\x1b"


def _run(*args: str, **extra_env: str) -> subprocess.CompletedProcess[str]:
    """``run`` as a user would, with NO_COLOR and FORCE_COLOR only as the test sets them."""
    environment = env()
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"):
        environment.pop(name, None)
    environment.update(extra_env)
    return subprocess.run(
        [sys.executable, "-m", "conformance", "run", *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=environment,
        cwd=ROOT,
        check=False,
    )


def test_failing_table_case_is_drawn_under_its_diff() -> None:
    done = _run("--engine", _MUTANT, "-k", "table.seed-a.step-5", "-k", "table.seed-a.step-4")
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert _ESC not in out and _ESC not in done.stderr, "escape codes into a pipe"
    diff_at = out.index("Differences (expected vs actual):")
    table_at = out.index("Table (expected | actual):")
    assert diff_at < table_at
    assert "actual   counted: [3|4] 3 + [1|2] 2 + [1|1] 2 = 7" in out
    assert "●2 ○1!" in out  # the spinner's contribution the engine claims, highlighted
    # The summary per rule ID, with the reason its rows add up to more than the cases.
    assert "a case citing several rules counts once under each of them" in out
    row = next(
        line for line in out.splitlines() if line.startswith("spinner.unstarted-branch-zero")
    )
    assert row.split()[1:3] == ["0", "1"]
    assert "(3 other rules: every case passed; -v lists them)" in out
    assert out.rstrip().endswith(
        "2 cases: 1 passed, 1 failed in " + out.rsplit(" in ", 1)[1].strip()
    )


def test_quiet_is_one_line_per_failure_then_the_ids() -> None:
    done = _run("--engine", _MUTANT, "-q", "--rule", "spinner.unstarted-branch-zero")
    assert done.returncode == 1, done.stderr
    lines = done.stdout.splitlines()
    failing = [line for line in lines if line.startswith("FAILED ")]
    assert failing and all(": " in line for line in failing)
    assert "Rules:" not in done.stdout and "Table (expected" not in done.stdout
    ids = [line.split()[1].rstrip(":") for line in failing]
    assert lines[-1] == "failing: " + " ".join(ids)
    assert re.fullmatch(rf"\d+ cases: \d+ passed, {len(failing)} failed in [\d.]+ s", lines[-2])


def test_quiet_keeps_the_diagnosis_in_one_line() -> None:
    args = ("--engine", _MUTANT, "--rule", "spinner.unstarted-branch-zero")
    report = json.loads(_run(*args, "--format", "json").stdout)
    first = report["diagnosis"][0]["mutant"]
    done = _run(*args, "-q")
    assert done.returncode == 1, done.stderr
    headlines = [line for line in done.stdout.splitlines() if line.startswith("likely ")]
    # The JSON report's first misreading, in one line of the quiet report.
    assert len(headlines) == 1 and f"`{first}`" in headlines[0], done.stdout


def test_max_fail_stops_and_collapses_the_rest(tmp_path: Path) -> None:
    done = _run("--engine", _MUTANT, "--max-fail", "2", "-q")
    assert done.returncode == 1
    out = done.stdout
    assert len([line for line in out.splitlines() if line.startswith("FAILED ")]) == 2
    not_run = [line for line in out.splitlines() if line.startswith("NOT RUN: ")]
    assert len(not_run) == 1, "the cases not run must fit one line"
    total = int(not_run[0].split()[2])
    assert f"2 failed, {total} not run" in out
    assert "RUN STOPPED: 2 case(s) did not pass (the limit, --max-fail)" in out
    assert "errored case(s)" not in out  # the cases not run are no engine errors
    # A mutant failing early in the suite, with rules whose cases passed before the stop.
    early = _MUTANT.replace("unstarted-branch-counts", "every-double-spinner")
    full = _run("--engine", early, "--max-fail", "1").stdout
    assert "other rules: every case run passed" in full and "errored case(s)" not in full
    junit = tmp_path / "junit.xml"
    report = _run("--engine", _MUTANT, "--max-fail", "2", "--format", "json", "--junit", str(junit))
    data: dict[str, Any] = json.loads(report.stdout)
    outcomes = [c["outcome"] for c in data["cases"]]
    assert outcomes.count("failed") == 2
    never_sent = [c for c in data["cases"] if c.get("not_run")]
    assert len(never_sent) == total
    assert all(c["message"].startswith("not run") for c in never_sent)
    # JUnit says "not executed" in its own words: skipped, not errors.
    root = ElementTree.parse(junit).getroot()
    assert root.get("failures") == "2" and root.get("errors") == "0"
    skipped = root.findall(".//testcase/skipped")
    assert len(skipped) == int(root.get("skipped") or -1) >= total
    assert sum((s.get("message") or "").startswith("not run") for s in skipped) == total
    assert _run("--engine", _MUTANT, "--max-fail", "-1").returncode == 2


@pytest.mark.parametrize(
    ("args", "extra_env", "coloured"),
    [
        ((), {}, False),
        (("--color", "always"), {}, True),
        (("--color", "always"), {"NO_COLOR": "1"}, True),
        ((), {"FORCE_COLOR": "1"}, True),
        ((), {"FORCE_COLOR": "1", "NO_COLOR": "1"}, False),
        (("--color", "never"), {"FORCE_COLOR": "1"}, False),
    ],
)
def test_colour(args: tuple[str, ...], extra_env: dict[str, str], coloured: bool) -> None:
    done = _run("--engine", _MUTANT, "-k", "table.seed-a.step-5", *args, **extra_env)
    assert done.returncode == 1, done.stderr
    assert (_ESC in done.stdout) == coloured
    assert "FAILED table.seed-a.step-5" in done.stdout
    assert _ESC not in done.stderr, "no progress bar off a terminal"


def test_engine_text_is_neither_escapes_nor_markup(tmp_path: Path) -> None:
    # A copy outside tests/fake_engines: the fake engines' tests count live processes
    # started from there, and may run at the same time as this one.
    for name in ("_base.py", "escapes_and_markup.py"):
        shutil.copy(FAKES / name, tmp_path / name)
    done = _run(
        "--engine",
        shlex.join([sys.executable, str(tmp_path / "escapes_and_markup.py")]),
        "--no-suite",
        "--fixtures",
        str(TEST_FIXTURES),
        "--color",
        "always",
    )
    assert done.returncode == 1
    out = done.stdout
    # The engine's own escapes are shown, not obeyed; its markup is shown as typed.
    assert "\x1b]0;" not in out and "\x1b[2J" not in out
    assert "\\x1b]0;owned" in out
    assert "[bold red]markup[/bold red]" in out
    assert "Table (expected | actual):" in out


def test_rich_changes_nothing_but_colour() -> None:
    """Through a pipe the report is the plain text itself: not wrapped at 80 columns,
    no markup or emoji read in engine text."""
    import io

    from conformance.reports.text import format_report, render_report
    from conformance.runner.outcomes import CaseResult, Outcome, RunResult
    from conformance.suite.fixtures import Case
    from conformance.suite.rules import load_rules

    case = Case("x.y", "d " * 80, ("a.b",), "derived", "settle", {"hands": []}, {"pips": 1}, None)
    reply = {"seq": 1, "errored": {"message": "[bold]:smile: \t" + "long " * 40}}
    bad = CaseResult(case, Outcome.ERRORED, message=reply["errored"]["message"], reply=reply)
    result = RunResult(engine=None, results=[bad, CaseResult(case, Outcome.PASSED)])
    rules = load_rules()
    # Tabs are the one thing rich changes: it expands them, as a terminal would.
    plain = format_report(result, rules).expandtabs(8)
    assert render_report(result, rules, io.StringIO(), color="auto") == plain
    assert render_report(result, rules, io.StringIO(), color="never") == plain
    coloured = render_report(result, rules, io.StringIO(), color="always")
    assert _ESC in coloured and "[bold]:smile:" in coloured
    assert max(len(line) for line in plain.splitlines()) > 160

"""``compare``: engines side by side, as a terminal matrix and as a page."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from conformance.mutants.signatures import load_signatures
from conformance.runner.execute import reference_engine
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from tests.support.cli import ROOT, cli
from tests.support.html import check_page


def _mutant(name: str) -> str:
    argv, _ = reference_engine()
    return shlex.join([*argv, "--mutant", name])


FAILS = {m.name: m.fails for m in load_signatures().mutants}


def _compare(*args: str) -> tuple[int, dict[str, Any]]:
    done = cli("compare", "--format", "json", *args)
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return done.returncode, json.loads(done.stdout)


def _cells(found: dict[str, Any]) -> dict[str, list[str]]:
    return {case["id"]: case["outcomes"] for case in found["cases"]}


def test_two_mutants_beside_the_reference(tmp_path: Path) -> None:
    page = tmp_path / "compare.html"
    omits, down = _mutant("counted-omits-zero"), _mutant("remainder-3-down")
    code, found = _compare("--reference", "--engine", omits, "--engine", down, "--html", str(page))
    assert code == 1
    assert [e["label"] for e in found["engines"]] == ["A", "B", "C"]
    assert [e["name"] for e in found["engines"]] == [
        "seven-rocks-reference",
        "seven-rocks-reference mutant counted-omits-zero",
        "seven-rocks-reference mutant remainder-3-down",
    ]
    rows = _cells(found)
    # Only the cases some engine does not pass, each with one outcome per engine.
    assert set(rows) == FAILS["counted-omits-zero"] | FAILS["remainder-3-down"]
    assert found["differing"] == len(rows)
    for case_id, cells in rows.items():
        expected_b = "failed" if case_id in FAILS["counted-omits-zero"] else "passed"
        expected_c = "failed" if case_id in FAILS["remainder-3-down"] else "passed"
        assert cells == ["passed", expected_b, expected_c], case_id
    # One summary per engine: passed of those judged, per rule group.
    settle = [e["groups"]["settle"] for e in found["engines"]]
    assert settle[0]["passed"] == settle[0]["judged"] > 0  # A passes all
    assert settle[2]["passed"] < settle[2]["judged"]  # remainder-3-down fails settle cases
    assert [e["failed"] for e in found["engines"]] == [
        0,
        len(FAILS["counted-omits-zero"]),
        len(FAILS["remainder-3-down"]),
    ]
    html = page.read_text(encoding="utf-8")
    check_page(html)
    omitted = len(FAILS["counted-omits-zero"])
    assert "counted-omits-zero" in html
    assert f"reproduces {omitted} of {omitted} failures exactly" in html
    assert html.count('<td class="cell o-failed">') == sum(
        len(FAILS[m]) for m in ("counted-omits-zero", "remainder-3-down")
    )
    # The terminal matrix draws the same rows, one cell per engine.
    text = cli("compare", "--reference", "--engine", omits, "--engine", down).stdout
    drawn = {line.split()[0]: line.split()[1:] for line in text.splitlines() if "  pass " in line}
    assert set(drawn) == set(rows)
    assert all([{"passed": "pass", "failed": "FAIL"}[o] for o in rows[c]] == drawn[c] for c in rows)


def test_rows_are_grouped_under_the_first_rule_of_each_case() -> None:
    code, found = _compare(
        "--reference", "--engine", _mutant("remainder-3-down"), "--cmd", "settle"
    )
    assert code == 1 and found["cases"]
    cases = {case.id: case for case in load_cases([fixtures_dir()])}
    for row in found["cases"]:
        assert row["rule"] == cases[row["id"]].rules[0]
        assert row["rule"].startswith("settle.")


def test_agreeing_engines_exit_zero_and_all_lists_every_case() -> None:
    argv, _ = reference_engine()
    args = ("--reference", "--engine", shlex.join(argv), "-k", "table.seed-a")
    code, found = _compare(*args)
    assert (code, found["differing"], found["cases"]) == (0, 0, [])
    code, every = _compare(*args, "--all")
    assert code == 0
    assert len(every["cases"]) == every["total"] > 0
    assert _cells(every)["table.seed-a.step-9"] == ["passed", "passed"]


def test_cases_other_engines_skip_are_no_difference(tmp_path: Path) -> None:
    # The minimal adapter implements settle only: its skips of every other command are no
    # difference from the reference, and the two agree on every settle case.
    page = tmp_path / "compare.html"
    minimal = shlex.join([sys.executable, str(ROOT / "examples" / "minimal_adapter.py")])
    code, found = _compare("--reference", "--engine", minimal, "--html", str(page))
    cases = len(load_cases([fixtures_dir()]))
    assert (code, found["total"], found["differing"]) == (0, cases, 0)
    minimal_engine = found["engines"][1]
    assert (
        minimal_engine["groups"]["settle"]["passed"] == minimal_engine["groups"]["settle"]["judged"]
    )
    assert minimal_engine["skipped"] > 0 and minimal_engine["failed"] == 0
    code, with_mutant = _compare(
        "--reference", "--engine", minimal, "--engine", _mutant("remainder-3-down"),
        "--html", str(page),
    )  # fmt: skip
    assert code == 1
    rows = _cells(with_mutant)
    assert set(rows) == FAILS["remainder-3-down"]
    assert all(cells[2] == "failed" for cells in rows.values())
    html = page.read_text(encoding="utf-8")
    check_page(html)
    # The matrix counts cases (each row a case), not the rules grouping them.
    assert html.count('<tr data-case="1">') == len(rows)
    assert 'title="cases of the rule group settle passed, of those run"' in html


def test_compare_cannot_run_without_two_engines_or_with_a_dead_one() -> None:
    one = cli("compare", "--reference")
    assert one.returncode == 2 and "at least two engines" in one.stderr
    dead = cli("compare", "--reference", "--engine", "/nonexistent/engine")
    assert dead.returncode == 2 and "did not start" in dead.stderr
    assert "Traceback" not in one.stderr + dead.stderr


def test_colour_only_when_asked_or_on_a_terminal() -> None:
    engine = _mutant("counted-omits-zero")
    args = ("compare", "--reference", "--engine", engine, "-k", "table.seed-d")
    coloured = cli(*args, "--color", "always")
    assert "\x1b[1;31mFAIL" in coloured.stdout
    plain = cli(*args)  # not a terminal
    assert "\x1b" not in plain.stdout and "FAIL" in plain.stdout
    assert "\x1b" not in cli(*args, "--color", "never").stdout

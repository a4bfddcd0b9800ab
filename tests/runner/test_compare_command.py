"""``compare``: engines side by side, as a terminal matrix and as a page."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

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


def test_two_mutants_beside_the_reference(tmp_path: Path) -> None:
    page = tmp_path / "compare.html"
    done = cli(
        "compare", "--reference", "--engine", _mutant("counted-omits-zero"),
        "--engine", _mutant("remainder-3-down"), "--html", str(page),
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert "  A  seven-rocks-reference" in out and "  C  seven-rocks-reference mutant" in out
    rows = {line.split()[0]: line.split()[1:] for line in out.splitlines() if "  pass " in line}
    # Only the cases some engine does not pass, each with one cell per engine.
    assert set(rows) == FAILS["counted-omits-zero"] | FAILS["remainder-3-down"]
    for case_id, cells in rows.items():
        expected_b = "FAIL" if case_id in FAILS["counted-omits-zero"] else "pass"
        expected_c = "FAIL" if case_id in FAILS["remainder-3-down"] else "pass"
        assert cells == ["pass", expected_b, expected_c], case_id
    assert f"{len(rows)} of " in out
    # One summary per engine: passed of those run, per rule group.
    table = out[out.index("Per rule group") : out.index("\n\n", out.index("Per rule group"))]
    settle = next(line.split() for line in table.splitlines() if line.startswith("  settle "))
    assert settle[1] == f"{settle[1].split('/')[1]}/{settle[1].split('/')[1]}"  # A passes all
    assert settle[3] != settle[1]  # remainder-3-down fails settle cases
    html = page.read_text(encoding="utf-8")
    check_page(html)
    omits = len(FAILS["counted-omits-zero"])
    assert "counted-omits-zero" in html
    assert f"reproduces {omits} of {omits} failures exactly" in html
    assert html.count('<td class="cell o-failed">') == sum(
        len(FAILS[m]) for m in ("counted-omits-zero", "remainder-3-down")
    )


def test_rows_are_grouped_under_the_first_rule_of_each_case() -> None:
    done = cli("compare", "--reference", "--engine", _mutant("remainder-3-down"), "--cmd", "settle")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    groups = [line for line in lines if line and not line.startswith(" ") and "." in line]
    assert groups and all(g.startswith("settle.") for g in groups)


def test_agreeing_engines_exit_zero_and_all_lists_every_case() -> None:
    argv, _ = reference_engine()
    done = cli("compare", "--reference", "--engine", shlex.join(argv), "-k", "table.seed-a")
    assert done.returncode == 0, done.stderr
    assert "No engine fails any of the" in done.stdout
    every = cli(
        "compare", "--reference", "--engine", shlex.join(argv), "-k", "table.seed-a", "--all"
    )
    assert every.returncode == 0
    assert "table.seed-a.step-9" in every.stdout


def test_cases_other_engines_skip_are_no_difference(tmp_path: Path) -> None:
    # The minimal adapter implements settle only: its skips of every other command are no
    # difference from the reference, and the two agree on every settle case.
    page = tmp_path / "compare.html"
    minimal = shlex.join([sys.executable, str(ROOT / "examples" / "minimal_adapter.py")])
    done = cli("compare", "--reference", "--engine", minimal, "--html", str(page))
    assert done.returncode == 0, done.stdout + done.stderr
    cases = len(load_cases([fixtures_dir()]))
    assert f"No engine fails any of the {cases} cases." in done.stdout
    assert "  settle " in done.stdout and " -" in done.stdout  # C ran no table case
    with_mutant = cli(
        "compare", "--reference", "--engine", minimal, "--engine", _mutant("remainder-3-down"),
        "--html", str(page),
    )  # fmt: skip
    assert with_mutant.returncode == 1
    rows = [line.split()[0] for line in with_mutant.stdout.splitlines() if " FAIL" in line]
    assert set(rows) == FAILS["remainder-3-down"]
    assert f"{len(rows)} of {cases} cases some engine fails or errs on shown" in with_mutant.stdout
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

"""Expected-failure files with rule: and mutant: lines, for run and for fuzz."""

from __future__ import annotations

from pathlib import Path

from conformance.runner.expectfail import ExpectFail, parse_expect_fail
from tests.support.cli import cli, fake, outcomes, run_fake


def test_lines_are_case_ids_rules_or_mutants() -> None:
    listed = parse_expect_fail(
        "# known\nfake.table.open-1-4  # a case\nrule: scoring.end-sum\n"
        "mutant:counter-clockwise\n\n   \n"
    )
    assert listed == ExpectFail(
        frozenset({"fake.table.open-1-4"}),
        frozenset({"scoring.end-sum"}),
        frozenset({"counter-clockwise"}),
    )
    assert listed.explains(["counter-clockwise"], ["turn.clockwise"])
    assert listed.explains(["non-multiple-rounded"], ["scoring.end-sum"])
    assert not listed.explains(["remainder-3-down"], ["settle.round-each-player"])
    assert not listed.explains([], [])


def test_run_rule_lines_let_cases_citing_the_rule_fail(tmp_path: Path) -> None:
    listing = tmp_path / "known.txt"
    listing.write_text("rule:scoring.end-sum  # credits are wrong for now\n")
    done = run_fake("wrong_credit", "--expect-fail", str(listing))
    assert done.returncode == 0, done.stdout
    got = outcomes(done)
    assert got["fake.table.open-1-4"] == "xfailed"
    assert got["fake.table.open-2-3"] == "xfailed"
    assert got["fake.table.open-0-1"] == "passed"
    # Cases citing a listed rule may also pass: that is no surprise to report.
    fixed = run_fake("good", "--expect-fail", str(listing))
    assert fixed.returncode == 0
    assert outcomes(fixed)["fake.table.open-1-4"] == "passed"
    # Without the list, the same run fails.
    assert run_fake("wrong_credit").returncode == 1


def test_run_refuses_mutant_lines(tmp_path: Path) -> None:
    listing = tmp_path / "known.txt"
    listing.write_text("mutant:counter-clockwise\n")
    done = cli("run", "--engine", fake("good"), "--expect-fail", str(listing))
    assert done.returncode == 2
    assert "counter-clockwise" in done.stderr and "fuzz" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1


def test_unknown_case_ids_are_named_and_the_run_goes_on(tmp_path: Path) -> None:
    listed = parse_expect_fail("fake.table.open-1-4\nno-such.case\nan-old.name\n")
    assert listed.unknown({"fake.table.open-1-4"}) == ["an-old.name", "no-such.case"]
    listing = tmp_path / "known.txt"
    listing.write_text("fake.table.open-1-4\nno-such.case\n")
    done = run_fake("wrong_credit", "--expect-fail", str(listing))
    assert "lists unknown case ids: no-such.case\n" in done.stderr
    assert outcomes(done)["fake.table.open-1-4"] == "xfailed"

"""Diagnosis: a run's failures explained by the misreadings of the mutant catalogue.

The engines here are real: each mutant of the catalogue, the reference with two
misreadings at once, and engines whose misreading is written independently of the
catalogue (tests/engines). Each is run through the whole suite.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import jsonschema
import pytest

from conformance.mutants.diagnosis import Diagnosis, diagnose, diagnose_run
from conformance.mutants.signatures import (
    MutantSignature,
    Signatures,
    load_signatures,
)
from conformance.reports.misreadings import format_diagnosis, headline
from conformance.runner.compare import Mismatch
from conformance.runner.execute import RunOptions, reference_engine, run_suite, select_cases
from conformance.runner.outcomes import CaseResult, Outcome, RunResult
from conformance.suite.fixtures import Case, load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules
from reference_impl.adapter import handle
from reference_impl.commands import commands_for
from reference_impl.mutants import variant
from tests.support.cli import REPORT_SCHEMA, ROOT, cli

# Not in tests/fake_engines: the fake engines' own tests count live processes started
# from there, and may run at the same time as these.
ENGINES = ROOT / "tests" / "engines"
SIGNATURES = load_signatures()
MUTANTS = [m.name for m in SIGNATURES.mutants]
FAILS = {m.name: m.fails for m in SIGNATURES.mutants}
CHANGES = {m.name: m.changes for m in SIGNATURES.mutants}


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    found = load_cases([fixtures_dir()], rules=load_rules())
    assert len(found) >= 150, "the glob found too few fixtures"
    return found


def _run(argv: list[str], cases: list[Case]) -> RunResult:
    _, env = reference_engine()
    return run_suite(argv, cases, options=RunOptions(timeout=30), env=env)


def _mutant(names: tuple[str, ...]) -> list[str]:
    if len(names) == 1:
        argv, _ = reference_engine()
        return [*argv, "--mutant", names[0]]
    return [sys.executable, str(ENGINES / "mutant_pair.py"), *names]


def test_the_catalogue_has_signatures() -> None:
    assert len(MUTANTS) >= 20
    assert all(FAILS.values()), "a mutant no case fails cannot be diagnosed"


@pytest.mark.parametrize("name", MUTANTS)
def test_each_mutant_is_named_first(name: str, cases: list[Case]) -> None:
    diagnosis = diagnose_run(_run(_mutant((name,)), cases))
    first = diagnosis.misreadings[0]
    if first.mutant != name:
        # Only a true tie may name another mutant first: the same failing cases.
        assert name in first.alternatives, format_diagnosis(diagnosis)
        assert FAILS[name] == FAILS[first.mutant]
    assert len(first.explained) == diagnosis.failures == len(FAILS[name])
    assert first.contradicted == ()
    assert diagnosis.unexplained == diagnosis.unknown == ()


# Pairs from different parts of the rules; for each, the failures are the union of two
# signatures that no single mutant's signature covers, so only a set cover explains them.
PAIRS = [
    ("every-double-spinner", "remainder-3-down"),
    ("counted-omits-zero", "counter-clockwise"),
    ("tile-fits-once", "partners-pooled"),
    ("highest-double-spinner", "opening-not-scored"),
    ("no-mirror-opening-double", "count-after-win"),
    # Real-world variants, with a misreading or with another variant.
    ("no-spinner", "remainder-3-down"),
    ("largest-double-opens", "counted-omits-zero"),
    ("only-opening-double-spins", "partners-pooled"),
    ("later-doubles-branch", "pass-while-able"),
    ("opening-double-one-point", "target-strictly-greater"),
    ("spinner-one-branch", "penalties-to-opponents"),
    ("one-placement-per-value", "blocked-lighter-team-scores"),
]


@pytest.mark.parametrize("pair", PAIRS, ids="+".join)
def test_an_engine_with_two_misreadings_is_reproduced_by_both_together(
    pair: tuple[str, str], cases: list[Case]
) -> None:
    result = _run(_mutant(pair), cases)
    failed = {r.case.id for r in result.failures()}
    # Both patches are really applied: the engine fails cases of each signature.
    assert failed & (FAILS[pair[0]] - FAILS[pair[1]])
    assert failed & (FAILS[pair[1]] - FAILS[pair[0]])
    assert not any(failed <= fails for fails in FAILS.values()), "one signature explains all"
    diagnosis = diagnose_run(result)
    first = diagnosis.misreadings[0]
    assert set(first.variants) == set(pair), format_diagnosis(diagnosis)
    assert len(first.reproduced) == diagnosis.failures == len(failed)
    assert first.contradicted == () and diagnosis.unexplained == ()


@pytest.mark.parametrize(
    ("engine", "mutant"),
    [("zero_ends_uncounted", "counted-omits-zero"), ("settle_remainder_down", "remainder-3-down")],
)
def test_an_independent_engine_with_one_misreading(
    engine: str, mutant: str, cases: list[Case]
) -> None:
    diagnosis = diagnose_run(_run([sys.executable, str(ENGINES / f"{engine}.py")], cases))
    assert diagnosis.failures > 0
    assert diagnosis.misreadings[0].mutant == mutant, format_diagnosis(diagnosis)


def test_a_subset_run_blames_no_mutant_for_cases_it_did_not_run(cases: list[Case]) -> None:
    chosen = select_cases(cases, cmds=["settle"])
    ran = {c.id for c in chosen}
    diagnosis = diagnose_run(_run(_mutant(("partners-pooled",)), chosen))
    first = diagnosis.misreadings[0]
    assert first.mutant == "partners-pooled"
    assert set(first.explained) == FAILS["partners-pooled"] & ran
    assert first.matched == diagnosis.failures == len(FAILS["partners-pooled"] & ran)
    # The mutant also fails hand and game cases, which this run did not judge.
    assert FAILS["partners-pooled"] - ran
    assert first.contradicted == ()


def _signatures(known: tuple[str, ...] = ("ok",), **fails: set[str]) -> Signatures:
    """Signatures of made-up mutants over made-up cases (`known`: more case ids)."""
    digests = {case_id: "0" for ids in fails.values() for case_id in ids}
    digests |= dict.fromkeys(known, "0")
    mutants = tuple(
        MutantSignature(
            name, f"{name} misreads", (f"rule.{name}",), dict.fromkeys(ids, frozenset({"credit"}))
        )
        for name, ids in fails.items()
    )
    return Signatures("test", digests, mutants)


def _credit(*ids: str) -> dict[str, frozenset[str]]:
    """Failures of made-up cases, each differing in its credit."""
    return dict.fromkeys(ids, frozenset({"credit"}))


def test_mutants_failing_the_same_cases_are_one_entry_with_the_tie_explained() -> None:
    sigs = _signatures(a={"c1", "c2"}, b={"c1", "c2"}, c={"c3"})
    diagnosis = diagnose(_credit("c1", "c2", "c3"), ["ok"], sigs)
    first, second = diagnosis.misreadings
    assert (first.mutant, first.alternatives, len(first.explained)) == ("a", ("b",), 2)
    assert (second.mutant, second.alternatives) == ("c", ())
    text = format_diagnosis(diagnosis)
    assert "2 of 3 failures match `a`" in text
    assert "cannot tell it apart from `b`" in text
    assert "1 more match `c`" in text


def test_a_set_cover_beats_the_single_closest_signature() -> None:
    # `wide` is the closest single signature to the failures {1..6} but also fails two
    # cases that pass; `left` and `right` together explain every failure exactly.
    sigs = _signatures(
        wide={"1", "2", "3", "4", "5", "p1", "p2"},
        left={"1", "2", "3"},
        right={"4", "5", "6"},
    )
    diagnosis = diagnose(_credit("1", "2", "3", "4", "5", "6"), ["p1", "p2", "ok"], sigs)
    assert [m.mutant for m in diagnosis.misreadings] == ["left", "right"]


def test_failures_nothing_explains_are_listed() -> None:
    sigs = _signatures(("ok", "c9"), a={"c1"})
    diagnosis = diagnose(_credit("c1", "c9", "unknown-case"), ["ok"], sigs)
    assert [m.mutant for m in diagnosis.misreadings] == ["a"]
    assert diagnosis.unexplained == ("c9",)
    assert diagnosis.unknown == ("unknown-case",)
    assert "`credit`: 1 failure (c9)" in format_diagnosis(diagnosis)


def test_a_case_changed_since_the_signatures_is_reproduced_in_process(
    cases: list[Case], monkeypatch: pytest.MonkeyPatch
) -> None:
    name = "counted-omits-zero"
    result = _run(_mutant((name,)), cases)
    changed = next(r for r in result.results if r.case.id in FAILS[name])
    changed.case = dataclasses.replace(changed.case, expect={"changed": True})
    diagnosis = diagnose_run(result)
    # No signature says which entries change it: every candidate answers it.
    assert changed.case.id not in diagnosis.unknown
    assert changed.case.id in diagnosis.misreadings[0].explained
    # Past the bound of such cases, the rest are set aside, said to be unknown.
    monkeypatch.setattr("conformance.mutants.diagnosis.MAX_UNSIGNED", 0)
    bounded = diagnose_run(result, load_signatures())
    assert changed.case.id in bounded.unknown
    assert changed.case.id not in bounded.misreadings[0].explained


def test_unreadable_signatures_say_so(tmp_path: pytest.TempPathFactory) -> None:
    bad = tmp_path / "signatures.json"  # type: ignore[operator]
    bad.write_text("{}")
    with pytest.raises(ValueError, match="signatures"):
        load_signatures(bad)
    text = format_diagnosis(Diagnosis((), 0, (), ("c1",), unavailable="cannot read it"))
    assert "not available (cannot read it)" in text


def test_passing_runs_have_no_diagnosis(cases: list[Case]) -> None:
    argv, _ = reference_engine()
    diagnosis = diagnose_run(_run(argv, cases))
    assert diagnosis.misreadings == () and diagnosis.failures == 0
    assert format_diagnosis(diagnosis) == ""


def test_the_reports_carry_the_diagnosis() -> None:
    argv, _ = reference_engine()
    engine = " ".join([*argv, "--mutant", "every-double-spinner"])
    done = cli("run", "--engine", engine, "--format", "json")
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    jsonschema.Draft202012Validator(json.loads(REPORT_SCHEMA.read_text())).validate(report)
    first = report["diagnosis"][0]
    assert first["variants"] == [first["mutant"]] == ["every-double-spinner"]
    assert first["rules"] == ["spinner.first-double", "double.later-no-branches"]
    assert first["reproduced"] == len(first["cases"]) == len(FAILS["every-double-spinner"])
    assert first["contradicted"] == 0
    text = cli("run", "--engine", engine).stdout
    count = len(FAILS["every-double-spinner"])
    summary = (
        "your engine answers as Seven Rocks with these changes: `every-double-spinner` "
        f"(every double opens branches once continued, not only the first) (reproduces "
        f"{count} of {count} failures exactly; would fail 0 of the cases you pass)"
    )
    # A paragraph near the top, and the whole block at the end.
    head, _, tail = text.partition("Likely misreadings:")
    assert "Diagnosis: " + summary in head.splitlines()[3]
    assert summary in tail


def _tie(cases: list[Case]) -> tuple[list[Case], list[str]] | None:
    """A selection by command on which some mutants make exactly the same differences."""
    for cmd in ("table", "legal", "settle", "hand", "game", "perft"):
        chosen = select_cases(cases, cmds=[cmd])
        ids = {c.id for c in chosen}
        groups: dict[frozenset[tuple[str, str]], list[str]] = {}
        for name in MUTANTS:
            made = frozenset(
                (case, field) for case in FAILS[name] & ids for field in CHANGES[name][case]
            )
            if made:
                groups.setdefault(made, []).append(name)
        for names in groups.values():
            if len(names) > 1:
                return chosen, names
    return None


def test_a_subset_run_names_tied_mutants_together(cases: list[Case]) -> None:
    found = _tie(cases)
    if found is None:
        pytest.skip("no selection by command makes two mutants fail the same cases")
    chosen, names = found
    diagnosis = diagnose_run(_run(_mutant((names[0],)), chosen))
    first = diagnosis.misreadings[0]
    assert [first.mutant, *first.alternatives][: len(names)] == names
    assert len(first.reproduced) == diagnosis.failures
    others = ", ".join(f"`{n}`" for n in names[1:])
    assert f"cannot tell it apart from {others}" in format_diagnosis(diagnosis)


def test_errored_cases_take_no_part(cases: list[Case]) -> None:
    # The cases of one misreading errored (no usable answer), those of another failed:
    # only the failures are explained, and the errored cases blame nothing.
    errored, failed = FAILS["counted-omits-zero"], FAILS["remainder-3-down"]
    changes = CHANGES["remainder-3-down"]
    served = commands_for(variant(["remainder-3-down"]))
    results = [
        CaseResult(
            case,
            Outcome.FAILED
            if case.id in failed
            else Outcome.ERRORED
            if case.id in errored
            else Outcome.PASSED,
            # Each failure differs where the misreading changes it.
            mismatches=tuple(Mismatch(f"result.{f}", "differs") for f in changes.get(case.id, ())),
            # The failures are answered as an engine with the misreading answers them.
            reply=handle(case.request(1), served) if case.id in failed else None,
        )
        for case in cases
    ]
    diagnosis = diagnose_run(RunResult(None, results))
    assert [m.mutant for m in diagnosis.misreadings] == ["remainder-3-down"]
    assert diagnosis.failures == len(failed)
    assert diagnosis.errored == len(errored - failed) > 0
    assert "errored case(s), with no usable answer, are not diagnosed" in format_diagnosis(
        diagnosis
    )


def test_a_run_is_diagnosed_once_for_all_its_reports(cases: list[Case]) -> None:
    chosen = select_cases(cases, cmds=["settle"])
    result = _run(_mutant(("partners-pooled",)), chosen)
    first = diagnose_run(result)
    assert diagnose_run(result) is first  # the text, JSON and HTML reports share it
    # Results that changed are diagnosed again.
    result.results = [
        dataclasses.replace(r, outcome=Outcome.PASSED) if r.outcome is Outcome.FAILED else r
        for r in result.results
    ]
    again = diagnose_run(result)
    assert again is not first and again.misreadings == () and first.misreadings


def test_an_engine_with_three_rules_of_its_own_is_reproduced_by_them_together(
    cases: list[Case],
) -> None:
    # An opening double that never spins, every later double branching at once with
    # three counted ends, the largest double opening: no single entry comes close, the
    # three together give every answer of the engine.
    names = ("opening-double-never-spins", "doubles-branch-at-once", "largest-double-opens")
    diagnosis = diagnose_run(_run(_mutant(names), cases))
    first = diagnosis.misreadings[0]
    assert set(first.variants) == set(names), format_diagnosis(diagnosis)
    assert len(first.reproduced) == diagnosis.failures > 0
    assert first.contradicted == () and diagnosis.unexplained == ()
    assert all(len(other.reproduced) < diagnosis.failures for other in diagnosis.misreadings[1:])
    assert headline(diagnosis).startswith(
        "Diagnosis: your engine answers as Seven Rocks with these changes: "
        "`opening-double-never-spins` (an opening double is a tile of the line"
    )


_OWN_CASE = """\
title: A user's own case
cases:
- id: mine.opening-double
  description: '[6|6] opens: the spinner, both linear sides open, 12 counted, no credit'
  rules: [spinner.opening-double]
  source: "derived: L'unico spinner"
  cmd: table
  given:
    plays:
    - {tile: [6, 6]}
  expect:
    spinner: [6, 6]
    open:
    - {tile: [6, 6], side: linear_a, value: 6}
    - {tile: [6, 6], side: linear_b, value: 6}
    counted:
    - {tile: [6, 6], value: 12}
    end_sum: 12
    credits: [0]
    credit: 0
"""


def test_a_users_own_failing_case_is_diagnosed_by_reproduction(tmp_path: Path) -> None:
    # No signature holds a user's case: every candidate answers it in-process.
    (tmp_path / "own.yaml").write_text(_OWN_CASE, encoding="utf-8")
    argv, _ = reference_engine()
    engine = " ".join([*argv, "--mutant", "no-mirror-opening-double"])
    done = cli(
        "run", "--no-suite", "--fixtures", str(tmp_path), "--engine", engine,
        "--format", "json",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    report = json.loads(done.stdout)
    assert report["totals"]["failed"] == 1
    first = report["diagnosis"][0]
    assert "no-mirror-opening-double" in first["variants"], first
    assert first["reproduced"] == 1 and first["contradicted"] == 0

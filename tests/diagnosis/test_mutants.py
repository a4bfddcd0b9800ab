"""Mutant engines: each is a real misreading, and the hand-written fixtures kill every one."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conformance.mutants.kill import kill_matrix, mutant_catalogue, reference_failures
from conformance.runner.execute import reference_engine
from conformance.suite.fixtures import load_cases
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules


@pytest.fixture(scope="module")
def hand_written() -> list:  # type: ignore[type-arg]
    cases = load_cases([fixtures_dir()], rules=load_rules())
    chosen = [case for case in cases if case.source != "fuzz"]
    assert len(chosen) >= 150, "the glob found too few fixtures"
    return chosen


def test_catalogue_has_at_least_twenty_documented_mutants() -> None:
    rules = load_rules()
    catalogue = mutant_catalogue()
    assert len(catalogue) >= 20
    for name, (description, cited) in catalogue.items():
        assert description, name
        assert cited, name
        assert set(cited) <= rules.keys(), f"{name} cites unknown rules"


def test_the_reference_passes_every_case(hand_written: list) -> None:  # type: ignore[type-arg]
    assert reference_failures(hand_written) == []


def test_every_mutant_is_killed_by_the_hand_written_fixtures(
    hand_written: list,  # type: ignore[type-arg]
) -> None:
    matrix = kill_matrix(hand_written, jobs=2)
    assert [m.name for m in matrix if m.error] == []
    survivors = [f"{m.name} ({m.description})" for m in matrix if not m.killed]
    assert survivors == [], "mutants no fixture catches: " + "; ".join(survivors)


def _ask(argv_extra: list[str], request: dict) -> dict:  # type: ignore[type-arg]
    argv, env = reference_engine()
    lines = json.dumps({"cmd": "start", "protocol": 1}) + "\n" + json.dumps(request) + "\n"
    done = subprocess.run(
        [*argv, *argv_extra], input=lines, capture_output=True, text=True, env=env, timeout=30
    )
    assert done.returncode == 0, done.stderr
    reply: dict = json.loads(done.stdout.splitlines()[1])  # type: ignore[type-arg]
    return reply


def test_a_mutant_really_misreads_its_rule() -> None:
    # Pips 3 round up to 5 (remainder 3); the mutant rounds them down to 0.
    request = {"cmd": "settle", "seq": 1, "hands": [[[1, 2]], [], [], []]}
    assert _ask([], request)["result"]["penalties"] == [5, 0, 0, 0]
    assert _ask(["--mutant", "remainder-3-down"], request)["result"]["penalties"] == [0, 0, 0, 0]


def test_unknown_mutant_is_refused() -> None:
    argv, env = reference_engine()
    done = subprocess.run(
        [*argv, "--mutant", "no-such-mutant"], capture_output=True, text=True, env=env, timeout=30
    )
    assert done.returncode == 2
    assert "unknown mutant 'no-such-mutant'" in done.stderr


def test_list_mutants_names_them_all() -> None:
    argv, env = reference_engine()
    done = subprocess.run(
        [*argv, "--list-mutants"], capture_output=True, text=True, env=env, timeout=30
    )
    assert done.returncode == 0
    listed = {line.split(":", 1)[0] for line in done.stdout.splitlines()}
    assert listed == set(mutant_catalogue())


def test_mutants_command_prints_the_kill_matrix() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "conformance", "mutants", "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["total"] == len(mutant_catalogue())
    assert report["killed"] == report["total"]
    assert all(m["killers"] for m in report["mutants"])

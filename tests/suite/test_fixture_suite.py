"""The suite's fixtures as a whole: size, refusals, every protocol code, every seed example.

The expectations themselves are checked by running them (tests/runner/test_runner_reference.py);
this file checks that the suite holds what the rules text requires it to hold.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from conformance.suite.fixtures import Case, load_cases
from conformance.suite.protocol import QUERY_CMDS, REJECTION_CODES
from conformance.suite.resources import fixtures_dir
from conformance.suite.rules import load_rules

# The seed's sequence A, in play order (rules-digest, "Worked examples").
SEQUENCE_A = [[1, 4], [1, 1], [4, 4], [3, 4], [1, 2], [1, 5], [5, 5], [0, 5], [1, 3]]
SEQUENCE_A_CREDITS = [5, 0, 10, 5, 5, 10, 15, 5, 0]
SEQUENCE_E_CREDITS = [10, 10, 0, 5]


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    return load_cases([fixtures_dir()], rules=load_rules())


def _tiles(case: Case) -> list[Any]:
    """The tiles of a table case's plays (refusal cases may hold malformed plays)."""
    plays = case.given.get("plays", [])
    if not isinstance(plays, list) or not all(isinstance(p, dict) for p in plays):
        return []
    return [play.get("tile") for play in plays]


def test_every_command_has_fixture_files() -> None:
    for cmd in QUERY_CMDS:
        assert list((fixtures_dir() / cmd).glob("*.yaml")), f"no fixtures for {cmd}"


def test_size_and_refusals(cases: list[Case]) -> None:
    refusals = [c for c in cases if c.expect_rejected is not None]
    assert len(cases) >= 150
    assert len(refusals) >= 40


def test_every_rejection_code_appears_at_least_twice(cases: list[Case]) -> None:
    codes = Counter(c.expect_rejected["code"] for c in cases if c.expect_rejected is not None)
    thin = {code: codes[code] for code in REJECTION_CODES if codes[code] < 2}
    assert thin == {}


def test_sequence_a_is_transcribed_step_by_step(cases: list[Case]) -> None:
    for step in range(1, len(SEQUENCE_A) + 1):
        matching = [
            c
            for c in cases
            if c.cmd == "table" and c.expect is not None and _tiles(c) == SEQUENCE_A[:step]
        ]
        assert matching, f"no table case for sequence A step {step}"
        for case in matching:
            assert case.source.startswith(("transcribes: ", "implied: ")), case.id
            credits = case.expect.get("credits")  # type: ignore[union-attr]
            if credits is not None:
                assert credits == SEQUENCE_A_CREDITS[:step], case.id


@pytest.mark.parametrize(
    ("plays", "credits"),
    [
        ([[3, 6], [6, 6]], [0, 15]),  # sequence B
        ([[2, 2]], [0]),  # sequence C
        ([[0, 0]], [0]),  # sequence D
        ([[5, 5], [0, 5], [2, 5], [3, 5]], SEQUENCE_E_CREDITS),  # sequence E
    ],
    ids=["B", "C", "D", "E"],
)
def test_other_seed_sequences_are_transcribed(
    cases: list[Case], plays: list[Any], credits: list[int]
) -> None:
    matching = [c for c in cases if c.cmd == "table" and _tiles(c) == plays and c.expect]
    assert matching
    assert any(c.expect.get("credits") == credits for c in matching)  # type: ignore[union-attr]


def test_sequence_e_has_both_mirror_images(cases: list[Case]) -> None:
    sides = {
        c.given["plays"][1]["on"]["side"]
        for c in cases
        if c.cmd == "table" and _tiles(c)[:2] == [[5, 5], [0, 5]] and c.expect is not None
    }
    assert sides == {"linear_a", "linear_b"}


def test_rounding_is_covered_for_every_remainder(cases: list[Case]) -> None:
    remainders: set[int] = set()
    for case in cases:
        if case.cmd == "settle" and case.expect is not None and "pips" in case.expect:
            remainders.update(p % 5 for p in case.expect["pips"])
    assert remainders == {0, 1, 2, 3, 4}


def test_the_partners_three_and_three_example_is_there(cases: list[Case]) -> None:
    def three_and_three(case: Case) -> bool:
        pips = (case.expect or {}).get("pips")
        return (bool(pips) and (pips[0], pips[2]) == (3, 3)) or (
            bool(pips) and pips[1::2] == [3, 3]
        )

    settles = [c for c in cases if c.cmd == "settle" and three_and_three(c)]
    assert settles, "no settle case with partners left on 3 and 3"
    for case in settles:
        deductions = case.expect["deductions"]  # type: ignore[index]
        pips = case.expect["pips"]  # type: ignore[index]
        team = 0 if (pips[0], pips[2]) == (3, 3) else 1
        assert deductions[team] == 10, case.id


def test_extreme_end_sums_are_there(cases: list[Case]) -> None:
    sums = {c.expect.get("end_sum") for c in cases if c.cmd == "table" and c.expect}
    assert {0, 35, 36} <= sums

"""Real-world variants play by their own rule: each on a position worked out by hand.

The suite kills them (tests/diagnosis/test_mutants.py) and the diagnosis names them
(tests/diagnosis/test_diagnosis.py); these check that each plays the rule it is named after.
"""

from __future__ import annotations

from typing import Any

from reference_impl.commands import commands_for
from reference_impl.mutants import MUTANTS
from reference_impl.rules import End


def _ask(variant: str, cmd: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = commands_for(MUTANTS[variant].variant())[cmd](args)
    return answer


def _on(tile: list[int], side: str) -> dict[str, Any]:
    return {"tile": tile, "side": side}


def _sides(answer: dict[str, Any]) -> list[tuple[tuple[int, ...], str]]:
    return sorted((tuple(p["tile"]), p["side"]) for p in answer["open"])


def test_largest_double_opens() -> None:
    hand = [[1, 1], [2, 2], [5, 6]]
    placements = _ask("largest-double-opens", "legal", plays=[], hand=hand)["placements"]
    assert placements == [{"tile": [2, 2]}]
    # Holding no double, the heaviest tiles: [5|6] and nothing of 10 or less.
    placements = _ask("largest-double-opens", "legal", plays=[], hand=[[1, 2], [5, 6], [4, 6]])
    assert placements["placements"] == [{"tile": [5, 6]}]


def test_only_opening_double_spins() -> None:
    plays = [{"tile": [1, 4]}, {"tile": [1, 1], "on": _on([1, 4], "low")}]
    answer = _ask("only-opening-double-spins", "table", plays=plays)
    # [1|1] is a terminal double of the line: no spinner, 4 + 2 = 6.
    assert answer["spinner"] is None
    assert answer["end_sum"] == 6
    opening = _ask("only-opening-double-spins", "table", plays=[{"tile": [2, 2]}])
    assert opening["spinner"] == [2, 2]


def test_no_spinner() -> None:
    plays = [{"tile": [5, 5]}, {"tile": [2, 5], "on": _on([5, 5], "linear_a")}]
    answer = _ask("no-spinner", "table", plays=plays)
    # The double's other side is a terminal double (10), the new end shows 2.
    assert answer["spinner"] is None
    assert answer["end_sum"] == 12
    assert _sides(answer) == [((2, 5), "low"), ((5, 5), "linear_b")]
    assert _ask("no-spinner", "table", plays=plays[:1])["end_sum"] == 10


def test_later_doubles_branch() -> None:
    plays = [
        {"tile": [1, 4]},
        {"tile": [1, 1], "on": _on([1, 4], "low")},
        {"tile": [4, 4], "on": _on([1, 4], "high")},
    ]
    answer = _ask("later-doubles-branch", "table", plays=plays)
    # The spinner [1|1] counts 2; the later [4|4] three ends of 4: 2 + 12 = 14
    # (Seven Rocks: 2 + 8 = 10).
    assert answer["spinner"] == [1, 1]
    assert answer["end_sum"] == 14
    assert _sides(answer) == [
        ((1, 1), "linear_b"),
        ((4, 4), "branch_a"),
        ((4, 4), "branch_b"),
        ((4, 4), "linear_b"),
    ]


def test_opening_double_one_point() -> None:
    answer = _ask("opening-double-one-point", "table", plays=[{"tile": [2, 2]}])
    assert answer["spinner"] is None
    assert _sides(answer) == [((2, 2), "linear_a")]
    assert answer["end_sum"] == 4
    plays = [{"tile": [2, 2]}, {"tile": [2, 3], "on": _on([2, 2], "linear_a")}]
    answer = _ask("opening-double-one-point", "table", plays=plays)
    # The other side shows once the first is taken: 3 + 4 = 7.
    assert _sides(answer) == [((2, 2), "linear_b"), ((2, 3), "high")]
    assert answer["end_sum"] == 7


def test_spinner_one_branch() -> None:
    plays = [
        {"tile": [5, 5]},
        {"tile": [0, 5], "on": _on([5, 5], "linear_a")},
        {"tile": [2, 5], "on": _on([5, 5], "linear_b")},
        {"tile": [3, 5], "on": _on([5, 5], "branch_a")},
    ]
    answer = _ask("spinner-one-branch", "table", plays=plays)
    assert _sides(answer) == [((0, 5), "low"), ((2, 5), "low"), ((3, 5), "low")]
    assert answer["end_sum"] == 5


def test_one_placement_per_value() -> None:
    placements = _ask("one-placement-per-value", "legal", plays=[{"tile": [3, 3]}], hand=[[3, 5]])
    # Seven Rocks offers one on each linear side; here the one value gives one.
    assert len(placements["placements"]) == 1
    # Ends 2 and 4 are two values: [2|4] still gives a placement on each.
    plays = [{"tile": [2, 3]}, {"tile": [3, 4], "on": _on([2, 3], "high")}]
    placements = _ask("one-placement-per-value", "legal", plays=plays, hand=[[2, 4]])
    assert len(placements["placements"]) == 2


def test_blocked_lighter_team_scores() -> None:
    rules = MUTANTS["blocked-lighter-team-scores"].variant()
    # Rounded 5, 5, 10, 5: team 0 holds 15, team 1 holds 10 and is credited all 25.
    blocked = rules.settle((3, 4, 10, 7), End.BLOCKED)
    assert blocked.penalties == (5, 5, 10, 5)
    assert blocked.deductions == (0, -25)
    assert rules.settle((3, 4, 10, 7), End.DOMINO).deductions == (15, 10)
    assert rules.settle((5, 5, 5, 5), End.BLOCKED).deductions == (0, 0)

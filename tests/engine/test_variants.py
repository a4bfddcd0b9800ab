"""Real-world variants play by their own rule: each on a position worked out by hand.

The suite kills them (tests/diagnosis/test_mutants.py) and the diagnosis names them
(tests/diagnosis/test_diagnosis.py); these check that each plays the rule it is named after.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference_impl.actions import Placement
from reference_impl.commands import commands_for
from reference_impl.errors import NoMatch
from reference_impl.hand import Hand
from reference_impl.mutants import MUTANTS, Incompatible, combinable, variant
from reference_impl.rules import HOOKS, REFERENCE, End, Rules
from reference_impl.tiles import ALL_TILES, BIT, Tile, mask_of


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


def _table(rules: Any, plays: Any) -> dict[str, Any]:
    answer: dict[str, Any] = commands_for(rules)["table"]({"plays": plays})
    return answer


_DOUBLE_OPENS = [
    {"tile": [2, 2]},
    {"tile": [2, 3], "on": _on([2, 2], "linear_a")},
    {"tile": [3, 3], "on": _on([2, 3], "high")},
]


def test_opening_double_not_spinner() -> None:
    alone = _ask("opening-double-not-spinner", "table", plays=_DOUBLE_OPENS[:1])
    # [2|2] is a double of the line, both sides free, counted once: 2 + 2.
    assert (alone["spinner"], alone["end_sum"]) == (None, 4)
    assert _sides(alone) == [((2, 2), "linear_a"), ((2, 2), "linear_b")]
    answer = _ask("opening-double-not-spinner", "table", plays=_DOUBLE_OPENS)
    # The next double, [3|3], is the spinner: [2|2] still counts 4, [3|3] counts 6.
    assert (answer["spinner"], answer["end_sum"]) == ([3, 3], 10)
    more = [*_DOUBLE_OPENS, {"tile": [3, 4], "on": _on([3, 3], "linear_b")}]
    answer = _ask("opening-double-not-spinner", "table", plays=more)
    # Both of the spinner's linear sides are taken: its branches open; 4 + 4 = 8.
    assert answer["end_sum"] == 8
    assert ((3, 3), "branch_a") in _sides(answer)


def test_opening_double_never_spins() -> None:
    answer = _ask("opening-double-never-spins", "table", plays=_DOUBLE_OPENS)
    assert (answer["spinner"], answer["end_sum"]) == (None, 10)
    more = [*_DOUBLE_OPENS, {"tile": [3, 4], "on": _on([3, 3], "linear_b")}]
    answer = _ask("opening-double-never-spins", "table", plays=more)
    # [3|3] is a double of the line: continued, it counts nothing and has no branches.
    assert answer["end_sum"] == 8
    assert _sides(answer) == [((2, 2), "linear_b"), ((3, 4), "high")]
    # An opening that is not a double leaves the first double to spin.
    plays = [{"tile": [1, 4]}, {"tile": [1, 1], "on": _on([1, 4], "low")}]
    assert _ask("opening-double-never-spins", "table", plays=plays)["spinner"] == [1, 1]


def test_doubles_branch_at_once() -> None:
    plays = [{"tile": [1, 4]}, {"tile": [1, 1], "on": _on([1, 4], "low")}]
    answer = _ask("doubles-branch-at-once", "table", plays=plays)
    # The spinner [1|1] branches at once: three ends of 1, and [1|4] shows 4: 7.
    assert (answer["spinner"], answer["end_sum"]) == ([1, 1], 7)
    assert _sides(answer) == [
        ((1, 1), "branch_a"),
        ((1, 1), "branch_b"),
        ((1, 1), "linear_b"),
        ((1, 4), "high"),
    ]
    assert sorted(c["value"] for c in answer["counted"]) == [1, 1, 1, 4]


def test_entries_overriding_different_hooks_apply_together() -> None:
    rules = variant(
        ["opening-double-never-spins", "doubles-branch-at-once", "largest-double-opens"]
    )
    legal = commands_for(rules)["legal"]({"plays": [], "hand": [[1, 1], [5, 5], [2, 3]]})
    assert legal["placements"] == [{"tile": [5, 5]}]
    plays = [
        {"tile": [5, 5]},
        {"tile": [5, 6], "on": _on([5, 5], "linear_a")},
        {"tile": [6, 6], "on": _on([5, 6], "high")},
    ]
    answer = _table(rules, plays)
    # [5|5] opened and never spins: its free side counts 10; [6|6] is no spinner (a
    # double came before it) and branches at once: three ends of 6. 10 + 18 = 28.
    assert (answer["spinner"], answer["end_sum"]) == (None, 28)
    assert _sides(answer) == [
        ((5, 5), "linear_b"),
        ((6, 6), "branch_a"),
        ((6, 6), "branch_b"),
        ((6, 6), "linear_b"),
    ]
    # Seven Rocks: [5|5] is the spinner (10), [6|6] a terminal double (12).
    assert _table(REFERENCE, plays)["end_sum"] == 22


def test_entries_overriding_one_hook_cannot_apply_together() -> None:
    with pytest.raises(Incompatible) as caught:
        variant(["counter-clockwise", "no-spinner", "only-opening-double-spins"])
    assert (caught.value.first, caught.value.second) == ("no-spinner", "only-opening-double-spins")
    assert caught.value.hook == "becomes_spinner"
    assert "no-spinner and only-opening-double-spins" in str(caught.value)
    assert combinable(["counter-clockwise", "no-spinner", "partners-pooled"]) is None


def test_every_entry_overrides_hooks_and_nothing_else() -> None:
    for mutant in MUTANTS.values():
        assert mutant.hooks, mutant.name
        for kind in mutant.variant.__mro__:
            if kind in (Rules, object):
                continue
            own = {name for name in vars(kind) if not name.startswith("__")}
            assert own <= set(HOOKS), (mutant.name, own - set(HOOKS))


class _EndsCountDouble(Rules):
    def end_worth(self, value: int) -> int:
        return 2 * value


def test_the_table_reads_the_hooks_it_is_given() -> None:
    # A new variant is a hook: every end counts twice its value. [1|4] then [4|6]: 2 + 12.
    plays = [{"tile": [1, 4]}, {"tile": [4, 6], "on": _on([1, 4], "high")}]
    assert _table(_EndsCountDouble(), plays)["end_sum"] == 14
    assert _table(REFERENCE, plays)["end_sum"] == 7


def _mask(tiles: list[Tile]) -> int:
    return mask_of([tile.index for tile in tiles])


def _seen(hand: Hand) -> tuple[Any, ...]:
    return (hand.table.state(), list(hand.holdings), hand.to_move, list(hand.scores))


def test_a_hand_refuses_an_opening_its_rules_do_not_allow() -> None:
    # Under largest-double-opens, seat 0 holding [2|2] may open with it and nothing else:
    # the checked play refuses [5|6] as the legal list leaves it out, and is unchanged.
    rules = variant(["largest-double-opens"])
    seat0 = [Tile(1, 1), Tile(2, 2), Tile(5, 6)]
    others = [t for t in ALL_TILES if t not in seat0]
    holdings = [_mask(seat0)] + [_mask(others[i : i + 7]) for i in (0, 7, 14)]
    hand = Hand(holdings, 0, rules=rules)
    assert hand.legal() == [Placement(Tile(2, 2))]
    before = _seen(hand)
    for tile in (Tile(5, 6), Tile(1, 1)):
        with pytest.raises(NoMatch, match=r"may not open this hand: only \[2\|2\] may"):
            hand.play(Placement(tile))
        assert _seen(hand) == before
    hand.play(Placement(Tile(2, 2)))
    assert hand.table.placed == BIT[Tile(2, 2).index]
    # The reference lets any tile open.
    Hand(holdings, 0).play(Placement(Tile(5, 6)))

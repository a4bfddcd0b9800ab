"""Perft fixtures against an independent brute-force enumeration of hand play.

Every perft case in fixtures/perft/ is recomputed by tests/support/perft_bruteforce.py,
which knows nothing of the reference engine; the small counts in the fixtures
were also worked out by hand (see the YAML comments). The unit tests below pin
the brute force itself to positions checked by hand and to the seed's examples.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support import perft_bruteforce as bf

PERFT_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "perft"

ALL_TILES = [(a, b) for a in range(7) for b in range(a, 7)]
GAME_CODES = {"hand_over", "not_in_hand", "no_such_end", "branch_closed", "no_match", "must_play"}


class _Loader(yaml.SafeLoader):
    """YAML 1.2 booleans only, so that a bare ``on:`` key would stay a string."""


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:bool"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _perft_files() -> list[Path]:
    return sorted(PERFT_DIR.glob("*.yaml"))


def _perft_cases() -> list[Any]:
    cases = []
    for path in _perft_files():
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
        for case in data["cases"]:
            cases.append(pytest.param(case, id=case["id"]))
    return cases


CASES = _perft_cases()
EXPECTED = [c for c in CASES if "expect" in c.values[0]]
REJECTED = [c for c in CASES if "expect_rejected" in c.values[0]]


def _deal(raw: list[list[list[int]]]) -> list[list[tuple[int, int]]]:
    return [[(a, b) for a, b in hand] for hand in raw]


def _position(given: dict[str, Any]) -> Any:
    scores = tuple(given.get("scores", (0, 0)))
    pos = bf.start(_deal(given["deal"]), given["opener"], scores)
    actions = [bf.action_from_json(a) for a in given.get("actions", [])]
    return bf.replay(pos, actions)


def _canonical(action: Any) -> str:
    return json.dumps(action, sort_keys=True)


def _divide_multiset(entries: list[dict[str, Any]]) -> Counter[tuple[str, int]]:
    return Counter((_canonical(e["action"]), e["nodes"]) for e in entries)


def _bruteforce_result(given: dict[str, Any]) -> dict[str, Any]:
    pos = _position(given)
    depth = given["depth"]
    divide = [{"action": bf.action_to_json(a), "nodes": n} for a, n in bf.perft_divide(pos, depth)]
    return {"nodes": bf.perft(pos, depth), "divide": divide}


# --- the fixtures ----------------------------------------------------------------------


def test_perft_fixtures_found() -> None:
    assert _perft_files(), f"no perft fixture files in {PERFT_DIR}"
    assert len(EXPECTED) >= 20
    assert REJECTED


def test_perft_fixture_ids_are_unique() -> None:
    ids = [c.values[0]["id"] for c in CASES]
    assert len(ids) == len(set(ids))


def test_perft_fixture_deals_are_well_formed() -> None:
    for param in CASES:
        given = param.values[0]["given"]
        tiles = sorted(tuple(t) for hand in given["deal"] for t in hand)
        assert [len(h) for h in given["deal"]] == [7, 7, 7, 7], param.id
        assert tiles == ALL_TILES, param.id


@pytest.mark.parametrize("case", EXPECTED)
def test_perft_case_matches_bruteforce(case: dict[str, Any]) -> None:
    assert case["cmd"] == "perft"
    got = _bruteforce_result(case["given"])
    expect = case["expect"]
    assert set(expect) <= {"nodes", "divide"}
    assert "nodes" in expect
    assert got["nodes"] == expect["nodes"]
    if "divide" in expect:
        assert _divide_multiset(got["divide"]) == _divide_multiset(expect["divide"])
        # A divide must add up to the count it splits (or be empty at a leaf).
        assert sum(e["nodes"] for e in expect["divide"]) in (expect["nodes"], 0)


@pytest.mark.parametrize("case", REJECTED)
def test_perft_refusal_is_a_refusal(case: dict[str, Any]) -> None:
    given, rejected = case["given"], case["expect_rejected"]
    code = rejected["code"]
    if code == "bad_request":
        # Malformed: a depth that is no count, or a prefix that is no list of actions.
        depth = given.get("depth")
        counts = isinstance(depth, int) and not isinstance(depth, bool) and depth >= 0
        assert not counts or ("actions" in given and not isinstance(given["actions"], list))
    elif code == "game_over":
        assert max(given.get("scores", (0, 0))) >= bf.TARGET
    else:
        assert code in GAME_CODES
        with pytest.raises(bf.IllegalAction) as info:
            _position(given)
        assert info.value.code == code
        assert info.value.index == rejected["index"]


def test_divide_comparison_detects_a_wrong_count() -> None:
    # The comparison above must be able to fail: one changed count is a mismatch.
    given = EXPECTED[0].values[0]["given"] | {"depth": 2}
    got = _bruteforce_result(given)["divide"]
    wrong = [dict(e) for e in got]
    wrong[0]["nodes"] += 1
    assert _divide_multiset(got) != _divide_multiset(wrong)


# --- the brute force on hand-checked positions -------------------------------------------

SIX_EARLY = [
    [(6, 6), (0, 1), (2, 5), (3, 4), (1, 6), (0, 3), (4, 5)],
    [(3, 6), (0, 0), (1, 2), (4, 6), (2, 3), (5, 5), (0, 4)],
    [(5, 6), (1, 1), (0, 2), (3, 5), (2, 6), (1, 4), (4, 4)],
    [(0, 6), (2, 2), (1, 3), (3, 3), (0, 5), (1, 5), (2, 4)],
]


def _free_play(tiles: list[tuple[int, int]]) -> Any:
    """A position where seat 0 holds every given tile, for replaying table sequences."""
    return bf.Position(hands=[list(tiles), [], [], []], to_move=0, scores=[0, 0])


def _lay(pos: Any, action: Any) -> Any:
    pos.to_move = 0
    return bf.play(pos, action)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[list[tuple[int, int]]], int]:
    tiles = draw(st.permutations(ALL_TILES))
    return [list(tiles[i * 7 : i * 7 + 7]) for i in range(4)], draw(st.integers(0, 3))


@settings(max_examples=50, deadline=None)
@given(deals())
def test_opening_depth_1_is_seven_for_any_deal(deal_opener: Any) -> None:
    deal, opener = deal_opener
    pos = bf.start(deal, opener)
    assert bf.perft(pos, 0) == 1
    assert bf.perft(pos, 1) == 7
    assert sorted(a.tile for a, _ in bf.perft_divide(pos, 1)) == sorted(deal[opener])


@settings(max_examples=50, deadline=None)
@given(deals())
def test_opening_depth_2_counts_matching_halves(deal_opener: Any) -> None:
    # Worked out differently from the brute force: after a non-double opening [a|b]
    # the next player's placements are their tiles showing a plus those showing b;
    # after a double [d|d] their tiles showing d, twice (two linear sides); with
    # none of those, the forced pass is the one action.
    deal, opener = deal_opener
    nxt = deal[(opener + 1) % 4]
    expected = 0
    for a, b in deal[opener]:
        if a == b:
            fits = 2 * sum(a in t for t in nxt)
        else:
            fits = sum(a in t for t in nxt) + sum(b in t for t in nxt)
        expected += fits or 1
    assert bf.perft(bf.start(deal, opener), 2) == expected


def test_seed_sequence_a_end_sums_and_branches() -> None:
    # "Aprire i rami dello spinner": sums 5, 6, 10, 5, 5, 10, 15, 5, 8.
    seq = [
        (bf.Opening((1, 4)), 5),
        (bf.Placement((1, 1), (1, 4), "low"), 6),
        (bf.Placement((4, 4), (1, 4), "high"), 10),
        (bf.Placement((3, 4), (4, 4), "linear_b"), 5),
        (bf.Placement((1, 2), (1, 1), "linear_b"), 5),
        (bf.Placement((1, 5), (1, 1), "branch_a"), 10),
        (bf.Placement((5, 5), (1, 5), "high"), 15),
        (bf.Placement((0, 5), (5, 5), "linear_b"), 5),
        (bf.Placement((1, 3), (1, 1), "branch_b"), 8),
    ]
    pos = _free_play(ALL_TILES)
    for i, (action, total) in enumerate(seq):
        pos = _lay(pos, action)
        assert bf.end_sum(pos) == total, i
        if i == 3:  # one linear side of the spinner still free: branches closed
            assert [(t, s) for t, s, _ in bf.open_points(pos)] == [
                ((1, 1), "linear_b"),
                ((3, 4), "low"),
            ]
        if i == 4:  # both linear sides taken: both branches open, counting nothing
            assert sorted((t, s, v) for t, s, v in bf.open_points(pos)) == [
                ((1, 1), "branch_a", 1),
                ((1, 1), "branch_b", 1),
                ((1, 2), "high", 2),
                ((3, 4), "low", 3),
            ]
    assert pos.scores == [55, 0]  # 5 + 10 + 5 + 5 + 10 + 15 + 5


def test_seed_prose_example_spinner_stops_counting() -> None:
    # "L'unico spinner": [5|5] 10, [0|5] 10, [2|5] 2, [3|5] on a branch 5.
    pos = _free_play(ALL_TILES)
    sums = []
    for action in [
        bf.Opening((5, 5)),
        bf.Placement((0, 5), (5, 5), "linear_a"),
        bf.Placement((2, 5), (5, 5), "linear_b"),
        bf.Placement((3, 5), (5, 5), "branch_a"),
    ]:
        pos = _lay(pos, action)
        sums.append(bf.end_sum(pos))
    assert sums == [10, 10, 2, 5]
    assert pos.scores == [25, 0]


def test_branch_before_linear_is_refused() -> None:
    pos = _free_play(ALL_TILES)
    pos = _lay(pos, bf.Opening((6, 6)))
    pos = _lay(pos, bf.Placement((3, 6), (6, 6), "linear_a"))
    pos.to_move = 0
    with pytest.raises(bf.IllegalAction) as info:
        bf.play(pos, bf.Placement((5, 6), (6, 6), "branch_a"))
    assert info.value.code == "branch_closed"


def test_known_spinner_position_branch_count() -> None:
    # [6|6] opened, [3|6] and [5|6] on its linear sides: seat 3 has [1|3] [3|3] on
    # the 3, [0|5] [1|5] on the 5 and [0|6] on each branch = 6.
    pos = bf.start(SIX_EARLY, 0)
    for action in [
        bf.Opening((6, 6)),
        bf.Placement((3, 6), (6, 6), "linear_a"),
        bf.Placement((5, 6), (6, 6), "linear_b"),
    ]:
        pos = bf.play(pos, action)
    branch_moves = [
        a for a in bf.legal_actions(pos) if a != "pass" and a.on_side.startswith("branch")
    ]
    assert len(branch_moves) == 2
    assert bf.perft(pos, 1) == 6
    assert bf.perft(pos, 2) == 38


def test_later_double_has_no_branches() -> None:
    pos = _free_play(ALL_TILES)
    pos = _lay(pos, bf.Opening((1, 3)))
    pos = _lay(pos, bf.Placement((3, 3), (1, 3), "high"))  # spinner
    pos = _lay(pos, bf.Placement((1, 1), (1, 3), "low"))  # a later double
    sides = {(t, s) for t, s, _ in bf.open_points(pos)}
    assert sides == {((3, 3), "linear_b"), ((1, 1), "linear_b")}
    assert bf.end_sum(pos) == 6 + 2


def test_forced_pass_and_block() -> None:
    # Every 0 on the table with both open values 0: four passes block the hand.
    deal = [
        [(0, 1), (3, 4), (0, 6), (1, 1), (2, 3), (4, 6), (5, 5)],
        [(1, 2), (0, 4), (0, 0), (1, 3), (2, 5), (3, 6), (6, 6)],
        [(0, 2), (0, 5), (1, 4), (2, 2), (2, 6), (3, 5), (4, 4)],
        [(0, 3), (5, 6), (1, 5), (1, 6), (2, 4), (3, 3), (4, 5)],
    ]
    line = [
        bf.Opening((0, 1)),
        bf.Placement((1, 2), (0, 1), "high"),
        bf.Placement((0, 2), (1, 2), "high"),
        bf.Placement((0, 3), (0, 1), "low"),
        bf.Placement((3, 4), (0, 3), "high"),
        bf.Placement((0, 4), (3, 4), "high"),
        bf.Placement((0, 5), (0, 2), "low"),
        bf.Placement((5, 6), (0, 5), "high"),
        bf.Placement((0, 6), (5, 6), "high"),
        bf.Placement((0, 0), (0, 4), "low"),
    ]
    pos = bf.replay(bf.start(deal, 0), line)
    for _ in range(3):
        assert bf.legal_actions(pos) == ["pass"]
        pos = bf.play(pos, "pass")
        assert pos.end is None
    pos = bf.play(pos, "pass")
    assert pos.end == "blocked"
    assert bf.perft(pos, 3) == 1 and bf.perft_divide(pos, 3) == []
    with pytest.raises(bf.IllegalAction) as info:
        bf.play(pos, "pass")
    assert info.value.code == "hand_over"


def test_target_ends_the_hand_even_before_the_next_turn() -> None:
    deal = [
        [(0, 5), (1, 4), (2, 3), (6, 6), (0, 2), (1, 6), (3, 5)],
        [(0, 0), (1, 1), (2, 4), (3, 6), (4, 5), (0, 6), (2, 5)],
        [(0, 1), (0, 4), (1, 3), (2, 2), (3, 4), (4, 6), (5, 6)],
        [(0, 3), (1, 2), (1, 5), (2, 6), (3, 3), (4, 4), (5, 5)],
    ]
    pos = bf.play(bf.start(deal, 0, (245, 235)), bf.Opening((1, 4)))
    assert pos.end == "target" and pos.scores == [250, 235]
    pos = bf.play(bf.start(deal, 0, (244, 235)), bf.Opening((1, 4)))
    assert pos.end is None and pos.scores == [249, 235]


@settings(max_examples=30, deadline=None)
@given(deals(), st.integers(0, 2**32 - 1))
def test_random_hands_stay_consistent(deal_opener: Any, seed: int) -> None:
    # Play random legal actions to the end: tiles are conserved, end sums never pass
    # 36, a block means nobody can place, a domino means the placer's hand is empty.
    deal, opener = deal_opener
    rng = random.Random(seed)
    pos = bf.start(deal, opener)
    while pos.end is None:
        actions = bf.legal_actions(pos)
        assert actions
        assert bf.perft(pos, 1) == len(actions)
        action = rng.choice(actions)
        seat = pos.to_move
        pos = bf.play(pos, action)
        on_table = sorted(pos.order)
        assert sorted(on_table + [t for h in pos.hands for t in h]) == ALL_TILES
        if action != "pass":
            assert bf.end_sum(pos) <= 36
        if pos.end == "domino":
            assert pos.hands[seat] == []
    if pos.end == "blocked":
        for seat in range(4):
            pos.end, pos.to_move = None, seat
            assert bf.legal_actions(pos) == ["pass"]

"""Every worked example of the seed, checked on the engine's own API.

The expected attach points, counted ends, end sums and credits are the ones
printed in the seed's diagrams (section headings quoted in each test), worked
through by hand; none of them was read back from the engine.
"""

from __future__ import annotations

import pytest

from reference_impl.actions import EndPoint, Placement
from reference_impl.settle import round_to_five, settle
from reference_impl.table import Table, credit_for
from reference_impl.tiles import ALL_TILES, SIDES, Side, Tile, mask_of

LOW = Side.LOW
HIGH = Side.HIGH
LIN_A = Side.LINEAR_A
LIN_B = Side.LINEAR_B
BR_A = Side.BRANCH_A
BR_B = Side.BRANCH_B


def t(a: int, b: int) -> Tile:
    """The tile [a|b]."""
    return Tile(a, b)


def on(tile: Tile, side: Side) -> EndPoint:
    """The end point `side` of `tile`."""
    return EndPoint(tile, side)


Point = tuple[Tile, Side, int]
Counted = tuple[Tile, int]


def open_points(table: Table) -> list[Point]:
    """The table's attach points as value objects, in a stable order."""
    return sorted((ALL_TILES[tile], SIDES[side], value) for tile, side, value in table.points())


def counted_ends(table: Table) -> list[Counted]:
    """The table's counted ends as value objects, in a stable order (a multiset)."""
    return sorted((ALL_TILES[tile], value) for tile, value in table.counted())


def build(plays: list[Placement]) -> tuple[Table, list[int]]:
    """A table with `plays` placed in order, and the credit of each placement."""
    table = Table()
    credits = []
    for placement in plays:
        table.place(placement)
        credits.append(credit_for(table.end_sum()))
    return table, credits


# ---------------------------------------------------------------- sequence A
#
# Sections "Doppie terminali e interne allo schema", "Aprire i rami dello
# spinner" and "Dalla somma delle estremità ai punti" draw one table growing
# tile by tile. Each step: the placement, the attach points and counted ends
# after it (as the diagram lists them), the end sum and the placement's credit.

SEQUENCE_A: list[tuple[Placement, list[Point], list[Counted], int, int]] = [
    # 1. [1|4] opens: both ends of a lone non-double count, 4 + 1 = 5.
    (
        Placement(t(1, 4)),
        [(t(1, 4), HIGH, 4), (t(1, 4), LOW, 1)],
        [(t(1, 4), 4), (t(1, 4), 1)],
        5,
        5,
    ),
    # 2. [1|1] on the lower end, the first double: the spinner, terminal, 2 + 4 = 6.
    (
        Placement(t(1, 1), on(t(1, 4), LOW)),
        [(t(1, 1), LIN_B, 1), (t(1, 4), HIGH, 4)],
        [(t(1, 1), 2), (t(1, 4), 4)],
        6,
        0,
    ),
    # 3. [4|4] on the higher end: a later double, terminal, 2 + 8 = 10.
    (
        Placement(t(4, 4), on(t(1, 4), HIGH)),
        [(t(1, 1), LIN_B, 1), (t(4, 4), LIN_B, 4)],
        [(t(1, 1), 2), (t(4, 4), 8)],
        10,
        10,
    ),
    # 4. [3|4] continues [4|4], now internal: 2 + 3 = 5.
    (
        Placement(t(3, 4), on(t(4, 4), LIN_B)),
        [(t(1, 1), LIN_B, 1), (t(3, 4), LOW, 3)],
        [(t(1, 1), 2), (t(3, 4), 3)],
        5,
        5,
    ),
    # 5. [1|2] on the spinner's linear side B: both linear sides taken, the spinner
    #    stops counting and its branches open (counting nothing): 2 + 3 = 5.
    (
        Placement(t(1, 2), on(t(1, 1), LIN_B)),
        [(t(1, 1), BR_A, 1), (t(1, 1), BR_B, 1), (t(1, 2), HIGH, 2), (t(3, 4), LOW, 3)],
        [(t(1, 2), 2), (t(3, 4), 3)],
        5,
        5,
    ),
    # 6. [1|5] starts branch A: one more counted end, 2 + 5 + 3 = 10.
    (
        Placement(t(1, 5), on(t(1, 1), BR_A)),
        [(t(1, 1), BR_B, 1), (t(1, 2), HIGH, 2), (t(1, 5), HIGH, 5), (t(3, 4), LOW, 3)],
        [(t(1, 2), 2), (t(1, 5), 5), (t(3, 4), 3)],
        10,
        10,
    ),
    # 7. [5|5] on [1|5]'s higher end: a terminal later double (no branches),
    #    10 + 2 + 3 = 15. Not drawn in the seed, implied between steps 6 and 8.
    (
        Placement(t(5, 5), on(t(1, 5), HIGH)),
        [(t(1, 1), BR_B, 1), (t(1, 2), HIGH, 2), (t(3, 4), LOW, 3), (t(5, 5), LIN_B, 5)],
        [(t(1, 2), 2), (t(3, 4), 3), (t(5, 5), 10)],
        15,
        15,
    ),
    # 8. [0|5] continues [5|5]: a zero end still counts, 0 + 2 + 3 = 5.
    (
        Placement(t(0, 5), on(t(5, 5), LIN_B)),
        [(t(0, 5), LOW, 0), (t(1, 1), BR_B, 1), (t(1, 2), HIGH, 2), (t(3, 4), LOW, 3)],
        [(t(0, 5), 0), (t(1, 2), 2), (t(3, 4), 3)],
        5,
        5,
    ),
    # 9. [1|3] starts branch B: 0 + 2 + 3 + 3 = 8, no credit.
    (
        Placement(t(1, 3), on(t(1, 1), BR_B)),
        [(t(0, 5), LOW, 0), (t(1, 2), HIGH, 2), (t(1, 3), HIGH, 3), (t(3, 4), LOW, 3)],
        [(t(0, 5), 0), (t(1, 2), 2), (t(1, 3), 3), (t(3, 4), 3)],
        8,
        0,
    ),
]


@pytest.mark.parametrize("step", range(1, len(SEQUENCE_A) + 1))
def test_sequence_a_step(step: int) -> None:
    """Seed sequence A after `step` placements: attach points, counted ends, sum, credit."""
    table = Table()
    for placement, *_ in SEQUENCE_A[: step - 1]:
        table.place(placement)
    placement, points, counted, end_sum, credit = SEQUENCE_A[step - 1]
    table.place(placement)
    assert open_points(table) == sorted(points)
    assert counted_ends(table) == sorted(counted)
    assert table.end_sum() == end_sum == sum(value for _, value in counted)
    assert credit_for(table.end_sum()) == credit
    # spinner.first-double: [1|1] from step 2 on, whatever doubles follow.
    assert table.spinner == (-1 if step == 1 else t(1, 1).index)


def test_sequence_a_credits_in_order() -> None:
    """The whole of sequence A gives the credits 5, 0, 10, 5, 5, 10, 15, 5, 0."""
    _, credits = build([step[0] for step in SEQUENCE_A])
    assert credits == [5, 0, 10, 5, 5, 10, 15, 5, 0]


def test_sequence_a_step_7_double_five_worth_15() -> None:
    """Step 7: the later double [5|5] counts both halves (10) while terminal: 15 in all."""
    table, credits = build([step[0] for step in SEQUENCE_A[:7]])
    assert (t(5, 5), 10) in counted_ends(table)
    assert credits[-1] == 15
    # double.later-no-branches: [5|5] offers only its linear side B.
    assert [p for p in open_points(table) if p[0] == t(5, 5)] == [(t(5, 5), LIN_B, 5)]


# ---------------------------------------------------------------- sequences B, C, D


def test_sequence_b_three_six_then_double_six() -> None:
    """[3|6] opens (3 + 6 = 9, nothing); [6|6] on its higher end: 3 + 12 = 15."""
    table, credits = build([Placement(t(3, 6))])
    assert table.end_sum() == 9
    assert counted_ends(table) == sorted([(t(3, 6), 3), (t(3, 6), 6)])
    assert credits == [0]
    table.place(Placement(t(6, 6), on(t(3, 6), HIGH)))
    assert table.spinner == t(6, 6).index
    assert open_points(table) == sorted([(t(3, 6), LOW, 3), (t(6, 6), LIN_B, 6)])
    assert counted_ends(table) == sorted([(t(3, 6), 3), (t(6, 6), 12)])
    assert table.end_sum() == 15
    assert credit_for(table.end_sum()) == 15


def test_sequence_c_opening_double_two() -> None:
    """An opening [2|2] is the spinner and counts 4 (both halves once, not 8): no credit."""
    table, credits = build([Placement(t(2, 2))])
    assert table.spinner == t(2, 2).index
    assert open_points(table) == sorted([(t(2, 2), LIN_A, 2), (t(2, 2), LIN_B, 2)])
    assert counted_ends(table) == [(t(2, 2), 4)]
    assert table.end_sum() == 4
    assert credits == [0]


def test_sequence_d_opening_double_blank() -> None:
    """An opening [0|0]: the end sum is 0, and 0 credits nothing."""
    table, credits = build([Placement(t(0, 0))])
    assert table.spinner == t(0, 0).index
    assert open_points(table) == sorted([(t(0, 0), LIN_A, 0), (t(0, 0), LIN_B, 0)])
    assert counted_ends(table) == [(t(0, 0), 0)]
    assert table.end_sum() == 0
    assert credits == [0]


# ---------------------------------------------------------------- sequence E


@pytest.mark.parametrize(
    ("first", "second"), [(LIN_A, LIN_B), (LIN_B, LIN_A)], ids=["a-then-b", "b-then-a"]
)
@pytest.mark.parametrize("branch", [BR_A, BR_B], ids=["branch-a", "branch-b"])
def test_sequence_e_prose_example(first: Side, second: Side, branch: Side) -> None:
    """Section "L'unico spinner": [5|5] 10; [0|5] 10; [2|5] 2 (no credit); [3|5] 5."""
    table = Table()
    table.place(Placement(t(5, 5)))
    assert table.end_sum() == 10
    assert credit_for(table.end_sum()) == 10

    table.place(Placement(t(0, 5), on(t(5, 5), first)))
    # One linear side free: the spinner still counts 10, the new end 0.
    assert counted_ends(table) == sorted([(t(5, 5), 10), (t(0, 5), 0)])
    assert open_points(table) == sorted([(t(5, 5), second, 5), (t(0, 5), LOW, 0)])
    assert credit_for(table.end_sum()) == 10

    table.place(Placement(t(2, 5), on(t(5, 5), second)))
    # Both linear sides taken: the spinner is internal, 0 + 2 = 2; branches open.
    assert counted_ends(table) == sorted([(t(0, 5), 0), (t(2, 5), 2)])
    assert open_points(table) == sorted(
        [(t(5, 5), BR_A, 5), (t(5, 5), BR_B, 5), (t(0, 5), LOW, 0), (t(2, 5), LOW, 2)]
    )
    assert table.end_sum() == 2
    assert credit_for(table.end_sum()) == 0

    table.place(Placement(t(3, 5), on(t(5, 5), branch)))
    other = BR_B if branch is BR_A else BR_A
    assert counted_ends(table) == sorted([(t(0, 5), 0), (t(2, 5), 2), (t(3, 5), 3)])
    assert open_points(table) == sorted(
        [(t(5, 5), other, 5), (t(0, 5), LOW, 0), (t(2, 5), LOW, 2), (t(3, 5), LOW, 3)]
    )
    assert table.end_sum() == 5
    assert credit_for(table.end_sum()) == 5


# ---------------------------------------------------------------- scoring limits


def test_zero_end_sum_scores_nothing() -> None:
    """An end sum of 0 is a multiple of five but not a positive one: no credit."""
    assert credit_for(0) == 0
    # Mid-table: [0|3] opens (0 + 3), [3|4] on its high end (0 + 4), [0|4] on [3|4]'s
    # high end: both ends show 0, so the sum is 0 and nothing is credited.
    table, credits = build(
        [
            Placement(t(0, 3)),
            Placement(t(3, 4), on(t(0, 3), HIGH)),
            Placement(t(0, 4), on(t(3, 4), HIGH)),
        ]
    )
    assert counted_ends(table) == sorted([(t(0, 3), 0), (t(0, 4), 0)])
    assert table.end_sum() == 0
    assert credits == [0, 0, 0]


@pytest.mark.parametrize(
    ("end_sum", "credit"),
    [
        *[(1, 0), (4, 0), (5, 5), (6, 0), (9, 0), (10, 10), (14, 0), (15, 15)],
        *[(20, 20), (25, 25), (30, 30), (33, 0), (34, 0), (35, 35), (36, 0)],
    ],
)
def test_credit_is_the_sum_only_for_multiples_of_five(end_sum: int, credit: int) -> None:
    """A positive multiple of 5 credits exactly itself; any other sum credits nothing."""
    assert credit_for(end_sum) == credit


# The largest layout: spinner [0|0] with four arms ending in the four highest
# doubles that are left once [0|0] is the spinner.
#   [0|0] opens                          0           (spinner terminal, 0)
#   [0|6] linear A                       0 + 6 = 6
#   [0|5] linear B (spinner internal)    6 + 5 = 11
#   [0|4] branch A                       6 + 5 + 4 = 15   -> 15
#   [0|3] branch B                       6 + 5 + 4 + 3 = 18
#   [6|6] on [0|6] high                  12 + 5 + 4 + 3 = 24
#   [5|5] on [0|5] high                  12 + 10 + 4 + 3 = 29
#   [4|4] on [0|4] high                  12 + 10 + 8 + 3 = 33
# then either [3|3] on [0|3] high:       12 + 10 + 8 + 6 = 36 -> 0 (the maximum sum)
# or          [3|5] on [0|3] high:       12 + 10 + 8 + 5 = 35 -> 35 (the maximum credit)
MAX_PREFIX = [
    Placement(t(0, 0)),
    Placement(t(0, 6), on(t(0, 0), LIN_A)),
    Placement(t(0, 5), on(t(0, 0), LIN_B)),
    Placement(t(0, 4), on(t(0, 0), BR_A)),
    Placement(t(0, 3), on(t(0, 0), BR_B)),
    Placement(t(6, 6), on(t(0, 6), HIGH)),
    Placement(t(5, 5), on(t(0, 5), HIGH)),
    Placement(t(4, 4), on(t(0, 4), HIGH)),
]


def test_max_end_sum_36_scores_nothing() -> None:
    """Four arms ending in [6|6], [5|5], [4|4], [3|3]: 36, the largest sum, credits 0."""
    table, credits = build([*MAX_PREFIX, Placement(t(3, 3), on(t(0, 3), HIGH))])
    assert credits == [0, 0, 0, 15, 0, 0, 0, 0, 0]
    assert counted_ends(table) == sorted([(t(6, 6), 12), (t(5, 5), 10), (t(4, 4), 8), (t(3, 3), 6)])
    assert table.end_sum() == 36


def test_max_credit_35() -> None:
    """Ending the fourth arm in [3|5] instead: 35, the largest credit of a placement."""
    table, credits = build([*MAX_PREFIX, Placement(t(3, 5), on(t(0, 3), HIGH))])
    assert table.end_sum() == 35
    assert credits[-1] == 35


# ---------------------------------------------------------------- the count


def test_three_and_three_round_separately_to_ten() -> None:
    """Section "Terminare la mano": partners left with 3 and 3 lose 5 + 5 = 10, not 5."""
    # Seat 0 holds [0|3] (3), seat 2 holds [1|2] (3); seats 1 and 3 hold nothing.
    result = settle([mask_of([t(0, 3).index]), 0, mask_of([t(1, 2).index]), 0])
    assert result.pips == (3, 0, 3, 0)
    assert result.penalties == (5, 0, 5, 0)
    assert result.deductions == (10, 0)


def test_count_goes_to_each_players_own_team() -> None:
    """Each seat's rounded pips are deducted from its own team (seats 0, 2 vs 1, 3)."""
    # seat 0: [0|1] 1 -> 0; seat 1: [6|6] [5|6] 23 -> 25; seat 2: [2|2] 4 -> 5; seat 3: empty.
    holdings = [
        mask_of([t(0, 1).index]),
        mask_of([t(6, 6).index, t(5, 6).index]),
        mask_of([t(2, 2).index]),
        0,
    ]
    result = settle(holdings)
    assert result.pips == (1, 23, 4, 0)
    assert result.penalties == (0, 25, 5, 0)
    assert result.deductions == (5, 25)


@pytest.mark.parametrize(
    ("pips", "rounded"),
    [
        (0, 0),  # remainder 0
        (1, 0),  # remainder 1: down
        (2, 0),  # remainder 2: down
        (3, 5),  # remainder 3: up
        (4, 5),  # remainder 4: up
        (10, 10),
        (11, 10),
        (12, 10),
        (13, 15),
        (14, 15),
        (66, 65),
        (68, 70),
    ],
)
def test_round_to_five_remainders(pips: int, rounded: int) -> None:
    """Remainders 1 and 2 round down, 3 and 4 round up, 0 stays."""
    assert round_to_five(pips) == rounded

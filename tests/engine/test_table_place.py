"""Table.place, the checked way onto a table: a tile already there is refused, unchanged.

Protocol 6.1: in `table` and `legal` a tile already on the table is
`bad_request` (the table alone shows the repeat); in a hand it is
`not_in_hand`, because the player does not hold it.
"""

from __future__ import annotations

import pytest

from reference_impl.actions import EndPoint, Placement
from reference_impl.adapter import handle
from reference_impl.errors import BadRequest, NoSuchEnd, RuleViolation
from reference_impl.hand import Hand
from reference_impl.table import Table
from reference_impl.tiles import Side, Tile
from tests.support.engine import table_snapshot


def t(a: int, b: int) -> Tile:
    return Tile(a, b)


def on(tile: Tile, side: Side) -> EndPoint:
    return EndPoint(tile, side)


def laid(*placements: Placement) -> Table:
    table = Table()
    for placement in placements:
        table.place(placement)
    return table


def refused(table: Table, placement: Placement) -> RuleViolation:
    before = table_snapshot(table)
    with pytest.raises(RuleViolation) as info:
        table.place(placement)
    assert table_snapshot(table) == before, "a refused placement changed the table"
    return info.value


def test_the_opening_tile_again_is_refused() -> None:
    table = laid(Placement(t(1, 4)))
    error = refused(table, Placement(t(1, 4), on(t(1, 4), Side.HIGH)))
    assert isinstance(error, BadRequest) and error.code == "bad_request"
    assert error.message == "[1|4] cannot join itself: it is already on the table"


def test_a_double_on_itself_is_refused() -> None:
    # [3|3] opens as the spinner; its linear side B shows a 3, which [3|3] "matches".
    table = laid(Placement(t(3, 3)))
    error = refused(table, Placement(t(3, 3), on(t(3, 3), Side.LINEAR_B)))
    assert error.code == "bad_request"
    assert "[3|3] cannot join itself" in error.message


def test_a_later_double_on_its_own_free_side_is_refused() -> None:
    table = laid(
        Placement(t(1, 3)),
        Placement(t(3, 3), on(t(1, 3), Side.HIGH)),  # the spinner
        Placement(t(1, 1), on(t(1, 3), Side.LOW)),  # a later double, free on linear B
    )
    error = refused(table, Placement(t(1, 1), on(t(1, 1), Side.LINEAR_B)))
    assert error.code == "bad_request"
    assert "cannot join itself" in error.message


def test_a_placed_tile_on_another_end_is_refused() -> None:
    table = laid(Placement(t(1, 4)), Placement(t(4, 6), on(t(1, 4), Side.HIGH)))
    error = refused(table, Placement(t(1, 4), on(t(4, 6), Side.HIGH)))
    assert error.code == "bad_request"
    assert error.message == "[1|4] is already on the table: a tile is placed once"


def test_a_repeat_is_refused_before_a_missing_end() -> None:
    # Form first (protocol 6.2): the repeat, not the end [5|5] that is not there.
    table = laid(Placement(t(1, 4)))
    error = refused(table, Placement(t(1, 4), on(t(5, 5), Side.LINEAR_A)))
    assert error.code == "bad_request"


def test_a_repeated_opening_without_an_end_is_refused() -> None:
    table = laid(Placement(t(1, 4)))
    assert refused(table, Placement(t(1, 4))).code == "bad_request"


def test_a_tile_on_itself_that_is_not_on_the_table_has_no_such_end() -> None:
    table = laid(Placement(t(1, 4)))
    error = refused(table, Placement(t(2, 2), on(t(2, 2), Side.LINEAR_A)))
    assert isinstance(error, NoSuchEnd)
    assert error.message == "[2|2] cannot join itself: [2|2] is not on the table"


def test_the_table_still_takes_legal_placements_after_a_refusal() -> None:
    table = laid(Placement(t(1, 4)))
    refused(table, Placement(t(1, 4), on(t(1, 4), Side.LOW)))
    table.place(Placement(t(1, 1), on(t(1, 4), Side.LOW)))
    assert table.end_sum() == 6


def test_in_a_hand_a_tile_on_the_table_is_not_in_hand() -> None:
    deal = [
        [t(1, 4), t(0, 0), t(0, 1), t(0, 2), t(0, 3), t(0, 4), t(0, 5)],
        [t(0, 6), t(1, 1), t(1, 2), t(1, 3), t(1, 5), t(1, 6), t(2, 2)],
        [t(2, 3), t(2, 4), t(2, 5), t(2, 6), t(3, 3), t(3, 4), t(3, 5)],
        [t(3, 6), t(4, 4), t(4, 5), t(4, 6), t(5, 5), t(5, 6), t(6, 6)],
    ]
    hand = Hand.deal(deal, 0)
    hand.play(Placement(t(1, 4)))
    with pytest.raises(RuleViolation) as info:
        hand.play(Placement(t(1, 4), on(t(1, 4), Side.HIGH)))
    assert info.value.code == "not_in_hand"


def test_the_table_command_refuses_the_repeat_with_its_index() -> None:
    reply = handle(
        {
            "cmd": "table",
            "seq": 1,
            "plays": [
                {"tile": [3, 3]},
                {"tile": [3, 3], "on": {"tile": [3, 3], "side": "linear_b"}},
            ],
        }
    )
    assert reply["rejected"]["code"] == "bad_request"
    assert reply["rejected"]["index"] == 1

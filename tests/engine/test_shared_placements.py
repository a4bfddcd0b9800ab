"""The checked API's values: made once and shared, equal to those made afresh, and a
placement from outside checked as before."""

from __future__ import annotations

import random

import pytest
from seven_rocks_kit import Side

from reference_impl.actions import PASS, EndPoint, Placement
from reference_impl.errors import BranchClosed, NoMatch, NoSuchEnd, NotInHand
from reference_impl.hand import Hand
from reference_impl.mutants import MUTANTS
from reference_impl.placements import MOVE_OF, PLACEMENT_OF
from reference_impl.rules import REFERENCE
from reference_impl.tiles import ALL_TILES, BIT, mask_of


def _hands(count: int) -> list[Hand]:
    rng = random.Random(7)
    hands = []
    for _ in range(count):
        tiles = list(range(28))
        rng.shuffle(tiles)
        hands.append(Hand([mask_of(tiles[i : i + 7]) for i in range(0, 28, 7)], rng.randrange(4)))
    return hands


def test_legal_values_equal_fresh_ones_and_are_shared_between_calls() -> None:
    checked = 0
    for hand in _hands(40):
        while hand.end is None:
            legal = hand.legal()
            fresh = [
                Placement(ALL_TILES[t], None if p is None else hand.table.end_point(p))
                for t, p in hand.legal_moves()
            ]
            assert legal == fresh
            assert all(a is b for a, b in zip(legal, hand.legal(), strict=True))
            checked += len(legal)
            hand.play(legal[-1] if legal else PASS)
    assert checked > 1000


@pytest.mark.parametrize("name", ["reference", *MUTANTS])
def test_legal_values_are_the_shared_values_of_the_legal_moves(name: str) -> None:
    # The values are read from the offers beside the moves: the two listings must agree,
    # in order and object for object, under every rule set of the catalogue.
    rules = REFERENCE if name == "reference" else MUTANTS[name].variant()
    rng = random.Random(name)
    for _ in range(15):
        tiles = list(range(28))
        rng.shuffle(tiles)
        hand = Hand([mask_of(tiles[i : i + 7]) for i in range(0, 28, 7)], 0, rules=rules)
        while hand.end is None:
            legal = hand.legal()
            expected = [PLACEMENT_OF[move] for move in hand.legal_moves()]
            assert len(legal) == len(expected)
            assert all(a is b for a, b in zip(legal, expected, strict=True))
            hand.play(rng.choice(legal) if legal else PASS)


def test_every_shared_placement_is_found_again_by_its_key() -> None:
    assert len(PLACEMENT_OF) == len(MOVE_OF) > 400
    for move, placement in PLACEMENT_OF.items():
        assert MOVE_OF[placement.key] == move


def test_an_equal_placement_made_outside_plays_like_the_shared_one() -> None:
    one, other = _hands(1)[0], _hands(1)[0]
    while one.end is None:
        legal = one.legal()
        if not legal:
            one.play(PASS)
            other.play(PASS)
            continue
        chosen = legal[len(legal) // 2]
        one.play(chosen)
        other.play(Placement(chosen.tile, chosen.on))  # equal, not the same object
    assert one.events == other.events and one.scores == other.scores


def _opened(tiles: list[int]) -> Hand:
    """Seat 0 holds ``tiles`` and opens; the others hold the rest, in order."""
    rest = [t for t in range(28) if t not in tiles]
    holdings = [mask_of(tiles), mask_of(rest[:7]), mask_of(rest[7:14]), mask_of(rest[14:21])]
    return Hand(holdings, 0)


def _index(low: int, high: int) -> int:
    return next(t.index for t in ALL_TILES if (t.low, t.high) == (low, high))


@pytest.mark.parametrize(
    ("placing", "on", "error"),
    [
        ((1, 1), ((1, 4), "low"), NotInHand),  # matches, but the seat to move lacks it
        ((1, 2), ((1, 4), "high"), NoMatch),  # 1 does not match 4
        ((4, 5), ((1, 4), "linear_a"), NoSuchEnd),  # [1|4] has no linear side
    ],
)
def test_a_refused_shared_placement_is_refused_precisely_and_changes_nothing(
    placing: tuple[int, int], on: tuple[tuple[int, int], str], error: type[Exception]
) -> None:
    hand = _opened([_index(1, 4), _index(0, 0), _index(0, 1), _index(0, 2), _index(0, 3),
                    _index(0, 5), _index(0, 6)])  # fmt: skip
    hand.play(PLACEMENT_OF[_index(1, 4), None])
    seat = hand.to_move
    tile = _index(*placing)
    if error is not NotInHand:
        hand.holdings[seat] |= BIT[tile]  # the seat to move holds it
        for other in range(4):
            if other != seat:
                hand.holdings[other] &= ~BIT[tile]
    else:
        hand.holdings[seat] &= ~BIT[tile]
    before = (list(hand.holdings), list(hand.events), hand.table.state())
    target = EndPoint(ALL_TILES[_index(*on[0])], Side(on[1]))
    with pytest.raises(error):
        hand.play(Placement(ALL_TILES[tile], target))
    assert (list(hand.holdings), list(hand.events), hand.table.state()) == before


def test_a_closed_branch_is_refused_as_closed() -> None:
    hand = _opened([_index(1, 1), _index(0, 0), _index(0, 2), _index(0, 3), _index(0, 4),
                    _index(0, 5), _index(0, 6)])  # fmt: skip
    hand.play(PLACEMENT_OF[_index(1, 1), None])  # the spinner, both linear sides free
    seat = hand.to_move
    tile = _index(1, 5)
    for other in range(4):
        hand.holdings[other] &= ~BIT[tile]
    hand.holdings[seat] |= BIT[tile]
    with pytest.raises(BranchClosed):
        hand.play(Placement(ALL_TILES[tile], EndPoint(ALL_TILES[_index(1, 1)], Side.BRANCH_A)))

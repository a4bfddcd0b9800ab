"""The engine's value API, its undo stack, and rule sets passed as values."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
import seven_rocks_kit as kit

from reference_impl import (
    PASS,
    REFERENCE,
    EndPoint,
    Hand,
    Passed,
    Placed,
    Placement,
    Rules,
    Side,
    Tile,
    actions,
    tiles,
)
from reference_impl.events import held, history
from reference_impl.mutants import MUTANTS, variant
from reference_impl.tiles import ALL_TILES, BIT, PIPS, SIDE_CODE, SIDES, pips_of_mask, tiles_of_mask
from tests.support.engine import snapshot


def _deal(seed: int) -> list[list[Tile]]:
    tiles = random.Random(seed).sample(list(ALL_TILES), 28)
    return [tiles[i : i + 7] for i in range(0, 28, 7)]


def test_push_and_pop_take_every_action_back() -> None:
    rng = random.Random(5)
    for seed in range(200):
        hand = Hand.deal(_deal(seed), seed % 4, (rng.randrange(240), rng.randrange(240)))
        states = [snapshot(hand)]
        made = []
        while hand.end is None:
            moves = hand.legal_moves()
            move = rng.choice(moves) if moves else None
            hand.push(move)
            made.append(move)
            states.append(snapshot(hand))
        while made:
            states.pop()
            assert hand.pop() == made.pop()
            assert snapshot(hand) == states[-1]
    with pytest.raises(IndexError):
        hand.pop()


@pytest.mark.parametrize("name", ["", *sorted(MUTANTS)])
def test_each_makes_what_push_makes_and_takes_it_back(name: str) -> None:
    # Every rule set, scores near the target (credits that end the hand) and dominoes.
    rules = variant([name]) if name else REFERENCE
    rng = random.Random(name)
    for seed in range(30):
        hand = Hand.deal(_deal(seed), seed % 4, (rng.randrange(200, 250), 0), rules)
        while hand.end is None:
            moves: list[tuple[int, Any] | None] = [*hand.legal_moves()] or [None]
            before = snapshot(hand)
            expected = []
            for move in moves:
                hand.push(move)
                expected.append(snapshot(hand))
                hand.pop()
            assert [snapshot(hand) for _ in hand.each(moves)] == expected
            assert snapshot(hand) == before
            for _ in hand.each(moves):
                break  # a loop left early takes its action back too
            assert snapshot(hand) == before
            with pytest.raises(KeyError):
                for _ in hand.each(moves):
                    raise KeyError
            assert snapshot(hand) == before
            hand.push(rng.choice(moves))


def test_a_hand_from_tiles_answers_in_values() -> None:
    hand = Hand.deal(_deal(1), 0)
    played: list[Placement | None] = []
    while hand.end is None:
        legal = hand.legal()
        assert all(isinstance(p, Placement) for p in legal)
        if legal:
            hand.play(legal[-1])
            played.append(legal[-1])
        else:
            hand.play(PASS)
            played.append(None)
    events = history(hand)
    assert len(events) == len(played)
    for event, action in zip(events, played, strict=True):
        if action is None:
            assert isinstance(event, Passed)
        else:
            assert isinstance(event, Placed) and event.placement == action
    last = next(e for e in reversed(events) if isinstance(e, Placed))
    with pytest.raises(dataclasses.FrozenInstanceError):
        last.credit = 5  # type: ignore[misc]
    names = {"Placement": Placement, "EndPoint": EndPoint, "Tile": Tile, "Side": Side}
    assert eval(repr(last), {**names, "Placed": Placed}) == last  # the repr round-trips
    assert sum(len(held(hand, seat)) for seat in range(4)) == 28 - len(
        [e for e in events if isinstance(e, Placed)]
    )


def test_the_engine_holds_the_kits_values() -> None:
    assert (Tile, Side, EndPoint, Placement, PASS) == (
        kit.Tile,
        kit.Side,
        kit.EndPoint,
        kit.Placement,
        kit.PASS,
    )
    assert ALL_TILES is kit.ALL_TILES and actions.Pass is kit.Pass
    assert all(ALL_TILES[t.index] is t for t in ALL_TILES)


def test_the_engines_side_numbers_are_the_kits_order() -> None:
    # The hot paths take the numbers as bits (LINEAR_A - 1 == 1, BRANCH_B - 3 == 2, ...).
    numbers = (
        tiles.SIDE_LOW,
        tiles.SIDE_HIGH,
        tiles.SIDE_LINEAR_A,
        tiles.SIDE_LINEAR_B,
        tiles.SIDE_BRANCH_A,
        tiles.SIDE_BRANCH_B,
    )
    assert numbers == tuple(range(6))
    assert all(SIDE_CODE[side] == number == int(side) for number, side in enumerate(SIDES))
    # The sides in order, by the texts the engine's replies and messages are made of.
    assert " ".join(side.wire for side in SIDES) == "low high linear_a linear_b branch_a branch_b"
    assert ", ".join(side.words for side in SIDES) == (
        "lower-value end, higher-value end, linear side A, linear side B, branch A, branch B"
    )


class _NothingScores(Rules):
    def credit(self, end_sum: int) -> int:
        return 0


class _HeaviestOpens(Rules):
    def openings(self, held: int) -> int:
        heaviest = max(PIPS[tile] for tile in tiles_of_mask(held))
        return sum(BIT[tile] for tile in tiles_of_mask(held) if PIPS[tile] == heaviest)


def test_a_variant_is_a_few_lines_and_changes_only_its_hand() -> None:
    deal = _deal(2)
    quiet = Hand.deal(deal, 0, rules=_NothingScores())
    heavy = Hand.deal(deal, 0, rules=_HeaviestOpens())
    reference = Hand.deal(deal, 0)
    assert reference.rules is REFERENCE
    assert len(heavy.legal()) < len(reference.legal()) == 7
    for hand in (quiet, heavy, reference):
        while hand.end is None:
            legal = hand.legal()
            hand.play(legal[0] if legal else PASS)
    assert all(e.credit == 0 for e in history(quiet) if isinstance(e, Placed))
    assert any(e.credit for e in history(reference) if isinstance(e, Placed))


def test_the_pips_of_a_mask_are_those_of_its_tiles() -> None:
    rng = random.Random(5)
    masks = [0, (1 << 28) - 1, *(BIT[t] for t in range(28))]
    masks += [rng.getrandbits(28) for _ in range(2000)]
    for mask in masks:
        assert pips_of_mask(mask) == sum(PIPS[t] for t in tiles_of_mask(mask)), mask

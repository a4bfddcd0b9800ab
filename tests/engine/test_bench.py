"""The benchmark compares like with like: the naive engine and the reference play identically.

No test here measures time: the figures' shape is checked, never their values.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.engine import Deal, engine_figures, main, make_deals, play_naive
from benchmarks.naive import NaiveHand
from benchmarks.perft import PERFT_DEALS, perft_figures, perft_hand
from reference_impl.actions import PASS
from reference_impl.hand import Hand
from reference_impl.perft import perft
from reference_impl.points import offers_of
from reference_impl.tiles import HIGH, LOW, SIDES, Tile
from tests.support.engine import snapshot

PERFT_DIR = Path(__file__).resolve().parents[2] / "fixtures" / "perft"


def _pair(tile: int) -> tuple[int, int]:
    return (LOW[tile], HIGH[tile])


def _reference_events(hand: Hand) -> list[tuple[Any, ...]]:
    """The reference's events in the naive engine's terms: tiles as pairs, sides by name."""
    out: list[tuple[Any, ...]] = []
    for event in hand.events:
        if len(event) == 1:
            out.append(event)
            continue
        seat, tile, point, *rest = event
        where = None if point is None else (_pair(point[0]), SIDES[point[1]].wire)
        out.append((seat, _pair(tile), where, *rest))
    return out


def _play_both(deal: Deal) -> tuple[Hand, NaiveHand]:
    """Play one deal through both engines, making the same random choice at each turn."""
    ref = Hand(deal.masks, deal.opener)
    naive = NaiveHand(deal.pairs, deal.opener)
    placed = 0
    while ref.end is None:
        assert not naive.over
        moves = ref.legal_moves()
        naive_moves = naive.legal_moves()
        assert len(moves) == len(naive_moves)
        if moves:
            k = int(deal.draws[placed] * len(moves))
            placed += 1
            ref.place_fast(*moves[k])
            naive.play(*naive_moves[k])
        else:
            ref.pass_fast()
            naive.pass_turn()
    assert naive.over
    return ref, naive


@pytest.mark.parametrize("seed", range(8))
def test_naive_and_reference_make_the_same_events(seed: int) -> None:
    for deal in make_deals(250, random.Random(seed)):
        ref, naive = _play_both(deal)
        assert _reference_events(ref) == naive.events
        assert ref.scores == naive.scores


def test_the_event_comparison_can_fail() -> None:
    deal = make_deals(1, random.Random(99))[0]
    ref, naive = _play_both(deal)
    tampered = list(naive.events)
    seat, tile, where, end_sum, credit, *scores = next(e for e in tampered if len(e) > 1)
    tampered[tampered.index((seat, tile, where, end_sum, credit, *scores))] = (
        seat,
        tile,
        where,
        end_sum + 1,
        credit,
        *scores,
    )
    assert _reference_events(ref) != tampered


def test_the_benchmark_plays_whole_hands() -> None:
    deals = make_deals(100, random.Random(3))
    outcomes: list[tuple[int, int, int]] = []
    actions = play_naive(deals, outcomes)
    assert len(outcomes) == 100
    assert actions == sum(count for count, _, _ in outcomes)
    # Every hand is played to its end: at least the 7 tiles of the seat that went
    # out, or four passes after a block.
    assert min(count for count, _, _ in outcomes) >= 7


def test_engine_figures_have_their_shape() -> None:
    figures = engine_figures(seconds=0.05)
    assert figures["same_games"] is True
    for name in ("reference", "reference_steps", "naive"):
        rates = figures[name]
        assert isinstance(rates, dict)
        assert set(rates) == {"hands_per_second", "actions_per_second"}
        assert rates["actions_per_second"] > rates["hands_per_second"] > 0
    assert isinstance(figures["ratio"], float)
    assert isinstance(figures["ratio_steps"], float)
    json.dumps(figures)


def test_perft_figures_count_the_fixture_deals() -> None:
    figures = perft_figures(seconds=0.01, depth=3)
    hands = [
        Hand.deal(
            [[Tile(*pair) for pair in seat] for seat in deal[1]],
            deal[2],
            deal[3],
        )
        for deal in PERFT_DEALS
    ]
    assert figures["leaves"] == sum(perft(hand, 3) for hand in hands)
    assert isinstance(figures["leaves_per_second"], int)
    json.dumps(figures)


def test_perft_deals_are_the_fixture_deals() -> None:
    files = sorted(PERFT_DIR.glob("*.yaml"))
    assert files, f"no perft fixtures in {PERFT_DIR}"
    starts = set()
    for path in files:
        for case in yaml.safe_load(path.read_text(encoding="utf-8"))["cases"]:
            given = case["given"]
            deal = tuple(tuple(tuple(tile) for tile in seat) for seat in given["deal"])
            starts.add((deal, given["opener"], tuple(given.get("scores", (0, 0)))))
    # Every deal of the fixtures is measured, each from a start the fixtures use.
    assert {deal for _, deal, _, _ in PERFT_DEALS} == {deal for deal, _, _ in starts}
    assert {(deal, opener, scores) for _, deal, opener, scores in PERFT_DEALS} <= starts


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seconds", "0.02"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["same_games"] is True
    assert main(["--perft", "--seconds", "0.01", "--depth", "2"]) == 0
    assert json.loads(capsys.readouterr().out.splitlines()[-1])["depth"] == 2


def test_the_trusted_path_plays_exactly_like_the_checked_one() -> None:
    # Hand.place_fast trusts its caller; Hand.play checks the value it is given and
    # then makes the same step: both end every hand alike.
    for deal in make_deals(300, random.Random(11)):
        trusted = Hand(deal.masks, deal.opener, (200, 230))
        checked = Hand(deal.masks, deal.opener, (200, 230))
        placed = 0
        while trusted.end is None:
            moves = trusted.legal_moves()
            assert checked.legal() == trusted.legal()
            if moves:
                index = int(deal.draws[placed] * len(moves))
                placed += 1
                checked.play(checked.legal()[index])
                trusted.place_fast(*moves[index])
            else:
                trusted.pass_fast()
                checked.play(PASS)
            assert snapshot(trusted) == snapshot(checked)
            assert trusted.table.end_sum() == trusted.table.recount()
            # Placing keeps each point's offer in step with the point itself.
            assert trusted.table.offers == offers_of(trusted.table.ends)


def test_the_c_baseline_counts_the_leaves_the_reference_counts(tmp_path: Path) -> None:
    """The C engine that perft's speed is measured against plays the same rules: on every
    perft deal, to depth 6, it counts the reference's leaves (the benchmark checks so at
    the depth it measures)."""
    from benchmarks.c_perft import c_count, compile_c
    from tests.support.tools import require

    require("cc", "the C baseline of benchmarks/c_perft.py")
    binary = compile_c(tmp_path)
    for deal in PERFT_DEALS:
        hand = perft_hand(deal)
        for depth in (1, 4, 6):
            assert c_count(binary, deal, depth, 1)[0] == perft(hand, depth), (deal[0], depth)

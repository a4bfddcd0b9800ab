"""`play_out` plays a hand exactly as the step-by-step trusted path does."""

from __future__ import annotations

import random
import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from benchmarks.engine import make_deals
from reference_impl.hand import End, Hand
from reference_impl.mutants import variant
from reference_impl.playout import play_out
from reference_impl.points import offers_of
from reference_impl.tiles import Side
from tests.support.engine import snapshot


def _steps(hand: Hand, draws: tuple[float, ...], limit: int = 99) -> None:
    """Play at most `limit` actions one at a time, as the adapter's search does."""
    placed = 0
    for _ in range(limit):
        if hand.end is not None:
            return
        moves = hand.legal_moves()
        if moves:
            hand.place_fast(*moves[int(draws[placed] * len(moves))])
            placed += 1
        else:
            hand.pass_fast()


def _placed_so_far(hand: Hand) -> int:
    return sum(len(event) > 1 for event in hand.events)


def _cases(count: int) -> list[tuple[Hand, Hand, tuple[float, ...]]]:
    """Pairs of equal hands: fresh, part-played, or near the target score."""
    rng = random.Random(7)
    pairs = []
    for deal in make_deals(count, rng):
        scores = rng.choice([(0, 0), (rng.randrange(150, 250), rng.randrange(150, 250))])
        hands = [Hand(deal.masks, deal.opener, scores) for _ in range(2)]
        prefix = rng.choice([0, 0, 1, 3, 8, 15])
        for hand in hands:
            _steps(hand, deal.draws, prefix)
        # play_out numbers its placements from where it starts.
        draws = deal.draws[_placed_so_far(hands[0]) :] + (0.0,) * 28
        pairs.append((hands[0], hands[1], draws))
    return pairs


def test_play_out_plays_as_the_step_by_step_path() -> None:
    ends: Counter[End | None] = Counter()
    sides: Counter[int] = Counter()
    for stepped, played, draws in _cases(3000):
        _steps(stepped, draws)
        play_out(played, draws)
        assert snapshot(played) == snapshot(stepped)
        assert played.table.offers == offers_of(played.table.ends)
        ends[played.end] += 1
        sides.update(event[2][1] for event in played.events if len(event) > 1 and event[2])
    # The sample reaches every way a hand ends and every kind of attach point.
    assert set(ends) == {End.DOMINO, End.BLOCKED, End.TARGET}
    assert set(sides) == set(range(6)), sides
    assert sides[int(Side.BRANCH_B)] > 50


def test_a_hand_already_over_is_left_alone() -> None:
    _, played, draws = _cases(1)[0]
    play_out(played, draws)
    before = snapshot(played)
    play_out(played, draws)
    assert snapshot(played) == before


def test_one_draw_a_placement_is_enough_and_fewer_is_refused() -> None:
    blocked = 0
    for stepped, played, draws in _cases(200):
        _steps(stepped, draws)
        placements = _placed_so_far(stepped) - _placed_so_far(played)
        if placements:
            with pytest.raises(IndexError):
                play_out(played.copy(), draws[: placements - 1])
        # The passes after the last placement need no draws.
        play_out(played, draws[:placements])
        assert snapshot(played) == snapshot(stepped)
        blocked += played.end is End.BLOCKED and len(played.events[-1]) == 1
    assert blocked > 10


def test_a_variant_hand_plays_out_by_its_own_rules() -> None:
    rules = variant(["counter-clockwise", "every-double-spinner"])
    for deal in make_deals(50, random.Random(3)):
        stepped, played = (
            Hand(deal.masks, deal.opener, rules=rules),
            Hand(deal.masks, deal.opener, rules=rules),
        )
        _steps(stepped, deal.draws)
        play_out(played, deal.draws)
        assert snapshot(played) == snapshot(stepped)
        seats = [event[0] for event in played.events]
        assert all(b == (a - 1) & 3 for a, b in pairwise(seats))


def test_an_opening_that_reaches_the_target_wins_at_once() -> None:
    # Seat 0 holds [0|0]..[0|6]; the draw picks its sixth tile, [0|5]: 5 points.
    deal = [(1 << 7) - 1 << 7 * seat for seat in range(4)]
    draws = (5.5 / 7,) + (0.0,) * 27
    stepped, played = Hand(deal, 0, (245, 0)), Hand(deal, 0, (245, 0))
    _steps(stepped, draws)
    play_out(played, draws)
    assert snapshot(played) == snapshot(stepped)
    assert played.end is End.TARGET and played.winner == 0
    assert played.scores == [250, 0] and len(played.events) == 1


def test_the_readme_examples_of_the_engine_run(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", readme, flags=re.S)
    engine = [b for b in blocks if "from reference_impl" in b]
    assert any("play_out" in b for b in engine)
    for block in engine:
        exec(compile(block, "README.md", "exec"), {})  # the README's own code, as a reader runs it
    assert "End." in capsys.readouterr().out

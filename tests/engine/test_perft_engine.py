"""The reference engine's perft: bulk counts equal played-out counts, and its budget.

The bulk count two actions ahead is checked against the same count played out
action by action, and both against the independent brute force of
tests/support/perft_bruteforce.py, on random positions (near the target too, so that
winning placements end branches).
"""

from __future__ import annotations

import json
import subprocess
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conformance.runner.execute import reference_engine
from reference_impl.adapter import handle, serve
from reference_impl.errors import Declined
from reference_impl.hand import Hand
from reference_impl.perft import PERFT_BUDGET, _Count, divide, perft
from reference_impl.tiles import ALL_TILES, HIGH, LOW, SIDES, Tile, mask_of
from tests.support import perft_bruteforce as bf
from tests.support.engine import snapshot

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DEAL = [
    [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [0, 6]],
    [[1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6], [2, 2]],
    [[2, 3], [2, 4], [2, 5], [2, 6], [3, 3], [3, 4], [3, 5]],
    [[3, 6], [4, 4], [4, 5], [4, 6], [5, 5], [5, 6], [6, 6]],
]


SIX_EARLY = [
    [[6, 6], [0, 1], [2, 5], [3, 4], [1, 6], [0, 3], [4, 5]],
    [[3, 6], [0, 0], [1, 2], [4, 6], [2, 3], [5, 5], [0, 4]],
    [[5, 6], [1, 1], [0, 2], [3, 5], [2, 6], [1, 4], [4, 4]],
    [[0, 6], [2, 2], [1, 3], [3, 3], [0, 5], [1, 5], [2, 4]],
]


@st.composite
def positions(draw: st.DrawFn) -> tuple[Hand, list[Any]]:
    """A random deal, opener and scores, then a random prefix of legal play.

    Returns the engine's hand and the same prefix as brute-force actions.
    """
    tiles = draw(st.permutations(range(28)))
    opener = draw(st.integers(0, 3))
    scores = draw(st.sampled_from([(0, 0), (230, 240), (245, 200), (-40, 249)]))
    hand = Hand([mask_of(tiles[i : i + 7]) for i in range(0, 28, 7)], opener, scores)
    prefix = []
    for _ in range(draw(st.integers(0, 24))):
        if hand.end is not None:
            break
        moves = hand.legal_moves()
        if moves:
            tile, point = moves[draw(st.integers(0, len(moves) - 1))]
            hand.place_fast(tile, point)
            pair = (LOW[tile], HIGH[tile])
            if point is None:
                prefix.append(bf.Opening(pair))
            else:
                on = (LOW[point[0]], HIGH[point[0]])
                prefix.append(bf.Placement(pair, on, SIDES[point[1]].wire))
        else:
            hand.pass_fast()
            prefix.append("pass")
    return hand, prefix


def _played_out(hand: Hand, depth: int) -> int:
    """The count on fresh copies, no action taken back: every position its own hand."""
    if depth == 0 or hand.end is not None:
        return 1
    leaves = 0
    for move in hand.legal_moves() or [None]:
        child = hand.copy()
        if move is None:
            child.pass_fast()
        else:
            child.place_fast(*move)
        leaves += _played_out(child, depth - 1)
    return leaves


@SETTINGS
@given(positions(), st.integers(0, 5))
def test_the_push_pop_count_equals_the_count_on_copies(position: Any, depth: int) -> None:
    hand, _ = position
    before = snapshot(hand)
    assert perft(hand, depth) == _played_out(hand, depth)
    assert snapshot(hand) == before  # the count takes back everything it plays


@SETTINGS
@given(positions(), st.integers(0, 3))
def test_count_equals_the_brute_force(position: Any, depth: int) -> None:
    hand, prefix = position
    tiles = [
        [(t.low, t.high) for t in ALL_TILES if hand_mask >> t.index & 1]
        for hand_mask in _dealt(hand)
    ]
    pos = bf.replay(bf.start(tiles, hand.opener, tuple(_start_scores(hand))), prefix)
    assert perft(hand, depth) == bf.perft(pos, depth)
    split = divide(hand, depth)
    assert sorted(n for _, n in split) == sorted(n for _, n in bf.perft_divide(pos, depth))


def _dealt(hand: Hand) -> list[int]:
    """Each seat's tiles at the deal: held now, or placed by that seat."""
    masks = list(hand.holdings)
    for event in hand.events:
        if len(event) > 1:
            masks[event[0]] |= 1 << event[1]
    return masks


def _start_scores(hand: Hand) -> tuple[int, int]:
    """The scores before the first event (credits undone; no count has happened yet)."""
    placements = [e for e in hand.events if len(e) > 1]
    if not placements:
        return hand.scores[0], hand.scores[1]
    seat, _, _, _, credit, score0, score1 = placements[0]
    scores = [score0, score1]
    scores[seat & 1] -= credit
    return scores[0], scores[1]


def test_a_count_past_its_budget_is_declined() -> None:
    hand = Hand.deal(_deal_tiles(), 0)
    assert perft(hand, 4, budget=1000) == perft(hand, 4)
    with pytest.raises(Declined, match="more than 1000 positions"):
        perft(hand, 10**9, budget=1000)
    with pytest.raises(Declined):
        divide(hand, 10**9, budget=1000)


def _deal_tiles() -> list[list[Tile]]:
    return [[Tile(a, b) for a, b in seat] for seat in DEAL]


def _perft_request(seq: int, depth: Any) -> dict[str, Any]:
    return {"cmd": "perft", "seq": seq, "deal": DEAL, "opener": 0, "depth": depth}


def test_the_fixture_depths_are_well_within_the_budget() -> None:
    # Depth 8 from the opening plays some thousands of positions, not hundreds of thousands.
    count = _Count(Hand.deal(_deal_tiles(), 0), PERFT_BUDGET)
    count.below(8)
    assert count.left > PERFT_BUDGET // 2


def test_a_huge_depth_is_skipped_and_the_adapter_keeps_serving() -> None:
    lines = [
        json.dumps(_perft_request(1, 10**9)).encode(),
        b'{"cmd": "perft", "seq": 2, "deal": ' + json.dumps(DEAL).encode() + b', "opener": 0, '
        b'"depth": 1e400}',
        json.dumps(_perft_request(3, 2)).encode(),
    ]

    class Out:
        def __init__(self) -> None:
            self.text = ""

        def write(self, text: str) -> int:
            self.text += text
            return len(text)

        def flush(self) -> None:
            pass

    out = Out()
    assert serve(lines, out) == 0  # type: ignore[arg-type]
    replies = [json.loads(line) for line in out.text.splitlines()]
    assert replies[0]["seq"] == 1 and "budget" in replies[0]["skipped"]["message"]
    assert replies[1]["rejected"]["code"] == "bad_request"
    assert replies[2]["result"]["nodes"] == 13  # protocol 5.6's worked example


def test_handle_answers_skipped_not_errored() -> None:
    reply = handle(_perft_request(7, 10**9))
    assert set(reply) == {"seq", "skipped"}


def test_a_mutant_counts_by_its_own_rules_and_within_the_budget() -> None:
    # tile-fits-once offers a tile once even where it fits two ends: its perft must
    # count fewer leaves (so it does not use the reference's bulk shortcut), and it
    # keeps to the budget too.
    argv, env = reference_engine()

    def ask(extra: list[str], request: dict[str, Any]) -> dict[str, Any]:
        lines = json.dumps({"cmd": "start", "protocol": 1}) + "\n" + json.dumps(request) + "\n"
        done = subprocess.run(
            [*argv, *extra], input=lines, capture_output=True, text=True, env=env, timeout=60
        )
        assert done.returncode == 0, done.stderr
        reply: dict[str, Any] = json.loads(done.stdout.splitlines()[1])
        return reply

    # The deal of fixtures/perft/six-early.yaml: [6|6] opens with two linear sides of 6.
    request = _perft_request(1, 3) | {"deal": SIX_EARLY}
    true_count = ask([], request)["result"]["nodes"]
    mutant_count = ask(["--mutant", "tile-fits-once"], request)["result"]["nodes"]
    assert mutant_count < true_count
    assert "skipped" in ask(["--mutant", "tile-fits-once"], _perft_request(2, 10**9))

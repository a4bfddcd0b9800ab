"""Properties of the engine over random deals, random openers and random legal play.

Hypothesis draws a permutation of the 28 tiles (the deal), an opener, starting
scores and, at every turn, which legal action is made. The checks recompute
what they can from the rules on their own (pips, rounding, credits, who can
play) rather than reading it back from the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from reference_impl.actions import PASS, Action, EndPoint, Placement
from reference_impl.errors import RuleViolation
from reference_impl.hand import End, Hand
from reference_impl.perft import divide, perft
from reference_impl.tiles import ALL_TILES, Side, Tile
from tests.support.engine import snapshot
from tests.support.perft_bruteforce import IllegalAction
from tests.support.perft_bruteforce import Opening as BfOpening
from tests.support.perft_bruteforce import Placement as BfPlacement
from tests.support.perft_bruteforce import end_sum as bf_end_sum
from tests.support.perft_bruteforce import legal_actions as bf_legal_actions
from tests.support.perft_bruteforce import play as bf_play
from tests.support.perft_bruteforce import start as bf_start

TARGET = 250
MAX_END_SUM = 36

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

deals = st.permutations(ALL_TILES).map(lambda p: [list(p[i * 7 : i * 7 + 7]) for i in range(4)])
openers = st.integers(min_value=0, max_value=3)
# Mostly ordinary scores, often close to the target so that wins happen too.
scores = st.one_of(
    st.just((0, 0)),
    st.tuples(st.integers(-300, 249), st.integers(-300, 249)),
    st.tuples(st.integers(200, 249), st.integers(200, 249)),
)


# ------------------------------------------------------------------ helpers


def tiles_held(hand: Hand, seat: int) -> list[Tile]:
    """The tiles `seat` holds now."""
    return [tile for tile in ALL_TILES if hand.holdings[seat] >> tile.index & 1]


def tiles_on_table(hand: Hand) -> list[Tile]:
    """The tiles on the table now."""
    return [tile for tile in ALL_TILES if hand.table.placed >> tile.index & 1]


def seat_can_place(hand: Hand, seat: int) -> bool:
    """Whether `seat` holds a tile with a half equal to an attach point's value."""
    held = tiles_held(hand, seat)
    if hand.table.empty:
        return bool(held)
    values = {point[2] for point in hand.table.points()}
    return any(tile.low in values or tile.high in values for tile in held)


def rounded(pips: int) -> int:
    """Nearest multiple of 5: remainders 1-2 down, 3-4 up (rule settle.round-each-player)."""
    return pips - pips % 5 + (5 if pips % 5 >= 3 else 0)


def credit_of(end_sum: int) -> int:
    """A positive multiple of 5 credits itself; anything else nothing."""
    return end_sum if end_sum > 0 and end_sum % 5 == 0 else 0


def choose(data: st.DataObject, hand: Hand) -> Action:
    """A legal action for the player to move, chosen by Hypothesis."""
    legal = hand.legal()
    if not legal:
        return PASS
    return legal[data.draw(st.integers(0, len(legal) - 1), label="action")]


def play_out(
    data: st.DataObject, hand: Hand, after: Callable[[Hand, Action], None] | None = None
) -> list[Action]:
    """Play random legal actions to the end of the hand, calling `after` after each."""
    actions: list[Action] = []
    while hand.end is None:
        action = choose(data, hand)
        hand.play(action)
        actions.append(action)
        if after is not None:
            after(hand, action)
        assert len(actions) <= 28 + 4 * 28, "a hand cannot last this long"
    return actions


# ------------------------------------------------------------------ invariants


@SETTINGS
@given(deal=deals, opener=openers, data=st.data())
def test_tiles_are_conserved(deal: list[list[Tile]], opener: int, data: st.DataObject) -> None:
    """Table + hands always hold the 28 tiles, each exactly once."""

    def check(hand: Hand, _: Action) -> None:
        everywhere = tiles_on_table(hand) + [t for s in range(4) for t in tiles_held(hand, s)]
        assert sorted(everywhere) == sorted(ALL_TILES)

    play_out(data, Hand.deal(deal, opener), check)


@SETTINGS
@given(deal=deals, opener=openers, data=st.data())
def test_end_sum_and_credit_bounds(
    deal: list[list[Tile]], opener: int, data: st.DataObject
) -> None:
    """The end sum never exceeds 36; every credit is 0 or a multiple of 5 up to 35."""

    def check(hand: Hand, action: Action) -> None:
        table = hand.table
        assert 0 <= table.end_sum() <= MAX_END_SUM
        assert table.end_sum() == sum(value for _, value in table.counted())
        if action is not PASS:
            _, _, _, end_sum, credit, _, _ = hand.events[-1]  # type: ignore[misc]
            assert end_sum == table.end_sum()
            assert credit == credit_of(end_sum)
            assert credit in range(0, 36, 5)

    play_out(data, Hand.deal(deal, opener), check)


@SETTINGS
@given(deal=deals, opener=openers, start=scores, data=st.data())
def test_scores_change_only_by_credits_and_the_count(
    deal: list[list[Tile]], opener: int, start: tuple[int, int], data: st.DataObject
) -> None:
    """Scores recomputed from the events, the pips left and the rules match the engine's."""
    hand = Hand.deal(deal, opener, start)
    play_out(data, hand)
    expected = list(start)
    winner = None
    for index, event in enumerate(hand.events):
        if len(event) == 1:
            continue
        seat, _, _, end_sum, _, score0, score1 = event  # type: ignore[misc]
        expected[seat % 2] += credit_of(end_sum)
        assert [score0, score1] == expected, index
        if credit_of(end_sum) and expected[seat % 2] >= TARGET:
            winner = seat % 2
            assert index == len(hand.events) - 1, "the hand goes on after a win"
    if winner is not None:
        assert hand.end is End.TARGET
        assert hand.winner == winner
        assert hand.penalties is None
        assert hand.next_opener is None
    else:
        assert hand.end in (End.DOMINO, End.BLOCKED)
        assert hand.winner is None
        penalties = [rounded(sum(t.pips for t in tiles_held(hand, s))) for s in range(4)]
        assert list(hand.penalties or ()) == penalties
        expected[0] -= penalties[0] + penalties[2]
        expected[1] -= penalties[1] + penalties[3]
    assert hand.scores == expected


@SETTINGS
@given(deal=deals, opener=openers, data=st.data())
def test_blocked_exactly_when_nobody_can_place(
    deal: list[list[Tile]], opener: int, data: st.DataObject
) -> None:
    """A hand ends blocked iff no seat can place; one going on had a placement in 4 turns."""
    hand = Hand.deal(deal, opener)

    def check(hand: Hand, _: Action) -> None:
        can = [seat_can_place(hand, seat) for seat in range(4)]
        if hand.end is End.BLOCKED:
            assert not any(can)
            assert all(len(event) == 1 for event in hand.events[-4:])
        elif hand.end is None:
            recent = hand.events[-4:]
            assert len(recent) < 4 or any(len(event) > 1 for event in recent)
            # must-play and forced passes follow from the holdings, not from the engine.
            assert bool(hand.legal()) == can[hand.to_move]
            assert hand.to_move == (hand.events[-1][0] + 1) % 4
        elif hand.end is End.DOMINO:
            seat = hand.events[-1][0]
            assert hand.holdings[seat] == 0
            assert hand.next_opener == seat

    play_out(data, hand, check)


# ------------------------------------------------------------------ refusals


def draw_illegal(data: st.DataObject, hand: Hand) -> Action:
    """An action the rules refuse here: a tile not held, a wrong end, a pass while able."""
    legal = set(hand.legal())
    held = tiles_held(hand, hand.to_move) if hand.end is None else []
    on_table = tiles_on_table(hand)
    kinds = ["any", "held"] if held else ["any"]
    if legal or hand.end is not None:
        kinds.append("pass")
    kind = data.draw(st.sampled_from(kinds), label="kind")
    if kind == "pass":
        return PASS
    tiles = st.sampled_from(held if kind == "held" else ALL_TILES)
    ends = st.sampled_from(on_table) if on_table else st.sampled_from(ALL_TILES)
    on = st.none() | st.builds(EndPoint, ends | st.sampled_from(ALL_TILES), st.sampled_from(Side))
    placements = st.builds(Placement, tiles, on)
    return data.draw(placements.filter(lambda p: p not in legal), label="illegal")


def expected_codes(hand: Hand, action: Action) -> set[str]:
    """The codes the rules allow for refusing `action` (its class, by precedence)."""
    if hand.end is not None:
        return {"hand_over"}
    if action is PASS:
        return {"must_play"}
    assert isinstance(action, Placement)
    if action.tile not in tiles_held(hand, hand.to_move):
        return {"not_in_hand"}
    return {"no_such_end", "branch_closed", "no_match"}


@SETTINGS
@given(deal=deals, opener=openers, start=scores, data=st.data())
def test_rejected_actions_leave_the_state_unchanged(
    deal: list[list[Tile]], opener: int, start: tuple[int, int], data: st.DataObject
) -> None:
    """Random illegal actions along random play: refused, with the right class of code."""
    hand = Hand.deal(deal, opener, start)
    while True:
        for _ in range(2):
            bad = draw_illegal(data, hand)
            before = snapshot(hand)
            legal_before = hand.legal()
            try:
                hand.play(bad)
            except RuleViolation as error:
                assert error.code in expected_codes(hand, bad), (bad, error)
            else:
                raise AssertionError(f"{bad} was accepted")
            assert snapshot(hand) == before
            assert hand.legal() == legal_before
        if hand.end is not None:
            break
        hand.play(choose(data, hand))


# ------------------------------------------------------------------ perft and paths


@SETTINGS
@given(deal=deals, opener=openers, data=st.data())
def test_perft_depth_one_is_the_number_of_legal_actions(
    deal: list[list[Tile]], opener: int, data: st.DataObject
) -> None:
    """perft(1) = number of legal placements, or 1 for a forced pass, at every position."""
    hand = Hand.deal(deal, opener)

    def check(hand: Hand, _: Action) -> None:
        before = snapshot(hand)
        if hand.end is not None:
            assert perft(hand, 1) == 1
            assert divide(hand, 1) == []
        else:
            count = len(hand.legal())
            assert perft(hand, 1) == max(count, 1)
            assert len(divide(hand, 1)) == max(count, 1)
            assert sum(n for _, n in divide(hand, 1)) == max(count, 1)
        assert perft(hand, 0) == 1
        assert snapshot(hand) == before  # counting does not move the hand

    check(hand, PASS)
    play_out(data, hand, check)


@SETTINGS
@given(deal=deals, opener=openers, start=scores, data=st.data())
def test_checked_and_trusted_paths_reach_the_same_states(
    deal: list[list[Tile]], opener: int, start: tuple[int, int], data: st.DataObject
) -> None:
    """Hand.play with Hand.legal() placements and place_fast with legal_moves() agree."""
    checked = Hand.deal(deal, opener, start)
    trusted = Hand.deal(deal, opener, start)
    while checked.end is None:
        placements = checked.legal()
        moves = trusted.legal_moves()
        assert len(placements) == len(moves)
        if not moves:
            checked.play(PASS)
            trusted.pass_fast()
        else:
            i = data.draw(st.integers(0, len(moves) - 1), label="action")
            tile, point = moves[i]
            assert placements[i].tile == ALL_TILES[tile]
            checked.play(placements[i])
            trusted.place_fast(tile, point)
        assert snapshot(checked) == snapshot(trusted)
    assert trusted.end is checked.end


# ------------------------------------------------------------------ a second opinion


def to_bruteforce(action: Action) -> Any:
    """An engine action in the form of the independent enumeration (support/perft_bruteforce)."""
    if action is PASS:
        return "pass"
    assert isinstance(action, Placement)
    tile = (action.tile.low, action.tile.high)
    if action.on is None:
        return BfOpening(tile)
    return BfPlacement(tile, (action.on.tile.low, action.on.tile.high), action.on.side.wire)


@SETTINGS
@given(deal=deals, opener=openers, start=scores, data=st.data())
def test_agrees_with_the_independent_enumeration(
    deal: list[list[Tile]], opener: int, start: tuple[int, int], data: st.DataObject
) -> None:
    """Legal actions, end sums, ends and refusal codes match a separate simple model."""
    hand = Hand.deal(deal, opener, start)
    model = bf_start([[(t.low, t.high) for t in row] for row in deal], opener, start)
    while True:
        engine_legal = sorted(map(repr, map(to_bruteforce, hand.legal() or [PASS])))
        model_legal = sorted(map(repr, bf_legal_actions(model)))
        if hand.end is None:
            assert engine_legal == model_legal
        bad = draw_illegal(data, hand)
        try:
            bf_play(model, to_bruteforce(bad))
        except IllegalAction as refusal:
            expected = refusal.code
        else:
            raise AssertionError(f"the model accepts {bad}")
        try:
            hand.play(bad)
        except RuleViolation as error:
            assert error.code == expected, (bad, error)
        else:
            raise AssertionError(f"{bad} was accepted")
        if hand.end is not None:
            assert (hand.end.value) == model.end
            break
        action = choose(data, hand)
        hand.play(action)
        model = bf_play(model, to_bruteforce(action))
        if action is not PASS:
            assert hand.table.end_sum() == bf_end_sum(model)

"""The rules one by one, on the engine's `Hand`, `Game` and `Table`.

Two hands are scripted on fixed deals and worked through by hand (the
comments show the working): DOMINO, where seat 1 goes out while its partner
still holds a tile, and BLOCK, where all seven 0-tiles reach the table with
only 0s showing. Every expected value below comes from the rules.
"""

from __future__ import annotations

from typing import Any

import pytest

from reference_impl.actions import PASS, Action, EndPoint, Placement
from reference_impl.errors import RuleViolation
from reference_impl.game import Game
from reference_impl.hand import End, Hand
from reference_impl.tiles import ALL_TILES, Side, Tile
from tests.support.engine import snapshot

LOW, HIGH = Side.LOW, Side.HIGH
LIN_A, LIN_B = Side.LINEAR_A, Side.LINEAR_B
BR_A, BR_B = Side.BRANCH_A, Side.BRANCH_B


def t(a: int, b: int) -> Tile:
    """The tile [a|b]."""
    return Tile(a, b)


def put(
    tile: tuple[int, int], on: tuple[int, int] | None = None, side: Side | None = None
) -> Placement:
    """A placement: the opening when `on` is None, else `tile` on `on`'s `side`."""
    if on is None:
        return Placement(t(*tile))
    assert side is not None
    return Placement(t(*tile), EndPoint(t(*on), side))


def deal_of(rows: list[list[tuple[int, int]]]) -> list[list[Tile]]:
    """A deal from pairs; it must use all 28 tiles once (a check on the test's own data)."""
    deal = [[t(*pair) for pair in row] for row in rows]
    assert sorted(tile for row in deal for tile in row) == sorted(ALL_TILES)
    return deal


def rotate(deal: list[list[Tile]], by: int) -> list[list[Tile]]:
    """The same deal with every hand moved `by` seats clockwise."""
    return [deal[(seat - by) % 4] for seat in range(4)]


# ------------------------------------------------------------------ DOMINO
# Opener seat 0. Seat 0 must pass at turn 4 (it holds no 3 or 4), so seat 1 is
# the first to place its seventh tile (turn 25). Counted ends after each action:
#  0 s0 [1|2] opens                     1 + 2 = 3
#  1 s1 [2|4] on [1|2] high             1 + 4 = 5        -> 5 to team 1 (0, 5)
#  2 s2 [1|4] on [1|2] low              4 + 4 = 8
#  3 s3 [3|4] on [1|4] high             3 + 4 = 7
#  4 s0 pass (holds [0|0] [0|2] [1|5] [1|6] [2|5] [2|6]: no 3, no 4)
#  5 s1 [4|6] on [2|4] high             3 + 6 = 9
#  6 s2 [0|6] on [4|6] high             3 + 0 = 3
#  7 s3 [1|3] on [3|4] low              1 + 0 = 1
#  8 s0 [1|6] on [1|3] low              6 + 0 = 6
#  9 s1 [3|6] on [1|6] high             3 + 0 = 3
# 10 s2 [3|3] on [3|6] low: the spinner, terminal   6 + 0 = 6
# 11 s3 [3|5] on [3|3] linear B: spinner internal   5 + 0 = 5 -> 5 (0, 10)
# 12 s0 [1|5] on [3|5] high             1 + 0 = 1
# 13 s1 [2|3] on [3|3] branch B         1 + 0 + 2 = 3
# 14 s2 [0|4] on [0|6] low              1 + 4 + 2 = 7
# 15 s3 [0|1] on [1|5] low              0 + 4 + 2 = 6
# 16 s0 [0|0] on [0|1] low (later double, terminal 0)   0 + 4 + 2 = 6
# 17 s1 [0|3] on [0|0] linear B         3 + 4 + 2 = 9
# 18 s2 [2|2] on [2|3] low (terminal 4) 3 + 4 + 4 = 11
# 19 s3 [4|4] on [0|4] high (terminal 8)   3 + 8 + 4 = 15 -> 15 (0, 25)
# 20 s0 [2|6] on [2|2] linear B         3 + 8 + 6 = 17
# 21 s1 [6|6] on [2|6] high (terminal 12)  3 + 8 + 12 = 23
# 22 s2 [5|6] on [6|6] linear B         3 + 8 + 5 = 16
# 23 s3 [5|5] on [5|6] low (terminal 10)   3 + 8 + 10 = 21
# 24 s0 [2|5] on [5|5] linear B         3 + 8 + 2 = 13
# 25 s1 [4|5] on [4|4] linear B         3 + 5 + 2 = 10 -> 10 (0, 35); seat 1 is out.
# Left: seat 0 [0|2] = 2 -> 0, seat 2 [1|1] = 2 -> 0 (pooled 4 would give 5),
# seat 3 [0|5] = 5 -> 5. Deductions: team 0 0, team 1 5: scores (0, 30).

DOMINO_DEAL = deal_of(
    [
        [(0, 0), (0, 2), (1, 2), (1, 5), (1, 6), (2, 5), (2, 6)],
        [(0, 3), (2, 3), (2, 4), (3, 6), (4, 5), (4, 6), (6, 6)],
        [(0, 4), (0, 6), (1, 1), (1, 4), (2, 2), (3, 3), (5, 6)],
        [(0, 1), (0, 5), (1, 3), (3, 4), (3, 5), (4, 4), (5, 5)],
    ]
)
DOMINO_ACTIONS: list[Action] = [
    put((1, 2)),
    put((2, 4), (1, 2), HIGH),
    put((1, 4), (1, 2), LOW),
    put((3, 4), (1, 4), HIGH),
    PASS,
    put((4, 6), (2, 4), HIGH),
    put((0, 6), (4, 6), HIGH),
    put((1, 3), (3, 4), LOW),
    put((1, 6), (1, 3), LOW),
    put((3, 6), (1, 6), HIGH),
    put((3, 3), (3, 6), LOW),
    put((3, 5), (3, 3), LIN_B),
    put((1, 5), (3, 5), HIGH),
    put((2, 3), (3, 3), BR_B),
    put((0, 4), (0, 6), LOW),
    put((0, 1), (1, 5), LOW),
    put((0, 0), (0, 1), LOW),
    put((0, 3), (0, 0), LIN_B),
    put((2, 2), (2, 3), LOW),
    put((4, 4), (0, 4), HIGH),
    put((2, 6), (2, 2), LIN_B),
    put((6, 6), (2, 6), HIGH),
    put((5, 6), (6, 6), LIN_B),
    put((5, 5), (5, 6), LOW),
    put((2, 5), (5, 5), LIN_B),
    put((4, 5), (4, 4), LIN_B),
]
DOMINO_SUMS = [3, 5, 8, 7, None, 9, 3, 1, 6, 3, 6, 5, 1, 3, 7, 6, 6, 9, 11, 15, 17, 23, 16, 21]
DOMINO_SUMS += [13, 10]

# ------------------------------------------------------------------ BLOCK
# Opener seat 0; every turn places until all seven 0-tiles are out:
#  0 s0 [0|0] opens: spinner, terminal          0
#  1 s1 [0|1] on [0|0] linear A (still terminal) 0 + 1 = 1
#  2 s2 [0|2] on [0|0] linear B (now internal)   1 + 2 = 3
#  3 s3 [1|3] on [0|1] high                      3 + 2 = 5 -> 5 to team 1 (0, 5)
#  4 s0 [0|3] on [1|3] high                      0 + 2 = 2
#  5 s1 [2|4] on [0|2] high                      0 + 4 = 4
#  6 s2 [0|4] on [2|4] high                      0 + 0 = 0
#  7 s3 [0|5] on [0|3] low                       5 + 0 = 5 -> 5 (0, 10)
#  8 s0 [5|6] on [0|5] high                      6 + 0 = 6
#  9 s1 [0|6] on [5|6] high                      0 + 0 = 0
# 10-13: only 0s show (two arms and the spinner's two branches); nobody holds a 0:
# seats 2, 3, 0, 1 pass and the fourth pass blocks the hand.
# Left: seat 0 [1|1] [1|2] [1|4] [1|5] = 16 -> 15; seat 1 [1|6] [2|2] [2|3] [2|5] = 23
# -> 25; seat 2 [2|6] [3|3] [3|4] [3|5] [3|6] = 38 -> 40; seat 3 [4|4] [4|5] [4|6] [5|5]
# [6|6] = 49 -> 50. Team 0: 0 - 15 - 40 = -55; team 1: 10 - 25 - 50 = -65.

BLOCK_DEAL = deal_of(
    [
        [(0, 0), (0, 3), (5, 6), (1, 1), (1, 2), (1, 4), (1, 5)],
        [(0, 1), (2, 4), (0, 6), (1, 6), (2, 2), (2, 3), (2, 5)],
        [(0, 2), (0, 4), (2, 6), (3, 3), (3, 4), (3, 5), (3, 6)],
        [(1, 3), (0, 5), (4, 4), (4, 5), (4, 6), (5, 5), (6, 6)],
    ]
)
BLOCK_PLACEMENTS: list[Action] = [
    put((0, 0)),
    put((0, 1), (0, 0), LIN_A),
    put((0, 2), (0, 0), LIN_B),
    put((1, 3), (0, 1), HIGH),
    put((0, 3), (1, 3), HIGH),
    put((2, 4), (0, 2), HIGH),
    put((0, 4), (2, 4), HIGH),
    put((0, 5), (0, 3), LOW),
    put((5, 6), (0, 5), HIGH),
    put((0, 6), (5, 6), HIGH),
]
BLOCK_ACTIONS: list[Action] = [*BLOCK_PLACEMENTS, PASS, PASS, PASS, PASS]
BLOCK_SUMS = [0, 1, 3, 5, 2, 4, 0, 5, 6, 0]


def play_all(hand: Hand, actions: list[Action]) -> Hand:
    """Play `actions` through the checked entry point."""
    for action in actions:
        hand.play(action)
    return hand


def events(hand: Hand) -> list[tuple[Any, ...]]:
    """The hand's events as (seat, tile, end sum, credit, scores) or (seat, "pass")."""
    out: list[tuple[Any, ...]] = []
    for event in hand.events:
        if len(event) == 1:
            out.append((event[0], "pass"))
        else:
            seat, tile, _, end_sum, credit, score0, score1 = event  # type: ignore[misc]
            out.append((seat, ALL_TILES[tile], end_sum, credit, (score0, score1)))
    return out


def game_snapshot(game: Game) -> tuple[Any, ...]:
    """Everything a game holds."""
    return (tuple(snapshot(h) for h in game.hands), tuple(game.scores), game.winner)


def refused(hand: Hand, action: Action, code: str) -> RuleViolation:
    """Play `action`, expect the rejection `code`, and check the hand did not change."""
    before = snapshot(hand)
    with pytest.raises(RuleViolation) as caught:
        hand.play(action)
    assert caught.value.code == code, caught.value.message
    assert snapshot(hand) == before
    return caught.value


# ------------------------------------------------------------------ turns and play


def test_turns_go_clockwise_from_the_opener() -> None:
    """turn.clockwise: seat s is followed by s + 1 mod 4, wrapping from 3 to 0."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS)
    assert [e[0] for e in events(hand)] == [i % 4 for i in range(26)]
    rotated = Hand.deal(rotate(BLOCK_DEAL, 3), 3)
    assert rotated.to_move == 3
    rotated.play(put((0, 0)))
    assert rotated.to_move == 0


def test_opener_may_open_with_any_tile() -> None:
    """open.any-tile: on an empty table every tile in the opener's hand is a legal opening."""
    hand = Hand.deal(DOMINO_DEAL, 2)
    assert sorted(p.tile for p in hand.legal()) == sorted(DOMINO_DEAL[2])
    assert all(p.on is None for p in hand.legal())
    hand.play(put((5, 6)))  # not the highest, not a double: still fine
    assert hand.to_move == 3


def test_domino_end_sums_and_credits_event_by_event() -> None:
    """Credits go at once to the placer's team; passes record no sum."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS)
    recorded = events(hand)
    team1 = 0
    for index, (event, end_sum) in enumerate(zip(recorded, DOMINO_SUMS, strict=True)):
        if end_sum is None:
            assert event == (index % 4, "pass")
            continue
        credit = end_sum if end_sum % 5 == 0 else 0
        team1 += credit
        assert event[2:4] == (end_sum, credit), index
        assert event[4] == (0, team1), index
    assert team1 == 35


def test_must_play_when_a_placement_exists() -> None:
    """place.must-play: seat 1 holds [2|4] for the open 2, so its pass is refused."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS[:1])
    error = refused(hand, PASS, "must_play")
    assert "seat 1" in error.message


def test_forced_pass_moves_the_turn() -> None:
    """place.pass-when-blocked: seat 0 has no 3 or 4; its pass is accepted, seat 1 plays."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS[:4])
    assert hand.to_move == 0
    assert hand.legal() == []
    hand.play(PASS)
    assert hand.to_move == 1
    assert hand.end is None
    assert events(hand)[-1] == (0, "pass")
    assert hand.scores == [0, 5]


def test_legal_placements_after_an_opening() -> None:
    """place.match-open-value: after [1|2] opens, seat 1 has [2|3] and [2|4] for the 2."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS[:1])
    # Seat 1 holds [0|3] [2|3] [2|4] [3|6] [4|5] [4|6] [6|6]; open: [1|2] low 1, high 2.
    assert sorted(hand.legal(), key=repr) == sorted(
        [put((2, 3), (1, 2), HIGH), put((2, 4), (1, 2), HIGH)], key=repr
    )


def test_mirror_placements_on_an_opening_double() -> None:
    """place.mirror-opening-double: after [0|0] opens, [0|1] and [0|6] fit both linear sides."""
    hand = play_all(Hand.deal(BLOCK_DEAL, 0), BLOCK_ACTIONS[:1])
    # Seat 1 holds [0|1] [2|4] [0|6] [1|6] [2|2] [2|3] [2|5]: two 0s, two sides each.
    assert sorted(hand.legal(), key=repr) == sorted(
        [
            put((0, 1), (0, 0), LIN_A),
            put((0, 1), (0, 0), LIN_B),
            put((0, 6), (0, 0), LIN_A),
            put((0, 6), (0, 0), LIN_B),
        ],
        key=repr,
    )


# ------------------------------------------------------------------ ends of a hand


def test_domino_while_the_partner_holds_tiles() -> None:
    """end.domino, settle.*: seat 1 goes out with seat 3 still holding [0|5]."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS)
    assert hand.end is End.DOMINO
    assert hand.holdings[1] == 0
    assert hand.holdings[3] != 0  # the partner still holds a tile: the hand ends anyway
    # Seat 0 [0|2] 2 -> 0, seat 1 out 0, seat 2 [1|1] 2 -> 0, seat 3 [0|5] 5 -> 5.
    assert hand.penalties == (0, 0, 0, 5)
    # Team 1 had 35; its own seat 3 costs it 5. Team 0's 2 + 2 are not pooled into 5.
    assert hand.scores == [0, 30]
    assert hand.next_opener == 1  # open.after-domino: the seat that went out, not the opener
    assert hand.winner is None
    assert hand.legal() == []


def test_blocked_after_four_passes() -> None:
    """end.blocked: three passes leave the hand going; the fourth ends it, with the count."""
    hand = play_all(Hand.deal(BLOCK_DEAL, 0), BLOCK_PLACEMENTS)
    assert [e[2] for e in events(hand)] == BLOCK_SUMS
    assert hand.scores == [0, 10]
    for seat in (2, 3, 0):
        assert hand.to_move == seat
        assert hand.legal() == []
        hand.play(PASS)
        assert hand.end is None
    assert hand.to_move == 1
    hand.play(PASS)
    assert hand.end is End.BLOCKED
    assert hand.penalties == (15, 25, 40, 50)
    assert hand.scores == [-55, -65]  # reading.negative-scores: no floor
    assert hand.next_opener is None  # open.after-block: a new draw decides
    assert hand.winner is None


def test_negative_scores_carry_on_from_negative_starts() -> None:
    """reading.negative-scores: starting below zero, deductions keep going down."""
    hand = play_all(Hand.deal(BLOCK_DEAL, 0, (-100, -3)), BLOCK_ACTIONS)
    assert hand.scores == [-155, -68]


def test_target_reached_mid_hand_ends_it_without_a_count() -> None:
    """win.*: from (0, 240), team 1's credits 5 (action 1) and 5 (action 11) reach 250."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0, (0, 240)), DOMINO_ACTIONS[:11])
    assert hand.end is None
    assert hand.scores == [0, 245]
    hand.play(DOMINO_ACTIONS[11])
    assert hand.end is End.TARGET
    assert hand.winner == 1
    assert hand.scores == [0, 250]  # no end-of-hand count
    assert hand.penalties is None
    assert hand.next_opener is None
    assert hand.legal() == []
    refused(hand, DOMINO_ACTIONS[12], "hand_over")


def test_target_on_the_last_tile_wins_without_a_count() -> None:
    """win.no-count-after-win: seat 1's last tile credits 10 from 240: a win, not a domino."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0, (0, 215)), DOMINO_ACTIONS[:-1])
    assert hand.scores == [0, 240]
    hand.play(DOMINO_ACTIONS[-1])
    assert hand.end is End.TARGET
    assert hand.winner == 1
    assert hand.scores == [0, 250]  # seat 3's [0|5] is not deducted
    assert hand.penalties is None
    assert hand.next_opener is None


def test_deductions_never_win() -> None:
    """reading.negative-scores: a count that leaves the other team ahead wins nothing."""
    hand = play_all(Hand.deal(BLOCK_DEAL, 0, (249, 0)), BLOCK_ACTIONS)
    assert hand.end is End.BLOCKED
    assert hand.winner is None
    assert hand.scores == [194, -65]


def test_a_hand_cannot_start_in_a_won_game() -> None:
    """win.target: starting scores where a team has 250 are a game already over."""
    with pytest.raises(RuleViolation) as caught:
        Hand.deal(DOMINO_DEAL, 0, (0, 250))
    assert caught.value.code == "game_over"
    Hand.deal(DOMINO_DEAL, 0, (249, -1000))  # one short is fine


# ------------------------------------------------------------------ refusals


def domino_after(count: int) -> Hand:
    """The DOMINO hand after its first `count` actions."""
    return play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS[:count])


# (label, actions already made, refused placement, code). Positions of DOMINO:
#  after 10: seat 2 to move, holding [0|4] [1|1] [2|2] [3|3] [5|6]; open [3|6] low 3,
#            [0|6] low 0; no spinner yet.
#  after 11: seat 3 to move, holding [0|1] [0|5] [3|5] [4|4] [5|5]; the spinner [3|3]
#            has linear side A taken, B free; open also [0|6] low 0.
#  after 18: seat 2 to move, holding [1|1] [2|2] [5|6]; spinner [3|3] internal with
#            branch B taken, branch A free; later double [0|0] continued on linear B.
REFUSALS: list[tuple[str, int, Placement, str]] = [
    ("tile-on-table", 10, put((2, 4), (3, 6), LOW), "not_in_hand"),
    ("tile-in-another-hand", 10, put((0, 3), (3, 6), LOW), "not_in_hand"),
    ("end-tile-not-on-table", 10, put((3, 3), (3, 5), HIGH), "no_such_end"),
    ("side-taken-non-double", 10, put((0, 4), (0, 6), HIGH), "no_such_end"),
    ("linear-side-of-non-double", 10, put((0, 4), (0, 6), LIN_A), "no_such_end"),
    ("branch-of-non-double", 10, put((0, 4), (0, 6), BR_A), "no_such_end"),
    ("no-match", 10, put((5, 6), (3, 6), LOW), "no_match"),
    ("branch-before-linear", 11, put((3, 5), (3, 3), BR_A), "branch_closed"),
    ("branch-before-linear-no-match", 11, put((4, 4), (3, 3), BR_B), "branch_closed"),
    ("spinner-linear-a-taken", 11, put((3, 5), (3, 3), LIN_A), "no_such_end"),
    ("low-side-of-double", 11, put((3, 5), (3, 3), LOW), "no_such_end"),
    ("spinner-branch-taken", 18, put((2, 2), (3, 3), BR_B), "no_such_end"),
    ("later-double-branch", 18, put((2, 2), (0, 0), BR_A), "no_such_end"),
    ("later-double-linear-b-taken", 18, put((1, 1), (0, 0), LIN_B), "no_such_end"),
]


@pytest.mark.parametrize(
    ("done", "placement", "code"),
    [case[1:] for case in REFUSALS],
    ids=[case[0] for case in REFUSALS],
)
def test_refusal_code_and_unchanged_state(done: int, placement: Placement, code: str) -> None:
    """Each illegal placement gets its code and leaves the hand exactly as it was."""
    refused(domino_after(done), placement, code)


@pytest.mark.parametrize(
    ("done", "placement", "code"),
    [case[1:] for case in REFUSALS if case[3] != "not_in_hand"],
    ids=[case[0] for case in REFUSALS if case[3] != "not_in_hand"],
)
def test_refusal_message_names_tile_and_end_point(
    done: int, placement: Placement, code: str
) -> None:
    """The message names the tile being placed and the end point, in the rules' words."""
    error = refused(domino_after(done), placement, code)
    assert placement.on is not None
    assert str(placement.tile) in error.message
    assert str(placement.on.tile) in error.message
    assert placement.on.side.words in error.message


def test_spinner_branch_taken_is_not_called_a_later_double() -> None:
    """A taken branch of the spinner is refused as taken, not as "not the spinner"."""
    error = refused(domino_after(18), put((2, 2), (3, 3), BR_B), "no_such_end")
    assert "not the spinner" not in error.message
    assert "taken" in error.message


def test_not_in_hand_names_the_tile() -> None:
    """place.own-tile: the message names the tile the player does not hold."""
    error = refused(domino_after(10), put((0, 3), (3, 6), LOW), "not_in_hand")
    assert "[0|3]" in error.message


def test_branch_closed_message_in_the_rules_words() -> None:
    """The seed's prose table: [3|5] on [5|5]'s branch A with a linear side still free."""
    # Seat 0 holds [5|5], seat 1 holds [3|5]; the rest does not matter.
    deal = rotate(BLOCK_DEAL, 1)  # seat 0 now holds [5|5], seat 3 [3|5] ...
    assert t(5, 5) in deal[0]
    deal[1], deal[3] = deal[3], deal[1]  # ... which goes to seat 1
    assert t(3, 5) in deal[1]
    hand = Hand.deal(deal, 0)
    hand.play(put((5, 5)))
    error = refused(hand, put((3, 5), (5, 5), BR_A), "branch_closed")
    assert error.message == (
        "[3|5] cannot join the spinner [5|5]'s branch A: both linear sides must be occupied first"
    )


def test_opening_with_an_end_point_is_no_such_end() -> None:
    """no_such_end: an end point named on the empty table."""
    hand = Hand.deal(DOMINO_DEAL, 0)
    error = refused(hand, put((1, 2), (0, 0), LIN_A), "no_such_end")
    assert "[1|2]" in error.message


def test_no_end_point_after_the_opening_is_no_such_end() -> None:
    """no_such_end: a placement without an end point once the table is open."""
    hand = domino_after(1)
    error = refused(hand, put((2, 4)), "no_such_end")
    assert "[2|4]" in error.message


def test_opening_with_a_tile_not_held() -> None:
    """not_in_hand comes first even on the empty table."""
    refused(Hand.deal(DOMINO_DEAL, 0), put((0, 3)), "not_in_hand")


def test_pass_after_the_end_is_hand_over() -> None:
    """reading.no-action-after-end: a pass, a held tile or an unheld one after a domino."""
    hand = play_all(Hand.deal(DOMINO_DEAL, 0), DOMINO_ACTIONS)
    refused(hand, PASS, "hand_over")
    refused(hand, put((0, 2), (0, 3), HIGH), "hand_over")
    refused(hand, put((4, 5), (4, 4), LIN_B), "hand_over")


def test_pass_after_a_block_is_hand_over() -> None:
    """reading.no-action-after-end: the hand is over after the fourth pass."""
    hand = play_all(Hand.deal(BLOCK_DEAL, 0), BLOCK_ACTIONS)
    refused(hand, PASS, "hand_over")


def test_precedence_not_in_hand_before_end_point() -> None:
    """A tile not held on a missing end point: not_in_hand wins over no_such_end."""
    refused(domino_after(10), put((4, 5), (5, 5), LIN_B), "not_in_hand")


def test_precedence_no_such_end_before_no_match() -> None:
    """A taken side with values that would not match either: no_such_end."""
    refused(domino_after(10), put((1, 1), (0, 6), HIGH), "no_such_end")


def test_refused_action_then_the_right_one() -> None:
    """After a refusal the same hand accepts the legal action and scores it as usual."""
    hand = domino_after(10)
    refused(hand, PASS, "must_play")
    refused(hand, put((5, 6), (3, 6), LOW), "no_match")
    hand.play(DOMINO_ACTIONS[10])
    assert events(hand)[-1] == (2, t(3, 3), 6, 0, (0, 5))


# ------------------------------------------------------------------ games


def test_game_first_hand_needs_an_opener() -> None:
    """reading.draw-is-input: the first hand's opener comes from the draw."""
    game = Game()
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(DOMINO_DEAL, None, DOMINO_ACTIONS)
    assert (caught.value.code, caught.value.index) == ("wrong_opener", 0)
    assert game_snapshot(game) == ((), (0, 0), None)


def test_game_carries_scores_and_opener_after_domino_and_block() -> None:
    """reading.scores-carried, open.after-domino, open.after-block across three hands."""
    game = Game()
    game.play_hand(DOMINO_DEAL, 0, DOMINO_ACTIONS)
    assert game.scores == [0, 30]
    # Seat 1 went out, so it opens; BLOCK moved one seat round fits that opener.
    # Its credits (5, 5) now go to seat 0, team 0; penalties move one seat too:
    # (50, 15, 25, 40) -> team 0 loses 75, team 1 loses 55.
    game.play_hand(rotate(BLOCK_DEAL, 1), None, BLOCK_ACTIONS)
    assert game.hands[1].opener == 1
    assert game.hands[1].penalties == (50, 15, 25, 40)
    assert game.scores == [10 - 75, 30 - 55]
    # After the block a new draw: no opener is wrong_opener; any seat is fine.
    before = game_snapshot(game)
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(DOMINO_DEAL, None, [])
    assert (caught.value.code, caught.value.index) == ("wrong_opener", 2)
    assert game_snapshot(game) == before
    game.play_hand(DOMINO_DEAL, 3, [])
    assert game.hands[2].to_move == 3
    assert game.hands[2].scores == [-65, -25]
    assert game.winner is None


def test_game_wrong_opener_after_domino() -> None:
    """open.after-domino: seat 1 went out, so seat 0 may not open the next hand."""
    game = Game()
    game.play_hand(DOMINO_DEAL, 0, DOMINO_ACTIONS)
    before = game_snapshot(game)
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(rotate(BLOCK_DEAL, 0), 0, BLOCK_ACTIONS)
    assert (caught.value.code, caught.value.index) == ("wrong_opener", 1)
    assert game_snapshot(game) == before
    game.play_hand(rotate(BLOCK_DEAL, 1), 1, BLOCK_ACTIONS)  # the right seat, given
    assert game.hands[1].end is End.BLOCKED


def test_game_unfinished_hand() -> None:
    """reading.hands-complete: a hand left going cannot be followed by another."""
    game = Game()
    game.play_hand(DOMINO_DEAL, 0, DOMINO_ACTIONS[:5])
    before = game_snapshot(game)
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(BLOCK_DEAL, 0, BLOCK_ACTIONS)
    assert (caught.value.code, caught.value.index) == ("unfinished_hand", 0)
    assert game_snapshot(game) == before


def test_game_over_after_the_winning_hand() -> None:
    """game.over: nothing is played after the hand that reached 250."""
    game = Game()
    game.scores = [0, 215]  # a game already under way (scores reachable in play)
    game.play_hand(DOMINO_DEAL, 0, DOMINO_ACTIONS)
    assert (game.winner, game.scores) == (1, [0, 250])
    before = game_snapshot(game)
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(rotate(BLOCK_DEAL, 1), 1, BLOCK_ACTIONS)
    assert (caught.value.code, caught.value.index) == ("game_over", 1)
    assert game_snapshot(game) == before


def test_game_refusal_inside_a_hand_carries_the_hand_index() -> None:
    """In a game the index of a refused action is the hand's position, state unchanged."""
    game = Game()
    game.play_hand(DOMINO_DEAL, 0, DOMINO_ACTIONS)
    before = game_snapshot(game)
    bad = [*BLOCK_ACTIONS[:3], PASS]  # seat 0 of the moved deal holds [1|3] for the 1
    with pytest.raises(RuleViolation) as caught:
        game.play_hand(rotate(BLOCK_DEAL, 1), 1, bad)
    assert (caught.value.code, caught.value.index) == ("must_play", 1)
    assert game_snapshot(game) == before

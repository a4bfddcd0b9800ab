"""Random playouts: a hand played to its end by random legal actions, in one loop.

A player that plays many random hands (a Monte Carlo bot, the benchmark) spends
its time in one step repeated: list the legal moves, choose one, place it.
Through `Hand` that step is two method calls, a few attribute reads and writes
and a table look-up per open point. `play_out` makes the same steps in one loop
over local variables, from placements made once at import that carry all a
placement changes: the tile's bit, the point the tile then offers, that point's
placements, and the change of the end sum. It writes the state back to the hand
and its table when the hand ends.

It plays exactly as the step-by-step path does: the same legal moves in the
same order, the same events, the same end and count (tests/test_playout.py).
The ``k``-th placement it makes is ``moves[floor(draws[k] * len(moves))]`` of the
legal moves in `Hand.legal_moves` order; a player with no placement passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor

from . import hand as hand_module
from .hand import TARGET, End, Hand
from .points import (
    BRANCHES,
    GAIN,
    JOINED,
    OFFER,
    OPENED_POINTS,
    WORTH,
    Point,
    offers_of,
)
from .table import credit_for
from .tiles import (
    BIT,
    DOUBLE,
    FULL_SET,
    HIGH,
    LOW,
    PIPS_HIGH14,
    PIPS_LOW14,
    SIDE_LINEAR_B,
    SUIT,
    tiles_of_mask,
)

__all__ = ["play_out"]


Placement = tuple[int, Point, int, Point, "Slot", int]
"""A placement as the loop reads it: (tile, point, the tile's bit, the point the tile
then offers, that point's `Slot`, the change of the end sum)."""

Slot = tuple[int, dict[int, tuple[Placement, ...]]]
"""An open point as the loop reads it: the mask of the tiles that could join it, and
for every subset of that mask the placements of those tiles there, in tile order."""

SLOT: dict[Point, Slot] = {point: (SUIT[point[2]] & ~BIT[point[0]], {0: ()}) for point in OFFER}
"""``SLOT[point]``: made once, at import, for every point a tile can offer."""
# Filled in a second pass, so that each placement can carry the slot it opens.
for _point, (_suit, _placements) in SLOT.items():
    for _tile in tiles_of_mask(_suit):
        _joined = _tile * 7 + _point[2]
        _move: Placement = (
            _tile,
            _point,
            BIT[_tile],
            JOINED[_joined],
            SLOT[JOINED[_joined]],
            GAIN[_joined] - WORTH[_point],
        )
        # The subsets with this tile, the highest so far, are those without it plus
        # its placement: each subset's placements stay in tile order.
        _placements.update(
            [(sub | _move[2], (*moves, _move)) for sub, moves in list(_placements.items())]
        )

_TURNS = [tuple((first + turn) & 3 for turn in range(4 * 28 + 4)) for first in range(4)]
"""``_TURNS[seat]``: the seats in turn from `seat` on, as many as a hand can take
after its opening: 27 placements, at most three passes before each, four at the end."""

_NO_SLOT: Slot = (0, {0: ()})
"""The slot of no point: it fits no tile."""

_PASSED = [(0,), (1,), (2,), (3,)]
_CREDITED = [credit_for(total) > 0 for total in range(200)]
"""``_CREDITED[end_sum]``: whether it scores (`credit_for`). An end sum is at most 48:
four ends, each at most a double's 12."""
_PLAYING = None
_DOMINO = End.DOMINO
_BLOCKED = End.BLOCKED
_WON = End.TARGET


def play_out(hand: Hand, draws: Sequence[float]) -> None:
    """Play `hand` to its end, choosing the k-th placement by ``draws[k]`` (in [0, 1)).

    `draws` needs one number per placement still to come (28 always suffice).
    A hand already over is left as it is.
    """
    if hand.end is not None:
        return
    if hand_module.table_methods_only:
        # A patched engine (a mutant) plays through its table's methods, one step at a time.
        _play_steps(hand, draws)
        return
    table = hand.table
    holdings = hand.holdings
    s0, s1 = hand.scores
    append = hand.events.append
    seat = hand.to_move
    passes = hand.passes
    linear_free = table.linear_free
    branches_free = table.branches_free
    spinner = table.spinner
    k = 0
    if table.placed:
        ends = table.ends
        total = table.total
    else:
        held = holdings[seat]
        openings = table.moves(held)  # open.any-tile
        tile = openings[floor(draws[0] * len(openings))][0]
        k = 1
        ends = table.ends = [*OPENED_POINTS[tile]]
        if DOUBLE[tile]:
            # spinner.opening-double: both linear sides free, both halves counted.
            spinner = tile
            linear_free = 3
            total = LOW[tile] * 2
        else:
            total = LOW[tile] + HIGH[tile]
        holdings[seat] = held ^ BIT[tile]
        if _CREDITED[total]:
            if seat & 1:
                s1 += total
            else:
                s0 += total
            append((seat, tile, None, total, total, s0, s1))
        else:
            append((seat, tile, None, total, 0, s0, s1))
        if s0 < TARGET and s1 < TARGET:
            seat = (seat + 1) & 3
    # The opening can win; otherwise every way out of the loop below names the end.
    end = _WON if s0 >= TARGET or s1 >= TARGET else _PLAYING
    if end is _PLAYING:
        first = seat
        # The table shows two open points, or four once the spinner's branches are open:
        # four slots, the last two empty while there are two points.
        (suit_a, at_a), (suit_b, at_b), (suit_c, at_c), (suit_d, at_d) = _slots_of(ends)
        for seat in _TURNS[first]:
            held = holdings[seat]
            moves = (
                at_a[held & suit_a]
                + at_b[held & suit_b]
                + at_c[held & suit_c]
                + at_d[held & suit_d]
            )
            if not moves:
                append(_PASSED[seat])
                passes += 1
                if passes == 4:
                    end = _BLOCKED  # end.blocked
                    break
                continue
            tile, point, bit, joined, slot, change = moves[floor(draws[k] * len(moves))]
            k += 1
            passes = 0
            if point[0] != spinner:
                # A tile continues an arm: its point takes the joined point's place.
                place = ends.index(point)
                ends[place] = joined
                if place == 0:
                    suit_a, at_a = slot
                elif place == 1:
                    suit_b, at_b = slot
                elif place == 2:
                    suit_c, at_c = slot
                else:
                    suit_d, at_d = slot
                total += change
                if spinner < 0 and DOUBLE[tile]:
                    # spinner.first-double: joined by linear side A, B is its free side.
                    spinner = tile
                    linear_free = 2
            else:
                # A tile joins the spinner: that point leaves the list, the new one is appended.
                side = point[1]
                value = point[2]
                del ends[ends.index(point)]
                if side <= SIDE_LINEAR_B:
                    linear_free &= ~(side - 1)
                    if not linear_free:
                        # spinner.internal-after-linear, spinner.branches-after-linear.
                        total -= value + value
                        branches_free = 3
                        ends += BRANCHES[spinner]
                else:
                    branches_free &= ~(side - 3)
                ends.append(joined)
                total += change + WORTH[point]
                (suit_a, at_a), (suit_b, at_b), (suit_c, at_c), (suit_d, at_d) = _slots_of(ends)
            held ^= bit
            holdings[seat] = held
            if _CREDITED[total]:
                # scoring.placing-team; win.check-after-credit.
                if seat & 1:
                    s1 += total
                    append((seat, tile, point, total, total, s0, s1))
                    if s1 >= TARGET:
                        end = _WON
                        break
                else:
                    s0 += total
                    append((seat, tile, point, total, total, s0, s1))
                    if s0 >= TARGET:
                        end = _WON
                        break
            else:
                append((seat, tile, point, total, 0, s0, s1))
            if not held:
                end = _DOMINO  # end.domino
                break
    hand.passes = passes
    table.total = total
    table.spinner = spinner
    table.linear_free = linear_free
    table.branches_free = branches_free
    seat0, seat1, seat2, seat3 = holdings
    table.placed = FULL_SET ^ (seat0 | seat1 | seat2 | seat3)  # every tile is dealt
    table.offers = offers_of(ends)
    hand.end = end
    hand.to_move = -1
    if end is _WON:
        hand.winner = seat & 1  # win.no-count-after-win: no count
    else:
        # `Hand.settle_fast` inline, as every hand played out ends here.
        # settle.round-each-player, settle.own-team, settle.no-pooling.
        low = PIPS_LOW14
        high = PIPS_HIGH14
        penalty0 = (low[seat0 & 16383] + high[seat0 >> 14] + 2) // 5 * 5
        penalty1 = (low[seat1 & 16383] + high[seat1 >> 14] + 2) // 5 * 5
        penalty2 = (low[seat2 & 16383] + high[seat2 >> 14] + 2) // 5 * 5
        penalty3 = (low[seat3 & 16383] + high[seat3 >> 14] + 2) // 5 * 5
        hand.penalties = (penalty0, penalty1, penalty2, penalty3)
        s0 -= penalty0 + penalty2
        s1 -= penalty1 + penalty3
        if end is _DOMINO:
            hand.next_opener = seat  # open.after-domino
    hand.scores[0] = s0
    hand.scores[1] = s1


def _slots_of(ends: list[Point]) -> tuple[Slot, Slot, Slot, Slot]:
    """The slots of the open points, in order; two points leave two empty slots."""
    if len(ends) == 2:
        return SLOT[ends[0]], SLOT[ends[1]], _NO_SLOT, _NO_SLOT
    return SLOT[ends[0]], SLOT[ends[1]], SLOT[ends[2]], SLOT[ends[3]]


def _play_steps(hand: Hand, draws: Sequence[float]) -> None:
    """`play_out` one action at a time, through the hand's methods."""
    k = 0
    while hand.end is None:
        moves = hand.legal_moves()
        if moves:
            hand.place_fast(*moves[floor(draws[k] * len(moves))])
            k += 1
        else:
            hand.pass_fast()

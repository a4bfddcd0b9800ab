"""Counting action sequences: the move generator's self-check (protocol ``perft``).

The count plays on one working copy of the hand and takes each action back
after counting below it (the hand's state is saved once per position and put
back after each child), so nothing is copied per leaf. Positions one action
from the cut are not played out at all: each legal action is a leaf, or the
one forced pass is. Positions two actions from the cut are counted in bulk
too (`_two_ahead`): for each action of the player to move, the next
player's placements follow from the attach point it takes and the one it
adds, without playing it. That shortcut encodes the true rules, so an engine
whose table methods are patched (`reference_impl.hand.use_table_methods`)
counts by playing instead.
"""

from __future__ import annotations

import sys

from . import hand as _hand
from .errors import Declined
from .hand import End, Hand, Move
from .table import JOINED, WORTH, Offer, Point
from .tiles import BIT, HIGH, LOW, PIPS, SIDE_LINEAR_B, SUIT

__all__ = ["PERFT_BUDGET", "divide", "perft"]


PERFT_BUDGET = 250_000
"""The most positions one count may play out; past it the count is declined (`Declined`).

Leaves counted in bulk are not played, so a count may report far more leaves
than this: the deepest fixture count plays a few hundred positions, and depth 9
on the fixtures' deals plays at most about 52 000.
"""

_Saved = tuple[
    list[Point],
    list[Offer],
    int,
    int,
    int,
    int,
    int,
    list[int],
    int,
    int,
    list[int],
    End | None,
    int | None,
    tuple[int, int, int, int] | None,
    int | None,
    int,
]


def _save(hand: Hand) -> _Saved:
    table = hand.table
    return (
        table.ends.copy(),
        table.offers.copy(),
        table.total,
        table.spinner,
        table.linear_free,
        table.branches_free,
        table.placed,
        hand.holdings.copy(),
        hand.to_move,
        hand.passes,
        hand.scores.copy(),
        hand.end,
        hand.winner,
        hand.penalties,
        hand.next_opener,
        len(hand.events),
    )


def _restore(hand: Hand, saved: _Saved) -> None:
    table = hand.table
    (
        ends,
        offers,
        table.total,
        table.spinner,
        table.linear_free,
        table.branches_free,
        table.placed,
        holdings,
        hand.to_move,
        hand.passes,
        scores,
        hand.end,
        hand.winner,
        hand.penalties,
        hand.next_opener,
        events,
    ) = saved
    table.ends = ends.copy()
    table.offers = offers.copy()
    hand.holdings[:] = holdings
    hand.scores[:] = scores
    del hand.events[events:]


def _two_ahead(hand: Hand, moves: list[Move], counts: dict[int, list[int]]) -> int:
    """Leaves two actions below `hand` (not finished), given its legal moves.

    `counts` maps a seat's tiles (a mask) to how many of them show each value
    0..6; a seat holds one of at most 128 subsets of its deal, so it stays small.

    Each action of the player to move is followed by every placement of the
    next player, or by their one forced pass; an action that ends the hand
    is a leaf itself.
    """
    table = hand.table
    seat = hand.to_move
    following = hand.holdings[(seat + 1) & 3]
    fits = counts.get(following)
    if fits is None:
        fits = counts[following] = [(following & SUIT[value]).bit_count() for value in range(7)]
    if not moves:
        # A pass: the fourth in a row blocks the hand (end.blocked).
        if hand.passes == 3:
            return 1
        return sum(fits[end[2]] for end in table.ends) or 1
    held = hand.holdings[seat]
    room = _hand.TARGET - hand.scores[seat & 1]
    if not table.placed:
        leaves = 0
        for tile, _ in moves:
            total = PIPS[tile]
            if (total % 5 == 0 and total >= room) or held == BIT[tile]:
                leaves += 1
            else:
                # An opening double offers its value twice (spinner.opening-double).
                leaves += fits[LOW[tile]] + fits[HIGH[tile]] or 1
        return leaves
    base = 0
    for end in table.ends:
        base += fits[end[2]]
    spinner = table.spinner
    leaves = 0
    for tile, point in moves:
        if held == BIT[tile]:
            leaves += 1  # end.domino
            continue
        assert point is not None  # the table is not empty
        on, side, value = point
        joined = JOINED[tile * 7 + value]
        count = base - fits[value] + fits[joined[2]]
        if on == spinner:
            total = table.total + WORTH[joined]
            if side <= SIDE_LINEAR_B and table.linear_free == side - 1:
                # The last linear side: the spinner stops counting, its branches open.
                total -= value + value
                count += fits[value] + fits[value]
        else:
            total = table.total + WORTH[joined] - WORTH[point]
        if total % 5 == 0 and total >= room > 0:
            leaves += 1  # win.check-after-credit: the placement wins the game
        else:
            leaves += count or 1
    return leaves


class _Count:
    """One count: the working hand, the positions it may still play, whether to bulk-count."""

    def __init__(self, hand: Hand, budget: int | None) -> None:
        self.hand = hand
        self.budget = budget
        self.left = sys.maxsize if budget is None else budget
        # Bulk counting two ahead encodes the true rules: off when they are patched.
        self.bulk = not _hand.table_methods_only
        self.counts: dict[int, list[int]] = {}

    def below(self, depth: int) -> int:
        """Leaves of the tree `depth` >= 1 actions below the working hand (not finished)."""
        hand = self.hand
        moves = hand.legal_moves()
        if depth == 1:
            return len(moves) or 1
        if depth == 2 and self.bulk:
            return _two_ahead(hand, moves, self.counts)
        # Played out: the state is saved once here and put back after each action.
        saved = _save(hand)
        leaves = 0
        for move in moves or (None,):
            self.play(move)
            leaves += 1 if hand.end is not None else self.below(depth - 1)
            _restore(hand, saved)
        return leaves

    def after(self, move: Move | None, depth: int) -> int:
        """Leaves `depth` actions below the working hand once `move` is made (None: pass)."""
        hand = self.hand
        saved = _save(hand)
        self.play(move)
        leaves = 1 if depth == 0 or hand.end is not None else self.below(depth)
        _restore(hand, saved)
        return leaves

    def play(self, move: Move | None) -> None:
        """Make `move` on the working hand, within the budget (`Declined` past it)."""
        self.left -= 1
        if self.left < 0:
            raise Declined(
                f"perft declined: the count would play more than {self.budget} positions,"
                " the engine's budget (protocol section 5.6)"
            )
        if move is None:
            self.hand.pass_fast()
        else:
            self.hand.place_fast(*move)


def perft(hand: Hand, depth: int, budget: int | None = None) -> int:
    """Leaves of the action tree below `hand`, cut at `depth` actions.

    A finished hand is a leaf wherever it ends; a forced pass is one action.
    `hand` is left as it was. With a `budget`, a count that would play out
    more than that many positions raises `Declined` instead of running on.
    """
    if depth == 0 or hand.end is not None:
        return 1
    return _Count(hand.copy(), budget).below(depth)


def divide(hand: Hand, depth: int, budget: int | None = None) -> list[tuple[Move | None, int]]:
    """`perft` split by the first action (None stands for a pass); empty at a leaf."""
    if depth == 0 or hand.end is not None:
        return []
    count = _Count(hand.copy(), budget)
    moves: list[Move | None] = list(hand.legal_moves()) or [None]
    return [(move, count.after(move, depth - 1)) for move in moves]

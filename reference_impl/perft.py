"""Counting action sequences: the move generator's self-check (protocol ``perft``).

The count plays on one working copy of the hand through `Hand.push` and takes
each action back with `Hand.pop`, as python-chess's perft does with its board, and
makes a position's actions one after another with `Hand.each`, which takes each back
as `pop` does but saves the position once for all of them: it plays by the hand's
own rules and knows none itself. Positions one action from the cut are not played
out: each legal action is a leaf, or the one forced pass is.
"""

from __future__ import annotations

from .errors import Declined
from .hand import Hand, Move

__all__ = ["PERFT_BUDGET", "divide", "leaves", "perft"]


PERFT_BUDGET = 250_000
"""The most positions one count may play out; past it the count is declined (`Declined`).

Leaves counted in bulk are not played, so a count may report far more leaves
than this: the deepest fixture count plays a few hundred positions, and depth 9
on the fixtures' deals plays at most about 52 000.
"""


_UNLIMITED = 1 << 60
"""More positions than any count plays: no budget (and a machine word in a compiled build,
where ``sys.maxsize`` would be a Python object decremented at every position)."""


class _Count:
    """One count: the working hand and the positions it may still play."""

    def __init__(self, hand: Hand, budget: int | None) -> None:
        self.hand = hand
        self.budget = budget
        self.left = _UNLIMITED if budget is None else budget

    def below(self, depth: int) -> int:
        """Leaves of the tree `depth` >= 1 actions below the working hand (not finished)."""
        hand = self.hand
        moves = hand.legal_moves()
        if depth == 1:
            return len(moves) or 1
        self.spend(len(moves) or 1)
        leaves = 0
        if depth == 2:
            # The last positions played: each counts its own legal moves, or 1 where
            # there are none (a forced pass, or the hand is over).
            for _ in hand.each(moves or (None,)):
                leaves += len(hand.legal_moves()) or 1
            return leaves
        for _ in hand.each(moves or (None,)):
            leaves += 1 if hand.end is not None else self.below(depth - 1)
        return leaves

    def after(self, move: Move | None, depth: int) -> int:
        """Leaves `depth` actions below the working hand once `move` is made (None: pass)."""
        hand = self.hand
        self.spend(1)
        hand.push(move)
        leaves = 1 if depth == 0 or hand.end is not None else self.below(depth)
        hand.pop()
        return leaves

    def spend(self, positions: int) -> None:
        """Take `positions` about to be played from the budget (`Declined` past it).

        A position's siblings are all played, so the count declines them together,
        before playing any: the same counts are declined as one position at a time.
        """
        self.left -= positions
        if self.left < 0:
            raise Declined(
                f"perft declined: the count would play more than {self.budget} positions,"
                " the engine's budget (protocol section 5.6)"
            )


def perft(hand: Hand, depth: int, budget: int | None = None) -> int:
    """Leaves of the action tree below `hand`, cut at `depth` actions.

    A finished hand is a leaf wherever it ends; a forced pass is one action.
    `hand` is left as it was. With a `budget`, a count that would play out
    more than that many positions raises `Declined` instead of running on.
    """
    return leaves(divide(hand, depth, budget))


def leaves(split: list[tuple[Move | None, int]]) -> int:
    """The leaves of a `divide`: their sum, or 1 for a position that is a leaf itself."""
    return sum(count for _, count in split) if split else 1


def divide(hand: Hand, depth: int, budget: int | None = None) -> list[tuple[Move | None, int]]:
    """`perft` split by the first action (None stands for a pass); empty at a leaf."""
    if depth == 0 or hand.end is not None:
        return []
    count = _Count(hand.copy(), budget)
    moves: list[Move | None] = list(hand.legal_moves()) or [None]
    return [(move, count.after(move, depth - 1)) for move in moves]

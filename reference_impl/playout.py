"""Random playouts: a hand played to its end by random legal actions, in one call.

A player that plays many random hands (a Monte Carlo bot, the benchmark) repeats one
step: list the legal moves, choose one, make it. `play_out` makes that step through
the hand's own trusted path, `Hand.legal_moves` (its table's `Table.moves`, asked
directly) then `Hand.place_fast` or `Hand.pass_fast`, so it plays by the hand's rules,
whatever they are.

The ``k``-th placement it makes is ``moves[floor(draws[k] * len(moves))]`` of the
legal moves in `Hand.legal_moves` order; a player with no placement passes.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import floor

from .hand import Hand

__all__ = ["play_out"]


def play_out(hand: Hand, draws: Sequence[float]) -> None:
    """Play `hand` to its end, choosing the k-th placement by ``draws[k]`` (in [0, 1)).

    `draws` needs one number per placement still to come (28 always suffice).
    A hand already over is left as it is.
    """
    # The methods are called on the hand each time, not bound once: Python specialises
    # `hand.method()` calls, and a bound method kept in a variable is slower to call.
    # `Hand.legal_moves` is its table's `moves` once the hand is known not to be over:
    # called here directly, a call a turn is saved (the table and the holdings are the
    # hand's for the whole hand: placing changes what they hold, never which they are).
    table = hand.table
    holdings = hand.holdings
    k = 0
    while hand.end is None:
        moves = table.moves(holdings[hand.to_move])
        if moves:
            tile, point = moves[floor(draws[k] * len(moves))]
            hand.place_fast(tile, point)
            k += 1
        else:
            hand.pass_fast()

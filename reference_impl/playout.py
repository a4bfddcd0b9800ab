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
    # The draws are walked by the loop itself, a placement a draw, and only an action
    # can end the hand: each says whether the hand goes on.
    if hand.end is not None:
        return
    table = hand.table
    holdings = hand.holdings
    for draw in draws:
        moves = table.moves(holdings[hand.to_move])
        while not moves:
            if not hand.pass_fast():
                return
            moves = table.moves(holdings[hand.to_move])
        # The length is named: a compiled build multiplies a float by a named int as
        # numbers, but by len() itself only as Python objects, built for the purpose.
        size = len(moves)
        tile, point = moves[floor(draw * size)]
        if not hand.place_fast(tile, point):
            return
    # Every draw is used: the players may still pass to the end, but not place.
    while hand.end is None:
        if table.moves(holdings[hand.to_move]):
            raise IndexError("play_out needs a draw for each placement to come")
        hand.pass_fast()

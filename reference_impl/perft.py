"""Counting action sequences: the move generator's self-check (protocol ``perft``)."""

from __future__ import annotations

from .hand import Hand, Move

__all__ = ["divide", "perft"]


def _child(hand: Hand, move: Move | None) -> Hand:
    child = hand.copy()
    if move is None:
        child.pass_fast()
    else:
        child.place_fast(*move)
    return child


def perft(hand: Hand, depth: int) -> int:
    """Leaves of the action tree below `hand`, cut at `depth` actions.

    A finished hand is a leaf wherever it ends; a forced pass is one action.
    """
    if depth == 0 or hand.end is not None:
        return 1
    moves = hand.legal_moves()
    if not moves:
        return perft(_child(hand, None), depth - 1)
    if depth == 1:
        return len(moves)
    return sum(perft(_child(hand, move), depth - 1) for move in moves)


def divide(hand: Hand, depth: int) -> list[tuple[Move | None, int]]:
    """`perft` split by the first action (None stands for a pass); empty at a leaf."""
    if depth == 0 or hand.end is not None:
        return []
    moves: list[Move | None] = list(hand.legal_moves()) or [None]
    return [(move, perft(_child(hand, move), depth - 1)) for move in moves]

"""The PyPI package dominoes (a four-player partnership line game) under the suite's test.

    python -m pip install ./kits/python '.[thirdparty]'
    seven-rocks-conformance run --engine "python examples/third_party/dominoes_adapter.py"

The engine plays the Puerto Rican partnership game: one line of play with two ends
(``dominoes.Board.add(domino, left)``), no spinner, no points during the hand. So only
`legal` is served: its answers are the engine's own move generator
(``Game._update_valid_moves`` on the table the plays build). The adapter only names
the two ends of the line the protocol's way: the end tile and its outer side (a double
at an end: ``linear_b``; the opening double: ``linear_a`` to the left, ``linear_b`` to
the right). An end point that is not one of the two ends has no meaning to the engine,
so naming one is refused with ``no_such_end``.

How it differs from Seven Rocks, with the catalogue entry the diagnosis names for each
among its first four (tests/project/test_third_party.py): there is no spinner, every double is
a tile of the line and has no branches (no-spinner); and when both ends show the same
value a tile is offered once, on the left (``Game._update_valid_moves``: "do not double
count moves"), where Seven Rocks offers one placement per attach point, the opening
double's two sides included (one-placement-per-value).
"""

from __future__ import annotations

from importlib.metadata import version
from typing import Any

import dominoes

from conformance import kit
from conformance.kit import EndPoint, Placement, Side, Tile


def _end(board: dominoes.Board, left: bool) -> EndPoint:
    """The protocol's name for one end of the engine's line."""
    piece = board.board[0] if left else board.board[-1]
    value = piece.first if left else piece.second
    tile = Tile(min(piece), max(piece))
    if tile.is_double:
        alone = len(board) == 1
        return EndPoint(tile, Side.LINEAR_A if alone and left else Side.LINEAR_B)
    return EndPoint(tile, Side.LOW if value == tile.low else Side.HIGH)


def build(plays: tuple[Placement, ...]) -> dominoes.Board:
    """The engine's line after `plays`: each end point named becomes its left or right."""
    board = dominoes.Board()
    for index, placement in enumerate(plays):
        with kit.at(index):
            domino = dominoes.Domino(placement.tile.low, placement.tile.high)
            if placement.on is None:
                if board:
                    # Board.add would put it on the left: the protocol names no end here.
                    raise kit.NoSuchEnd(f"{placement.tile} names no end of the line")
                board.add(domino, True)
                continue
            ends = [left for left in (True, False) if _end(board, left) == placement.on]
            if not ends:
                raise kit.NoSuchEnd(f"{placement.on}: not one of the line's two ends")
            try:
                board.add(domino, ends[0])
            except dominoes.EndsMismatchException as exc:
                raise kit.NoMatch(str(exc)) from None
    return board


def legal(plays: tuple[Placement, ...], hand: tuple[Tile, ...]) -> dict[str, Any]:
    board = build(plays)
    held = dominoes.Hand([dominoes.Domino(t.low, t.high) for t in hand])
    if not board:
        # Game.new without a starting domino: the first player may open with any tile.
        moves = [(d, True) for d in held]
    else:
        game = dominoes.Game(board, [held, *([dominoes.Hand([])] * 3)], [], 0, (), 0, None)
        game._update_valid_moves()  # the engine's move generator for the player to move
        moves = list(game.valid_moves)
    placements = []
    for domino, left in moves:
        tile = Tile(min(domino), max(domino))
        placements.append(Placement(tile, _end(board, left) if board else None))
    return {"placements": placements}


if __name__ == "__main__":
    kit.Engine("dominoes", version("dominoes"), legal=legal).run()

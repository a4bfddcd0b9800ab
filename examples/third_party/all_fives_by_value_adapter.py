"""all-fives-domino (PyPI) under the suite's test, its board mapped by value.

    python -m pip install ./kits/python '.[thirdparty]'
    seven-rocks-conformance run --engine "python examples/third_party/all_fives_by_value_adapter.py"

The same engine as ``all_fives_adapter.py``, mapped the other way an adapter author
could: that adapter checks each named attach point itself before asking the engine;
this one checks nothing. A placement names a tile on the table and a side; only the
tile reaches the engine, which attaches by value (``Piece.can_append``) and refuses
what it refuses. The spinner is the piece the engine has crossing (``Piece.is_crossing``,
none before a double takes its second neighbour and none again once the crossing is
used); the open points are the engine's open ends, a double's named in the order it
fills them (linear sides, then branches). Every answer is the engine's own.

How it differs from Seven Rocks, with the catalogue entry the diagnosis names for each
among its first four (tests/project/test_third_party.py): the four rules of play of
``all_fives_known_failures.txt`` (only the opening double spins:
only-opening-double-spins; the spinner takes one branch: spinner-one-branch; an opening
double shows one side: no-mirror-opening-double; the engine sets the opening itself:
largest-double-opens), and what this mapping adds, which no rule set explains and the
diagnosis reports as unexplained: a named side is never checked, so placements the rules
refuse are answered (``result``) or refused with another code; the spinner is reported
only while it crosses; an internal double worth 0 is left out of ``counted``.
"""

from __future__ import annotations

from importlib.metadata import version
from types import SimpleNamespace
from typing import Any

from src.main.game.Board import Board
from src.main.game.DominoRound import DominoRound
from src.main.game.exceptions.Board import DuplicatePieceException, InvalidMoveException
from src.main.game.Piece import Piece
from src.main.game.Scorer import AllFivesScorer

from conformance import kit
from conformance.kit import EndPoint, Placement, Side, Tile

DOUBLE_SIDES = (Side.LINEAR_A, Side.LINEAR_B, Side.BRANCH_A, Side.BRANCH_B)


def _tile(piece: Piece) -> Tile:
    return Tile(*piece.sides)


def build(plays: tuple[Placement, ...], credits: list[int]) -> Board:
    """The engine's board after `plays`, each placement handed to it as (tile, tile on
    the table); the engine matches the values, the side named is not its business."""
    board = Board()
    for index, placement in enumerate(plays):
        with kit.at(index):
            piece = Piece(placement.tile.low, placement.tile.high)
            origin = None
            if placement.on is not None:
                origin = board.find_piece(list(placement.on.tile.to_json()))
                if origin is None or not origin.can_append(piece):
                    raise kit.NoMatch(f"the engine attaches {placement.tile} nowhere there")
            board.play(piece, origin)
        credits.append(int(AllFivesScorer.score(AllFivesScorer.count(board.origin))))
    return board


def _name(piece: Piece, value: int) -> EndPoint:
    """An open end of the engine, named the protocol's way."""
    tile = _tile(piece)
    if not piece.is_double:
        return EndPoint(tile, Side.LOW if value == tile.low else Side.HIGH)
    return EndPoint(tile, DOUBLE_SIDES[min(piece.closed_sides, 3)])


def _counted(board: Board) -> list[dict[str, Any]]:
    """Each piece's share of the engine's count, as protocol counted ends."""
    out: list[dict[str, Any]] = []
    for piece in board.get_pieces():
        share = AllFivesScorer.count(piece) - sum(AllFivesScorer.count(p) for p in piece.linked)
        if piece.is_double:
            if share:
                out.append({"tile": _tile(piece), "value": share})
        elif sum(piece.open_sides) == share:
            out += [{"tile": _tile(piece), "value": v} for v in piece.open_sides]
    return out


def table(plays: tuple[Placement, ...]) -> dict[str, Any]:
    credits: list[int] = []
    board = build(plays, credits)
    if board.origin is None:
        return {"spinner": None, "open": [], "counted": [], "end_sum": 0, "credits": [],
                "credit": None}  # fmt: skip
    crossing = [p for p in board.get_pieces() if p.is_crossing]
    return {
        "spinner": _tile(crossing[0]) if crossing else None,
        "open": [kit.OpenPoint(e, e.value) for e in (_name(p, v) for p, v in board.open_ends())],
        "counted": _counted(board),
        "end_sum": int(AllFivesScorer.count(board.origin)),
        "credits": credits,
        "credit": credits[-1],
    }


def legal(plays: tuple[Placement, ...], hand: tuple[Tile, ...]) -> dict[str, Any]:
    board = build(plays, [])
    pieces = [Piece(tile.low, tile.high) for tile in hand]
    # The engine's own move generator, on this board; a closed double has no protocol form.
    options = DominoRound.valid_options(SimpleNamespace(board=board), pieces) if pieces else []
    placements = []
    for piece, origin, closed in options:
        value = next(v for v in origin.open_sides if v in piece.sides)
        if not closed:
            placements.append(Placement(_tile(piece), _name(origin, value)))
    return {"placements": placements}


if __name__ == "__main__":
    kit.Engine(
        "all-fives-domino (mapped by value)",
        version("all-fives-domino"),
        table=table,
        legal=legal,
        errors={InvalidMoveException: "no_such_end", DuplicatePieceException: "bad_request"},
    ).run()

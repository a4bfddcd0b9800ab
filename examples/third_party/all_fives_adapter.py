"""The PyPI package all-fives-domino (a two-player All Fives engine), under the suite's test.

    python -m pip install ./kits/python '.[thirdparty]'
    seven-rocks-conformance run --engine "python examples/third_party/all_fives_adapter.py" \\
        --expect-fail examples/third_party/all_fives_known_failures.txt

The engine's board is a tree of pieces; a piece is attached to another piece, by value,
without naming a side, and its `Board.play` leaves the matching to the caller
(`Piece.can_append`, `DominoRound.valid_options`). This adapter only translates: it names
the engine's attach points the protocol's way (a double's first two links are its linear
sides, the next two its branches) and asks the engine everything else, so every
difference the suite reports is the engine's own. Only `table` and `legal` are served:
the engine plays two-player rounds with a boneyard, which `hand` cannot describe.
"""

from __future__ import annotations

from importlib.metadata import version
from types import SimpleNamespace
from typing import Any

from src.main.game.Board import Board
from src.main.game.DominoRound import DominoRound
from src.main.game.exceptions.Board import InvalidMoveException
from src.main.game.Piece import Piece
from src.main.game.Scorer import AllFivesScorer

from conformance import kit
from conformance.kit import EndPoint, Placement, Side, Tile

DOUBLE_SIDES = (Side.LINEAR_A, Side.LINEAR_B, Side.BRANCH_A, Side.BRANCH_B)


def _tile(piece: Piece) -> Tile:
    return Tile(*piece.sides)


class Layout:
    """The engine's board, with the protocol's name for each link already made."""

    def __init__(self) -> None:
        self.board = Board()
        self.named: dict[Tile, set[Side]] = {}  # the sides of each tile already joined

    def place(self, placement: Placement) -> None:
        piece, on = Piece(placement.tile.low, placement.tile.high), placement.on
        if on is None:
            self.board.play(piece)  # the engine refuses a second origin
            self.named[placement.tile] = set()
            return
        origin = self.board.find_piece(list(on.tile.to_json()))
        if origin is None or on.side in self.named.get(on.tile, ()):
            raise kit.NoSuchEnd(f"{on}: no such free end point")
        if on.tile.is_double != (on.side in DOUBLE_SIDES):
            raise kit.NoSuchEnd(f"{on}: {on.tile} has no side {on.side}")
        if on.side.is_branch:
            if origin is not self.board.origin:
                raise kit.NoSuchEnd(f"{on}: only the opening double crosses in this engine")
            if len(origin.linked) < 2:
                raise kit.BranchClosed(f"{on}: the double has not crossed yet")
        if on.value not in origin.open_sides:
            raise kit.NoSuchEnd(f"{on}: the engine has no open {on.value} on {on.tile}")
        if not origin.can_append(piece) or not placement.tile.has(on.value):
            raise kit.NoMatch(f"{placement.tile} does not match {on.value}")
        self.board.play(piece, origin)
        self.named[on.tile].add(on.side)
        joined = Side.LINEAR_A if piece.is_double else None
        if joined is None:
            joined = Side.LOW if placement.tile.low == on.value else Side.HIGH
        self.named[placement.tile] = {joined}

    def name(self, piece: Piece, value: int) -> EndPoint:
        """The protocol's name for an open side of a piece, as the engine lists it."""
        tile = _tile(piece)
        if not piece.is_double:
            return EndPoint(tile, Side.LOW if value == tile.low else Side.HIGH)
        taken = self.named[tile]
        return EndPoint(tile, next(s for s in DOUBLE_SIDES if s not in taken))

    def open_points(self) -> list[EndPoint]:
        if self.board.origin is None:
            return []
        return [self.name(piece, value) for piece, value in self.board.open_ends()]

    def counted(self) -> list[dict[str, Any]]:
        """Each piece's share of the engine's count, as protocol counted ends."""
        out: list[dict[str, Any]] = []
        for piece in self.board.get_pieces():
            share = AllFivesScorer.count(piece) - sum(AllFivesScorer.count(p) for p in piece.linked)
            tile = _tile(piece)
            if not piece.is_double and sum(piece.open_sides) == share:
                out += [{"tile": tile, "value": value} for value in piece.open_sides]
            elif piece.closed_sides <= 1 or share:
                out.append({"tile": tile, "value": share})
        return out

    def end_sum(self) -> int:
        return 0 if self.board.origin is None else int(AllFivesScorer.count(self.board.origin))


def build(plays: tuple[Placement, ...], credits: list[int]) -> Layout:
    layout = Layout()
    for index, placement in enumerate(plays):
        with kit.at(index):
            layout.place(placement)
        credits.append(int(AllFivesScorer.score(layout.end_sum())))
    return layout


def table(plays: tuple[Placement, ...]) -> dict[str, Any]:
    credits: list[int] = []
    layout = build(plays, credits)
    origin = layout.board.origin
    # Only the opening double can ever cross in this engine: that is its spinner.
    spinner = _tile(origin) if origin is not None and origin.is_double else None
    return {
        "spinner": spinner,
        "open": [kit.OpenPoint(point, point.value) for point in layout.open_points()],
        "counted": layout.counted(),
        "end_sum": layout.end_sum(),
        "credits": credits,
        "credit": credits[-1] if credits else None,
    }


def legal(plays: tuple[Placement, ...], hand: tuple[Tile, ...]) -> dict[str, Any]:
    layout = build(plays, [])
    pieces = [Piece(tile.low, tile.high) for tile in hand]
    # valid_options needs only the round's board; a closed double (face down, an All Fives
    # option) has no protocol form and is left out.
    options = (
        DominoRound.valid_options(SimpleNamespace(board=layout.board), pieces) if pieces else []
    )
    placements = []
    for piece, origin, closed in options:
        value = next(v for v in origin.open_sides if v in piece.sides)
        if not closed:
            placements.append(Placement(_tile(piece), layout.name(origin, value)))
    return {"placements": placements}


if __name__ == "__main__":
    kit.Engine(
        "all-fives-domino",
        version("all-fives-domino"),
        table=table,
        legal=legal,
        errors={InvalidMoveException: "no_such_end"},
    ).run()

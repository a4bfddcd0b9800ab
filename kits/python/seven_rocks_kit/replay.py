"""The replay helper: the ``table`` and ``legal`` commands built from a board you supply.

The kit runs the plays and shapes the reply; every value in it comes from the board,
which is your engine. It never computes a rule itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from seven_rocks_kit.rejections import at
from seven_rocks_kit.values import Counted, OpenPoint, Placement, Tile

__all__ = ["Board", "LegalBoard", "replay_legal", "replay_table"]


class Board(Protocol):
    """What the replay helper plays on: your engine's table.

    ``place`` puts a tile down (raising a rejection, or an error ``errors=`` maps, when
    the engine refuses it) and returns the credit the engine gives that placement; the
    others read the board as the engine sees it.
    """

    def place(self, placement: Placement) -> int: ...

    def open_points(self) -> Sequence[OpenPoint]: ...

    def counted(self) -> Sequence[Counted]: ...

    def end_sum(self) -> int: ...

    def spinner(self) -> Tile | None: ...


class LegalBoard(Board, Protocol):
    """A `Board` that also gives the engine's legal placements of a hand."""

    def legal(self, hand: Sequence[Tile]) -> Sequence[Placement]: ...


def _place(board: Board, plays: Sequence[Placement]) -> list[int]:
    credits = []
    for index, play in enumerate(plays):
        with at(index):
            credit = board.place(play)
        if type(credit) is not int:
            raise TypeError(f"place({play}) returned {credit!r}, not the placement's credit")
        credits.append(credit)
    return credits


def replay_table(new_board: Callable[[], Board]) -> Callable[..., dict[str, Any]]:
    """The ``table`` command: a fresh board from ``new_board()``, each play placed inside
    ``at(index)``, then ``{spinner, open, counted, end_sum, credits, credit}`` as the board
    reports them."""

    def table(plays: Sequence[Placement]) -> dict[str, Any]:
        board = new_board()
        credits = _place(board, plays)
        return {
            "spinner": board.spinner(),
            "open": list(board.open_points()),
            "counted": list(board.counted()),
            "end_sum": board.end_sum(),
            "credits": credits,
            "credit": credits[-1] if credits else None,
        }

    return table


def replay_legal(new_board: Callable[[], LegalBoard]) -> Callable[..., dict[str, Any]]:
    """The ``legal`` command: the plays placed as for `replay_table`, then
    ``{placements}`` from the board's ``legal(hand)``."""

    def legal(plays: Sequence[Placement], hand: Sequence[Tile]) -> dict[str, Any]:
        board = new_board()
        _place(board, plays)
        return {"placements": list(board.legal(hand))}

    return legal

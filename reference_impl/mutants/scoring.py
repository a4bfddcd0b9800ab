"""Mutants of a placement's credit."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import hand
from ..hand import Hand
from ..table import Point, credit_for
from .patching import rebind, set_everywhere, wrap


def non_multiple_rounded() -> None:
    """Mutant ``non-multiple-rounded``: an end sum that is not a multiple of 5 is rounded to the
    nearest one and credited.
    """

    def rounded(end_sum: int) -> int:
        return 5 * ((end_sum + 2) // 5) if end_sum > 0 else 0

    set_everywhere("credit_for", rounded)


def without_credit(when: Callable[[Hand, int, Point | None], bool]) -> None:
    """Make the placements for which `when` holds score nothing."""

    def make(original: Any) -> Any:
        def place_fast(self: Hand, tile: int, point: Point | None) -> None:
            if when(self, tile, point):
                rebind(hand, "credit_for", lambda end_sum: 0)
                try:
                    original(self, tile, point)
                finally:
                    rebind(hand, "credit_for", credit_for)
            else:
                original(self, tile, point)

        return place_fast

    wrap(Hand, "place_fast", make)

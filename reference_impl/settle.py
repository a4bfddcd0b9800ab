"""The end-of-hand count (rules ``settle.*``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import pips_of_mask

__all__ = ["Settlement", "round_to_five", "settle"]


def round_to_five(pips: int) -> int:
    """Round to the nearest multiple of 5: remainders 1-2 down, 3-4 up.

    Rule ``settle.round-each-player``.
    """
    return 5 * ((pips + 2) // 5)


@dataclass(frozen=True, slots=True)
class Settlement:
    """Each seat's pips left in hand, each seat's rounded penalty, each team's deduction."""

    pips: tuple[int, int, int, int]
    penalties: tuple[int, int, int, int]
    deductions: tuple[int, int]


def settle(holdings: Sequence[int]) -> Settlement:
    """Count four seats' remaining tiles, given as masks, seat by seat."""
    pips = (
        pips_of_mask(holdings[0]),
        pips_of_mask(holdings[1]),
        pips_of_mask(holdings[2]),
        pips_of_mask(holdings[3]),
    )
    # settle.no-pooling: each player is rounded alone, then subtracted from their own team.
    penalties = (
        round_to_five(pips[0]),
        round_to_five(pips[1]),
        round_to_five(pips[2]),
        round_to_five(pips[3]),
    )
    deductions = (penalties[0] + penalties[2], penalties[1] + penalties[3])
    return Settlement(pips, penalties, deductions)

"""The end-of-hand count (rules ``settle.*``), of tiles given as masks.

The rules themselves are `reference_impl.rules.Rules.settle` and
`Rules.round_penalty`; this module counts the pips of four seats' masks.
"""

from __future__ import annotations

from collections.abc import Sequence

from .rules import REFERENCE, Rules, Settlement, round_to_five
from .tiles import pips_of_mask

__all__ = ["Settlement", "round_to_five", "settle"]


def settle(holdings: Sequence[int], rules: Rules = REFERENCE) -> Settlement:
    """Count four seats' remaining tiles, given as masks, seat by seat."""
    seat0, seat1, seat2, seat3 = holdings
    return rules.settle(
        (pips_of_mask(seat0), pips_of_mask(seat1), pips_of_mask(seat2), pips_of_mask(seat3))
    )

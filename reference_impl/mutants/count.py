"""Mutants of the end-of-hand count."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import commands, settle
from ..hand import End, Hand
from ..tiles import pips_of_mask
from .patching import wrap


def round_down_3(pips: int) -> int:
    """Mutant ``remainder-3-down``: a remainder of 3 is rounded down."""
    return 5 * ((pips + 1) // 5)


def partners_pooled() -> None:
    """Mutant ``partners-pooled``: partners' remaining pips are pooled before rounding."""

    def pooled(holdings: Any) -> settle.Settlement:
        correct = original_settle(holdings)
        pips = correct.pips
        # Wrong: partners' pips are pooled, then rounded once.
        team = (
            settle.round_to_five(pips[0] + pips[2]),
            settle.round_to_five(pips[1] + pips[3]),
        )
        return settle.Settlement(pips, correct.penalties, team)

    original_settle = settle.settle
    commands.settle = pooled  # type: ignore[attr-defined]

    def make(original: Any) -> Any:
        def finish(self: Hand, end: End) -> None:
            before = self.scores.copy()
            original(self, end)
            pips = [pips_of_mask(mask) for mask in self.holdings]
            self.scores[0] = before[0] - settle.round_to_five(pips[0] + pips[2])
            self.scores[1] = before[1] - settle.round_to_five(pips[1] + pips[3])

        return finish

    wrap(Hand, "_finish", make)


def after_finish(adjust: Callable[[Hand, list[int]], None]) -> None:
    """Run `adjust(hand, scores before the count)` after each end-of-hand count."""

    def make(original: Any) -> Any:
        def finish(self: Hand, end: End) -> None:
            before = self.scores.copy()
            original(self, end)
            adjust(self, before)

        return finish

    wrap(Hand, "_finish", make)


def penalties_to_opponents(self: Hand, before: list[int]) -> None:
    """Mutant ``penalties-to-opponents`` after a hand: each team loses the other's penalties."""
    assert self.penalties is not None
    p = self.penalties
    self.scores[0] = before[0] - p[1] - p[3]
    self.scores[1] = before[1] - p[0] - p[2]


def pips_to_team_out(self: Hand, before: list[int]) -> None:
    """Mutant ``pips-to-team-out``: after a domino the others' rounded pips are credited to the
    team that went out.
    """
    assert self.penalties is not None
    if self.end is End.DOMINO:
        team = self.holdings.index(0) & 1  # the seat that went out
        self.scores[:] = before
        self.scores[team] += sum(self.penalties)


def scores_floored(self: Hand, before: list[int]) -> None:
    """Mutant ``scores-floored-at-zero``: a team's score never goes below zero."""
    self.scores[:] = [max(0, s) for s in self.scores]


def swapped_deductions(holdings: Any) -> settle.Settlement:
    """The true count with each team's deduction given to the other team."""
    correct = TRUE_SETTLE(holdings)
    return settle.Settlement(
        correct.pips, correct.penalties, (correct.deductions[1], correct.deductions[0])
    )


TRUE_SETTLE = settle.settle


def penalties_to_opponents_everywhere() -> None:
    """Mutant ``penalties-to-opponents``: each player's penalty is subtracted from the opposing
    team.
    """
    after_finish(penalties_to_opponents)
    commands.settle = swapped_deductions  # type: ignore[attr-defined]

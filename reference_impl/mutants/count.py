"""Misreadings of the end-of-hand count, as rule sets."""

from __future__ import annotations

from ..rules import End, Four, Rules, Settlement

__all__ = [
    "NoCountAfterBlock",
    "PartnersPooled",
    "PenaltiesToOpponents",
    "PipsToTeamOut",
    "RemainderThreeDown",
    "ScoresFlooredAtZero",
]


class RemainderThreeDown(Rules):
    """A remainder of 3 is rounded down."""

    def round_penalty(self, pips: int) -> int:
        return 5 * ((pips + 1) // 5)


class PartnersPooled(Rules):
    """Partners' remaining pips are pooled before rounding."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        count = super().settle(pips, end, out)
        pooled = (self.round_penalty(pips[0] + pips[2]), self.round_penalty(pips[1] + pips[3]))
        return Settlement(pips, count.penalties, pooled)


class PenaltiesToOpponents(Rules):
    """Each player's penalty is subtracted from the opposing team."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        count = super().settle(pips, end, out)
        return Settlement(pips, count.penalties, (count.deductions[1], count.deductions[0]))


class PipsToTeamOut(Rules):
    """After a domino the others' rounded pips are credited to the team that went out."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        count = super().settle(pips, end, out)
        if end is not End.DOMINO or out is None:
            return count
        credit = -sum(count.penalties)
        deductions = (credit, 0) if out & 1 == 0 else (0, credit)
        return Settlement(pips, count.penalties, deductions)


class ScoresFlooredAtZero(Rules):
    """A team's score never goes below zero."""

    def after_count(self, score: int) -> int:
        return max(0, score)


class NoCountAfterBlock(Rules):
    """A blocked hand is not counted: nobody loses points."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        if end is End.BLOCKED:
            return Settlement(pips, (0, 0, 0, 0), (0, 0))
        return super().settle(pips, end, out)

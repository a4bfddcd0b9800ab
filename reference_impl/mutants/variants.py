"""Real-world variants of the rules, as rule sets: other domino games' rules, not slips.

Published engines of other games (All Fives, Muggins, block and line games) play by
rules of their own. Each variant here is one such rule, kept in the catalogue beside the
misreadings so that the suite is measured against it and the diagnosis can name it when
an engine plays that way. Like a mutant, a variant overrides only the hooks it changes.
"""

from __future__ import annotations

from ..rules import BRANCHES, LINEAR_A, End, Four, Rules, Settlement
from ..tiles import BIT, DOUBLE, LOW, PIPS, tiles_of_mask

__all__ = [
    "BlockedLighterTeamScores",
    "DoublesBranchAtOnce",
    "LargestDoubleOpens",
    "LaterDoublesBranch",
    "NoSpinner",
    "OnePlacementPerValue",
    "OnlyOpeningDoubleSpins",
    "OpeningDoubleNeverSpins",
    "OpeningDoubleNotSpinner",
    "OpeningDoubleOnePoint",
    "SpinnerOneBranch",
]


class LargestDoubleOpens(Rules):
    """Only the opener's largest double, or holding none their heaviest tile, may open."""

    def openings(self, held: int) -> int:
        tiles = tiles_of_mask(held)
        doubles = [tile for tile in tiles if DOUBLE[tile]]
        if doubles:
            return BIT[max(doubles, key=LOW.__getitem__)]
        heaviest = max((PIPS[tile] for tile in tiles), default=0)
        return sum(BIT[tile] for tile in tiles if PIPS[tile] == heaviest)


class OnlyOpeningDoubleSpins(Rules):
    """Only an opening double becomes the spinner; a later first double is an ordinary tile."""

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        return opening


class OpeningDoubleNotSpinner(Rules):
    """An opening double is a tile of the line, never the spinner: the next double is."""

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        return not opening and spinner < 0


class OpeningDoubleNeverSpins(Rules):
    """An opening double is a tile of the line, and then no double is the spinner."""

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        return not opening and doubles_before == 0


class NoSpinner(Rules):
    """No spinner at all: every double, the opening one too, is an ordinary tile of the line."""

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        return False


class OpeningDoubleOnePoint(OpeningDoubleNotSpinner):
    """An opening double never spins, and its two sides are one attach point."""

    def linear_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        # The other side shows once the first is taken.
        if opening and not taken:
            return LINEAR_A
        return super().linear_sides(spinner, opening, taken)


class LaterDoublesBranch(Rules):
    """Every later double branches at once: three ends of its value, each counted."""

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        if not spinner and not opening:
            return BRANCHES & ~taken
        return super().branch_sides(spinner, opening, taken)

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        if not spinner and not opening:
            return (value,) * free.bit_count()  # each unstarted end counts its value
        return super().double_counts(value, spinner, opening, taken, free)


class DoublesBranchAtOnce(Rules):
    """Every double joining the line, the spinner too, branches at once: three ends of
    its value, each counted while unstarted."""

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        return BRANCHES & ~taken if not opening else super().branch_sides(spinner, opening, taken)

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        if not opening:
            return (value,) * free.bit_count()
        return super().double_counts(value, spinner, opening, taken, free)


class SpinnerOneBranch(Rules):
    """The spinner takes one branch only: once one branch is started the other closes."""

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        return 0 if spinner and taken & BRANCHES else super().branch_sides(spinner, opening, taken)


class OnePlacementPerValue(Rules):
    """A tile gives one placement per value it matches, not one per attach point."""

    def placement_key(self, tile: int, on_tile: int, side: int, value: int) -> tuple[int, ...]:
        return (tile, value)


class BlockedLighterTeamScores(Rules):
    """A blocked hand is won by the team holding fewer pips, credited everyone's penalty."""

    def settle(self, pips: Four, end: End | None = None, out: int | None = None) -> Settlement:
        count = super().settle(pips, end, out)
        if end is not End.BLOCKED:
            return count
        team0, team1 = count.deductions
        credit = -sum(count.penalties)
        if team0 == team1:
            return Settlement(pips, count.penalties, (0, 0))
        return Settlement(pips, count.penalties, (credit, 0) if team0 < team1 else (0, credit))

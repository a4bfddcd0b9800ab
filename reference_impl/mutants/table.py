"""Misreadings of the table (the spinner, doubles, attach points, counted ends), as rule
sets: each overrides the layout hooks of `reference_impl.rules.Rules` it reads wrongly,
and nothing else.
"""

from __future__ import annotations

from ..rules import BRANCHES, LINEAR, LINEAR_A, Rules

__all__ = [
    "BranchesAfterOneLinear",
    "ContinuedDoubleStillCounts",
    "CountedOmitsZero",
    "EveryDoubleSpinner",
    "HighestDoubleSpinner",
    "InternalSpinnerCounts",
    "NoMirrorOpeningDouble",
    "OpeningDoubleFourHalves",
    "TerminalDoubleOneHalf",
    "TileFitsOnce",
    "UnstartedBranchCounts",
]


class EveryDoubleSpinner(Rules):
    """Every double opens branches once continued, not only the first."""

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        if not spinner and taken & LINEAR == LINEAR:
            return BRANCHES & ~taken  # Wrong: a later double, once continued, branches too.
        return super().branch_sides(spinner, opening, taken)


class HighestDoubleSpinner(Rules):
    """A higher double played later takes over as the spinner (while no branch is started)."""

    def becomes_spinner(
        self, value: int, opening: bool, doubles_before: int, spinner: int, spinner_taken: int
    ) -> bool:
        return spinner < 0 or (value > spinner and not spinner_taken & BRANCHES)


class BranchesAfterOneLinear(Rules):
    """The spinner's branches open once one linear side is occupied."""

    def branch_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        if spinner and taken & LINEAR:
            return BRANCHES & ~taken  # Wrong: one occupied linear side opens both branches.
        return super().branch_sides(spinner, opening, taken)


def _internal(spinner: bool, taken: int) -> bool:
    return spinner and taken & LINEAR == LINEAR


class UnstartedBranchCounts(Rules):
    """Unstarted branches count the spinner's value."""

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        counts = super().double_counts(value, spinner, opening, taken, free)
        more = value * (free & BRANCHES).bit_count() if _internal(spinner, taken) else 0
        return (*counts, more) if more else counts


class InternalSpinnerCounts(Rules):
    """The spinner still counts both halves once both linear sides are occupied."""

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        counts = super().double_counts(value, spinner, opening, taken, free)
        return (*counts, 2 * value) if value and _internal(spinner, taken) else counts


class OpeningDoubleFourHalves(Rules):
    """An opening double counts both halves on each free linear side."""

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        counts = super().double_counts(value, spinner, opening, taken, free)
        return (*counts, 2 * value) if value and spinner and opening and not taken else counts


class ContinuedDoubleStillCounts(Rules):
    """A double keeps counting both halves after another tile continues it."""

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        if value and not spinner and taken and not free:
            return (2 * value,)  # Wrong: a continued double still counts both halves.
        return super().double_counts(value, spinner, opening, taken, free)


class TerminalDoubleOneHalf(Rules):
    """A terminal double counts one half instead of both."""

    def double_counts(
        self, value: int, spinner: bool, opening: bool, taken: int, free: int
    ) -> tuple[int, ...]:
        counts = super().double_counts(value, spinner, opening, taken, free)
        return tuple(count // 2 for count in counts)  # Wrong: one half, not both.


class NoMirrorOpeningDouble(Rules):
    """An opening double offers only one linear side at first."""

    def linear_sides(self, spinner: bool, opening: bool, taken: int) -> int:
        # Wrong: the two sides of an opening double are one and the same until one is taken.
        if spinner and opening and not taken:
            return LINEAR_A
        return super().linear_sides(spinner, opening, taken)


class CountedOmitsZero(Rules):
    """Counted ends of value zero are left out of the counted list."""

    def listed(self, contribution: int) -> bool:
        return contribution != 0


class TileFitsOnce(Rules):
    """A tile that fits several end points gives only one placement."""

    def placement_key(self, tile: int, on_tile: int, side: int, value: int) -> tuple[int, ...]:
        return (tile,)  # Wrong: one placement per tile, not per end point.

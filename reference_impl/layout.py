"""A rule set's layout hooks worked out once, as the table's hot path reads them.

The table (`reference_impl.table`) knows how tiles join; what the rules decide about
it, it reads from a `Layout`: tables made by calling the hooks of `Rules`
(`becomes_spinner`, `double_sides`, `double_counts`, `end_worth`, `placement_key`)
over every input they can take, once per rule set. The reference's tables are made
at import. No rule is written here: each entry is a hook's answer.

A double's state is the mask of its sides taken (`reference_impl.rules.LINEAR_A`..,
four bits) and `JOINED_LINE`, set unless it opened the hand: five bits. The table keeps
the seven doubles' states in one number, five bits each, and asks these tables what the
double offers and counts in that state.
"""

from __future__ import annotations

from typing import Final

from .points import OFFER, Offer, Point, point_at
from .rules import REFERENCE, Rules
from .tiles import DOUBLE, HIGH, LOW, SIDE_HIGH, SIDE_LINEAR_A, SIDE_LOW, SUIT, tiles_of_mask

__all__ = ["JOINED_LINE", "REFERENCE_LAYOUT", "STATES", "Layout", "layout_of", "spins_index"]

JOINED_LINE: Final = 16
"""The bit of a double's state set when it joined the line (it did not open the hand)."""
STATES: Final = 32
"""A double's states: the 16 masks of sides taken, with and without `JOINED_LINE`."""

_SIDE_BITS: Final = (1, 2, 4, 8)
"""The masks of a double's sides, in side order (linear A, linear B, branch A, branch B)."""


def spins_index(value: int, opening: bool, doubles_before: int, spinner: int, taken: int) -> int:
    """The place in `Layout.spins` of `Rules.becomes_spinner`'s answer to these arguments."""
    return (((value * 2 + opening) * 8 + doubles_before) * 8 + spinner + 1) * 16 + taken


def _side_points(double: int, mask: int) -> tuple[Point, ...]:
    return tuple(
        point_at(double, SIDE_LINEAR_A + i) for i, bit in enumerate(_SIDE_BITS) if mask & bit
    )


class Layout:
    """The answers of one rule set's layout hooks, as tables (see the module's docstring)."""

    __slots__ = (
        "distinct",
        "double_counts",
        "double_worth",
        "offered",
        "offered_offers",
        "opened",
        "rules",
        "sides",
        "spins",
        "step",
        "worth",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.worth: tuple[int, ...] = tuple(rules.end_worth(value) for value in range(7))
        """``worth[value]``: `Rules.end_worth`."""
        self.step: list[int] = [0] * (28 * 7)
        """``step[tile * 7 + value]``: how the end sum changes when the tile `tile`, not a
        double, joins an end of value `value`: the `worth` of its other half, less that of
        the end it covers."""
        for tile in range(28):
            if not DOUBLE[tile]:
                low, high = LOW[tile], HIGH[tile]
                self.step[tile * 7 + low] = self.worth[high] - self.worth[low]
                self.step[tile * 7 + high] = self.worth[low] - self.worth[high]
        self.sides: tuple[int, ...] = tuple(
            rules.double_sides(bool(role), not state & JOINED_LINE, state & 15) & 15
            for role in (0, 1)
            for state in range(STATES)
        )
        """``sides[STATES * spinner + state]``: `Rules.double_sides`."""
        self.double_counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                rules.double_counts(
                    value,
                    bool(role),
                    not state & JOINED_LINE,
                    state & 15,
                    self.sides[STATES * role + state],
                )
            )
            for role in (0, 1)
            for state in range(STATES)
            for value in range(7)
        )
        """``double_counts[(STATES * spinner + state) * 7 + value]``: `Rules.double_counts`."""
        self.double_worth: tuple[int, ...] = tuple(sum(c) for c in self.double_counts)
        """The sums of `double_counts`, what the end sum reads."""
        self.spins: tuple[bool, ...] = tuple(
            rules.becomes_spinner(value, bool(opening), before, spinner, taken)
            for value in range(7)
            for opening in (0, 1)
            for before in range(8)
            for spinner in range(-1, 7)
            for taken in range(16)
        )
        """`Rules.becomes_spinner`, at `spins_index` of its arguments."""
        self.offered: list[tuple[Point, ...]] = [()] * (28 * 16)
        """``offered[double * 16 + mask]``: the points of the sides `mask` of `double`."""
        self.offered_offers: list[tuple[Offer, ...]] = [()] * (28 * 16)
        """The offers of `offered`, in the same places."""
        for double in range(28):
            if DOUBLE[double]:
                for mask in range(16):
                    points = _side_points(double, mask)
                    self.offered[double * 16 + mask] = points
                    self.offered_offers[double * 16 + mask] = tuple(OFFER[p] for p in points)
        self.opened: list[tuple[tuple[Point, ...], tuple[Offer, ...], int, bool]] = []
        """``opened[tile]``: the opening `tile`'s points, their offers, the end sum, and
        whether it is the spinner."""
        for tile in range(28):
            value = LOW[tile]
            if DOUBLE[tile]:
                spinner = self.spins[spins_index(value, True, 0, -1, 0)]
                at = STATES * spinner
                points = self.offered[tile * 16 + self.sides[at]]
                total = self.double_worth[at * 7 + value]
            else:
                spinner = False
                points = (point_at(tile, SIDE_LOW), point_at(tile, SIDE_HIGH))
                total = self.worth[LOW[tile]] + self.worth[HIGH[tile]]
            self.opened.append((points, tuple(OFFER[p] for p in points), total, spinner))
        self.distinct: bool = _keys_distinct(rules)
        """Whether `Rules.placement_key` tells every (tile, attach point) pair apart, so
        that no listing of placements needs sorting out."""


def _keys_distinct(rules: Rules) -> bool:
    keys = set()
    count = 0
    for point in OFFER:
        for tile in tiles_of_mask(SUIT[point[2]]):
            keys.add(rules.placement_key(tile, *point))
            count += 1
    return len(keys) == count


_LAYOUTS: dict[type[Rules], Layout] = {}


def layout_of(rules: Rules) -> Layout:
    """The layout tables of `rules`, made once per rule set's class."""
    kind = type(rules)
    made = _LAYOUTS.get(kind)
    if made is None:
        made = _LAYOUTS[kind] = Layout(rules)
    return made


REFERENCE_LAYOUT: Final = layout_of(REFERENCE)
"""The reference rules' layout, made at import."""

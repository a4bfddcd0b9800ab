"""A rule set's layout hooks worked out once, as the table's hot path reads them.

The table (`reference_impl.table`) knows how tiles join; what the rules decide about
it, it reads from a `Layout`: tables made by calling the hooks of `Rules`
(`linear_sides`, `branch_sides`, `double_counts`, `end_worth`, `placement_key`) over
every input they can take, once per rule set, and whether `becomes_spinner` ever departs
from the first double spinning (where it does, the table calls it). The reference's
tables are made at import. No rule is written here: each entry is a hook's answer.

A double's state is the mask of its sides taken (`reference_impl.rules.LINEAR_A`..,
four bits) and `OPENED`, set for a double that opened the hand. The table keeps the seven
doubles' masks in one number, four bits each (28 bits: a small integer, quick to work
on), and the opening tile beside it, and asks these tables what the double offers and
counts in that state.
"""

from __future__ import annotations

from typing import Final

from .points import NO_OFFER, NO_POINT, OFFER, Offer, Point, point_at
from .rules import BRANCHES, LINEAR, LINEAR_A, REFERENCE, Rules
from .tiles import (
    DOUBLE,
    HIGH,
    LOW,
    SIDE_HIGH,
    SIDE_LINEAR_A,
    SIDE_LOW,
    SUIT,
    tile_index,
    tiles_of_mask,
)

__all__ = [
    "JOINED_DOUBLE",
    "OPENED",
    "REFERENCE_LAYOUT",
    "STATES",
    "JoinedDouble",
    "Layout",
    "OnDouble",
    "layout_of",
    "on_double_index",
]

OPENED: Final = 16
"""The bit of a double's state set when it opened the hand."""
JOINED_DOUBLE: Final = LINEAR_A
"""The state of a double as it joins the line: by its linear side A (double.crosswise)."""
STATES: Final = 32
"""A double's states: the 16 masks of sides taken, with and without `OPENED`."""

_SIDE_BITS: Final = (1, 2, 4, 8)
"""The masks of a double's sides, in side order (linear A, linear B, branch A, branch B)."""


Reoffer = tuple[tuple[Point, ...], tuple[Point, ...], tuple[Offer, ...]]
"""The points a double no longer offers, the points it newly offers, and their offers."""

OnDouble = tuple[int, int, Reoffer | None]
"""What a tile joining a side of a double does to the double: the bit of the table's
``taken`` it sets, the change of its count, and what it offers anew (None: nothing)."""

_NO_MOVE: Final[OnDouble] = (0, 0, None)

JoinedDouble = tuple[int, Point, Offer, tuple[tuple[Point, ...], tuple[Offer, ...]] | None, int]
"""What a double joining the line does (`Layout.joined_double`): the bits of the table's
``taken`` it sets, the one point it offers and its offer (or None and then all the points
it offers, with their offers), and what it adds to the end sum less the end it covers."""


def on_double_index(state: int, side: int, value: int) -> int:
    """The place in `Layout.on_spinner` and `Layout.on_double` of a tile joining the side
    `side` of the double ``[value|value]`` in the state `state`."""
    return state * 42 + side * 7 + value


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
        "first_spins",
        "gain",
        "joined_double",
        "offered",
        "offered_offers",
        "on_double",
        "on_spinner",
        "opened",
        "rules",
        "sides",
        "spinner_changes",
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
            (
                rules.linear_sides(bool(role), bool(state & OPENED), state & 15) & LINEAR
                | rules.branch_sides(bool(role), bool(state & OPENED), state & 15) & BRANCHES
            )
            for role in (0, 1)
            for state in range(STATES)
        )
        """``sides[STATES * spinner + state]``: `Rules.linear_sides` and `Rules.branch_sides`."""
        self.double_counts: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                rules.double_counts(
                    value,
                    bool(role),
                    bool(state & OPENED),
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
                spinner = rules.becomes_spinner(value, True, 0, -1, 0)
                at = STATES * spinner + OPENED
                points = self.offered[tile * 16 + self.sides[at]]
                total = self.double_worth[at * 7 + value]
            else:
                spinner = False
                points = (point_at(tile, SIDE_LOW), point_at(tile, SIDE_HIGH))
                total = self.worth[LOW[tile]] + self.worth[HIGH[tile]]
            self.opened.append((points, tuple(OFFER[p] for p in points), total, spinner))
        self.gain: list[int] = [0] * (28 * 7)
        """``gain[tile * 7 + value]``: the `worth` of the end the tile `tile`, not a double,
        shows once joined by its half `value`."""
        for tile in range(28):
            if not DOUBLE[tile]:
                self.gain[tile * 7 + LOW[tile]] = self.worth[HIGH[tile]]
                self.gain[tile * 7 + HIGH[tile]] = self.worth[LOW[tile]]
        self.on_double: list[OnDouble] = [_NO_MOVE] * (STATES * 42)
        """``on_double[on_double_index(state, side, value)]``: what a tile joining the side
        `side` of the double ``[value|value]``, not the spinner, in the state `state` does
        to it (`OnDouble`), from `sides` and `double_worth`."""
        self.on_spinner: list[OnDouble] = [_NO_MOVE] * (STATES * 42)
        """`on_double` for the spinner."""
        for state in range(STATES):
            for side in range(SIDE_LINEAR_A, SIDE_LINEAR_A + 4):
                for value in range(7):
                    at = on_double_index(state, side, value)
                    self.on_double[at] = self._on_double(0, state, side, value)
                    self.on_spinner[at] = self._on_double(1, state, side, value)
        self.first_spins: bool = all(
            rules.becomes_spinner(value, False, before, -1, 0)
            for value in range(7)
            for before in range(8)
        )
        """Whether a double joining the line while there is no spinner always becomes it
        (`Rules.becomes_spinner`: so under the rules of Seven Rocks)."""
        self.spinner_changes: bool = any(
            rules.becomes_spinner(value, False, before, spinner, taken)
            for value in range(7)
            for before in range(8)
            for spinner in range(7)
            for taken in range(16)
        )
        """Whether a double joining the line may become the spinner while there is one
        (`Rules.becomes_spinner`: not under the rules of Seven Rocks). Where either of
        these two leaves it open, the table asks `Rules.becomes_spinner` itself."""
        self.joined_double: list[JoinedDouble] = []
        """``joined_double[7 * spinner + value]``: what the double ``[value|value]`` joining
        the line offers (its first point and offer, then the others) and adds to the end
        sum, less the end it covers; `spinner`: whether it became the spinner."""
        for role in (0, 1):
            for value in range(7):
                at = STATES * role + JOINED_DOUBLE
                offered = self.offered[tile_index(value, value) * 16 + self.sides[at]]
                offers = tuple(OFFER[p] for p in offered)
                change = self.double_worth[at * 7 + value] - self.worth[value]
                bits = JOINED_DOUBLE << 4 * value
                made: JoinedDouble
                if len(offered) == 1:
                    made = (bits, offered[0], offers[0], None, change)
                else:  # the point is a placeholder: all of them follow
                    made = (bits, NO_POINT, NO_OFFER, (offered, offers), change)
                self.joined_double.append(made)
        self.distinct: bool = _keys_distinct(rules)
        """Whether `Rules.placement_key` tells every (tile, attach point) pair apart, so
        that no listing of placements needs sorting out."""

    def _on_double(self, role: int, state: int, side: int, value: int) -> OnDouble:
        bit = 1 << (side - SIDE_LINEAR_A)
        was = STATES * role + state
        now = was | bit
        double = tile_index(value, value)
        was_free = self.sides[was] & ~bit
        now_free = self.sides[now]
        appear = double * 16 + (now_free & ~was_free)
        drop = self.offered[double * 16 + (was_free & ~now_free)]
        change = self.double_worth[now * 7 + value] - self.double_worth[was * 7 + value]
        if not drop and not self.offered[appear]:
            return bit << 4 * value, change, None
        return bit << 4 * value, change, (drop, self.offered[appear], self.offered_offers[appear])


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

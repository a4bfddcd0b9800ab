"""The table: the layout of placed tiles, its attach points and its counted ends.

Representation. The layout is kept as its *open attach points* only, which is
all the rules ever look at, plus the end sum kept up to date as tiles join:

- ``ends``: every attach point a tile could join now, as ``(tile, side,
  value)``, in a stable order. The opening gives its points; a tile joining an
  end of an arm, or a double that is not the spinner, takes that point's place
  in the list (what else it offers is appended); a tile joining the spinner
  removes that point and appends what the spinner newly offers, then its own.
- ``spinner``: the spinner's tile, or -1; ``taken``: the state of each double on
  the table (the sides taken), four bits a double, and ``opening`` the double that
  opened the hand (`reference_impl.layout`).
- ``total``: the end sum, changed by each placement by what it adds and
  removes rather than recounted.
- ``offers``: for each point of ``ends``, in the same place, its `Offer`
  (its value's suit and its ready-made placements, as moves and as values,
  `reference_impl.points`): the hand lists legal moves, or the checked API's
  placements, from it with one look-up per point.

What the rules decide (which double spins, which sides of a double take tiles, what
an end and a double count, which placements are distinct, who may open) the table
reads from its rule set's `reference_impl.layout.Layout`, tables made by calling the
hooks of `reference_impl.rules.Rules`: a variant of the rules changes hooks, never
this class. A tile is an index 0..27 (see `reference_impl.tiles`). Points are shared,
immutable tuples made once at import, so placing and listing moves allocate almost
nothing.

`Table.place` checks a placement from outside; `Table.place_fast` trusts its
caller (the hand's own legal-move generator, search) and keeps ``offers`` in step
with ``ends``. It is the one statement of how a tile joins the layout: the hand,
perft and playouts all place through it.
"""

from __future__ import annotations

from typing import Final

from .actions import EndPoint, Placement
from .checks import check, locate
from .counted import contributions, counted
from .layout import OPENED, REFERENCE_LAYOUT, STATES, Layout, Reoffer, layout_of
from .placements import PLACEMENT_OF
from .points import (
    JOINED,
    JOINED_OFFER,
    OFFER_SLOTS,
    OPENINGS_BY_BYTE,
    Offer,
    Point,
    point_at,
)
from .rules import LINEAR, REFERENCE, Rules, credit_for
from .tiles import (
    ALL_TILES,
    BIT,
    DOUBLE,
    LOW,
    SIDES,
    Tile,
    tile_index,
)

# The point tables are re-exported: the engine's layers above read them from here.
__all__ = [
    "JOINED",
    "JOINED_OFFER",
    "Offer",
    "Point",
    "Table",
    "TableState",
    "credit_for",
    "point_at",
]

DOUBLES: Final = sum(BIT[tile] for tile in range(28) if DOUBLE[tile])
"""The mask of the seven doubles."""

TableState = tuple[list[Point], list[Offer], int, int, int, int]
"""A table's state as `Table.state` saves it."""

Move = tuple[int, Point | None]


class Table:
    """The tiles on the table of one hand, laid out by a rule set's hooks."""

    __slots__ = (
        "ends",
        "layout",
        "offers",
        "opening",
        "placed",
        "spinner",
        "step",
        "taken",
        "total",
    )

    def __init__(self, rules: Rules = REFERENCE) -> None:
        """An empty table, laid out by `rules` (the reference by default)."""
        layout = REFERENCE_LAYOUT if rules is REFERENCE else layout_of(rules)
        self.layout: Layout = layout
        self.step: list[int] = layout.step
        self.ends: list[Point] = []
        # OFFER of each point of `ends`, same order: what `Hand.legal_moves` reads.
        self.offers: list[Offer] = []
        self.total = 0
        self.spinner = -1
        self.taken = 0
        self.opening = -1
        """The double that opened the hand, or -1 (constant through a hand: not saved)."""
        self.placed = 0

    def copy(self) -> Table:
        """An independent copy (points are immutable tuples, so a shallow list copy)."""
        other = type(self)(self.layout.rules)
        other.ends = self.ends.copy()
        other.offers = self.offers.copy()
        other.total = self.total
        other.spinner = self.spinner
        other.taken = self.taken
        other.opening = self.opening
        other.placed = self.placed
        return other

    def state(self) -> TableState:
        """Everything `restore` needs to put this table back as it is now."""
        return (
            self.ends.copy(),
            self.offers.copy(),
            self.total,
            self.spinner,
            self.taken,
            self.placed,
        )

    def restore(self, state: TableState, again: bool = False) -> None:
        """Put the table back as it was when `state` was taken. The table takes the state's
        lists as its own, or with `again` copies of them, so that `state` can restore it
        again (`Hand.each` does, once for each action of a position)."""
        ends, offers, self.total, self.spinner, self.taken, self.placed = state
        if again:
            ends = ends.copy()
            offers = offers.copy()
        self.ends = ends
        self.offers = offers

    @property
    def empty(self) -> bool:
        """Whether no tile has been placed yet."""
        return self.placed == 0

    # ----------------------------------------------------------------- reading

    def points(self) -> list[Point]:
        """Every attach point a tile could join now (``open`` in the protocol)."""
        return self.ends.copy()

    def moves(self, held: int) -> tuple[Move, ...]:
        """Every legal placement of the tiles in the mask `held`: ``(tile, point)``.

        On an empty table the tiles `Rules.openings` allows open (rule ``open.any-tile``,
        point None); otherwise one placement per matching (tile, attach point) pair (rule
        ``reading.one-placement-per-attach-point``), read from each point's ready-made offer
        (a rule set whose `Rules.placement_key` makes some of them one plays on a
        `reference_impl.keyed.KeyedTable`).
        """
        offers = self.offers
        count = len(offers)
        # The commonest cases written out, saving the loop: two ends, and four once the
        # spinner's branches are open (most turns of a hand). An offer's parts are read by
        # index, not by a nested target: a compiled build unpacks one of those by iterating.
        if count == 4:
            a, b, c, d = offers
            return (
                a[1][(held & a[0]) % OFFER_SLOTS]
                + b[1][(held & b[0]) % OFFER_SLOTS]
                + c[1][(held & c[0]) % OFFER_SLOTS]
                + d[1][(held & d[0]) % OFFER_SLOTS]
            )
        if count == 2:
            a, b = offers
            return a[1][(held & a[0]) % OFFER_SLOTS] + b[1][(held & b[0]) % OFFER_SLOTS]
        # The rest is a method of its own: the fewer names a function has, the less each
        # call of it costs, and this one runs every turn.
        return self._other_moves(held)

    def _other_moves(self, held: int) -> tuple[Move, ...]:
        """`moves` on an empty table, or on a table showing neither two ends nor four."""
        if self.placed:  # pragma: no cover - a variant's
            # Under the rules of Seven Rocks a table shows two ends or four once a tile is
            # down: other numbers are a variant's.
            moves: tuple[Move, ...] = ()
            for suit, at, _ in self.offers:
                moves += at[(held & suit) % OFFER_SLOTS]
            return moves
        held = self.layout.rules.openings(held)
        byte0, byte1, byte2, byte3 = OPENINGS_BY_BYTE
        return (
            byte0[held & 255] + byte1[held >> 8 & 255] + byte2[held >> 16 & 255] + byte3[held >> 24]
        )

    def placements(self, held: int) -> list[Placement]:
        """`moves` as the shared `Placement` values of `reference_impl.placements`, read from
        the same offers (each lists its moves' values beside them: nothing is looked up)."""
        offers = self.offers
        count = len(offers)
        if count == 4:  # as in `moves`
            a, b, c, d = offers
            return [
                *a[2][(held & a[0]) % OFFER_SLOTS],
                *b[2][(held & b[0]) % OFFER_SLOTS],
                *c[2][(held & c[0]) % OFFER_SLOTS],
                *d[2][(held & d[0]) % OFFER_SLOTS],
            ]
        if count == 2:
            a, b = offers
            return [*a[2][(held & a[0]) % OFFER_SLOTS], *b[2][(held & b[0]) % OFFER_SLOTS]]
        if self.placed:  # pragma: no cover - a variant's, as in `moves`
            placements: list[Placement] = []
            for suit, _, at in offers:
                placements += at[(held & suit) % OFFER_SLOTS]
            return placements
        return list(map(PLACEMENT_OF.__getitem__, self.moves(held)))

    def counted(self) -> list[tuple[int, int]]:
        """Each counted end as ``(tile index, contribution)`` (``counted`` in the protocol;
        `reference_impl.counted`)."""
        return counted(self)

    def end_sum(self) -> int:
        """The sum of all counted ends (rule ``scoring.end-sum``)."""
        return self.total

    def recount(self) -> int:
        """The end sum worked out afresh from the open points (``end_sum`` keeps it)."""
        return sum(value for _, value in contributions(self))

    # ---------------------------------------------------------------- placing

    def open_fast(self, tile: int) -> int:
        """Put the opening tile down (trusted: the table is empty); return the end sum."""
        points, offers, total, spins = self.layout.opened[tile]
        self.placed = BIT[tile]
        self.ends = [*points]
        self.offers = [*offers]
        # spinner.opening-double: `Rules.becomes_spinner` with `opening`.
        self.spinner = tile if spins else -1
        self.taken = 0
        self.opening = tile if DOUBLE[tile] else -1
        self.total = total
        return total

    def place_fast(self, tile: int, point: Point) -> int:
        """Put `tile` on the attach point `point` (trusted: legal and matching).

        Returns the end sum. ``offers`` is kept in step with ``ends``, point by point.
        """
        on_tile, side, value = point
        self.placed |= BIT[tile]
        joined = tile * 7 + value
        ends = self.ends
        offers = self.offers
        index = ends.index(point)
        if side < 2:  # the end of an arm (SIDE_LOW, SIDE_HIGH), not a double's side
            if not DOUBLE[tile]:
                # A tile continues an arm: its other half takes the place of the end it covers.
                ends[index] = JOINED[joined]
                offers[index] = JOINED_OFFER[joined]
                total = self.total + self.step[joined]
                self.total = total
                return total
            # A double joins by its linear side A (double.crosswise) and offers its sides.
            layout = self.layout
            spinner = self.spinner
            if spinner >= 0 and not layout.spinner_changes:
                bits, first, offer, several, change = layout.joined_double[value]
            elif spinner < 0 and layout.first_spins:
                self.spinner = tile  # spinner.first-double
                bits, first, offer, several, change = layout.joined_double[7 + value]
            else:  # pragma: no cover - a variant's
                spins = self._spins(value, spinner)
                index = ends.index(point)  # a spinner before it may have changed `ends`
                bits, first, offer, several, change = layout.joined_double[spins * 7 + value]
            if several is None:
                ends[index] = first
                offers[index] = offer
            else:  # pragma: no cover - a variant's
                ends[index : index + 1] = several[0]
                offers[index : index + 1] = several[1]
            self.taken |= bits
            total = self.total + change
            self.total = total
            return total
        # A tile joins a side of a double: what that does to the double is the layout's.
        layout = self.layout
        state = (self.taken >> 4 * value & 15) + (on_tile == self.opening) * OPENED
        at = state * 42 + side * 7 + value  # on_double_index
        if on_tile == self.spinner:
            bits, change, anew = layout.on_spinner[at]
            # spinner.started-branch-counts: a tile on the spinner starts an arm, appended
            # after what the spinner newly offers (spinner.branches-after-linear).
            del ends[index]
            del offers[index]
            if anew is not None:
                self._offer_anew(anew)
            ends.append(JOINED[joined])
            offers.append(JOINED_OFFER[joined])
        else:
            bits, change, anew = layout.on_double[at]
            ends[index] = JOINED[joined]
            offers[index] = JOINED_OFFER[joined]
            if anew is not None:  # pragma: no cover - a variant's
                self._offer_anew(anew)
        self.taken |= bits
        total = self.total + change + layout.gain[joined]
        self.total = total
        return total

    def _offer_anew(self, anew: Reoffer) -> None:
        """A double no longer offers some points and newly offers others."""
        drop, appear, appear_offers = anew
        if drop:
            self._drop(drop)
        self.ends += appear
        self.offers += appear_offers

    def _spins(self, value: int, spinner: int) -> bool:  # pragma: no cover - a variant's
        """Whether the double ``[value|value]`` joining the line becomes the spinner, and
        the spinner before it, if any, a double like the others."""
        # spinner.first-double: `Rules.becomes_spinner`.
        layout = self.layout
        old = LOW[spinner] if spinner >= 0 else -1
        old_state = self.state_of(spinner) if spinner >= 0 else 0
        before = (self.placed & DOUBLES).bit_count() - 1
        spins = layout.rules.becomes_spinner(value, False, before, old, old_state & 15)
        if spins:
            if spinner >= 0:
                self.total += self._demote(spinner, old, old_state)
            self.spinner = tile_index(value, value)
        return spins

    def _demote(self, spinner: int, value: int, state: int) -> int:  # pragma: no cover
        """The spinner `spinner` becomes a double like the others (only a variant's spinner
        does); the end sum's change."""
        layout = self.layout
        was = layout.sides[STATES + state]
        now = layout.sides[state]
        if was & ~now:
            self._drop(layout.offered[spinner * 16 + (was & ~now)])
        self.ends += layout.offered[spinner * 16 + (now & ~was)]
        self.offers += layout.offered_offers[spinner * 16 + (now & ~was)]
        worth = layout.double_worth
        return worth[state * 7 + value] - worth[(STATES + state) * 7 + value]

    def _drop(self, points: tuple[Point, ...]) -> None:  # pragma: no cover - a variant's
        """Remove `points` from ``ends``."""
        for point in points:
            if point in self.ends:
                index = self.ends.index(point)
                del self.ends[index]
                del self.offers[index]

    def locate(self, on: EndPoint, placing: Tile | None = None) -> Point:
        """The attach point named `on`, or the precise reason it is not one
        (`reference_impl.checks.locate`)."""
        return locate(self, on, placing)

    def spinner_linear_free(self) -> bool:
        """Whether the spinner takes a tile on a linear side now (its branches not yet)."""
        return bool(self.layout.sides[STATES + self.state_of(self.spinner)] & LINEAR)

    def state_of(self, double: int) -> int:
        """The state of `double` on the table (`reference_impl.layout`)."""
        return (self.taken >> 4 * LOW[double] & 15) | (OPENED if double == self.opening else 0)

    def check(self, placement: Placement) -> Point | None:
        """Check `placement` against this table; return its point (None for an opening).
        The table is not changed (`reference_impl.checks.check`)."""
        return check(self, placement)

    def place(self, placement: Placement) -> None:
        """Place a tile after checking it (the table is unchanged if it is refused)."""
        point = self.check(placement)
        if point is None:
            self.open_fast(placement.tile.index)
        else:
            self.place_fast(placement.tile.index, point)

    def end_point(self, point: Point) -> EndPoint:
        """The value object for an attach point."""
        return EndPoint(ALL_TILES[point[0]], SIDES[point[1]])

"""One hand: turns, forced play, passes, credits, the end and the count.

`Hand.play` checks an action from outside and leaves the hand unchanged when
it refuses one; `Hand.place_fast` / `Hand.pass_fast` trust their caller (the
hand's own `legal_moves`), for search and benchmarks.

The trusted path is the engine's hot loop, so `legal_moves`, `place_fast` and
`pass_fast` do inline what the table's methods and `settle` do in the common
case, reading tables made once at import (`reference_impl.points`).
`legal_layered`, `place_layered` and `pass_layered` are the same steps one
method call at a time; tests require both to play identically, and
`use_table_methods` switches play to them for an engine whose table methods,
`_finish` or `settle` are patched (a mutant).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from .actions import PASS, Action, Placement
from .errors import BadRequest, GameOver, HandOver, MustPlay, NotInHand
from .settle import settle
from .table import GAIN, JOINED, JOINED_OFFER, Point, Table, credit_for
from .tiles import ALL_TILES, BIT, DOUBLE, PIPS_HIGH14, PIPS_LOW14, SUIT, Tile

__all__ = [
    "TARGET",
    "End",
    "Hand",
    "Move",
    "check_deal",
    "check_scores",
    "table_methods_only",
    "use_table_methods",
]

TARGET = 250
"""Rule ``win.target``: the first team to reach at least this many points wins."""

Move = tuple[int, Point | None]
"""A placement on the trusted path: (tile index, attach point or None to open)."""

PlaceEvent = tuple[int, int, Point | None, int, int, int, int]
"""(seat, tile, point, end sum, credit, team 0 score, team 1 score)."""
PassEvent = tuple[int]


def check_deal(hands: Sequence[Sequence[Tile]]) -> list[int]:
    """The four seats' masks of a well-formed deal (rule ``deal.all-tiles``)."""
    if len(hands) != 4:
        raise BadRequest(f"a deal has four hands, not {len(hands)}")
    masks = []
    seen = 0
    for seat, tiles in enumerate(hands):
        if len(tiles) != 7:
            raise BadRequest(f"seat {seat} is dealt {len(tiles)} tiles, not 7")
        mask = 0
        for tile in tiles:
            bit = BIT[tile.index]
            if seen & bit:
                raise BadRequest(f"{tile} is dealt twice")
            seen |= bit
            mask |= bit
        masks.append(mask)
    # 28 distinct tiles in 4 x 7 are the whole set: nothing more to check.
    return masks


def check_scores(scores: Sequence[int]) -> None:
    """Refuse starting scores of a game that is already won (rule ``win.target``)."""
    if len(scores) != 2:
        raise BadRequest("scores are two numbers, one per team")
    if max(scores) >= TARGET:
        raise GameOver(f"the game is already won: a team has {max(scores)} points")


def use_table_methods() -> None:
    """Make every hand play through the table's methods and `credit_for`.

    `Hand.legal_moves`, `Hand.place_fast` and `Hand.pass_fast` do inline what
    `Table.moves`, `Table.place_fast`, `Table.end_sum`, `credit_for` and
    `Hand._finish` do, to save calls on the hot path. An engine that patches
    those (a mutant) calls this first so that its patches reach play; `perft`
    then counts by playing every action.
    """
    global table_methods_only
    Hand.legal_moves = Hand.legal_layered  # type: ignore[method-assign]
    Hand.place_fast = Hand.place_layered  # type: ignore[method-assign]
    Hand.pass_fast = Hand.pass_layered  # type: ignore[method-assign]
    table_methods_only = True


table_methods_only = False
"""Whether `use_table_methods` has routed play through the table's methods."""


class End(Enum):
    """How a hand ended."""

    DOMINO = "domino"
    BLOCKED = "blocked"
    TARGET = "target"


class Hand:
    """The state of one hand from the deal on."""

    __slots__ = (
        "end",
        "events",
        "holdings",
        "next_opener",
        "opener",
        "passes",
        "penalties",
        "scores",
        "table",
        "to_move",
        "winner",
    )

    def __init__(self, holdings: Sequence[int], opener: int, scores: Sequence[int] = (0, 0)):
        """A fresh hand from four tile masks (trusted: use `Hand.deal` for outside input)."""
        self.table = Table()
        self.holdings = list(holdings)
        self.opener = opener
        self.to_move = opener
        self.passes = 0
        self.scores = list(scores)
        self.end: End | None = None
        self.winner: int | None = None
        self.penalties: tuple[int, int, int, int] | None = None
        self.next_opener: int | None = None
        self.events: list[PlaceEvent | PassEvent] = []

    @classmethod
    def deal(
        cls, hands: Sequence[Sequence[Tile]], opener: int, scores: Sequence[int] = (0, 0)
    ) -> Hand:
        """A fresh hand from a checked deal, opener and starting scores."""
        masks = check_deal(hands)
        if opener not in range(4):
            raise BadRequest(f"opener must be a seat 0..3, not {opener}")
        check_scores(scores)
        return cls(masks, opener, scores)

    def copy(self) -> Hand:
        """An independent copy (events are shared up to now, then diverge)."""
        other = Hand.__new__(type(self))
        other.table = self.table.copy()
        other.holdings = self.holdings.copy()
        other.opener = self.opener
        other.to_move = self.to_move
        other.passes = self.passes
        other.scores = self.scores.copy()
        other.end = self.end
        other.winner = self.winner
        other.penalties = self.penalties
        other.next_opener = self.next_opener
        other.events = self.events.copy()
        return other

    # ----------------------------------------------------------------- reading

    def legal_moves(self) -> list[Move]:
        """The placements open to the player to move; empty means they must pass.

        Rules ``open.any-tile`` and ``place.one-per-end-point``.
        """
        if self.end is not None:
            return []
        offers = self.table.offers
        held = self.holdings[self.to_move]
        # One mask and one look-up per attach point give its ready-made placements
        # (`reference_impl.points.OFFER`). The table shows two points, or four once
        # the spinner's branches are open: both cases are written out, saving the loop.
        if len(offers) == 2:
            (suit_a, at_a), (suit_b, at_b) = offers
            return [*at_a[held & suit_a], *at_b[held & suit_b]]
        if len(offers) == 4:
            (suit_a, at_a), (suit_b, at_b), (suit_c, at_c), (suit_d, at_d) = offers
            return [
                *at_a[held & suit_a],
                *at_b[held & suit_b],
                *at_c[held & suit_c],
                *at_d[held & suit_d],
            ]
        if not offers:
            return self.table.moves(held)
        moves: list[Move] = []
        for suit, at in offers:
            moves += at[held & suit]
        return moves

    def legal_layered(self) -> list[Move]:
        """`legal_moves` through `Table.moves` (see `use_table_methods`)."""
        if self.end is not None:
            return []
        return self.table.moves(self.holdings[self.to_move])

    def can_place(self) -> bool:
        """Whether the player to move has any legal placement."""
        held = self.holdings[self.to_move]
        if not self.table.placed:
            return held != 0
        return any(held & SUIT[point[2]] for point in self.table.points())

    def legal(self) -> list[Placement]:
        """The legal placements as value objects."""
        table = self.table
        return [
            Placement(ALL_TILES[tile], None if point is None else table.end_point(point))
            for tile, point in self.legal_moves()
        ]

    # ------------------------------------------------------------ trusted play

    def place_fast(self, tile: int, point: Point | None) -> None:
        """Make a legal placement for the player to move (trusted)."""
        table = self.table
        if point is None:
            table.open_fast(tile)
            end_sum = table.total
        else:
            on_tile, _, value = point
            if on_tile == table.spinner:
                table.join_spinner(tile, point)
                end_sum = table.total
            else:
                # Table.place_fast's commonest case, inline: `tile` continues an arm,
                # whose end counted its value, or both halves if it was a double.
                table.placed |= BIT[tile]
                ends = table.ends
                index = ends.index(point)
                joined = tile * 7 + value
                ends[index] = JOINED[joined]
                table.offers[index] = JOINED_OFFER[joined]
                end_sum = table.total = table.total + GAIN[joined] - (value << DOUBLE[on_tile])
                if table.spinner < 0 and DOUBLE[tile]:
                    # spinner.first-double: it joins by linear side A, so B is its free
                    # side, and the spinner counts both halves while it is free.
                    table.spinner = tile
                    table.linear_free = 2
        # The rest is `_placed` with `credit_for` inline, to save two calls a placement.
        seat = self.to_move
        held = self.holdings[seat] ^ BIT[tile]
        self.holdings[seat] = held
        scores = self.scores
        self.passes = 0
        if end_sum % 5 == 0 and end_sum:
            team = seat & 1
            scores[team] += end_sum
            self.events.append((seat, tile, point, end_sum, end_sum, scores[0], scores[1]))
            if scores[team] >= TARGET:
                self.end = End.TARGET
                self.winner = team
                self.to_move = -1
                return
        else:
            self.events.append((seat, tile, point, end_sum, 0, scores[0], scores[1]))
        if held:
            self.to_move = (seat + 1) & 3
        else:
            self.settle_fast(End.DOMINO)
            self.next_opener = seat

    def place_layered(self, tile: int, point: Point | None) -> None:
        """`place_fast` through the table's methods and `credit_for`, one call each."""
        table = self.table
        if point is None:
            table.open_fast(tile)
        else:
            table.place_fast(tile, point)
        end_sum = table.end_sum()
        self._placed(tile, point, end_sum, credit_for(end_sum))

    def _placed(self, tile: int, point: Point | None, end_sum: int, credit: int) -> None:
        """Score a placement just made on the table and move the hand on."""
        seat = self.to_move
        held = self.holdings[seat] ^ BIT[tile]
        self.holdings[seat] = held
        scores = self.scores
        self.passes = 0
        if credit:
            # scoring.placing-team: credited at once to the placer's team.
            team = seat & 1
            scores[team] += credit
            self.events.append((seat, tile, point, end_sum, credit, scores[0], scores[1]))
            if scores[team] >= TARGET:
                # win.check-after-credit, win.no-count-after-win: no count, even on a last tile.
                self.end = End.TARGET
                self.winner = team
                self.to_move = -1
                return
        else:
            self.events.append((seat, tile, point, end_sum, 0, scores[0], scores[1]))
        if not held:
            # end.domino: the hand ends at once, whatever the partner holds.
            self._finish(End.DOMINO)
            self.next_opener = seat  # open.after-domino
        else:
            self.to_move = (seat + 1) & 3  # turn.clockwise

    def pass_fast(self) -> None:
        """Pass for the player to move (trusted: they have no placement)."""
        seat = self.to_move
        self.events.append((seat,))
        self.passes += 1
        if self.passes == 4:
            self.settle_fast(End.BLOCKED)
        else:
            self.to_move = (seat + 1) & 3

    def pass_layered(self) -> None:
        """`pass_fast` ending a blocked hand through `_finish` (see `use_table_methods`)."""
        seat = self.to_move
        self.events.append((seat,))
        self.passes += 1
        if self.passes == 4:
            # end.blocked: four in succession could not play; open.after-block: a new draw.
            self._finish(End.BLOCKED)
        else:
            self.to_move = (seat + 1) & 3

    def _finish(self, end: End) -> None:
        self.end = end
        self.to_move = -1
        count = settle(self.holdings)
        self.penalties = count.penalties
        # settle.own-team, settle.no-pooling; reading.negative-scores: no floor.
        self.scores[0] -= count.deductions[0]
        self.scores[1] -= count.deductions[1]

    def settle_fast(self, end: End) -> None:
        """End the hand as `end` and count it: `_finish` with `settle` inline (trusted)."""
        self.end = end
        self.to_move = -1
        low = PIPS_LOW14
        high = PIPS_HIGH14
        seat0, seat1, seat2, seat3 = self.holdings
        # settle.round-each-player: 5 * ((pips + 2) // 5), as `round_to_five`.
        penalties = (
            (low[seat0 & 16383] + high[seat0 >> 14] + 2) // 5 * 5,
            (low[seat1 & 16383] + high[seat1 >> 14] + 2) // 5 * 5,
            (low[seat2 & 16383] + high[seat2 >> 14] + 2) // 5 * 5,
            (low[seat3 & 16383] + high[seat3 >> 14] + 2) // 5 * 5,
        )
        self.penalties = penalties
        self.scores[0] -= penalties[0] + penalties[2]
        self.scores[1] -= penalties[1] + penalties[3]

    # ------------------------------------------------------------ checked play

    def play(self, action: Action) -> None:
        """Make an action from outside, checked; the hand is unchanged if it is refused."""
        if self.end is not None:
            raise HandOver(f"the hand is over ({self.end.value}): no {action} is possible")
        seat = self.to_move
        if isinstance(action, Placement):
            tile = action.tile
            if not self.holdings[seat] & BIT[tile.index]:
                where = (
                    "already on the table"
                    if self.table.placed & BIT[tile.index]
                    else ("in another player's hand")
                )
                raise NotInHand(f"seat {seat} does not hold {tile}: it is {where}")
            point = self.table.check(action)
            self.place_fast(tile.index, point)
        elif action is PASS:
            if self.can_place():
                example = self.legal()[0]
                raise MustPlay(f"seat {seat} must play: a legal placement exists ({example})")
            self.pass_fast()
        else:  # pragma: no cover - the type admits nothing else
            raise BadRequest(f"not an action: {action!r}")

"""One hand: turns, forced play, passes, credits, the end and the count.

`Hand.play` checks an action from outside and leaves the hand unchanged when
it refuses one; `Hand.place_fast` / `Hand.pass_fast` trust their caller (the
hand's own `legal_moves`), for search and playouts. Both paths are one: the
checked one checks, then makes the trusted move.

The rules a hand plays by are a value, `rules` (`reference_impl.rules.Rules`, the
reference by default): the hand reads their answers from tables compiled once per
rules object (`reference_impl.rules.compiled`), and places tiles on the table those
rules name.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Final

from .actions import PASS, Action, Placement
from .errors import BadRequest, GameOver, HandOver, MustPlay, NoMatch, NotInHand
from .keyed import table_for
from .placements import MOVE_OF
from .rules import REFERENCE, CompiledRules, End, Rules, compiled
from .table import Point, Table, TableState
from .tiles import ALL_TILES, BIT, Tile, pips_of_mask, tiles_of_mask

__all__ = [
    "TARGET",
    "End",
    "Hand",
    "Move",
    "check_deal",
    "check_scores",
]

TARGET = REFERENCE.target
"""Rule ``win.target``: the first team to reach at least this many points wins."""

Move = tuple[int, Point | None]
"""A placement on the trusted path: (tile index, attach point or None to open)."""

PlaceEvent = tuple[int, int, Point | None, int, int, int, int]
"""(seat, tile, point, end sum, credit, team 0 score, team 1 score)."""
PassEvent = tuple[int]

_Undo = tuple[Move | None, TableState, int, int, int, int, int]
"""What `Hand.pop` needs to take an action back: the action, the table's state, the
acting seat and its tiles, the passes and both scores (every action adds one event)."""

_PASSED: Final[tuple[PlaceEvent | PassEvent, ...]] = ((0,), (1,), (2,), (3,))
"""Each seat's pass, shared: typed as the events hold it, so that a compiled build appends
the tuple itself, not a copy made from its number (as it makes one of a bare `PassEvent`)."""


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


def check_scores(scores: Sequence[int], rules: Rules = REFERENCE) -> None:
    """Refuse starting scores of a game that is already won (rule ``win.target``)."""
    if len(scores) != 2:
        raise BadRequest("scores are two numbers, one per team")
    if max(scores) >= compiled(rules).target:
        raise GameOver(f"the game is already won: a team has {max(scores)} points")


class Hand:
    """The state of one hand from the deal on."""

    __slots__ = (
        "_compiled",
        "_stack",
        "end",
        "events",
        "holdings",
        "next_opener",
        "opener",
        "passes",
        "penalties",
        "rules",
        "scores",
        "table",
        "to_move",
        "winner",
    )

    def __init__(
        self,
        holdings: Sequence[int],
        opener: int,
        scores: Sequence[int] = (0, 0),
        rules: Rules = REFERENCE,
    ):
        """A fresh hand from four tile masks (trusted: use `Hand.deal` for outside input)."""
        self.rules = rules
        self._compiled: CompiledRules = compiled(rules)
        self.table: Table = table_for(rules)
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
        self._stack: list[_Undo] = []

    @classmethod
    def deal(
        cls,
        hands: Sequence[Sequence[Tile]],
        opener: int,
        scores: Sequence[int] = (0, 0),
        rules: Rules = REFERENCE,
    ) -> Hand:
        """A fresh hand from a checked deal, opener and starting scores."""
        masks = check_deal(hands)
        if opener not in range(4):
            raise BadRequest(f"opener must be a seat 0..3, not {opener}")
        check_scores(scores, rules)
        return cls(masks, opener, scores, rules)

    def copy(self) -> Hand:
        """An independent copy (events are shared up to now, then diverge)."""
        # The constructor copies the holdings and scores and starts no undo stack.
        other = type(self)(self.holdings, self.opener, self.scores, self.rules)
        other.table = self.table.copy()
        other.to_move = self.to_move
        other.passes = self.passes
        other.end = self.end
        other.winner = self.winner
        other.penalties = self.penalties
        other.next_opener = self.next_opener
        other.events = self.events.copy()
        return other

    # ----------------------------------------------------------------- reading

    def legal_moves(self) -> tuple[Move, ...]:
        """The placements open to the player to move; empty means they must pass.

        Rules ``open.any-tile`` and ``reading.one-placement-per-attach-point`` (`Table.moves`).
        """
        if self.end is not None:
            return ()
        return self.table.moves(self.holdings[self.to_move])

    def can_place(self) -> bool:
        """Whether the player to move has any legal placement."""
        return bool(self.legal_moves())

    def legal(self) -> list[Placement]:
        """The legal placements as value objects (shared: `reference_impl.placements`)."""
        if self.end is not None:
            return []
        # `legal_moves` as values, read from the same offers: the checked API's every turn.
        return self.table.placements(self.holdings[self.to_move])

    # ------------------------------------------------------------ trusted play

    def place_fast(self, tile: int, point: Point | None) -> bool:
        """Make a legal placement for the player to move (trusted); return whether the
        hand goes on (its `end` is still None), which a playout asks after every action."""
        # Each attribute is read once and only where it is needed: most placements credit
        # nothing and leave the hand going, and this runs at every one.
        if point is None:
            end_sum = self.table.open_fast(tile)
        else:
            end_sum = self.table.place_fast(tile, point)
        seat = self.to_move
        holdings = self.holdings
        held = holdings[seat] ^ BIT[tile]
        holdings[seat] = held
        self.passes = 0
        rules = self._compiled
        credit = rules.credits[end_sum]
        scores = self.scores
        if credit and rules.scores[(point is None) * 2 + (not held)]:
            # scoring.placing-team: credited at once to the placer's team.
            team = seat & 1
            scores[team] += credit
            self.events.append((seat, tile, point, end_sum, credit, scores[0], scores[1]))
            if scores[team] >= rules.target:
                # win.check-after-credit, win.no-count-after-win: no count, even on a last tile.
                self._won(team)
                return False
        else:
            self.events.append((seat, tile, point, end_sum, 0, scores[0], scores[1]))
        if held or not rules.domino_ends_hand:
            self.to_move = rules.next_seat[seat]  # turn.clockwise
            return True
        # end.domino: the hand ends at once, whatever the partner holds.
        self._finish(End.DOMINO, seat)
        self.next_opener = self.rules.next_opener(seat)  # open.after-domino
        return False

    def pass_fast(self) -> bool:
        """Pass for the player to move (trusted: they have no placement); return whether
        the hand goes on, as `place_fast` does."""
        seat = self.to_move
        self.events.append(_PASSED[seat])
        self.passes += 1
        if self.passes == self._compiled.passes_to_block:
            # end.blocked: four in succession could not play; open.after-block: a new draw.
            self._finish(End.BLOCKED, None)
            return False
        self.to_move = self._compiled.next_seat[seat]  # turn.clockwise
        return True

    def push(self, move: Move | None) -> None:
        """Make the trusted action `move` (None: a pass) on a hand not over, so that `pop`
        can take it back."""
        seat = self.to_move
        scores = self.scores
        # A hand not over has no end, winner, penalties or next opener: none is saved.
        self._stack.append(
            (
                move,
                self.table.state(),
                seat,
                self.holdings[seat],
                self.passes,
                scores[0],
                scores[1],
            )
        )
        if move is None:
            self.pass_fast()
        else:
            tile, point = move  # not place_fast(*move): a compiled build calls that generically
            self.place_fast(tile, point)

    def pop(self) -> Move | None:
        """Take back the last action made by `push`, and return it (IndexError if none)."""
        move, table, seat, held, passes, score0, score1 = self._stack.pop()
        self._undo(table, seat, held, passes, score0, score1, False)
        return move

    def each(self, moves: Iterable[Move | None]) -> Iterator[Move | None]:
        """Make each trusted action of `moves` in turn (None: a pass) on a hand not over,
        yielding it with the hand as the action leaves it, and take it back before the
        next one and when the loop ends or is left: `push` then `pop` for each, but the
        position they start from is saved once for all of them, not once an action."""
        table = self.table.state()
        seat = self.to_move
        held = self.holdings[seat]
        passes = self.passes
        score0, score1 = self.scores
        for move in moves:
            try:
                if move is None:
                    self.pass_fast()
                else:
                    tile, point = move  # as in `push`
                    self.place_fast(tile, point)
                yield move
            finally:
                self._undo(table, seat, held, passes, score0, score1, True)

    def _undo(
        self,
        table: TableState,
        seat: int,
        held: int,
        passes: int,
        score0: int,
        score1: int,
        again: bool,
    ) -> None:
        """Put the hand back as it was before its last action (which added one event);
        `again`: the saved `table` will restore it again (`Table.restore`)."""
        self.table.restore(table, again)
        self.to_move = seat
        self.holdings[seat] = held
        self.passes = passes
        self.scores[0] = score0
        self.scores[1] = score1
        self.events.pop()
        if self.end is not None:
            self.end = self.winner = self.penalties = self.next_opener = None

    def _won(self, team: int) -> None:
        self.end = End.TARGET
        self.winner = team
        self.to_move = -1
        if self.rules.count_after_win:
            self._finish(End.TARGET, None)

    def _finish(self, end: End, out: int | None) -> None:
        """End the hand as `end` (`out`: the seat that went out) and count it."""
        self.end = end
        self.to_move = -1
        seat0, seat1, seat2, seat3 = self.holdings
        rules = self.rules
        pips = (pips_of_mask(seat0), pips_of_mask(seat1), pips_of_mask(seat2), pips_of_mask(seat3))
        count = rules.settle(pips, end, out)
        self.penalties = count.penalties
        scores = self.scores
        scores[0] = rules.after_count(scores[0] - count.deductions[0])
        scores[1] = rules.after_count(scores[1] - count.deductions[1])
        if self.winner is None:
            self.winner = rules.winner_after_count((scores[0], scores[1]))

    # ------------------------------------------------------------ checked play

    def _may_open(self, seat: int, tile: int) -> bool:
        """Whether the tile `tile` of `seat` may open the hand (`Rules.openings`)."""
        return bool(self.rules.openings(self.holdings[seat]) & BIT[tile])

    def _openings(self, seat: int) -> list[Tile]:  # pragma: no cover - a variant's
        """The tiles of `seat` that may open the hand, for a refusal's message."""
        return [ALL_TILES[t] for t in tiles_of_mask(self.rules.openings(self.holdings[seat]))]

    def play(self, action: Action) -> None:
        """Make an action from outside, checked; the hand is unchanged if it is refused."""
        if self.end is not None:
            raise HandOver(f"the hand is over ({self.end.value}): no {action} is possible")
        seat = self.to_move
        if isinstance(action, Placement):
            move = MOVE_OF.get(action.key) if type(action) is Placement else None
            # A held tile on an open point it matches (by how the move was made) is
            # legal, as `Table.check` would find; anything else is checked in full.
            if move is None or not (
                self.holdings[seat] & BIT[move[0]]
                and (
                    move[1] in self.table.ends
                    if move[1] is not None
                    else not self.table.placed and self._may_open(seat, move[0])
                )
            ):
                tile = action.tile
                if not self.holdings[seat] & BIT[tile.index]:
                    where = (
                        "already on the table"
                        if self.table.placed & BIT[tile.index]
                        else ("in another player's hand")
                    )
                    raise NotInHand(f"seat {seat} does not hold {tile}: it is {where}")
                move = (tile.index, self.table.check(action))
                # Only a variant's openings hook refuses an opening tile.
                if move[1] is None and not self._may_open(seat, move[0]):  # pragma: no cover
                    allowed = ", ".join(map(str, self._openings(seat)))
                    raise NoMatch(f"{tile} may not open this hand: only {allowed} may")
            self.place_fast(move[0], move[1])
        elif action is PASS:
            if self.rules.must_play and self.can_place():
                example = self.legal()[0]
                raise MustPlay(f"seat {seat} must play: a legal placement exists ({example})")
            self.pass_fast()
        else:  # pragma: no cover - the type admits nothing else
            raise BadRequest(f"not an action: {action!r}")

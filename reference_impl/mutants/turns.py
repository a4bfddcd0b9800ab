"""Mutants of turns, the end of a hand, the target and games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .. import hand
from ..game import Game
from ..hand import End, Hand
from ..table import Table
from ..tiles import DOUBLE, LOW, tiles_of_mask
from .count import after_finish
from .patching import wrap


def after_action(adjust: Callable[[Hand, int], None]) -> None:
    """Run `adjust(hand, seat that acted)` after every placement and pass."""
    for name in ("place_fast", "pass_fast"):

        def make(original: Any) -> Any:
            def action(self: Hand, *args: Any) -> None:
                seat = self.to_move
                original(self, *args)
                adjust(self, seat)

            return action

        wrap(Hand, name, make)


def counter_clockwise(self: Hand, seat: int) -> None:
    """Mutant ``counter-clockwise``: turns go counter-clockwise."""
    if self.end is None:
        self.to_move = (seat - 1) & 3


def blocked_after_three(self: Hand, seat: int) -> None:
    """Mutant ``blocked-after-three-passes``: a hand is blocked after three consecutive passes."""
    if self.end is None and self.passes == 3:
        self._finish(End.BLOCKED)


def partner_opens_next(self: Hand, seat: int) -> None:
    """Mutant ``partner-opens-next``: the partner of the player who went out opens the next hand."""
    if self.end is End.DOMINO:
        self.next_opener = (seat + 2) & 3


def count_after_win(self: Hand, seat: int) -> None:
    """Mutant ``count-after-win``: the end-of-hand count is made even after the winning play."""
    if self.end is End.TARGET and self.penalties is None:
        winner = self.winner
        self._finish(End.TARGET)  # Wrong: the count is made after a win too.
        self.winner = winner


def play_on_after_domino(self: Hand, seat: int) -> None:
    """Mutant ``play-on-after-domino``: the hand goes on after a player placed their last tile."""
    if self.end is End.DOMINO:
        # Wrong: the hand goes on; the empty-handed player just passes from now on.
        assert self.penalties is not None
        p = self.penalties
        self.scores[0] += p[0] + p[2]
        self.scores[1] += p[1] + p[3]
        self.end = None
        self.penalties = None
        self.next_opener = None
        self.to_move = (seat + 1) & 3


def target_at_end() -> None:
    """Mutant ``target-at-end-of-hand``: the 250 target is checked only at the end of the hand."""
    hand.TARGET = 10**9  # no win during play

    def adjust(self: Hand, before: list[int]) -> None:
        best = max(self.scores)
        if best >= 250 and self.scores[0] != self.scores[1]:
            self.winner = self.scores.index(best)

    after_finish(adjust)


def internal_doubles_count(table: Table) -> int:
    # Wrong: a double keeps counting both halves after it has been continued.
    """What internal doubles would add if they still counted both halves."""
    ends = {point[0] for point in table.ends}
    return sum(
        2 * LOW[tile]
        for tile in tiles_of_mask(table.placed)
        if DOUBLE[tile] and tile != table.spinner and tile not in ends
    )


def no_count_after_block(self: Hand, before: list[int]) -> None:
    """Mutant ``no-count-after-block``: a blocked hand is not counted: nobody loses points."""
    if self.end is End.BLOCKED:
        self.scores[:] = before  # Wrong: a blocked hand is not counted.
        self.penalties = (0, 0, 0, 0)


def opener_not_enforced() -> None:
    """Mutant ``opener-not-enforced``: any seat may open the hand after a domino."""
    Game.required_opener = lambda self: None  # type: ignore[method-assign]

    def make(original: Any) -> Any:
        def play_hand(self: Game, deal: Any, opener: int | None, actions: Any) -> Hand:
            if opener is None and self.hands and self.hands[-1].next_opener is not None:
                opener = self.hands[-1].next_opener
            result: Hand = original(self, deal, opener, actions)
            return result

        return play_hand

    wrap(Game, "play_hand", make)


def unfinished_hands_allowed() -> None:
    """Mutant ``unfinished-hands-allowed``: a game moves on to the next hand while the previous one
    is unfinished.
    """

    def make(original: Any) -> Any:
        def play_hand(self: Game, deal: Any, opener: int | None, actions: Any) -> Hand:
            last = self.hands[-1] if self.hands else None
            if last is not None and last.end is None:
                last.end = End.BLOCKED  # Wrong: an unfinished hand is simply dropped.
                try:
                    return original(self, deal, opener, actions)  # type: ignore[no-any-return]
                finally:
                    last.end = None
            return original(self, deal, opener, actions)  # type: ignore[no-any-return]

        return play_hand

    wrap(Game, "play_hand", make)


def pass_while_able() -> None:
    """Mutant ``pass-while-able``: a player may pass while holding a legal placement."""
    Hand.can_place = lambda self: False  # type: ignore[method-assign]


def set_hand_target(value: int) -> Callable[[], None]:
    """A patch setting the points a team needs to win (``target-strictly-greater``: 251)."""

    def apply() -> None:
        hand.TARGET = value

    return apply

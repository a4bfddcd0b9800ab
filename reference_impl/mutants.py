"""Mutant engines: the reference engine with exactly one deliberate misreading.

``python -m reference_impl.adapter --mutant NAME`` serves one of these. They
measure the suite: every mutant must be caught ("killed") by some fixture.
Each is a mistake a real implementer could make, and names the rules it breaks.

A mutant patches the engine's classes and module functions in the running
process, so it is applied once, at the start of a dedicated adapter process,
and never in a process that also needs the true rules.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from . import commands, hand, settle
from .game import Game
from .hand import End, Hand
from .table import Point, Table, credit_for, point_at
from .tiles import BIT, DOUBLE, LOW, Side, pips_of_mask, tiles_of_mask

__all__ = ["MUTANTS", "Mutant", "apply_mutant"]

_LINEAR_B = int(Side.LINEAR_B)
_BRANCH_A = int(Side.BRANCH_A)
_BRANCH_B = int(Side.BRANCH_B)


@dataclass(frozen=True, slots=True)
class Mutant:
    """One misreading: its name, what it does wrong, the rules it breaks, its patch."""

    name: str
    description: str
    rules: tuple[str, ...]
    apply: Callable[[], None]


def _wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``owner.name`` by ``make(original)``."""
    setattr(owner, name, make(getattr(owner, name)))


def _rebind(module: Any, name: str, value: Any) -> None:
    """Rebind a name in a module (mypy cannot follow such a patch; it is the point here)."""
    setattr(module, name, value)


def _set_everywhere(name: str, value: Any) -> None:
    """Rebind a module-level engine function in every module that calls it."""
    for module in (hand, commands, settle):
        if hasattr(module, name):
            setattr(module, name, value)


# ------------------------------------------------------------------ the table


def _every_double_spinner() -> None:
    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            on_tile, side, _ = point
            original(self, tile, point)
            if DOUBLE[on_tile] and on_tile != self.spinner and side == _LINEAR_B:
                # Wrong: a later double, once continued, opens two branches too
                # (counting nothing until started, like the spinner's).
                self.ends.append(point_at(on_tile, _BRANCH_A))
                self.ends.append(point_at(on_tile, _BRANCH_B))

        return place_fast

    _wrap(Table, "place_fast", make)


def _highest_double_spinner() -> None:
    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            old = self.spinner
            original(self, tile, point)
            if not (DOUBLE[tile] and old >= 0 and tile != self.spinner and LOW[tile] > LOW[old]):
                return
            if self.linear_free == 0 and self.branches_free != 3:
                return  # branches already started: too late to move the spinner
            # Wrong: the higher double takes over as the spinner. The old one's free
            # linear sides stay as ends of a terminal double; its unstarted branches go.
            self.ends = [p for p in self.ends if not (p[0] == old and p[1] >= _BRANCH_A)]
            self.spinner = tile
            self.linear_free = 2
            self.branches_free = 0
            self.total = self.recount()

        return place_fast

    _wrap(Table, "place_fast", make)


def _branches_after_one_linear() -> None:
    def make(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            spinner, linear, branches = self.spinner, self.linear_free, self.branches_free
            original(self, tile, point)
            new = self.spinner
            if new < 0:
                return
            if new != spinner or (point[0] == new and linear == 3):
                # Wrong: one occupied linear side already opens both branches.
                self.branches_free = 3
            elif point[0] == new and point[1] <= _LINEAR_B:
                self.branches_free = branches  # the second linear side reopens nothing
            ends = [p for p in self.ends if not (p[0] == new and p[1] >= _BRANCH_A)]
            for bit, side in ((1, _BRANCH_A), (2, _BRANCH_B)):
                if self.branches_free & bit:
                    ends.append(point_at(new, side))
            self.ends = ends

        return place_fast

    _wrap(Table, "place_fast", make)


def _extra_count(extra: Callable[[Table], int]) -> None:
    """Add a wrong contribution to the end sum (and list it among the counted ends)."""

    def make_sum(original: Any) -> Any:
        def end_sum(self: Table) -> int:
            return int(original(self)) + extra(self)

        return end_sum

    def make_counted(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            out: list[tuple[int, int]] = original(self)
            more = extra(self)
            if more:
                out.append((self.spinner, more))
            return out

        return counted

    _wrap(Table, "end_sum", make_sum)
    _wrap(Table, "counted", make_counted)


def _unstarted_branch_counts(table: Table) -> int:
    if table.spinner < 0 or table.linear_free:
        return 0
    return LOW[table.spinner] * table.branches_free.bit_count()


def _internal_spinner_counts(table: Table) -> int:
    if table.spinner < 0 or table.linear_free:
        return 0
    return 2 * LOW[table.spinner]


def _opening_double_four_halves(table: Table) -> int:
    return 2 * LOW[table.spinner] if table.spinner >= 0 and table.linear_free == 3 else 0


def _terminal_double_one_half() -> None:
    def make_sum(original: Any) -> Any:
        def end_sum(self: Table) -> int:
            total = int(original(self))
            for point in self.ends:
                if DOUBLE[point[0]] and point[0] != self.spinner:
                    total -= point[2]  # Wrong: a terminal double counts one half.
            if self.spinner >= 0 and self.linear_free:
                total -= LOW[self.spinner]
            return total

        return end_sum

    def make_counted(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            return [(t, v // 2 if DOUBLE[t] else v) for t, v in original(self)]

        return counted

    _wrap(Table, "end_sum", make_sum)
    _wrap(Table, "counted", make_counted)


def _no_mirror_opening_double() -> None:
    def make_open(original: Any) -> Any:
        def open_fast(self: Table, tile: int) -> None:
            original(self, tile)
            if DOUBLE[tile]:
                # Wrong: the two sides of an opening double are one and the same.
                self.ends.remove(point_at(tile, _LINEAR_B))

        return open_fast

    def make_place(original: Any) -> Any:
        def place_fast(self: Table, tile: int, point: Point) -> None:
            first = point[0] == self.spinner and self.linear_free == 3
            original(self, tile, point)
            if first:  # the other linear side shows once the first is taken
                self.ends.append(point_at(point[0], _LINEAR_B))

        return place_fast

    _wrap(Table, "open_fast", make_open)
    _wrap(Table, "place_fast", make_place)


def _counted_omits_zero() -> None:
    def make(original: Any) -> Any:
        def counted(self: Table) -> list[tuple[int, int]]:
            return [(t, v) for t, v in original(self) if v]

        return counted

    _wrap(Table, "counted", make)


def _tile_fits_once() -> None:
    def make(original: Any) -> Any:
        def moves(self: Table, held: int) -> list[tuple[int, Point | None]]:
            seen: set[int] = set()
            out = []
            for tile, point in original(self, held):
                if tile not in seen:  # Wrong: one placement per tile, not per end point.
                    seen.add(tile)
                    out.append((tile, point))
            return out

        return moves

    _wrap(Table, "moves", make)


# ------------------------------------------------------------------ scoring


def _non_multiple_rounded() -> None:
    def rounded(end_sum: int) -> int:
        return 5 * ((end_sum + 2) // 5) if end_sum > 0 else 0

    _set_everywhere("credit_for", rounded)


def _without_credit(when: Callable[[Hand, int, Point | None], bool]) -> None:
    """Make the placements for which `when` holds score nothing."""

    def make(original: Any) -> Any:
        def place_fast(self: Hand, tile: int, point: Point | None) -> None:
            if when(self, tile, point):
                _rebind(hand, "credit_for", lambda end_sum: 0)
                try:
                    original(self, tile, point)
                finally:
                    _rebind(hand, "credit_for", credit_for)
            else:
                original(self, tile, point)

        return place_fast

    _wrap(Hand, "place_fast", make)


# ------------------------------------------------------------------ the count


def _round_down_3(pips: int) -> int:
    return 5 * ((pips + 1) // 5)


def _partners_pooled() -> None:
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

    _wrap(Hand, "_finish", make)


def _after_finish(adjust: Callable[[Hand, list[int]], None]) -> None:
    """Run `adjust(hand, scores before the count)` after each end-of-hand count."""

    def make(original: Any) -> Any:
        def finish(self: Hand, end: End) -> None:
            before = self.scores.copy()
            original(self, end)
            adjust(self, before)

        return finish

    _wrap(Hand, "_finish", make)


def _penalties_to_opponents(self: Hand, before: list[int]) -> None:
    assert self.penalties is not None
    p = self.penalties
    self.scores[0] = before[0] - p[1] - p[3]
    self.scores[1] = before[1] - p[0] - p[2]


def _pips_to_team_out(self: Hand, before: list[int]) -> None:
    assert self.penalties is not None
    if self.end is End.DOMINO:
        team = self.holdings.index(0) & 1  # the seat that went out
        self.scores[:] = before
        self.scores[team] += sum(self.penalties)


def _scores_floored(self: Hand, before: list[int]) -> None:
    self.scores[:] = [max(0, s) for s in self.scores]


def _swapped_deductions(holdings: Any) -> settle.Settlement:
    correct = _TRUE_SETTLE(holdings)
    return settle.Settlement(
        correct.pips, correct.penalties, (correct.deductions[1], correct.deductions[0])
    )


_TRUE_SETTLE = settle.settle


def _penalties_to_opponents_everywhere() -> None:
    _after_finish(_penalties_to_opponents)
    commands.settle = _swapped_deductions  # type: ignore[attr-defined]


# ------------------------------------------------------------ turns and end


def _after_action(adjust: Callable[[Hand, int], None]) -> None:
    """Run `adjust(hand, seat that acted)` after every placement and pass."""
    for name in ("place_fast", "pass_fast"):

        def make(original: Any) -> Any:
            def action(self: Hand, *args: Any) -> None:
                seat = self.to_move
                original(self, *args)
                adjust(self, seat)

            return action

        _wrap(Hand, name, make)


def _counter_clockwise(self: Hand, seat: int) -> None:
    if self.end is None:
        self.to_move = (seat - 1) & 3


def _blocked_after_three(self: Hand, seat: int) -> None:
    if self.end is None and self.passes == 3:
        self._finish(End.BLOCKED)


def _partner_opens_next(self: Hand, seat: int) -> None:
    if self.end is End.DOMINO:
        self.next_opener = (seat + 2) & 3


def _count_after_win(self: Hand, seat: int) -> None:
    if self.end is End.TARGET and self.penalties is None:
        winner = self.winner
        self._finish(End.TARGET)  # Wrong: the count is made after a win too.
        self.winner = winner


def _play_on_after_domino(self: Hand, seat: int) -> None:
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


def _target_at_end() -> None:
    hand.TARGET = 10**9  # no win during play

    def adjust(self: Hand, before: list[int]) -> None:
        best = max(self.scores)
        if best >= 250 and self.scores[0] != self.scores[1]:
            self.winner = self.scores.index(best)

    _after_finish(adjust)


def _internal_doubles_count(table: Table) -> int:
    # Wrong: a double keeps counting both halves after it has been continued.
    ends = {point[0] for point in table.ends}
    return sum(
        2 * LOW[tile]
        for tile in tiles_of_mask(table.placed)
        if DOUBLE[tile] and tile != table.spinner and tile not in ends
    )


def _no_count_after_block(self: Hand, before: list[int]) -> None:
    if self.end is End.BLOCKED:
        self.scores[:] = before  # Wrong: a blocked hand is not counted.
        self.penalties = (0, 0, 0, 0)


def _opener_not_enforced() -> None:
    Game.required_opener = lambda self: None  # type: ignore[method-assign]

    def make(original: Any) -> Any:
        def play_hand(self: Game, deal: Any, opener: int | None, actions: Any) -> Hand:
            if opener is None and self.hands and self.hands[-1].next_opener is not None:
                opener = self.hands[-1].next_opener
            result: Hand = original(self, deal, opener, actions)
            return result

        return play_hand

    _wrap(Game, "play_hand", make)


def _unfinished_hands_allowed() -> None:
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

    _wrap(Game, "play_hand", make)


def _pass_while_able() -> None:
    Hand.can_place = lambda self: False  # type: ignore[method-assign]


def _set_hand_target(value: int) -> Callable[[], None]:
    def apply() -> None:
        hand.TARGET = value

    return apply


# ------------------------------------------------------------------ catalogue


def _m(name: str, description: str, rules: tuple[str, ...], apply: Callable[[], None]) -> Mutant:
    return Mutant(name, description, rules, apply)


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        _m(
            "every-double-spinner",
            "every double opens branches once continued, not only the first",
            ("spinner.first-double", "double.later-no-branches"),
            _every_double_spinner,
        ),
        _m(
            "highest-double-spinner",
            "a higher double played later takes over as the spinner",
            ("spinner.first-double",),
            _highest_double_spinner,
        ),
        _m(
            "branches-after-one-linear",
            "the spinner's branches open once one linear side is occupied",
            ("spinner.branches-after-linear",),
            _branches_after_one_linear,
        ),
        _m(
            "unstarted-branch-counts",
            "unstarted branches count the spinner's value",
            ("spinner.unstarted-branch-zero", "spinner.available-not-counted"),
            lambda: _extra_count(_unstarted_branch_counts),
        ),
        _m(
            "internal-spinner-counts",
            "the spinner still counts both halves once both linear sides are occupied",
            ("spinner.internal-after-linear",),
            lambda: _extra_count(_internal_spinner_counts),
        ),
        _m(
            "terminal-double-one-half",
            "a terminal double counts one half instead of both",
            ("double.terminal-counts-both", "spinner.terminal-while-linear-free"),
            _terminal_double_one_half,
        ),
        _m(
            "opening-double-four-halves",
            "an opening double counts both halves on each free linear side",
            ("double.terminal-counts-both", "spinner.opening-double"),
            lambda: _extra_count(_opening_double_four_halves),
        ),
        _m(
            "no-mirror-opening-double",
            "an opening double offers only one linear side at first",
            ("reading.mirror-opening-double", "spinner.opening-double"),
            _no_mirror_opening_double,
        ),
        _m(
            "counted-omits-zero",
            "counted ends of value zero are left out of the counted list",
            ("scoring.end-sum",),
            _counted_omits_zero,
        ),
        _m(
            "tile-fits-once",
            "a tile that fits several end points gives only one placement",
            ("place.one-per-end-point",),
            _tile_fits_once,
        ),
        _m(
            "non-multiple-rounded",
            "an end sum that is not a multiple of 5 is rounded to the nearest one and credited",
            ("scoring.other-sums-nothing", "scoring.multiple-of-five"),
            _non_multiple_rounded,
        ),
        _m(
            "opening-not-scored",
            "the opening placement scores nothing",
            ("scoring.end-sum",),
            lambda: _without_credit(lambda h, tile, point: point is None),
        ),
        _m(
            "last-tile-not-scored",
            "a player's last tile scores nothing",
            ("scoring.end-sum", "end.domino"),
            lambda: _without_credit(lambda h, tile, point: h.holdings[h.to_move] == BIT[tile]),
        ),
        _m(
            "target-strictly-greater",
            "a team must pass 250, reaching exactly 250 does not win",
            ("win.target",),
            _set_hand_target(251),
        ),
        _m(
            "target-at-end-of-hand",
            "the 250 target is checked only at the end of the hand",
            ("win.check-after-credit", "win.target"),
            _target_at_end,
        ),
        _m(
            "count-after-win",
            "the end-of-hand count is made even after the winning placement",
            ("win.no-count-after-win",),
            lambda: _after_action(_count_after_win),
        ),
        _m(
            "partners-pooled",
            "partners' remaining pips are pooled before rounding",
            ("settle.no-pooling", "settle.round-each-player"),
            _partners_pooled,
        ),
        _m(
            "remainder-3-down",
            "a remainder of 3 is rounded down",
            ("settle.round-each-player",),
            lambda: _set_everywhere("round_to_five", _round_down_3),
        ),
        _m(
            "penalties-to-opponents",
            "each player's penalty is subtracted from the opposing team",
            ("settle.own-team",),
            _penalties_to_opponents_everywhere,
        ),
        _m(
            "pips-to-team-out",
            "after a domino the others' rounded pips are credited to the team that went out",
            ("settle.own-team", "settle.player-pips"),
            lambda: _after_finish(_pips_to_team_out),
        ),
        _m(
            "scores-floored-at-zero",
            "a team's score never goes below zero",
            ("reading.negative-scores",),
            lambda: _after_finish(_scores_floored),
        ),
        _m(
            "continued-double-still-counts",
            "a double keeps counting both halves after another tile continues it",
            ("double.internal-counts-nothing",),
            lambda: _extra_count(_internal_doubles_count),
        ),
        _m(
            "no-count-after-block",
            "a blocked hand is not counted: nobody loses points",
            ("end.blocked", "settle.player-pips"),
            lambda: _after_finish(_no_count_after_block),
        ),
        _m(
            "opener-not-enforced",
            "any seat may open the hand after a domino",
            ("open.after-domino",),
            _opener_not_enforced,
        ),
        _m(
            "unfinished-hands-allowed",
            "a game moves on to the next hand while the previous one is unfinished",
            ("game.hands-complete",),
            _unfinished_hands_allowed,
        ),
        _m(
            "pass-while-able",
            "a player may pass while holding a legal placement",
            ("place.must-play",),
            _pass_while_able,
        ),
        _m(
            "counter-clockwise",
            "turns go counter-clockwise",
            ("turn.clockwise",),
            lambda: _after_action(_counter_clockwise),
        ),
        _m(
            "blocked-after-three-passes",
            "a hand is blocked after three consecutive passes",
            ("end.blocked",),
            lambda: _after_action(_blocked_after_three),
        ),
        _m(
            "partner-opens-next",
            "the partner of the player who went out opens the next hand",
            ("open.after-domino",),
            lambda: _after_action(_partner_opens_next),
        ),
        _m(
            "play-on-after-domino",
            "the hand goes on after a player has placed their last tile",
            ("end.domino",),
            lambda: _after_action(_play_on_after_domino),
        ),
    )
}
"""Every mutant by name."""


def apply_mutant(name: str) -> Mutant:
    """Patch this process's engine with the mutant `name` (KeyError if unknown)."""
    mutant = MUTANTS[name]
    # Play goes through the methods the mutants patch, not the inline fast paths.
    hand.use_table_methods()
    mutant.apply()
    return mutant

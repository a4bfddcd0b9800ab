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

from .. import hand
from ..tiles import BIT
from .count import (
    after_finish,
    partners_pooled,
    penalties_to_opponents_everywhere,
    pips_to_team_out,
    round_down_3,
    scores_floored,
)
from .patching import set_everywhere
from .scoring import non_multiple_rounded, without_credit
from .table import (
    branches_after_one_linear,
    counted_omits_zero,
    every_double_spinner,
    extra_count,
    highest_double_spinner,
    internal_spinner_counts,
    no_mirror_opening_double,
    opening_double_four_halves,
    terminal_double_one_half,
    tile_fits_once,
    unstarted_branch_counts,
)
from .turns import (
    after_action,
    blocked_after_three,
    count_after_win,
    counter_clockwise,
    internal_doubles_count,
    no_count_after_block,
    opener_not_enforced,
    partner_opens_next,
    pass_while_able,
    play_on_after_domino,
    set_hand_target,
    target_at_end,
    unfinished_hands_allowed,
)

__all__ = ["MUTANTS", "Mutant", "apply_mutant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One misreading: its name, what it does wrong, the rules it breaks, its patch."""

    name: str
    description: str
    rules: tuple[str, ...]
    apply: Callable[[], None]


def _m(name: str, description: str, rules: tuple[str, ...], apply: Callable[[], None]) -> Mutant:
    return Mutant(name, description, rules, apply)


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        _m(
            "every-double-spinner",
            "every double opens branches once continued, not only the first",
            ("spinner.first-double", "double.later-no-branches"),
            every_double_spinner,
        ),
        _m(
            "highest-double-spinner",
            "a higher double played later takes over as the spinner",
            ("spinner.first-double",),
            highest_double_spinner,
        ),
        _m(
            "branches-after-one-linear",
            "the spinner's branches open once one linear side is occupied",
            ("spinner.branches-after-linear",),
            branches_after_one_linear,
        ),
        _m(
            "unstarted-branch-counts",
            "unstarted branches count the spinner's value",
            ("spinner.unstarted-branch-zero", "spinner.available-not-counted"),
            lambda: extra_count(unstarted_branch_counts),
        ),
        _m(
            "internal-spinner-counts",
            "the spinner still counts both halves once both linear sides are occupied",
            ("spinner.internal-after-linear",),
            lambda: extra_count(internal_spinner_counts),
        ),
        _m(
            "terminal-double-one-half",
            "a terminal double counts one half instead of both",
            ("double.terminal-counts-both", "spinner.terminal-while-linear-free"),
            terminal_double_one_half,
        ),
        _m(
            "opening-double-four-halves",
            "an opening double counts both halves on each free linear side",
            ("double.terminal-counts-both", "spinner.opening-double"),
            lambda: extra_count(opening_double_four_halves),
        ),
        _m(
            "no-mirror-opening-double",
            "an opening double offers only one linear side at first",
            ("reading.mirror-opening-double", "spinner.opening-double"),
            no_mirror_opening_double,
        ),
        _m(
            "counted-omits-zero",
            "counted ends of value zero are left out of the counted list",
            ("scoring.end-sum",),
            counted_omits_zero,
        ),
        _m(
            "tile-fits-once",
            "a tile that fits several end points gives only one placement",
            ("place.one-per-end-point",),
            tile_fits_once,
        ),
        _m(
            "non-multiple-rounded",
            "an end sum that is not a multiple of 5 is rounded to the nearest one and credited",
            ("scoring.other-sums-nothing", "scoring.multiple-of-five"),
            non_multiple_rounded,
        ),
        _m(
            "opening-not-scored",
            "the opening placement scores nothing",
            ("scoring.end-sum",),
            lambda: without_credit(lambda h, tile, point: point is None),
        ),
        _m(
            "last-tile-not-scored",
            "a player's last tile scores nothing",
            ("scoring.end-sum", "end.domino"),
            lambda: without_credit(lambda h, tile, point: h.holdings[h.to_move] == BIT[tile]),
        ),
        _m(
            "target-strictly-greater",
            "a team must pass 250, reaching exactly 250 does not win",
            ("win.target",),
            set_hand_target(251),
        ),
        _m(
            "target-at-end-of-hand",
            "the 250 target is checked only at the end of the hand",
            ("win.check-after-credit", "win.target"),
            target_at_end,
        ),
        _m(
            "count-after-win",
            "the end-of-hand count is made even after the winning placement",
            ("win.no-count-after-win",),
            lambda: after_action(count_after_win),
        ),
        _m(
            "partners-pooled",
            "partners' remaining pips are pooled before rounding",
            ("settle.no-pooling", "settle.round-each-player"),
            partners_pooled,
        ),
        _m(
            "remainder-3-down",
            "a remainder of 3 is rounded down",
            ("settle.round-each-player",),
            lambda: set_everywhere("round_to_five", round_down_3),
        ),
        _m(
            "penalties-to-opponents",
            "each player's penalty is subtracted from the opposing team",
            ("settle.own-team",),
            penalties_to_opponents_everywhere,
        ),
        _m(
            "pips-to-team-out",
            "after a domino the others' rounded pips are credited to the team that went out",
            ("settle.own-team", "settle.player-pips"),
            lambda: after_finish(pips_to_team_out),
        ),
        _m(
            "scores-floored-at-zero",
            "a team's score never goes below zero",
            ("reading.negative-scores",),
            lambda: after_finish(scores_floored),
        ),
        _m(
            "continued-double-still-counts",
            "a double keeps counting both halves after another tile continues it",
            ("double.internal-counts-nothing",),
            lambda: extra_count(internal_doubles_count),
        ),
        _m(
            "no-count-after-block",
            "a blocked hand is not counted: nobody loses points",
            ("end.blocked", "settle.player-pips"),
            lambda: after_finish(no_count_after_block),
        ),
        _m(
            "opener-not-enforced",
            "any seat may open the hand after a domino",
            ("open.after-domino",),
            opener_not_enforced,
        ),
        _m(
            "unfinished-hands-allowed",
            "a game moves on to the next hand while the previous one is unfinished",
            ("game.hands-complete",),
            unfinished_hands_allowed,
        ),
        _m(
            "pass-while-able",
            "a player may pass while holding a legal placement",
            ("place.must-play",),
            pass_while_able,
        ),
        _m(
            "counter-clockwise",
            "turns go counter-clockwise",
            ("turn.clockwise",),
            lambda: after_action(counter_clockwise),
        ),
        _m(
            "blocked-after-three-passes",
            "a hand is blocked after three consecutive passes",
            ("end.blocked",),
            lambda: after_action(blocked_after_three),
        ),
        _m(
            "partner-opens-next",
            "the partner of the player who went out opens the next hand",
            ("open.after-domino",),
            lambda: after_action(partner_opens_next),
        ),
        _m(
            "play-on-after-domino",
            "the hand goes on after a player has placed their last tile",
            ("end.domino",),
            lambda: after_action(play_on_after_domino),
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

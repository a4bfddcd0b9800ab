"""Mutant engines: the reference rules with exactly one deliberate misreading.

``python -m reference_impl.adapter --mutant NAME`` serves one of these. They
measure the suite: every mutant must be caught ("killed") by some fixture.
Each is a mistake a real implementer could make, and names the rules it breaks.

A mutant is a rule set, a subclass of `reference_impl.rules.Rules` overriding the
rules it misreads, handed to the engine as a value (``Hand(..., rules=...)``,
`reference_impl.commands.commands_for`); the engine itself names none of them.
`variant` makes the rules of one mutant, or of several at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import Rules
from ..table import Table
from .count import (
    NoCountAfterBlock,
    PartnersPooled,
    PenaltiesToOpponents,
    PipsToTeamOut,
    RemainderThreeDown,
    ScoresFlooredAtZero,
)
from .scoring import (
    LastTileNotScored,
    NonMultipleRounded,
    OpeningNotScored,
    TargetAtEndOfHand,
    TargetStrictlyGreater,
)
from .table import (
    BranchesAfterOneLinear,
    ContinuedDoubleStillCounts,
    CountedOmitsZero,
    EveryDoubleSpinner,
    HighestDoubleSpinner,
    InternalSpinnerCounts,
    NoMirrorOpeningDouble,
    OpeningDoubleFourHalves,
    TerminalDoubleOneHalf,
    TileFitsOnce,
    UnstartedBranchCounts,
)
from .turns import (
    BlockedAfterThreePasses,
    CountAfterWin,
    CounterClockwise,
    OpenerNotEnforced,
    PartnerOpensNext,
    PassWhileAble,
    PlayOnAfterDomino,
    UnfinishedHandsAllowed,
)
from .variants import (
    BlockedLighterTeamScores,
    LargestDoubleOpens,
    LaterDoublesBranch,
    NoSpinner,
    OnePlacementPerValue,
    OnlyOpeningDoubleSpins,
    OpeningDoubleOnePoint,
    SpinnerOneBranch,
)

__all__ = ["MUTANTS", "Mutant", "variant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One misreading: its name, what it does wrong, the rules it breaks, its rule set."""

    name: str
    description: str
    rules: tuple[str, ...]
    variant: type[Rules]


def _m(name: str, description: str, rules: tuple[str, ...], variant: type[Rules]) -> Mutant:
    return Mutant(name, description, rules, variant)


MUTANTS: dict[str, Mutant] = {
    m.name: m
    for m in (
        _m(
            "every-double-spinner",
            "every double opens branches once continued, not only the first",
            ("spinner.first-double", "double.later-no-branches"),
            EveryDoubleSpinner,
        ),
        _m(
            "highest-double-spinner",
            "a higher double played later takes over as the spinner",
            ("spinner.first-double",),
            HighestDoubleSpinner,
        ),
        _m(
            "branches-after-one-linear",
            "the spinner's branches open once one linear side is occupied",
            ("spinner.branches-after-linear",),
            BranchesAfterOneLinear,
        ),
        _m(
            "unstarted-branch-counts",
            "unstarted branches count the spinner's value",
            ("spinner.unstarted-branch-zero", "spinner.available-not-counted"),
            UnstartedBranchCounts,
        ),
        _m(
            "internal-spinner-counts",
            "the spinner still counts both halves once both linear sides are occupied",
            ("spinner.internal-after-linear",),
            InternalSpinnerCounts,
        ),
        _m(
            "terminal-double-one-half",
            "a terminal double counts one half instead of both",
            ("double.terminal-counts-both", "spinner.terminal-while-linear-free"),
            TerminalDoubleOneHalf,
        ),
        _m(
            "opening-double-four-halves",
            "an opening double counts both halves on each free linear side",
            ("double.terminal-counts-both", "spinner.opening-double"),
            OpeningDoubleFourHalves,
        ),
        _m(
            "no-mirror-opening-double",
            "an opening double offers only one linear side at first",
            ("place.mirror-opening-double", "spinner.opening-double"),
            NoMirrorOpeningDouble,
        ),
        _m(
            "counted-omits-zero",
            "counted ends of value zero are left out of the counted list",
            ("scoring.end-sum",),
            CountedOmitsZero,
        ),
        _m(
            "tile-fits-once",
            "a tile that fits several end points gives only one placement",
            ("reading.one-placement-per-attach-point",),
            TileFitsOnce,
        ),
        _m(
            "non-multiple-rounded",
            "an end sum that is not a multiple of 5 is rounded to the nearest one and credited",
            ("scoring.other-sums-nothing", "scoring.multiple-of-five"),
            NonMultipleRounded,
        ),
        _m(
            "opening-not-scored",
            "the opening placement scores nothing",
            ("scoring.end-sum",),
            OpeningNotScored,
        ),
        _m(
            "last-tile-not-scored",
            "a player's last tile scores nothing",
            ("scoring.end-sum", "end.domino"),
            LastTileNotScored,
        ),
        _m(
            "target-strictly-greater",
            "a team must pass 250, reaching exactly 250 does not win",
            ("win.target",),
            TargetStrictlyGreater,
        ),
        _m(
            "target-at-end-of-hand",
            "the 250 target is checked only at the end of the hand",
            ("win.check-after-credit", "win.target"),
            TargetAtEndOfHand,
        ),
        _m(
            "count-after-win",
            "the end-of-hand count is made even after the winning placement",
            ("win.no-count-after-win",),
            CountAfterWin,
        ),
        _m(
            "partners-pooled",
            "partners' remaining pips are pooled before rounding",
            ("settle.no-pooling", "settle.round-each-player"),
            PartnersPooled,
        ),
        _m(
            "remainder-3-down",
            "a remainder of 3 is rounded down",
            ("settle.round-each-player",),
            RemainderThreeDown,
        ),
        _m(
            "penalties-to-opponents",
            "each player's penalty is subtracted from the opposing team",
            ("settle.own-team",),
            PenaltiesToOpponents,
        ),
        _m(
            "pips-to-team-out",
            "after a domino the others' rounded pips are credited to the team that went out",
            ("settle.own-team", "settle.player-pips"),
            PipsToTeamOut,
        ),
        _m(
            "scores-floored-at-zero",
            "a team's score never goes below zero",
            ("reading.negative-scores",),
            ScoresFlooredAtZero,
        ),
        _m(
            "continued-double-still-counts",
            "a double keeps counting both halves after another tile continues it",
            ("double.internal-counts-nothing",),
            ContinuedDoubleStillCounts,
        ),
        _m(
            "no-count-after-block",
            "a blocked hand is not counted: nobody loses points",
            ("end.blocked", "settle.player-pips"),
            NoCountAfterBlock,
        ),
        _m(
            "opener-not-enforced",
            "any seat may open the hand after a domino",
            ("open.after-domino",),
            OpenerNotEnforced,
        ),
        _m(
            "unfinished-hands-allowed",
            "a game moves on to the next hand while the previous one is unfinished",
            ("reading.hands-complete",),
            UnfinishedHandsAllowed,
        ),
        _m(
            "pass-while-able",
            "a player may pass while holding a legal placement",
            ("place.must-play",),
            PassWhileAble,
        ),
        _m(
            "counter-clockwise",
            "turns go counter-clockwise",
            ("turn.clockwise",),
            CounterClockwise,
        ),
        _m(
            "blocked-after-three-passes",
            "a hand is blocked after three consecutive passes",
            ("end.blocked",),
            BlockedAfterThreePasses,
        ),
        _m(
            "partner-opens-next",
            "the partner of the player who went out opens the next hand",
            ("open.after-domino",),
            PartnerOpensNext,
        ),
        _m(
            "play-on-after-domino",
            "the hand goes on after a player has placed their last tile",
            ("end.domino",),
            PlayOnAfterDomino,
        ),
        # Real-world variants: rules of other domino games (reference_impl.mutants.variants).
        _m(
            "largest-double-opens",
            "only the opener's largest double, or holding no double their heaviest tile, may open",
            ("open.any-tile",),
            LargestDoubleOpens,
        ),
        _m(
            "only-opening-double-spins",
            "only an opening double becomes the spinner: a later first double is a terminal double",
            ("spinner.first-double", "reading.eligible-double"),
            OnlyOpeningDoubleSpins,
        ),
        _m(
            "no-spinner",
            "no spinner: every double, the opening one too, is an ordinary tile of the line",
            ("spinner.first-double", "spinner.opening-double", "spinner.branches-after-linear"),
            NoSpinner,
        ),
        _m(
            "later-doubles-branch",
            "every later double branches at once: it keeps its linear side B and adds two "
            "branches, three ends each counting its value",
            ("double.later-no-branches", "double.terminal-counts-both"),
            LaterDoublesBranch,
        ),
        _m(
            "opening-double-one-point",
            "an opening double never spins and its two linear sides are one attach point",
            ("spinner.opening-double", "place.mirror-opening-double"),
            OpeningDoubleOnePoint,
        ),
        _m(
            "spinner-one-branch",
            "the spinner takes one branch only: once one branch is started the other closes",
            ("spinner.branches-after-linear",),
            SpinnerOneBranch,
        ),
        _m(
            "one-placement-per-value",
            "a tile gives one placement per value it matches, not one per attach point",
            ("reading.one-placement-per-attach-point", "place.mirror-opening-double"),
            OnePlacementPerValue,
        ),
        _m(
            "blocked-lighter-team-scores",
            "a blocked hand is won by the team holding fewer pips, credited every player's "
            "rounded pips, and nobody loses any",
            ("end.blocked", "settle.own-team"),
            BlockedLighterTeamScores,
        ),
    )
}
"""Every mutant by name."""


def variant(names: Sequence[str]) -> Rules:
    """The rules with the misreadings `names` all at once (KeyError for an unknown name).

    Several rule sets combine as one subclass of them all, and their tables as one
    subclass of their tables: each override calls the next, as ``super()`` does.
    """
    classes = tuple(dict.fromkeys(MUTANTS[name].variant for name in names))
    if len(classes) == 1:
        return classes[0]()
    tables = tuple(dict.fromkeys(c.table_type for c in classes if c.table_type is not None))
    namespace: dict[str, object] = {"name": " + ".join(names)}
    if len(tables) > 1:
        namespace["table_type"] = type("CombinedTable", (*tables, Table), {"__slots__": ()})
    combined: type[Rules] = type("CombinedRules", (*classes, Rules), namespace)
    return combined()

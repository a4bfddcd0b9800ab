"""Mutant engines: the reference rules with exactly one deliberate misreading.

``python -m reference_impl.adapter --mutant NAME`` serves one of these. They
measure the suite: every mutant must be caught ("killed") by some fixture.
Each is a mistake a real implementer could make, and names the rules it breaks.

A mutant is a rule set, a subclass of `reference_impl.rules.Rules` overriding the
hooks of the rules it misreads and nothing else, handed to the engine as a value
(``Hand(..., rules=...)``, `reference_impl.commands.commands_for`); the engine itself
names none of them. `variant` makes the rules of one entry, or of several at once:
entries apply together when they override different hooks (`Incompatible` names the
two that cannot).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..rules import HOOKS, Rules
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
    DoublesBranchAtOnce,
    LargestDoubleOpens,
    LaterDoublesBranch,
    NoSpinner,
    OnePlacementPerValue,
    OnlyOpeningDoubleSpins,
    OpeningDoubleNeverSpins,
    OpeningDoubleNotSpinner,
    OpeningDoubleOnePoint,
    SpinnerOneBranch,
)

__all__ = ["MUTANTS", "Incompatible", "Mutant", "combinable", "hooks_of", "variant"]


@dataclass(frozen=True, slots=True)
class Mutant:
    """One misreading: its name, what it does wrong, the rules it breaks, its rule set."""

    name: str
    description: str
    rules: tuple[str, ...]
    variant: type[Rules]

    @property
    def hooks(self) -> frozenset[str]:
        """The hooks of `reference_impl.rules.Rules` this entry overrides."""
        return hooks_of(self.variant)


def hooks_of(kind: type[Rules]) -> frozenset[str]:
    """The hooks (`reference_impl.rules.HOOKS`) a rule set's class overrides."""
    own = [vars(c) for c in kind.__mro__ if c is not Rules and issubclass(c, Rules)]
    return frozenset(hook for hook in HOOKS if any(hook in names for names in own))


class Incompatible(ValueError):
    """Two catalogue entries that cannot apply together: both override `hook`."""

    def __init__(self, first: str, second: str, hook: str) -> None:
        super().__init__(f"{first} and {second} cannot apply together: both change {hook}")
        self.first = first
        self.second = second
        self.hook = hook


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
            "opening-double-not-spinner",
            "an opening double is a tile of the line, never the spinner: the next double is",
            ("spinner.opening-double", "spinner.first-double"),
            OpeningDoubleNotSpinner,
        ),
        _m(
            "opening-double-never-spins",
            "an opening double is a tile of the line, and then no double is the spinner",
            ("spinner.opening-double", "spinner.first-double"),
            OpeningDoubleNeverSpins,
        ),
        _m(
            "doubles-branch-at-once",
            "every double joining the line, the spinner too, branches at once: it keeps its "
            "linear side B and adds two branches, three ends each counting its value",
            (
                "spinner.branches-after-linear",
                "double.later-no-branches",
                "double.terminal-counts-both",
                "spinner.terminal-while-linear-free",
            ),
            DoublesBranchAtOnce,
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


def combinable(names: Sequence[str]) -> Incompatible | None:
    """None when the entries `names` apply together, else the first pair that cannot."""
    seen: dict[str, str] = {}
    for name in dict.fromkeys(names):
        for hook in sorted(MUTANTS[name].hooks):
            if hook in seen:
                return Incompatible(seen[hook], name, hook)
            seen[hook] = name
    return None


_COMBINED: dict[tuple[str, ...], type[Rules]] = {}


def variant(names: Sequence[str]) -> Rules:
    """The rules with the entries `names` all at once (KeyError for an unknown name).

    Entries apply together when they override different hooks: the rule set is one
    subclass of them all, each hook answered by the one entry that overrides it. Raises
    `Incompatible` for two entries that override the same hook.
    """
    key = tuple(dict.fromkeys(names))
    made = _COMBINED.get(key)
    if made is None:
        clash = combinable(key)
        if clash is not None:
            raise clash
        classes = tuple(dict.fromkeys(MUTANTS[name].variant for name in key))
        if len(classes) == 1:
            made = classes[0]
        else:
            made = type("CombinedRules", (*classes, Rules), {"name": " + ".join(key)})
        _COMBINED[key] = made
    return made()
